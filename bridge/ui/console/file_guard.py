"""Saving over a battle file that changed on disk since this Bridge opened or saved it
(another Bridge, a sync tool, a second window on the same file): the GM is asked first."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from PySide6.QtWidgets import QMessageBox, QWidget

from bridge.storage.battle import FileStamp, changed_since
from bridge.ui.base.notices import is_unattended
from bridge.ui.base.theme import apply_stylesheet

__all__ = ["Choice", "may_overwrite"]

Choice = Literal["overwrite", "save_as", "cancel"]


def may_overwrite(parent: QWidget | None, path: Path, stamp: FileStamp | None) -> Choice:
    """``overwrite`` if ``path`` is still the file this Bridge read or wrote (or the GM
    says to save over it anyway), ``save_as`` or ``cancel`` otherwise."""
    if not changed_since(path, stamp):
        return "overwrite"
    if is_unattended():  # nobody to ask: never save over someone else's work
        return "cancel"
    apply_stylesheet()
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        "The file changed on disk",
        f"{path.name} has changed on disk since this Bridge opened or last saved it "
        "(another Bridge or program saved it, or moved it away).\n\n"
        "Save over it? What was saved there would be lost. SAVE AS keeps both.",
        parent=parent,
    )
    over = box.addButton("SAVE OVER IT", QMessageBox.ButtonRole.DestructiveRole)
    save_as = box.addButton("SAVE AS…", QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(save_as)
    box.exec()
    clicked = box.clickedButton()
    if clicked is over:
        return "overwrite"
    return "save_as" if clicked is save_as else "cancel"
