"""A row of a form that brings NPCs into a personal conflict: which of the library's
templates, at which tier, how many, and where."""

from __future__ import annotations

from typing import Literal, NamedTuple

from PySide6.QtWidgets import QComboBox, QGridLayout, QLabel, QSpinBox, QWidget

from bridge.engine import NpcPlacement
from bridge.model.npc import Npc
from bridge.rules.npc_abilities import NpcTier

__all__ = ["NpcRow", "library_templates", "npc_headers", "npc_row"]


class NpcRow(NamedTuple):
    """The row's fields: the template, its tier, how many (``number``), the zone."""

    which: QComboBox
    tier: QComboBox
    number: QSpinBox
    zone: QComboBox

    def placement(
        self,
        templates: dict[str, Npc],
        huddle: int,
        leader: bool = False,
        side: Literal["player", "npc"] = "npc",
    ) -> NpcPlacement | None:
        """The NPCs the row names (``None`` when it names no template)."""
        npc = templates.get(str(self.which.currentData() or ""))
        if npc is None:
            return None
        if self.tier.currentData():
            npc = npc.model_copy(update={"tier": NpcTier(str(self.tier.currentData()))})
        return NpcPlacement(
            npc=npc,
            side=side,
            zone=self.zone.currentText(),
            count=self.number.value(),
            huddle=huddle,
            leader=leader,
        )


def library_templates() -> dict[str, Npc]:
    """The library's NPC templates by id (a broken file is left out, as the library
    window says)."""
    from bridge.storage.npcs import library_npcs

    templates, _bad = library_npcs()
    return {t.npc.id: t.npc for t in templates}


def npc_headers(parent: QWidget, grid: QGridLayout, row: int) -> None:
    """The names of the row's fields, above them in ``grid``."""
    for col, text in enumerate(("NPC", "Tier", "How many", "Zone")):
        label = QLabel(text, parent)
        label.setObjectName("dim")
        grid.addWidget(label, row, col)


def npc_row(parent: QWidget, grid: QGridLayout, row: int, templates: dict[str, Npc]) -> NpcRow:
    """A row of fields in ``grid`` at ``row``, its template "(none)" until chosen."""
    which = QComboBox(parent)
    which.addItem("(none)", "")
    for npc in templates.values():
        which.addItem(f"{npc.name} ({npc.tier.label})", npc.id)
    which.setToolTip("An NPC template from the library (Library > NPCs)")
    tier = QComboBox(parent)
    tier.addItem("as its template", "")
    for level in NpcTier:
        tier.addItem(level.label, level.value)
    tier.setToolTip("Minor, Notable or Major (RULES-NOTES: the GM can change each per NPC)")
    count = QSpinBox(parent)
    count.setRange(1, 20)
    count.setToolTip("How many: several are numbered")
    zone = QComboBox(parent)
    zone.setToolTip("The zone they stand in")
    for col, w in enumerate((which, tier, count, zone)):
        grid.addWidget(w, row, col)
    return NpcRow(which, tier, count, zone)
