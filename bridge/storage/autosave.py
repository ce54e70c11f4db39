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
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bridge.engine import (
    CommandRefused,
    DeferredJournal,
    Encounter,
    JournalEntry,
    JournalUnreadable,
    PackedJournal,
    Session,
)
from bridge.model.validation import describe_validation_error
from bridge.rules.dice import GivenDice
from bridge.storage.load import FileProblem, read_regular
from bridge.storage.paths import autosave_dir
from bridge.storage.references import encounter_problem
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
SNAPSHOT_EVERY = 500
"""Every this many Commands the journal also holds where the battle stands, so that
resuming replays at most this many Commands (the ones before are kept for undo)."""
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


def _lined(entry: bytes) -> bytes:
    """The apply line of an entry's JSON text."""
    return _APPLY + entry + b"}\n"


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
    ) -> None:
        self.path = path
        self._initial = initial
        self._entries = PackedJournal(entries)
        """Each Command, or its JSON text (read back from disk, not parsed)."""
        self._session = weakref.ref(session) if session is not None else None
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
            path or new_autosave_path(session.initial.name),
            session.initial,
            session.journal_texts(),
            session,
        )
        session.attach(journal)
        return journal

    @classmethod
    def _reopen(
        cls, path: Path, initial: Encounter, entries: list[JournalEntry | bytes], size: int
    ) -> AutosaveJournal:
        """Keep appending to a recovered journal whose valid part is ``size`` bytes."""
        journal = cls.__new__(cls)
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
        return {
            "format": HEADER,
            "version": 1,
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


@dataclass
class _Op:
    """One line of the journal, read but not yet replayed."""

    number: int
    end: int  # the byte just past the line
    kind: str  # apply, undo, state or closed
    depth: int  # how many Commands the journal holds after this line
    entry: JournalEntry | None = None
    state: Any = None
    raw: bytes = b""  # an apply line before the last snapshot, parsed only if needed


_APPLY = b'{"op":"apply","entry":'
_UNDO = b'{"op":"undo"}'
_STATE = b'{"op":"state",'


def _entry_of(op: _Op) -> JournalEntry:
    """The Command an apply line records (parsed now if it was set aside)."""
    if op.entry is None:
        record = json.loads(op.raw)
        op.entry = JournalEntry.model_validate(record["entry"])
    return op.entry


def _read_ops(rest: bytes, offset: int) -> tuple[list[_Op], str | None, int]:
    """The lines after the header up to the first torn or damaged one.

    Returns the lines read, why reading stopped early (or ``None``) and the line number
    it stopped at.
    """
    ops: list[_Op] = []
    depth = 0
    end = offset
    lines = rest.split(b"\n")
    last_state = next((n for n in range(len(lines) - 1, -1, -1) if lines[n].startswith(_STATE)), -1)
    for number, line in enumerate(lines, start=2):
        last = number == len(lines) + 1
        if last and line == b"":
            break
        if last:
            return ops, f"line {number} was cut short (a power cut or crash mid-write)", number
        end += len(line) + 1
        if number - 2 < last_state:  # before the last snapshot: only counted here
            if line.startswith(_APPLY) and line.endswith(b"}"):
                depth += 1
                ops.append(_Op(number, end, "apply", depth, raw=line))
                continue
            if line == _UNDO and depth:
                depth -= 1
                ops.append(_Op(number, end, "undo", depth))
                continue
            if line.startswith(_STATE):  # an earlier snapshot: read only if resuming needs it
                ops.append(_Op(number, end, "state", depth, raw=line))
                continue
        try:
            record = json.loads(line)
            op = record.get("op") if isinstance(record, dict) else None
            if op == "apply":
                depth += 1
                entry = JournalEntry.model_validate(record["entry"])
                ops.append(_Op(number, end, "apply", depth, entry=entry))
            elif op == "undo":
                if not depth:
                    raise CommandRefused("There is nothing to undo.")
                depth -= 1
                ops.append(_Op(number, end, "undo", depth))
            elif op == "state":
                if record.get("n") != depth or not isinstance(record.get("state"), dict):
                    raise ValueError("a snapshot that does not match the journal")
                ops.append(_Op(number, end, "state", depth, state=record["state"]))
            elif op == "closed":
                ops.append(_Op(number, end, "closed", depth))
                break
            else:
                raise ValueError(f"unknown record {_short(repr(op), 40)}")
        except Exception as exc:  # a damaged line ends the valid part of the journal
            return ops, f"line {number} is damaged ({_short(_describe(exc))})", number
    return ops, None, 0


def _snapshot_state(op: _Op) -> Encounter:
    state = Encounter.model_validate(op.state)
    problem = encounter_problem(state, "state")
    if problem:
        raise ValueError(problem)
    return state


def _stack(ops: list[_Op]) -> list[_Op]:
    """The apply lines the journal holds after ``ops`` (undo takes the last one off)."""
    stack: list[_Op] = []
    for op in ops:
        if op.kind == "apply":
            stack.append(op)
        elif op.kind == "undo":
            stack.pop()
    return stack


def _loader(stack: list[_Op]) -> Callable[[], list[JournalEntry]]:
    def load() -> list[JournalEntry]:
        entries = []
        for op in stack:
            try:
                entries.append(_entry_of(op))
            except Exception as exc:
                raise JournalUnreadable(
                    f"its autosave journal is damaged at line {op.number} "
                    f"({_short(_describe(exc))})"
                ) from None
        return entries

    return load


def _earlier_snapshot(op: _Op) -> Encounter | None:
    """A snapshot before the last one (an undo went back past the last): ``None`` if
    it does not read or check, as resuming does not need it (the Commands replay)."""
    try:
        record = json.loads(op.raw)
        if record.get("n") != op.depth or not isinstance(record.get("state"), dict):
            return None
        op.state = record["state"]
        return _snapshot_state(op)
    except Exception:
        return None


def _restored(initial: Encounter, ops: list[_Op], at: int, state: Encounter) -> Session:
    """The battle at the snapshot ``ops[at]``; the Commands before it are read when
    undo first needs them."""
    stack = _stack(ops[:at])
    return Session.restore(initial, DeferredJournal(len(stack), _loader(stack)), state)


def _start_from(
    initial: Encounter, ops: list[_Op]
) -> tuple[Session, int, list[_Op], tuple[str, int] | None]:
    """The Session at the last usable snapshot (or the start) and the lines after it.

    A snapshot is usable if no later undo goes back past it and it validates; one that
    does not validate is a damaged line, which ends the valid part there. The Commands
    before it are read only when undo or Save needs them.
    """
    lowest = None
    damaged: tuple[str, int] | None = None  # why, and the line number
    end = len(ops)
    for i in range(len(ops) - 1, -1, -1):
        op = ops[i]
        usable = lowest is None or lowest >= op.depth
        if op.kind == "state" and op.depth and op.state is None and usable:
            state = _earlier_snapshot(op)
            if state is not None:
                return _restored(initial, ops, i, state), i + 1, ops[:end], damaged
        elif op.kind == "state" and op.depth and usable:
            try:
                state = _snapshot_state(op)
            except Exception as exc:
                damaged = (f"line {op.number} is damaged ({_short(_describe(exc))})", op.number)
                end, lowest = i, None
                continue
            return _restored(initial, ops, i, state), i + 1, ops[:end], damaged
        lowest = op.depth if lowest is None else min(lowest, op.depth)
    return Session(initial), 0, ops[:end], damaged


def recover(path: Path) -> Recovered:
    """Rebuild the battle from the longest valid start of an autosave journal.

    Reading stops at the first line that is torn or damaged. The battle resumes from the
    last snapshot of where it stood that no later undo went back past (trusted once its
    references are checked; the Commands before it are kept for undo, which checks them
    when it goes back past it) and replays the Commands after it; one that no longer
    replays ends the valid part. That tail is cut off on disk before anything is
    appended, and ``dropped`` says what went and why. Never raises anything but
    :class:`FileProblem` (an unusable header).
    """
    raw = read_regular(path, MAX_JOURNAL_BYTES)
    first, _, rest = raw.partition(b"\n")
    try:
        header = json.loads(first)
        if not isinstance(header, dict) or header.get("format") != HEADER:
            raise ValueError("not a Bridge autosave journal")
        initial = Session(Encounter.model_validate(header["initial"])).initial
    except Exception as exc:  # any damage to the header: one message
        raise FileProblem(
            f"{path.name}: not a usable Bridge autosave journal ({_short(_describe(exc))})."
        ) from None
    ops, dropped, stopped = _read_ops(rest, len(first) + 1)
    session, start, ops, damaged = _start_from(initial, ops)
    if damaged is not None:
        dropped, stopped = damaged
    size = ops[start - 1].end if start else len(first) + 1
    for op in ops[start:]:
        try:
            if op.kind == "apply":
                entry = _entry_of(op)
                session.apply(entry.command, GivenDice(d20=entry.d20s, d6=entry.d6s))
            elif op.kind == "undo":
                session.undo()
        except Exception as exc:  # a Command that no longer replays ends the valid part
            dropped, stopped = f"line {op.number} is damaged ({_short(_describe(exc))})", op.number
            break
        size = op.end
    applied = sum(1 for op in ops if op.kind == "apply" and op.end <= size)
    if dropped is not None:
        after = len([x for x in rest.split(b"\n")[stopped - 1 :] if x.strip()]) - 1
        dropped += f"; it and {after} line(s) after it were dropped" if after > 0 else ""
    kept = [
        op.entry or op.raw[len(_APPLY) : -1] for op in _stack([op for op in ops if op.end <= size])
    ]
    try:
        journal: AutosaveJournal | None = AutosaveJournal._reopen(path, session.initial, kept, size)
    except OSError:
        journal = None
    session.attach(journal)
    if journal is not None:
        journal.follow(session)
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
