"""The task dialog's fields, built from what a Task's rule says it needs.

Each :class:`~bridge.engine.Need` has one builder here; a new Task with a new kind of
parameter adds its Need in its rule and one builder below, and no list of Task keys. A
need the rule offers only for some parameters (a torpedo's Salvo, an array's Area) shows
only while the engine's ``task_needs`` offers it for the fields chosen so far.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QLineEdit, QSpinBox, QWidget

from bridge.engine import CATALOG, ActionDef, AttemptTask, Encounter, Need, task_needs
from bridge.rules.stats import CrewQuality, System
from bridge.rules.weapons import WeaponKind

__all__ = ["TaskFields"]


class TaskFields:
    """The parameter widgets of one Task, in a form, and the AttemptTask fields they give."""

    def __init__(
        self,
        state: Encounter,
        action: ActionDef,
        actor: str,
        ship_id: str,
        form: QFormLayout,
        roll_widgets: tuple[QWidget, QWidget, QWidget],
    ) -> None:
        self.state, self.action, self.actor, self.ship_id = state, action, actor, ship_id
        self.form = form
        self.needs = task_needs(action.key)
        self.roll_widgets = roll_widgets
        self.target = QComboBox()
        self.weapon = QComboBox()
        self.system = QComboBox()
        self.zone = QComboBox()
        self.choice = QSpinBox()
        self.readied = QComboBox()
        self.note = QLineEdit()
        self.salvo = QCheckBox("Salvo (+1 die, Spread; 3 Threat in all)")
        self.area = QCheckBox("Area instead of Spread (arrays)")
        self.extra_power = QSpinBox()
        self.opposition = QComboBox()
        self.opposition_difficulty = QSpinBox()
        self.avoid_hazard = QCheckBox("Avoids the charted hazard (-2 Difficulty)")
        builders: dict[Need, Callable[[], None]] = {
            Need.ENEMY_SHIP: self._enemy_ship,
            Need.ALLY: self._ally,
            Need.WEAPON: self._weapon,
            Need.AIM: self._aim,
            Need.SALVO: lambda: form.addRow("", self.salvo),
            Need.AREA: lambda: form.addRow("", self.area),
            Need.EXTRA_POWER: self._extra_power,
            Need.REPAIR: self._repair,
            Need.DESTINATION: self._destination,
            Need.SWEEP_ZONE: self._sweep_zone,
            Need.DIFFICULTY: self._difficulty,
            Need.READIED: self._readied,
            Need.TRIGGER: lambda: self._note("trigger"),
            Need.NOTE: lambda: self._note("what, where, who"),
            Need.ASSIST_ROLL: self._assist_roll,
            Need.OPPOSITION: self._opposition,
        }
        for need in self.needs:
            builders[need]()
        self._hazard()
        # The needs that depend on other fields, and the row that shows each.
        rows: dict[Need, QWidget] = {
            Need.SALVO: self.salvo,
            Need.AREA: self.area,
            Need.EXTRA_POWER: self.extra_power,
        }
        self._depending = {n: w for n, w in rows.items() if n in self.needs}
        self.offered: tuple[Need, ...] = self.needs
        self.update_offered()

    # -- builders -----------------------------------------------------------------------
    def _enemy_ship(self) -> None:
        state, ship = self.state, self.ship_id
        own_side = state.sides[ship]
        for sid in state.active_ships("npc" if own_side == "player" else "player"):
            rng = state.zones.range_between(ship, sid).label
            self.target.addItem(f"{state.ships[sid].name} ({rng})", sid)
        self.form.addRow("Target", self.target)

    def _ally(self) -> None:
        for cid in self.state.seated_characters():
            if cid != self.actor:
                self.target.addItem(self.state.characters[cid].name, cid)
        self.form.addRow("Ally", self.target)

    def _weapon(self) -> None:
        ship = self.state.ships[self.ship_id]
        for w in ship.weapons:
            if w.kind is not WeaponKind.TRACTOR:
                self.weapon.addItem(w.describe(ship.scale, ship.departments.security), w.name)
        self.form.addRow("Weapon", self.weapon)

    def _aim(self) -> None:
        self.system.addItem("Random (d20)", None)
        for s in System:
            self.system.addItem(f"{s.label} (+1 Difficulty)", s.value)
        self.form.addRow("Aim at", self.system)

    def _extra_power(self) -> None:
        self.extra_power.setRange(0, 5)
        self.extra_power.setToolTip("Extra Power on an energy weapon: +1 damage each")
        self.form.addRow("Extra Power", self.extra_power)

    def _repair(self) -> None:
        ship = self.state.ships[self.ship_id]
        for s in System:
            self.system.addItem(f"{s.label}: {ship.system_state(s).label}", s.value)
        self.form.addRow("Repair", self.system)

    def _destination(self) -> None:
        zones = self.state.zones
        here = zones.positions[self.ship_id]
        for z in zones.zones:
            if z != here:
                self.zone.addItem(f"{z} ({zones.distance(here, z)} zone(s))", z)
        self.form.addRow("Destination", self.zone)

    def _sweep_zone(self) -> None:
        self.zone.addItem("Anywhere", None)
        for z in self.state.zones.zones:
            self.zone.addItem(z, z)
        self.zone.setToolTip("Where the phenomena are: near a launched probe it is -2")
        self.form.addRow("Phenomena in", self.zone)

    def _difficulty(self) -> None:
        self.choice.setRange(1, 3)
        self.choice.setToolTip("The player chooses 1-3: a higher Difficulty jams harder")
        self.form.addRow("Difficulty", self.choice)

    def _readied(self) -> None:
        for a in CATALOG.values():
            if a.kind == "task" and a.rolled:
                self.readied.addItem(a.name, a.key)
        self.form.addRow("Readied Task", self.readied)

    def _note(self, placeholder: str) -> None:
        if self.note.placeholderText():
            return  # one note field, even if a Task needs it twice
        self.note.setPlaceholderText(placeholder)
        self.form.addRow("Note", self.note)

    def _assist_roll(self) -> None:
        attribute, discipline, focus = self.roll_widgets
        self.form.addRow("Assist with", attribute)
        self.form.addRow("", discipline)
        self.form.addRow("", focus)

    def _opposition(self) -> None:
        """Seed 003 Opposed Tasks: who rolls against the Task, and at what Difficulty."""
        for quality in CrewQuality:
            self.opposition.addItem(f"{quality.label} intruders", quality.value)
        self.opposition.setCurrentIndex(self.opposition.findData("proficient"))
        self.opposition.setToolTip("The intruders roll too (seed 003 Opposed Tasks)")
        self.opposition_difficulty.setRange(0, 5)
        self.opposition_difficulty.setValue(1)
        self.form.addRow("Opposed by", self.opposition)
        self.form.addRow("Their Difficulty", self.opposition_difficulty)

    def _hazard(self) -> None:
        """Any rolled Task may be one that avoids a hazard the ship has charted."""
        charted = [
            d
            for d in self.state.durations
            if d.kind.value == "charted_hazard" and d.ship == self.ship_id
        ]
        if charted and self.action.rolled:
            self.avoid_hazard.setToolTip("Chart Hazard: " + "; ".join(d.note for d in charted))
            self.form.addRow("", self.avoid_hazard)

    # -- reading ------------------------------------------------------------------------
    def update_offered(self) -> None:
        """Show the rows of the needs the engine offers for the fields chosen now, hide
        the others (it would refuse them, for the reason ``task_needs`` gives)."""
        probe = AttemptTask(
            action=self.action.key,
            weapon=self.weapon.currentData(),
            target=self.target.currentData(),
        )
        self.offered = task_needs(self.action.key, self.state, self.ship_id, probe)
        for need, widget in self._depending.items():
            self.form.setRowVisible(widget, need in self.offered)

    def connect(self, changed: Callable[[], None]) -> None:
        """Call ``changed`` whenever a field changes (the preview follows)."""
        self.weapon.currentIndexChanged.connect(lambda _: self.update_offered())
        for box in (self.target, self.weapon, self.system, self.zone, self.readied):
            box.currentIndexChanged.connect(lambda _: changed())
        for check in (self.salvo, self.area, self.avoid_hazard):
            check.toggled.connect(lambda _: changed())
        for spin in (self.choice, self.extra_power, self.opposition_difficulty):
            spin.valueChanged.connect(lambda _: changed())
        self.opposition.currentIndexChanged.connect(lambda _: changed())

    def params(self) -> dict[str, Any]:
        """The AttemptTask fields these widgets give (the rest keep their defaults)."""
        needs = self.needs
        offered = set(self.offered)
        system = self.system.currentData() if {Need.AIM, Need.REPAIR} & set(needs) else None
        opposed = Need.OPPOSITION in needs
        return {
            "target": self.target.currentData(),
            "weapon": self.weapon.currentData(),
            "system": System(system) if system else None,
            "zone": self.zone.currentData(),
            "difficulty_choice": self.choice.value() if Need.DIFFICULTY in needs else None,
            "salvo": Need.SALVO in offered and self.salvo.isChecked(),
            "extra_power": self.extra_power.value() if Need.EXTRA_POWER in offered else 0,
            "array_mode": "area" if Need.AREA in offered and self.area.isChecked() else "spread",
            "readied": self.readied.currentData(),
            "note": self.note.text(),
            "avoid_hazard": self.avoid_hazard.isChecked(),
            "opposition": CrewQuality(self.opposition.currentData()) if opposed else None,
            "opposition_difficulty": self.opposition_difficulty.value() if opposed else 1,
        }
