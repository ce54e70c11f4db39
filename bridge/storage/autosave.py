"""Autosave: every applied Command is appended, fsynced, to a journal file as it happens.

Why an append-only JSON-lines file and not SQLite: one short line per Command, written
with one ``fsync``, is all the durability needed; the file is readable in any editor;
and a crash can only tear the last line, which recovery drops (that Command had not
been confirmed to anyone yet: windows refresh only after the line is on disk).

The journal is the Session's :class:`~bridge.engine.session.JournalSink`: the Session
hands it each Command and Undo before committing it and refuses the change if the line
cannot be written, so the battle in memory and the one on disk are always the same.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import stat
import time
import weakref
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bridge.engine import CommandRefused, Encounter, JournalEntry, Session
from bridge.model.validation import describe_validation_error
from bridge.rules.dice import GivenDice
from bridge.storage.load import FileProblem, read_regular
from bridge.storage.paths import autosave_dir
from bridge.storage.save import clean_stale_temporaries, write_atomic

__all__ = [
    "MAX_JOURNAL_BYTES",
    "AutosaveJournal",
    "Recovered",
    "Unfinished",
    "find_unfinished",
    "new_autosave_path",
    "prune_closed",
    "recover",
]

HEADER = "bridge.autosave"
MAX_JOURNAL_BYTES = 512 * 1024 * 1024
"""The largest journal recovery reads (about a million Commands)."""


def _peek(path: Path) -> tuple[bytes, bytes] | None:
    """The first line and the last 64 bytes of a regular file, or ``None``."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        head = os.read(fd, 1 << 20).split(b"\n", 1)[0]
        os.lseek(fd, max(info.st_size - 64, 0), os.SEEK_SET)
        return head, os.read(fd, 64)
    except OSError:
        return None
    finally:
        os.close(fd)


def new_autosave_path(name: str) -> Path:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "battle"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = autosave_dir() / f"{stamp}-{slug}.jsonl"
    n = 2
    while path.exists():
        path = autosave_dir() / f"{stamp}-{slug}-{n}.jsonl"
        n += 1
    return path


def _line(record: dict[str, Any]) -> bytes:
    return (json.dumps(record, separators=(",", ":")) + "\n").encode("utf-8")


def _apply_record(entry: JournalEntry) -> dict[str, Any]:
    return {"op": "apply", "entry": entry.model_dump(mode="json")}


class AutosaveJournal:
    """The journal sink of a Session: each Command or Undo is one fsynced line on disk.

    A line is either wholly on disk or not at all: a write that fails (a full disk) is
    cut off again before the error reaches the Session, which then refuses the Command.
    If the file or its folder disappears (a sync tool, a clean-up), the next write, or
    :meth:`check`, notices and writes the whole journal again.
    """

    def __init__(self, path: Path, initial: Encounter, entries: Iterable[JournalEntry]) -> None:
        self.path = path
        self._initial = initial
        self._entries = list(entries)
        self._box: list[int | None] = [None]
        weakref.finalize(self, _close_box, self._box)  # a crash path still releases it
        self._size = 0
        self.closed = False
        self.rewrites = 0
        """How many times the journal had to be written again (a lost file or folder)."""
        self._rewrite()

    @classmethod
    def start(cls, session: Session, path: Path | None = None) -> AutosaveJournal:
        """Journal ``session`` (its whole history first) and attach to it as its sink."""
        journal = cls(
            path or new_autosave_path(session.initial.name), session.initial, session.journal
        )
        session.attach(journal)
        return journal

    @classmethod
    def _reopen(
        cls, path: Path, initial: Encounter, entries: list[JournalEntry], size: int
    ) -> AutosaveJournal:
        """Keep appending to a recovered journal whose valid part is ``size`` bytes."""
        journal = cls.__new__(cls)
        journal.path = path
        journal._initial = initial
        journal._entries = entries
        journal.rewrites = 0
        journal.closed = False
        fd = os.open(path, os.O_WRONLY | getattr(os, "O_BINARY", 0))
        try:
            os.ftruncate(fd, size)  # a torn or damaged tail goes before anything is added
            os.fsync(fd)
            os.lseek(fd, size, os.SEEK_SET)
        except OSError:
            os.close(fd)
            raise
        journal._box = [fd]
        weakref.finalize(journal, _close_box, journal._box)
        journal._size = size
        return journal

    @property
    def _fd(self) -> int | None:
        return self._box[0]

    @_fd.setter
    def _fd(self, fd: int | None) -> None:
        self._box[0] = fd

    # -- the sink -----------------------------------------------------------------------
    def applied(self, entry: JournalEntry) -> None:
        self._write(_apply_record(entry))
        self._entries.append(entry)

    def undone(self) -> None:
        self._write({"op": "undo"})
        self._entries.pop()

    # -- the file -----------------------------------------------------------------------
    def _header(self) -> dict[str, Any]:
        return {
            "format": HEADER,
            "version": 1,
            "name": self._initial.name,
            "initial": self._initial.model_dump(mode="json"),
        }

    def _rewrite(self) -> None:
        """Write the whole journal to ``path`` atomically and append from there on."""
        data = _line(self._header()) + b"".join(_line(_apply_record(e)) for e in self._entries)
        write_atomic(self.path, data)
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

    def _write(self, record: dict[str, Any]) -> None:
        if self._lost():
            self._rewrite()
            self.rewrites += 1
        assert self._fd is not None
        data = _line(record)
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


def _close_box(box: list[int | None]) -> None:
    _close_quietly(box[0])
    box[0] = None


def _close_quietly(fd: int | None) -> None:
    if fd is not None:
        with contextlib.suppress(OSError):
            os.close(fd)


@dataclass(frozen=True)
class Recovered:
    """A resumed battle: how many Commands came back and what was dropped, if anything."""

    session: Session
    journal: AutosaveJournal | None
    commands: int
    dropped: str | None

    @property
    def dropped_tail(self) -> bool:
        return self.dropped is not None


def _short(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def recover(path: Path) -> Recovered:
    """Rebuild the battle from the longest valid start of an autosave journal.

    Reading stops at the first line that is torn, damaged or no longer replays; that
    tail is cut off on disk before anything is appended, and ``dropped`` says what
    went and why. Never raises anything but :class:`FileProblem` (an unusable header).
    """
    raw = read_regular(path, MAX_JOURNAL_BYTES)
    first, _, rest = raw.partition(b"\n")
    try:
        header = json.loads(first)
        if not isinstance(header, dict) or header.get("format") != HEADER:
            raise ValueError("not a Bridge autosave journal")
        initial = Encounter.model_validate(header["initial"])
        session = Session(initial)
    except Exception as exc:  # any damage to the header: one message
        raise FileProblem(
            f"{path.name}: not a usable Bridge autosave journal ({_short(_describe(exc))})."
        ) from None
    size = len(first) + 1
    applied = 0
    dropped: str | None = None
    lines = rest.split(b"\n")
    for number, line in enumerate(lines, start=2):
        last = number == len(lines) + 1
        if last and line == b"":
            break
        if last:
            dropped = f"line {number} was cut short (a power cut or crash mid-write)"
            break
        try:
            record = json.loads(line)
            op = record.get("op") if isinstance(record, dict) else None
            if op == "apply":
                entry = JournalEntry.model_validate(record["entry"])
                session.apply(entry.command, GivenDice(d20=entry.d20s, d6=entry.d6s))
                applied += 1
            elif op == "undo":
                session.undo()
            elif op == "closed":
                size += len(line) + 1
                break
            else:
                raise ValueError(f"unknown record {_short(repr(op), 40)}")
        except Exception as exc:  # a damaged line ends the valid part of the journal
            dropped = f"line {number} is damaged ({_short(_describe(exc))})"
            break
        size += len(line) + 1
    if dropped is not None:
        after = len([x for x in lines[number - 1 :] if x.strip()]) - 1
        dropped += f"; it and {after} line(s) after it were dropped" if after > 0 else ""
    try:
        journal: AutosaveJournal | None = AutosaveJournal._reopen(
            path, session.initial, list(session.journal), size
        )
    except OSError:
        journal = None
    session.attach(journal)
    return Recovered(session, journal, applied, dropped)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):
        return describe_validation_error(exc).splitlines()[0]
    if isinstance(exc, CommandRefused):
        return f"refused: {exc.reason}"
    return f"{type(exc).__name__}: {exc}"


def prune_closed(keep: int = 20) -> int:
    """Delete all but the newest ``keep`` cleanly closed autosaves; returns how many went.

    Unfinished ones (a crash) are never touched; temporary files left by a kill during
    a save or a rewrite are removed.
    """
    folder = autosave_dir()
    clean_stale_temporaries(folder)
    closed = []
    for path in folder.glob("*.jsonl"):
        peeked = _peek(path)
        if peeked is not None and b'{"op":"closed"}' in peeked[1]:
            closed.append(path)
    closed.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    for path in closed[keep:]:
        path.unlink(missing_ok=True)
    return max(len(closed) - keep, 0)


@dataclass(frozen=True)
class Unfinished:
    path: Path
    name: str
    modified: float


def find_unfinished() -> list[Unfinished]:
    """Autosaves whose battle was not closed cleanly (a crash, a kill), newest first."""
    found = []
    for path in autosave_dir().glob("*.jsonl"):
        peeked = _peek(path)
        if peeked is None:
            continue
        try:
            header = json.loads(peeked[0])
            modified = path.stat().st_mtime
        except (OSError, ValueError):
            continue
        if not isinstance(header, dict) or header.get("format") != HEADER:
            continue
        if b'{"op":"closed"}' in peeked[1]:
            continue
        name = str(header.get("name", path.stem))[:120]
        found.append(Unfinished(path, name, modified))
    return sorted(found, key=lambda u: -u.modified)
