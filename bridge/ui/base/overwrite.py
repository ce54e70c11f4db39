"""The question before saving over a file another Bridge or program saved since this
Bridge read it (a battle, a library's ship, officer or NPC): save over it, keep both
(a copy), or cancel. Nothing is saved over without it."""

from __future__ import annotations

from typing import Literal

from PySide6.QtWidgets import QMessageBox, QWidget

from bridge.ui.base.notices import is_unattended
from bridge.ui.base.theme import apply_stylesheet

__all__ = ["Choice", "ask_overwrite"]

Choice = Literal["overwrite", "copy", "cancel"]


def ask_overwrite(parent: QWidget | None, name: str, copy: str = "SAVE AS A COPY") -> Choice:
    """Ask about ``name``, which changed on disk; ``copy`` is the button that keeps both
    (the default). Unattended, nobody can answer: never save over someone's work."""
    if is_unattended():
        return "cancel"
    apply_stylesheet()
    box = QMessageBox(
        QMessageBox.Icon.Warning,
        "The file changed on disk",
        f"{name} has changed on disk since this Bridge opened or last saved it "
        "(another Bridge or program saved it, or moved it away).\n\n"
        f"Save over it? What was saved there would be lost. {copy.rstrip('…')} keeps both.",
        parent=parent,
    )
    over = box.addButton("SAVE OVER IT", QMessageBox.ButtonRole.DestructiveRole)
    keep = box.addButton(copy, QMessageBox.ButtonRole.AcceptRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(keep)
    box.exec()
    clicked = box.clickedButton()
    if clicked is over:
        return "overwrite"
    return "copy" if clicked is keep else "cancel"
