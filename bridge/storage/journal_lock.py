"""The lock a process holds on each journal it writes, so that no other process writes it.

Each journal ``NAME.jsonl`` has a lock file ``NAME.jsonl.lock`` beside it, locked with the
operating system's own file lock (``flock`` on Linux and macOS, ``LockFileEx`` through
``msvcrt`` on Windows) for as long as the journal is open. The system releases it when
the process ends in any way, so a lock left by a killed Bridge is simply free again: the
next Bridge takes it over. The lock file keeps the holder's process id, for messages.

One process may take the same journal more than once (a count is kept): the lock keeps
other processes out. Why not the ``filelock`` package: it does the same with the same
system calls, but importing it costs about 30 ms at every start of Bridge, more than the
rest of the autosave.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

__all__ = ["JournalLock", "holder", "lock_path", "try_lock"]

_WINDOWS = os.name == "nt"
_BYTE = 1 << 20
"""Windows locks a byte range: one byte far past the process id, which stays readable."""


def lock_path(journal: Path) -> Path:
    """The lock file of ``journal``."""
    return journal.with_name(journal.name + ".lock")


def _lock_fd(fd: int) -> bool:
    """Take the system lock on ``fd`` without waiting; False if another holds it."""
    try:
        if _WINDOWS:
            import msvcrt

            os.lseek(fd, _BYTE, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


def _unlock(fd: int) -> None:
    with contextlib.suppress(OSError):
        if _WINDOWS:
            import msvcrt

            os.lseek(fd, _BYTE, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined,unused-ignore]
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN)


def _unlock_fd(fd: int) -> None:
    """Let go of the lock on ``fd`` and close it."""
    _unlock(fd)
    with contextlib.suppress(OSError):
        os.close(fd)


@dataclass
class _Held:
    fd: int
    count: int
    identity: tuple[int, int]  # the lock file's (device, inode) when it was taken


_held: dict[str, _Held] = {}
"""The locks this process holds, by lock file."""


def _key(path: Path) -> str:
    return os.path.abspath(path)


def _same_file(fd: int, path: Path) -> tuple[int, int] | None:
    """The (device, inode) of ``fd`` if ``path`` still names that file, else ``None``."""
    try:
        here, there = os.fstat(fd), os.stat(path)
    except OSError:
        return None
    if (here.st_dev, here.st_ino) != (there.st_dev, there.st_ino):
        return None
    return here.st_dev, here.st_ino


class JournalLock:
    """This process's hold on one journal; :meth:`release` lets it go (once)."""

    def __init__(self, journal: Path) -> None:
        self.journal = journal
        self._key = _key(lock_path(journal))
        self.released = False

    def release(self) -> None:
        if self.released:
            return
        self.released = True
        held = _held.get(self._key)
        if held is None:
            return
        held.count -= 1
        if held.count <= 0:
            del _held[self._key]
            _unlock_fd(held.fd)

    def renew(self) -> bool:
        """Take the lock again if its file has gone (a deleted folder, written again):
        True if this process holds the lock on the file now there."""
        if self.released:
            return False
        held = _held.get(self._key)
        if held is not None and _same_file(held.fd, Path(self._key)) == held.identity:
            return True
        if held is not None:
            del _held[self._key]
            _unlock_fd(held.fd)
        taken = _take(Path(self._key))
        if taken is None:
            return False
        _held[self._key] = _Held(taken, 1, _same_file(taken, Path(self._key)) or (0, 0))
        return True


def _take(path: Path) -> int | None:
    """Open and lock ``path`` (created if missing); the descriptor, or ``None`` if another
    process holds it. :class:`OSError` if the file cannot be created."""
    for _ in range(3):  # the file may be replaced between opening and locking: try again
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o644)
        if not _lock_fd(fd):
            os.close(fd)
            return None
        if _same_file(fd, path) is None:  # removed or replaced meanwhile: not the lock
            _unlock_fd(fd)
            continue
        with contextlib.suppress(OSError):
            os.lseek(fd, 0, os.SEEK_SET)
            os.ftruncate(fd, 0)
            os.write(fd, f"{os.getpid()}\n".encode())
        return fd
    return None


def try_lock(journal: Path) -> JournalLock | None:
    """Lock ``journal`` for this process: ``None`` if another process holds it.

    :class:`OSError` if its lock file cannot be created (a read-only folder).
    """
    key = _key(lock_path(journal))
    held = _held.get(key)
    if held is not None:
        held.count += 1
        return JournalLock(journal)
    fd = _take(Path(key))
    if fd is None:
        return None
    _held[key] = _Held(fd, 1, _same_file(fd, Path(key)) or (0, 0))
    return JournalLock(journal)


def holder(journal: Path) -> int | None:
    """The process id of another process that holds ``journal`` (0 if it is not known),
    or ``None`` if no other process holds it. Nothing is created."""
    path = lock_path(journal)
    if _key(path) in _held:
        return None
    try:
        fd = os.open(path, os.O_RDWR | getattr(os, "O_BINARY", 0))
    except OSError:
        return None  # no lock file: nobody ever locked it, or it cannot be read
    try:
        if _lock_fd(fd):
            _unlock(fd)
            return None
        with contextlib.suppress(OSError, ValueError):
            os.lseek(fd, 0, os.SEEK_SET)
            return int(os.read(fd, 32).split(b"\n", 1)[0])
        return 0
    finally:
        with contextlib.suppress(OSError):
            os.close(fd)
