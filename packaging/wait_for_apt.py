"""Wait until apt and dpkg are free, for at most a given time.

    python3 packaging/wait_for_apt.py [SECONDS]      (default 600)

Just after a machine's first boot, unattended upgrades hold apt's locks for minutes, and
``apt-get update`` then fails at once (apt's own ``DPkg::Lock::Timeout`` covers only the
dpkg lock). This waits while any of apt's locks is held, saying so once, and exits 0 when
all are free, or 1 naming the lock still held when the time is up. The locks are POSIX
record locks, as apt takes them; ``APT_LOCKS`` (paths separated by ':') replaces the list.
"""

from __future__ import annotations

import fcntl
import os
import sys
import time
from collections.abc import Sequence

LOCKS = (
    "/var/lib/dpkg/lock-frontend",
    "/var/lib/dpkg/lock",
    "/var/lib/apt/lists/lock",
    "/var/cache/apt/archives/lock",
)
POLL = 1.0  # seconds between looks


def held(path: str) -> bool:
    """Whether another process holds the lock file ``path`` (a missing file is free)."""
    try:
        fd = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return False
    except PermissionError:  # not root: cannot probe, so let apt itself say
        return False
    try:
        fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return True
    else:
        fcntl.lockf(fd, fcntl.LOCK_UN)
        return False
    finally:
        os.close(fd)


def wait(locks: Sequence[str], timeout: float) -> str | None:
    """Wait until no lock is held; the lock still held after ``timeout`` s, else None."""
    deadline = time.monotonic() + timeout
    said = False
    while True:
        busy = next((path for path in locks if held(path)), None)
        if busy is None:
            return None
        if time.monotonic() >= deadline:
            return busy
        if not said:
            print(f"wait-for-apt: {busy} is held (apt is busy); waiting up to {timeout:.0f} s")
            said = True
        time.sleep(min(POLL, max(0.0, deadline - time.monotonic())))


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    try:
        timeout = float(args[0]) if args else 600.0
    except ValueError:
        print(f"wait-for-apt: '{args[0]}' is not a number of seconds", file=sys.stderr)
        return 2
    env = os.environ.get("APT_LOCKS")
    locks = env.split(":") if env else LOCKS
    busy = wait(locks, timeout)
    if busy is not None:
        print(
            f"wait-for-apt: {busy} is still held after {timeout:.0f} s: another package "
            "manager is running; try again when it has finished",
            file=sys.stderr,
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
