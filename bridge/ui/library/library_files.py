"""What the library dialogs share: the message when a library folder cannot be written,
asking the name of a copy, and never saving over an entry another Bridge saved since."""

from __future__ import annotations

from collections.abc import Callable
from typing import Literal, TypeVar

from PySide6.QtWidgets import QInputDialog, QWidget

from bridge.storage.paths import library_path
from bridge.storage.stamps import ChangedOnDisk, FileStamp
from bridge.ui.base.overwrite import ask_overwrite

__all__ = ["ask_copy_name", "not_saved", "save_or_ask"]

Saved = TypeVar("Saved")


def not_saved(kind: Literal["ships", "characters"], exc: OSError) -> str:
    """Why a library entry was not saved, naming the folder and the system's reason."""
    where = exc.filename or library_path(kind)
    noun = "ship" if kind == "ships" else "character"
    return (
        f"Not saved: the {noun} library folder {where} cannot be written ({exc.strerror or exc})."
    )


def ask_copy_name(parent: QWidget, suggested: str) -> str | None:
    """The name the GM gives a copy (``suggested`` offered), or None if cancelled or blank."""
    name, ok = QInputDialog.getText(parent, "Duplicate", "Name of the copy:", text=suggested)
    return name.strip() if ok and name.strip() else None


def save_or_ask(
    parent: QWidget,
    name: str,
    save: Callable[[FileStamp | None], Saved],
    read: FileStamp | None,
    copy: Callable[[str], Saved],
) -> Saved | None:
    """``save(read)``: the entry saved over the file it was read from. If that file
    changed on disk meanwhile (another Bridge saved it), the GM is asked: save over it,
    save a copy under a name they give (``copy(name)``), or cancel (``None``, nothing
    written). :class:`OSError` goes to the caller."""
    try:
        return save(read)
    except ChangedOnDisk as changed:
        choice = ask_overwrite(parent, f"{name} ({changed.path.name})")
    if choice == "overwrite":
        return save(None)
    if choice == "copy":
        copy_name = ask_copy_name(parent, f"{name} (copy)")
        return copy(copy_name) if copy_name is not None else None
    return None
