"""What the library dialogs share: the message when a library folder cannot be written,
and asking the name of a copy."""

from __future__ import annotations

from typing import Literal

from PySide6.QtWidgets import QInputDialog, QWidget

from bridge.storage.paths import library_path

__all__ = ["ask_copy_name", "not_saved"]


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
