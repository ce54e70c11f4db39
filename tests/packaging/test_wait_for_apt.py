"""packaging/wait_for_apt.py waits while another process holds an apt lock, for at most
the time it is given, with lock files of its own (``APT_LOCKS``) held by a real process."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "packaging" / "wait_for_apt.py"

HOLDER = """
import fcntl, sys, time
f = open(sys.argv[1], "a+")
fcntl.lockf(f, fcntl.LOCK_EX)
print("held", flush=True)
time.sleep(float(sys.argv[2]))
"""


@contextmanager
def _held(path: Path, seconds: float) -> Iterator[None]:
    """Another process holds the lock ``path`` for ``seconds`` (or until the block ends)."""
    with subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), str(seconds)], stdout=subprocess.PIPE, text=True
    ) as holder:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        try:
            yield
        finally:
            holder.kill()


def _wait(locks: list[Path], timeout: float) -> tuple[subprocess.CompletedProcess[str], float]:
    env = {**os.environ, "APT_LOCKS": ":".join(map(str, locks))}
    start = time.monotonic()
    done = subprocess.run(
        [sys.executable, str(SCRIPT), str(timeout)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    return done, time.monotonic() - start


def test_free_locks_and_missing_lock_files_pass_at_once(tmp_path: Path) -> None:
    (tmp_path / "lock").touch()
    done, took = _wait([tmp_path / "lock", tmp_path / "never-made"], 30)
    assert done.returncode == 0 and done.stdout == ""
    assert took < 10


def test_it_waits_until_the_holder_lets_go(tmp_path: Path) -> None:
    lock = tmp_path / "lists-lock"
    with _held(lock, 2.0):
        done, took = _wait([tmp_path / "free", lock], 30)
    assert done.returncode == 0, done.stderr
    assert f"{lock} is held" in done.stdout
    assert took >= 1.0  # it did wait for the holder


def test_it_gives_up_after_its_time_naming_the_lock(tmp_path: Path) -> None:
    lock = tmp_path / "lock-frontend"
    with _held(lock, 30.0):
        done, took = _wait([lock], 1.5)
    assert done.returncode == 1
    assert f"{lock} is still held after 2 s" in done.stderr
    assert 1.4 <= took < 15


def test_a_time_that_is_not_a_number_is_refused(tmp_path: Path) -> None:
    env = {**os.environ, "APT_LOCKS": str(tmp_path / "x")}
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "soon"], capture_output=True, text=True, env=env, check=False
    )
    assert done.returncode == 2 and "'soon' is not a number of seconds" in done.stderr
