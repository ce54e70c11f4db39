"""Saving over a battle file that changed on disk since this Bridge opened or saved it
(another Bridge, a sync tool, a second window on the same file): the GM is asked first."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from PySide6.QtWidgets import QWidget

from bridge.storage.stamps import FileStamp, changed_since
from bridge.ui.base.overwrite import ask_overwrite

__all__ = ["Choice", "may_overwrite"]

Choice = Literal["overwrite", "save_as", "cancel"]


def may_overwrite(parent: QWidget | None, path: Path, stamp: FileStamp | None) -> Choice:
    """``overwrite`` if ``path`` is still the file this Bridge read or wrote (or the GM
    says to save over it anyway), ``save_as`` or ``cancel`` otherwise."""
    if not changed_since(path, stamp):
        return "overwrite"
    choice = ask_overwrite(parent, path.name, "SAVE AS…")
    return "save_as" if choice == "copy" else choice
