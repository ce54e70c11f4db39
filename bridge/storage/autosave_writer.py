"""Autosave, the writer: every applied Command is appended, fsynced, to a journal file.

Why an append-only JSON-lines file and not SQLite: one short line per Command, written
with one ``fsync``, is all the durability needed; the file is readable in any editor;
and a crash can only tear the last line, which recovery drops (that Command had not
been confirmed to anyone yet: windows refresh only after the line is on disk).

The journal is the Session's :class:`~bridge.engine.session.JournalSink`: the Session
hands it each Command and Undo before committing it and refuses the change if the line
cannot be written, so the battle in memory and the one on disk are always the same.
Reading a journal back after a crash is :mod:`bridge.storage.autosave_recovery`.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
import weakref
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from bridge.engine import Encounter, JournalEntry, PackedJournal, Session
from bridge.storage.journal_lock import JournalLock, holder, try_lock
from bridge.storage.load import FileProblem, shorten
from bridge.storage.paths import autosave_dir
from bridge.storage.save import write_atomic
from bridge.storage.unfinished import HEADER, JOURNAL_VERSION

__all__ = [
    "APPLY_PREFIX",
    "SNAPSHOT_EVERY",
    "AutosaveJournal",
    "JournalInUse",
    "lock_journal",
    "new_autosave_path",
]

SNAPSHOT_EVERY = 500
"""Every this many Commands the journal also holds where the battle stands, so that
resuming replays at most this many Commands (the ones before are kept for undo)."""


class JournalInUse(FileProblem):
    """The journal is held by another running Bridge (it is being played there)."""


def _in_use(path: Path, pid: int) -> JournalInUse:
    process = f" (process {pid})" if pid else ""
    return JournalInUse(
        f"{shorten(path.name, 120)}: this battle is open in another Bridge{process}; resume it "
        "there, or close that Bridge first. Nothing was changed."
    )


def lock_journal(path: Path) -> JournalLock:
    """This process's lock on ``path``, or :class:`JournalInUse`."""
    lock = try_lock(path)
    if lock is None:
        raise _in_use(path, holder(path) or 0)
    return lock


def new_autosave_path(name: str) -> Path:
    """A journal name in the autosave folder that no journal has (not reserved)."""
    path, lock = _reserve(name)
    lock.release()
    return path


def _reserve(name: str) -> tuple[Path, JournalLock]:
    """A new journal's path, locked by this process: two Bridges starting the same
    battle in the same second each get their own journal."""
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "battle"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    folder = autosave_dir()
    for n in range(1, 10_000):
        path = folder / (f"{stamp}-{slug}.jsonl" if n == 1 else f"{stamp}-{slug}-{n}.jsonl")
        if path.exists():
            continue
        lock = try_lock(path)
        if lock is None:
            continue
        if path.exists():  # written meanwhile by a process that has since let it go
            lock.release()
            continue
        return path, lock
    raise OSError(f"no free autosave name in {folder}")


def _line(record: dict[str, Any]) -> bytes:
    return (json.dumps(record, separators=(",", ":")) + "\n").encode("utf-8")


def _apply_record(entry: JournalEntry) -> dict[str, Any]:
    return {"op": "apply", "entry": entry.model_dump(mode="json")}


APPLY_PREFIX = b'{"op":"apply","entry":'
"""How an apply line starts (the entry's JSON follows, then ``}``)."""


def _lined(entry: bytes) -> bytes:
    """The apply line of an entry's JSON text."""
    return APPLY_PREFIX + entry + b"}\n"


class AutosaveJournal:
    """The journal sink of a Session: each Command or Undo is one fsynced line on disk.

    A line is either wholly on disk or not at all: a write that fails (a full disk) is
    cut off again before the error reaches the Session, which then refuses the Command.
    If the file or its folder disappears (a sync tool, a clean-up), the next write, or
    :meth:`check`, notices and writes the whole journal again.
    """

    def __init__(
        self,
        path: Path,
        initial: Encounter,
        entries: Iterable[JournalEntry | bytes],
        session: Session | None = None,
        lock: JournalLock | None = None,
    ) -> None:
        self._lock = lock or lock_journal(path)
        """This process's hold on the journal: no other Bridge writes it meanwhile."""
        self.path = path
        self._initial = initial
        self._entries = PackedJournal(entries)
        """Each Command, or its JSON text (read back from disk, not parsed)."""
        self._session = weakref.ref(session) if session is not None else None
        self._box: list[int | None] = [None]
        weakref.finalize(self, _let_go, self._box, self._lock)  # as a crash would
        self._size = 0
        self.closed = False
        self.rewrites = 0
        """How many times the journal had to be written again (a lost file or folder)."""
        try:
            self._rewrite()
        except BaseException:
            self._lock.release()
            raise

    @classmethod
    def start(cls, session: Session, path: Path | None = None) -> AutosaveJournal:
        """Journal ``session`` (its whole history first) and attach to it as its sink.

        A new journal gets a name of its own in the autosave folder; a given ``path``
        that another running Bridge holds is refused (:class:`JournalInUse`).
        """
        lock = None
        if path is None:
            path, lock = _reserve(session.initial.name)
        journal = cls(path, session.initial, session.journal_texts(), session, lock)
        session.attach(journal)
        return journal

    @classmethod
    def reopen(
        cls,
        path: Path,
        initial: Encounter,
        entries: list[JournalEntry | bytes],
        size: int,
        lock: JournalLock,
    ) -> AutosaveJournal:
        """Keep appending to a recovered journal whose valid part is ``size`` bytes."""
        journal = cls.__new__(cls)
        journal._lock = lock
        journal.path = path
        journal._initial = initial
        journal._entries = PackedJournal(entries)
        journal._session = None
        journal.rewrites = 0
        journal.closed = False
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
        try:
            os.ftruncate(fd, size)  # a torn or damaged tail goes before anything is added
            os.fsync(fd)
        finally:
            os.close(fd)
        # Every write appends at the end of the file as it is then, never at a remembered
        # position: nothing already on disk is ever written over.
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        journal._box = [fd]
        weakref.finalize(journal, _let_go, journal._box, lock)
        journal._size = size
        return journal

    @property
    def _fd(self) -> int | None:
        return self._box[0]

    @_fd.setter
    def _fd(self, fd: int | None) -> None:
        self._box[0] = fd

    def follow(self, session: Session) -> None:
        """Take the snapshots of where the battle stands from ``session`` (its sink)."""
        self._session = weakref.ref(session)

    def _snapshot(self) -> bytes:
        """The line saying where the battle stands after the journal so far, or nothing."""
        session = self._session() if self._session is not None else None
        n = len(self._entries)
        if session is None or not n or session.length != n:
            return b""
        return _line({"op": "state", "n": n, "state": session.state.model_dump(mode="json")})

    # -- the sink -----------------------------------------------------------------------
    def applied(self, entry: JournalEntry) -> None:
        every = len(self._entries) % SNAPSHOT_EVERY == 0
        self._write(_apply_record(entry), self._snapshot() if every else b"")
        self._entries.append(entry)

    def undone(self) -> None:
        self._write({"op": "undo"})
        self._entries.drop()

    # -- the file -----------------------------------------------------------------------
    def _header(self) -> dict[str, Any]:
        from bridge import __version__

        return {
            "format": HEADER,
            "version": JOURNAL_VERSION,
            "bridge": __version__,
            "name": self._initial.name,
            "initial": self._initial.model_dump(mode="json"),
        }

    def _rewrite(self) -> None:
        """Write the whole journal to ``path`` atomically and append from there on.

        Where the Session still keeps a state whole, a snapshot follows its Command
        (about every SNAPSHOT_EVERY), as if the battle had been journaled as it was
        played: resuming after an undo back past the end replays a few hundred
        Commands, not the whole battle.
        """
        session = self._session() if self._session is not None else None
        if session is not None and session.length != len(self._entries):
            session = None
        parts = [_line(self._header())]
        last = 0
        for n, e in enumerate(self._entries.texts_or_entries(), start=1):
            parts.append(_line(_apply_record(e)) if isinstance(e, JournalEntry) else _lined(e))
            state = session.kept_state(n) if session and n - last >= SNAPSHOT_EVERY else None
            if state is not None and n < len(self._entries):
                parts.append(_line({"op": "state", "n": n, "state": state.model_dump(mode="json")}))
                last = n
        data = b"".join(parts)
        if len(self._entries) >= SNAPSHOT_EVERY:
            data += self._snapshot()
        write_atomic(self.path, data)
        self._lock.renew()  # a deleted folder took the lock file with it
        if self._fd is not None:
            _close_quietly(self._fd)
            self._fd = None
        self._fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
        self._size = len(data)

    def _lost(self) -> bool:
        if self._fd is None:
            return True
        try:
            here = os.stat(self.path)
            open_file = os.fstat(self._fd)
        except OSError:
            return True
        return (here.st_ino, here.st_dev) != (open_file.st_ino, open_file.st_dev)

    def check(self) -> str | None:
        """Write the journal again if its file or folder is gone; says what happened."""
        if self.closed or not self._lost():
            return None
        self._rewrite()
        self.rewrites += 1
        return (
            f"The autosave file {self.path.name} had gone (was its folder moved or "
            "deleted?); it has been written again in full."
        )

    def _write(self, record: dict[str, Any], before: bytes = b"") -> None:
        if self._lost():
            self._rewrite()
            self.rewrites += 1
        assert self._fd is not None
        data = before + _line(record)
        try:
            written = 0
            while written < len(data):
                written += os.write(self._fd, data[written:])
            os.fsync(self._fd)
        except OSError:
            try:  # never leave half a line behind: cut the file back to what it was
                os.ftruncate(self._fd, self._size)
                os.fsync(self._fd)
            except OSError:  # the next write rewrites the whole journal
                _close_quietly(self._fd)
                self._fd = None
            raise
        self._size += len(data)

    def close(self) -> None:
        """A clean end: the journal is marked closed and no longer offered for resuming."""
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(OSError):
            self._write({"op": "closed"})
        _close_quietly(self._fd)
        self._fd = None
        self._lock.release()


def _let_go(box: list[int | None], lock: JournalLock) -> None:
    _close_quietly(box[0])
    box[0] = None
    lock.release()


def _close_quietly(fd: int | None) -> None:
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)
