"""Saving and opening a battle: an EncounterFile holds the start, the journal, the state."""

from __future__ import annotations

import errno
from dataclasses import dataclass
from pathlib import Path

from bridge.engine import Encounter, Session
from bridge.storage.deferred import DEFER_JOURNAL_BYTES, deferred_journal, split_journal
from bridge.storage.formats import Checkpoint, EncounterFile
from bridge.storage.load import MAX_BYTES, FileProblem, parse_document, read_regular
from bridge.storage.save import clean_stale_temporaries, write_atomic
from bridge.storage.stamps import FileStamp, changed_since, file_stamp

__all__ = [
    "FileStamp",
    "OpenedBattle",
    "battle_file",
    "changed_since",
    "file_stamp",
    "open_battle",
    "save_battle",
    "session_from",
]


def battle_file(session: Session, notes: str = "") -> EncounterFile:
    kept = session.last_checkpoint()
    return EncounterFile(
        initial=session.initial,
        checkpoint=Checkpoint(at=kept[0], state=kept[1]) if kept else None,
        journal=session.journal,
        state=session.state,
        notes=notes,
    )


def _checkpoint(doc: EncounterFile) -> tuple[int, Encounter] | None:
    return (doc.checkpoint.at, doc.checkpoint.state) if doc.checkpoint else None


def save_battle(path: Path, session: Session) -> FileStamp | None:
    """Save atomically; a battle too large to open again is refused (:class:`OSError`).
    Returns the saved file's stamp."""
    data = battle_file(session).model_dump_json(indent=2).encode("utf-8") + b"\n"
    if len(data) > MAX_BYTES:
        raise OSError(
            errno.EFBIG,
            f"the battle would be {len(data) / 2**20:.0f} MB, more than the "
            f"{MAX_BYTES // 2**20} MB Bridge can open again",
        )
    write_atomic(path, data)
    return file_stamp(path)


@dataclass(frozen=True)
class OpenedBattle:
    session: Session
    warning: str | None
    stamp: FileStamp | None = None
    """The file as it was read (to notice when it is saved over by someone else)."""


def session_from(doc: EncounterFile) -> OpenedBattle:
    """The Session as saved: its start, its journal and its current state.

    Nothing is replayed on opening (a long battle opens at once); undo rebuilds the
    earlier states from the journal when it first goes back past the point of opening.
    """
    if not doc.journal:
        return OpenedBattle(Session(doc.state), None)
    session = Session.restore(doc.initial, doc.journal, doc.state, checkpoint=_checkpoint(doc))
    return OpenedBattle(session, None)


def open_battle(path: Path) -> OpenedBattle:
    """Open a battle file; a large one has its journal read only when first needed.

    What a save of it killed midway left beside it (Bridge's own temporary files, not
    one of a save under way) goes once the file has opened."""
    stamp = file_stamp(path)
    opened = _open(path)
    clean_stale_temporaries(path.parent, path.name)
    return OpenedBattle(opened.session, opened.warning, stamp)


def _open(path: Path) -> OpenedBattle:
    raw = read_regular(path, MAX_BYTES)
    split = split_journal(raw) if len(raw) > DEFER_JOURNAL_BYTES else None
    if split is not None:
        try:
            rest = parse_document(split.document, path.name)
        except FileProblem:  # parsed whole below, for the message with the right place
            rest = None
        if isinstance(rest, EncounterFile) and not rest.journal:
            journal = deferred_journal(split, path.name)
            session = Session.restore(
                rest.initial, journal, rest.state, checkpoint=_checkpoint(rest)
            )
            return OpenedBattle(session, None)
    doc = parse_document(raw, path.name)
    if not isinstance(doc, EncounterFile):
        raise FileProblem(f"{path.name}: format: this is a {doc.format} file, not a battle.")
    return session_from(doc)
