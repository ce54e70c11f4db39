"""Autosave: every applied Command is appended, fsynced, to a journal file as it happens.

Why an append-only JSON-lines file and not SQLite: one short line per Command, written
with one ``fsync``, is all the durability needed; the file is readable in any editor;
and a crash can only tear the last line, which recovery drops (that Command had not
been confirmed to anyone yet: windows refresh only after the line is on disk).
"""

from __future__ import annotations

import json
import os
import re
import time
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from pydantic import ValidationError

from bridge.engine import Applied, Command, CommandRefused, Encounter, JournalEntry, Session
from bridge.rules.dice import Dice, GivenDice
from bridge.storage.load import FileProblem
from bridge.storage.paths import autosave_dir

__all__ = [
    "AutosavedSession",
    "Recovered",
    "Unfinished",
    "find_unfinished",
    "new_autosave_path",
    "prune_closed",
    "recover",
]

HEADER = "bridge.autosave"


def new_autosave_path(name: str) -> Path:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "battle"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = autosave_dir() / f"{stamp}-{slug}.jsonl"
    n = 2
    while path.exists():
        path = autosave_dir() / f"{stamp}-{slug}-{n}.jsonl"
        n += 1
    return path


class _Journal:
    """The open journal file; every line is flushed and fsynced before returning.

    A journal dropped without :meth:`close` (a crash path) still releases its file.
    """

    def __init__(self, handle: IO[str]) -> None:
        self._handle = handle
        weakref.finalize(self, handle.close)

    def write(self, record: dict[str, Any]) -> None:
        self._handle.write(json.dumps(record, separators=(",", ":")) + "\n")
        self._handle.flush()
        os.fsync(self._handle.fileno())

    def close(self) -> None:
        self._handle.close()


class AutosavedSession(Session):
    """A Session whose every change is durably journaled to ``path`` before it is shown."""

    def __init__(
        self, encounter: Encounter, dice: Dice | None = None, *, path: Path | None = None
    ) -> None:
        super().__init__(encounter, dice)
        self.path = path or new_autosave_path(encounter.name)
        handle = self.path.open("x", encoding="utf-8")
        self._journal_file: _Journal | None = _Journal(handle)
        self._journal_file.write(
            {
                "format": HEADER,
                "version": 1,
                "name": encounter.name,
                "initial": self.initial.model_dump(mode="json"),
            }
        )

    @classmethod
    def adopt(cls, session: Session) -> AutosavedSession:
        """Start autosaving a battle that was opened from a file: its whole journal first."""
        adopted = cls(session.initial)
        adopted._state = session.state
        adopted._journal = list(session.journal)
        adopted._undo = list(session._undo)
        for entry in session.journal:
            adopted._record({"op": "apply", "entry": entry.model_dump(mode="json")}, lambda: None)
        return adopted

    @classmethod
    def _resumed(cls, session: Session, path: Path) -> AutosavedSession:
        resumed = cls.__new__(cls)
        resumed.__dict__.update(session.__dict__)
        resumed.path = path
        resumed._journal_file = _Journal(path.open("a", encoding="utf-8"))
        return resumed

    def _record(self, record: dict[str, Any], rollback: Any) -> None:
        if self._journal_file is None:
            return
        try:
            self._journal_file.write(record)
        except OSError as exc:
            rollback()
            raise CommandRefused(
                f"The change was not made: the autosave could not be "
                f"written ({exc.strerror or exc})."
            ) from None

    def apply(self, command: Command, dice: Dice | None = None) -> Applied:
        applied = super().apply(command, dice)

        def rollback() -> None:
            Session.undo(self)
            self._redo.pop()

        self._record({"op": "apply", "entry": applied.entry.model_dump(mode="json")}, rollback)
        return applied

    def undo(self) -> Applied:
        applied = super().undo()
        self._record({"op": "undo"}, lambda: Session.redo(self))
        return applied

    def close(self) -> None:
        """A clean end: the journal is marked closed and no longer offered for resuming."""
        if self._journal_file is not None:
            self._journal_file.write({"op": "closed"})
            self._journal_file.close()
            self._journal_file = None


@dataclass(frozen=True)
class Recovered:
    session: AutosavedSession
    commands: int
    dropped_tail: bool


def _read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]], bool]:
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise FileProblem(f"{path.name}: cannot be read ({exc.strerror or exc}).") from None
    lines = raw.split(b"\n")
    torn = lines[-1] != b""  # the last write did not finish its line
    complete = lines[:-1]
    records = []
    for line in complete:
        try:
            records.append(json.loads(line))
        except ValueError:
            torn = True
            break
    if not records or records[0].get("format") != HEADER:
        raise FileProblem(f"{path.name}: not a Bridge autosave journal.")
    return records[0], records[1:], torn


def recover(path: Path) -> Recovered:
    """Rebuild the battle from an autosave journal and keep journaling to it."""
    header, records, torn = _read(path)
    try:
        initial = Encounter.model_validate(header["initial"])
    except (ValidationError, KeyError) as exc:
        raise FileProblem(
            f"{path.name}: the battle it starts from is unreadable ({exc})."
        ) from None
    session = Session(initial)
    applied = 0
    for record in records:
        op = record.get("op")
        if op == "apply":
            entry = JournalEntry.model_validate(record["entry"])
            session.apply(entry.command, GivenDice(d20=entry.d20s, d6=entry.d6s))
            applied += 1
        elif op == "undo":
            session.undo()
        elif op == "closed":
            break
    return Recovered(AutosavedSession._resumed(session, path), applied, torn)


def prune_closed(keep: int = 20) -> int:
    """Delete all but the newest ``keep`` cleanly closed autosaves; returns how many went.

    Unfinished ones (a crash) are never touched.
    """
    closed = []
    for path in autosave_dir().glob("*.jsonl"):
        try:
            with path.open("rb") as handle:
                handle.seek(max(path.stat().st_size - 64, 0))
                if b'{"op":"closed"}' in handle.read():
                    closed.append(path)
        except OSError:
            continue
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
        try:
            with path.open("rb") as handle:
                first = handle.readline()
                handle.seek(max(path.stat().st_size - 64, 0))
                tail = handle.read()
            header = json.loads(first)
        except (OSError, ValueError):
            continue
        if header.get("format") != HEADER or b'{"op":"closed"}' in tail:
            continue
        found.append(Unfinished(path, str(header.get("name", path.stem)), path.stat().st_mtime))
    return sorted(found, key=lambda u: -u.modified)
