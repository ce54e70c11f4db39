"""Autosave, the recovery: a battle rebuilt from its journal after a crash or a kill.

Reading stops at the first torn or damaged line; the battle resumes from the last
snapshot no later undo went back past and replays the Commands after it. What cannot
be used is never deleted: it is set aside in a file beside the journal. The journal
itself is written by :mod:`bridge.storage.autosave_writer`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
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
    Session,
)
from bridge.model.validation import describe_validation_error
from bridge.rules.dice import GivenDice
from bridge.storage.autosave_writer import APPLY_PREFIX, AutosaveJournal, lock_journal
from bridge.storage.journal_lock import JournalLock
from bridge.storage.load import FileProblem, read_regular, shorten
from bridge.storage.references import encounter_problem
from bridge.storage.save import write_atomic
from bridge.storage.set_aside import commands_in, set_aside
from bridge.storage.unfinished import CLOSED, HEADER, newer_journal, peek

__all__ = ["MAX_JOURNAL_BYTES", "Intact", "Recovered", "recover"]

MAX_JOURNAL_BYTES = 512 * 1024 * 1024
"""The largest journal recovery reads (about a million Commands)."""


@dataclass(frozen=True)
class Recovered:
    """A resumed battle: how many Commands came back, and what could not be used.

    ``dropped`` says which line could not be used and why, and where it went: nothing is
    deleted, the lines are moved to ``set_aside`` beside the journal. ``kept_after``
    counts the Commands after a damaged line that were kept (the GM chose to).
    """

    session: Session
    journal: AutosaveJournal | None
    commands: int
    dropped: str | None
    set_aside: Path | None = None
    set_aside_commands: int = 0
    kept_after: int = 0

    @property
    def dropped_tail(self) -> bool:
        return self.dropped is not None


@dataclass(frozen=True)
class Intact:
    """The lines after a damaged one are whole and replay as they were played: the GM is
    asked whether to keep them (only the damaged line is then set aside)."""

    line: int
    why: str
    commands: int

    def question(self, name: str) -> str:
        return (
            f"Line {self.line} of the autosave of “{name}” cannot be used ({self.why}), but "
            f"the {self.commands} Command(s) after it are whole and replay exactly as they "
            "were played without it.\n\nKeep them? (Yes: the battle resumes with them, and "
            "only the damaged line is set aside. No: the battle resumes just before the "
            "damaged line, and the lines from it on are set aside in a file beside the "
            "autosave. Nothing is deleted either way.)"
        )


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
            if line.startswith(APPLY_PREFIX) and line.endswith(b"}"):
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


def recover(path: Path, keep_intact: Callable[[Intact], bool] | None = None) -> Recovered:
    """Rebuild the battle from the longest valid start of an autosave journal.

    The journal is locked for this process first: one that another running Bridge holds
    is refused (:class:`JournalInUse`), and so is one a newer Bridge wrote, with nothing
    changed on disk. Reading stops at the first line that is torn or damaged. The battle
    resumes from the last snapshot of where it stood that no later undo went back past
    (trusted once its references are checked; the Commands before it are kept for undo,
    which checks them when it goes back past it) and replays the Commands after it; one
    that no longer replays ends the valid part.

    What follows the valid part is never deleted: it is moved to a side file beside the
    journal before anything is appended. If the lines after a damaged one are whole and
    replay exactly as they were played, ``keep_intact`` is asked whether to keep them.
    Never raises anything but :class:`FileProblem`.
    """
    peeked = peek(path)
    if peeked is not None:  # refused before anything is created beside it (its lock)
        _header_of(path, peeked[0], full=False)
    lock = lock_journal(path)
    try:
        return _recover(path, lock, keep_intact)
    except BaseException:
        lock.release()
        raise


def _header_of(path: Path, first: bytes, full: bool = True) -> Encounter | None:
    """The battle's start from the journal's first line, or :class:`FileProblem`
    (with ``full`` False, only its format and version are checked)."""
    try:
        header = json.loads(first)
        if not isinstance(header, dict) or header.get("format") != HEADER:
            raise ValueError("not a Bridge autosave journal")
    except Exception as exc:
        raise FileProblem(
            f"{path.name}: not a usable Bridge autosave journal ({_short(_describe(exc))})."
        ) from None
    newer = newer_journal(header, shorten(path.name, 120))
    if newer is not None:  # its lines may be records this Bridge does not know: no damage
        raise FileProblem(newer)
    if not full:
        return None
    try:
        return Session(Encounter.model_validate(header["initial"])).initial
    except Exception as exc:  # any damage to the header: one message
        raise FileProblem(
            f"{path.name}: not a usable Bridge autosave journal ({_short(_describe(exc))})."
        ) from None


def _recover(
    path: Path, lock: JournalLock, keep_intact: Callable[[Intact], bool] | None
) -> Recovered:
    raw = read_regular(path, MAX_JOURNAL_BYTES)
    first, _, rest = raw.partition(b"\n")
    initial = _header_of(path, first)
    assert initial is not None
    ops, dropped, stopped = _read_ops(rest, len(first) + 1)
    session, start, ops, damaged = _start_from(initial, ops)
    if damaged is not None:
        dropped, stopped = damaged
    size = ops[start - 1].end if start else len(first) + 1
    for op in ops[start:]:
        if op.kind == "closed":  # a battle closed, resumed again: it goes on from here
            break
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
    valid = [op for op in ops if op.end <= size]
    kept: list[JournalEntry | bytes] = [
        op.entry or op.raw[len(APPLY_PREFIX) : -1] for op in _stack(valid)
    ]
    tail = raw[size:]
    aside, kept_after, end = tail, 0, size
    if aside == CLOSED + b"\n":  # only the mark of a clean close: nothing to keep
        aside = b""
    intact = _intact_after(tail, session) if dropped and keep_intact else None
    if intact is not None and keep_intact is not None and dropped is not None:
        why = dropped.partition("(")[2].rstrip(")") or dropped
        if keep_intact(Intact(stopped, why, intact.commands)):
            for op in intact.ops:  # as the trial replayed them: the same every time
                if op.kind == "apply":
                    entry = _entry_of(op)
                    session.apply(entry.command, GivenDice(d20=entry.d20s, d6=entry.d6s))
                    kept.append(entry)
                else:
                    session.undo()
                    kept.pop()
            aside, kept_after = intact.aside, intact.commands
            applied += intact.commands
            end = size + sum(len(line) + 1 for line in intact.kept_lines)
    side = None
    if aside:
        try:
            side = set_aside(path, aside)
        except OSError as exc:  # nothing is cut off the journal without its copy
            lock.release()
            raise FileProblem(
                f"{path.name}: its unusable tail could not be set aside beside it "
                f"({exc.strerror or exc}), so it was not resumed; nothing was changed."
            ) from None
    if kept_after and intact is not None:  # the journal without its damaged line
        write_atomic(path, raw[:size] + b"".join(line + b"\n" for line in intact.kept_lines))
    if dropped is not None:
        dropped = _what_went(dropped, aside, side, kept_after)
    try:
        journal: AutosaveJournal | None = AutosaveJournal.reopen(
            path, session.initial, kept, end, lock
        )
    except OSError:
        journal = None
        lock.release()
    session.attach(journal)
    if journal is not None:
        journal.follow(session)
    return Recovered(
        session, journal, applied, dropped, side, commands_in(aside) if side else 0, kept_after
    )


def _what_went(dropped: str, aside: bytes, side: Path | None, kept_after: int) -> str:
    """``dropped`` (which line, why) and what became of it and the lines after it."""
    if side is None:
        return dropped
    lines = len([x for x in aside.split(b"\n") if x.strip()])
    commands = commands_in(aside)
    if kept_after:
        return (
            f"{dropped}; it was set aside in {side.name}, and the {kept_after} Command(s) "
            "after it were kept"
        )
    what = f"{lines} line(s), {commands} of them Command(s)" if lines > 1 else "it"
    return f"{dropped}; {what} set aside in {side.name} beside the autosave (nothing deleted)"


@dataclass
class _Intact:
    ops: list[_Op]
    kept_lines: list[bytes]
    aside: bytes
    commands: int


def _intact_after(tail: bytes, session: Session) -> _Intact | None:
    """The lines after the first (damaged) line of ``tail``, if every one is whole and
    they replay on ``session``'s battle exactly as they were played (the same dice and
    the same log); ``None`` otherwise. ``session`` is not changed."""
    lines = tail.split(b"\n")
    if len(lines) < 3 or lines[-1] != b"":  # nothing after it, or a torn last line
        return None
    bad, after = lines[0], lines[1:-1]
    ops: list[_Op] = []
    kept_lines: list[bytes] = []
    aside = [bad]
    depth = 0
    for line in after:
        try:
            record = json.loads(line)
            op = record.get("op") if isinstance(record, dict) else None
            if op == "apply":
                entry = JournalEntry.model_validate(record["entry"])
                ops.append(_Op(0, 0, "apply", depth + 1, entry=entry))
                depth += 1
            elif op == "undo" and depth:
                ops.append(_Op(0, 0, "undo", depth - 1))
                depth -= 1
            elif op == "state":
                aside.append(line)  # where the battle stood, counted with the damaged line
                continue
            else:
                return None
        except Exception:
            return None
        kept_lines.append(line)
    commands = sum(1 for op in ops if op.kind == "apply")
    if not commands:
        return None
    trial = Session.restore(session.initial, (), session.state)
    try:
        for op in ops:
            if op.kind == "undo":
                trial.undo()
                continue
            entry = _entry_of(op)
            done = trial.apply(entry.command, GivenDice(d20=entry.d20s, d6=entry.d6s)).entry
            if (done.d20s, done.d6s, done.log) != (entry.d20s, entry.d6s, entry.log):
                return None
    except Exception:
        return None
    return _Intact(ops, kept_lines, b"\n".join(aside) + b"\n", commands)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, ValidationError):
        return describe_validation_error(exc).splitlines()[0]
    if isinstance(exc, CommandRefused):
        return f"refused: {exc.reason}"
    return f"{type(exc).__name__}: {exc}"
