"""The GM brings figures into a running personal conflict: an officer who arrives (beams
down, runs in from the next deck) or NPCs from the library (reinforcements, a rescuer)."""

from __future__ import annotations

from typing import Literal

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import AddFigure, Encounter, OfficerPlacement
from bridge.ui.conflict.npc_row import library_templates, npc_headers, npc_row

__all__ = ["AddFiguresDialog"]


class AddFiguresDialog(QDialog):
    """An officer not yet in the fight and where they arrive, and NPCs from the library's
    templates, on either side. The engine numbers NPCs on from their template's figures
    already there ("Klingon Bekk 4")."""

    def __init__(self, state: Encounter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Bridge — Add figures to the personal conflict")
        conflict = state.conflict
        zones = list(conflict.zones.zones) if conflict is not None else []
        figures = conflict.figures.values() if conflict is not None else ()
        self._huddle = max((f.huddle for f in figures), default=0) + 1
        layout = QVBoxLayout(self)

        crew = QGroupBox("AN OFFICER ARRIVES", self)
        grid = QGridLayout(crew)
        self.officer = QComboBox(crew)
        self.officer.addItem("(none)", "")
        for cid, character in state.characters.items():
            if conflict is None or conflict.figure_of(cid) is None:
                self.officer.addItem(character.name, cid)
        self.officer.setToolTip("An officer of the crew who is not in the fight yet")
        self.officer_zone = QComboBox(crew)
        self.officer_zone.addItems(zones)
        self.officer_zone.setToolTip("The zone they arrive in")
        grid.addWidget(self.officer, 0, 0)
        grid.addWidget(self.officer_zone, 0, 1)
        if self.officer.count() == 1:  # (none) alone
            for w in (self.officer, self.officer_zone):
                w.setEnabled(False)
                w.setToolTip("Every officer of the crew is in the fight already")
        layout.addWidget(crew)

        foes = QGroupBox("NPCS JOIN (THE LIBRARY'S TEMPLATES)", self)
        fgrid = QGridLayout(foes)
        self.templates = library_templates()
        npc_headers(foes, fgrid, 0)
        self.npcs = npc_row(foes, fgrid, 1, self.templates)
        self.npcs.zone.addItems(zones)
        self.side = QComboBox(foes)
        self.side.addItem("against the crew", "npc")
        self.side.addItem("with the crew (the GM plays them)", "player")
        self.side.setToolTip("Which side they fight on")
        fgrid.addWidget(QLabel("Side", foes), 2, 0)
        fgrid.addWidget(self.side, 2, 1, 1, 3)
        layout.addWidget(foes)

        self.drawn = QCheckBox("Weapons in hand", self)
        self.drawn.setChecked(True)
        self.drawn.setToolTip("They arrive with their first weapon drawn")
        layout.addWidget(self.drawn)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)

    def command(self) -> AddFigure:
        """The GM's Command the form makes (the engine judges it when sent: naming no
        one is refused, with the reason)."""
        cid = str(self.officer.currentData() or "")
        officer = (
            OfficerPlacement(character=cid, zone=self.officer_zone.currentText()) if cid else None
        )
        side: Literal["player", "npc"] = "player" if self.side.currentData() == "player" else "npc"
        npcs = self.npcs.placement(self.templates, huddle=self._huddle, side=side)
        return AddFigure(officer=officer, npcs=npcs, drawn=self.drawn.isChecked())
