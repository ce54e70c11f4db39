"""Edit > Edit a value: any value of the battle by its path, checked by the engine."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QFormLayout, QLineEdit, QWidget

from bridge.engine import Command, SetValue
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.submit_dialog import SubmitDialog

__all__ = ["EditValueDialog", "parse_value"]


def parse_value(text: str) -> int | bool | str | None:
    """What the GM typed: a whole number, true/false, none, or text."""
    t = text.strip()
    if t.lower() in ("true", "yes", "on"):
        return True
    if t.lower() in ("false", "no", "off"):
        return False
    if t.lower() in ("none", "null", ""):
        return None
    try:
        return int(t)
    except ValueError:
        return t


class EditValueDialog(SubmitDialog):
    """Set any value by its path, e.g. ``ships.qoj.shields`` or ``threat.value``."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None, path: str = "") -> None:
        super().__init__(model, "Edit a value", parent)
        form = QFormLayout()
        self.layout_.addLayout(form)
        self.path = QComboBox()
        self.path.setEditable(True)
        state = model.state
        paths = ["momentum.value", "threat.value"]
        for sid in state.ships:
            paths += [
                f"ships.{sid}.{f}"
                for f in (
                    "shields",
                    "power",
                    "modulation_bonus",
                    "lost_turns",
                    "shields_up",
                    "destroyed",
                )
            ]
            paths += [
                f"ships.{sid}.damage.{s}.breaches"
                for s in (
                    "communications",
                    "computers",
                    "engines",
                    "sensors",
                    "structure",
                    "weapons",
                )
            ]
        for cid in state.characters:
            paths.append(f"characters.{cid}.determination.value")
        self.path.addItems(paths)
        self.path.setCurrentText(path)
        self.value = QLineEdit()
        self.value.setPlaceholderText("a number, true/false, or text")
        form.addRow("Value at", self.path)
        form.addRow("New value", self.value)
        self.finish()

    def commands(self) -> list[Command]:
        return [
            SetValue(path=self.path.currentText().strip(), value=parse_value(self.value.text()))
        ]
