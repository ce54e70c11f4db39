"""Saving and opening a battle: an EncounterFile holds the start, the journal, the state."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from bridge.engine import Session
from bridge.storage.formats import EncounterFile
from bridge.storage.load import FileProblem, load_file
from bridge.storage.save import save_atomic

__all__ = ["OpenedBattle", "battle_file", "open_battle", "save_battle", "session_from"]


def battle_file(session: Session, notes: str = "") -> EncounterFile:
    return EncounterFile(
        initial=session.initial, journal=session.journal, state=session.state, notes=notes
    )


def save_battle(path: Path, session: Session) -> None:
    save_atomic(path, battle_file(session))


@dataclass(frozen=True)
class OpenedBattle:
    session: Session
    warning: str | None


def session_from(doc: EncounterFile) -> OpenedBattle:
    """Rebuild the Session by replaying the journal (so undo reaches back to the start).

    If the replay does not arrive at the saved state (the rules changed since), the
    saved state is kept as the start of a fresh journal and a warning says so.
    """
    try:
        session = Session.replay(doc.initial, doc.journal)
    except Exception:
        session = None
    if session is not None and session.state == doc.state:
        return OpenedBattle(session, None)
    return OpenedBattle(
        Session(doc.state),
        "The journal no longer replays to the saved battle; it opens as saved, without undo.",
    )


def open_battle(path: Path) -> OpenedBattle:
    doc = load_file(path)
    if not isinstance(doc, EncounterFile):
        raise FileProblem(f"{path.name}: format: this is a {doc.format} file, not a battle.")
    return session_from(doc)
