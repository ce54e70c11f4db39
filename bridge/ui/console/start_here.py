"""The demo's first start: a short "start here" strip in the GM console saying the three
things to do first and where the guide is. GOT IT puts it away for good (a preference)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from bridge.ui.base.settings import settings
from bridge.ui.widgets.lcars import note_label

if TYPE_CHECKING:
    from bridge.ui.console.gm_console import GmConsole

__all__ = ["DISMISSED", "STEPS", "StartHere", "show_start_here"]

DISMISSED = "start-here/dismissed"
"""The preference that says the GM put the strip away."""
STEPS = (
    "1. A player's Turn: START TURN in their station (Ctrl+1 … Ctrl+5).",
    "2. The NPCs' Turn: AUTOPILOT TURN (Ctrl+J).",
    "3. A mistake? Ctrl+Z undoes anything.",
)
GUIDE = "F1 opens the guide, at the window you are in (Help ▸ User guide)."


class StartHere(QGroupBox):
    """The strip: the steps, where the guide is, and GOT IT."""

    sig_dismissed = Signal()
    """Emitted when the GM puts the strip away (it is not shown again)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("START HERE", parent)
        self.setObjectName("start-here")
        column = QVBoxLayout(self)
        for step in STEPS:
            column.addWidget(note_label("", step, self))
        row = QHBoxLayout()
        column.addLayout(row)
        row.addWidget(note_label("dim", GUIDE, self), 1)
        self.got_it = QPushButton("GOT IT", self)
        self.got_it.setObjectName("primary")
        self.got_it.setToolTip("Put this away; it is not shown again")
        self.got_it.clicked.connect(self.dismiss)
        row.addWidget(self.got_it)

    def dismiss(self) -> None:
        settings().setValue(DISMISSED, True)
        self.hide()
        self.sig_dismissed.emit()
        self.deleteLater()


def show_start_here(console: GmConsole) -> StartHere | None:
    """The strip in ``console`` (its ``add_notice``), unless the GM put it away before."""
    if settings().value(DISMISSED, False, type=bool):
        return None
    strip = StartHere()
    console.add_notice(strip)
    return strip
