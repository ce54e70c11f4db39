"""Autosave in the windows: start it, resume a crashed battle, warn when it is off.

Every problem here is a message to the GM, never a traceback: a read-only or full data
folder still opens Bridge, with autosave off and a way to choose another folder.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from bridge.engine import Session
from bridge.storage.autosave import AutosaveJournal, find_unfinished, prune_closed
from bridge.storage.paths import autosave_path, set_autosave_dir
from bridge.ui.base.notices import ask
from bridge.ui.base.settings import settings
from bridge.ui.base.theme import apply_stylesheet

__all__ = ["resume_crashed", "start_autosave", "use_chosen_folder"]

OFF = "Autosave is off"


def use_chosen_folder() -> None:
    """Use the autosave folder the GM chose earlier, if any."""
    chosen = settings().value("autosave/folder", "")
    if isinstance(chosen, str) and chosen:
        set_autosave_dir(Path(chosen))


def _choose_folder(parent: QWidget | None) -> bool:
    apply_stylesheet()  # asked at start-up, before the first window
    chosen = QFileDialog.getExistingDirectory(parent, "Choose a folder for autosaves")
    if not chosen:
        return False
    set_autosave_dir(Path(chosen))
    settings().setValue("autosave/folder", chosen)
    return True


def start_autosave(
    session: Session, parent: QWidget | None = None, also: Sequence[str] = ()
) -> AutosaveJournal | None:
    """Journal ``session`` to a new autosave file; if that cannot be written, say so.

    The GM may choose another folder (tried at once) or play on without autosave.
    ``also`` lists other folders that cannot be written, told in the same warning.
    """
    for attempt in range(3):  # bounded: the GM can try two other folders
        try:
            return AutosaveJournal.start(session)
        except OSError as exc:
            choose = ask(
                parent,
                OFF,
                f"{OFF}: the autosave folder {autosave_path()} cannot be written "
                f"({exc.strerror or exc}).\nIf Bridge stops, this battle is lost unless "
                "you save it (File ▸ Save)."
                + ("".join(f"\n\n{line}" for line in also) if not attempt else "")
                + "\n\nChoose another folder for autosaves?",
            )
            if not choose or not _choose_folder(parent):
                return None
    return None


def resume_crashed(parent: QWidget | None = None) -> Session | None:
    """Offer every battle that was not closed properly; the resumed Session or None."""
    from bridge.ui.console.resume_offer import offer

    try:
        prune_closed()
        unfinished = find_unfinished()
    except OSError:
        return None
    if not unfinished:
        return None
    session = offer(unfinished, parent)
    if session is not None and session.sink is None:  # cannot be appended to: a new one
        start_autosave(session, parent)
    return session
