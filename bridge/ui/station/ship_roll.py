"""How a station Task is rolled: the task dialog's ROLL box for an officer (Attribute,
Discipline, Focus, Override, the ship's assist, dice bought, the Determination die and its
Value) or for an NPC ship's crew (its crew dice, dice bought with Threat)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QLabel

from bridge.engine import ActionDef, Encounter, ParamInfo, Station, purchase_params, roll_params
from bridge.model.character import Character
from bridge.rules.focus_match import suggested_focus
from bridge.rules.stats import Attribute, Department
from bridge.rules.task import Purchase
from bridge.ui.station.bought_dice import BoughtDice

__all__ = ["ShipRoll"]


class ShipRoll:
    """The ROLL box of a station Task. Its Attribute, Discipline and Focus are made first:
    a Task whose helper picks any pair (Assist) shows them among its own fields."""

    def __init__(self, actor: str, station: Station, action: ActionDef) -> None:
        self.actor = actor
        self.station = station
        self.action = action
        self.box = QGroupBox("ROLL")
        self.attribute = QComboBox()
        self.discipline = QComboBox()
        self.focus = QComboBox()  # "No Focus", then each of the officer's Focuses
        self.override = QCheckBox("Override (+1 Difficulty)")
        self.ship_assist = QCheckBox("Ship assists")
        self.dice = BoughtDice()
        self.momentum_dice, self.threat_dice = self.dice.momentum_dice, self.dice.threat_dice
        self.determination, self.value = self.dice.determination, self.dice.value

    def fill(self, state: Encounter, pair_asked: bool, changed: Callable[[], None]) -> None:
        """Fill the box for the actor (``pair_asked``: the Task's own fields ask for the
        Attribute and Discipline); ``changed`` after each edit."""
        form = QFormLayout(self.box)
        a = self.action
        npc = self.actor not in state.characters
        if not pair_asked:
            for attr in a.attributes:
                self.attribute.addItem(attr.label, attr.value)
            for disc in a.disciplines:
                self.discipline.addItem(disc.label, disc.value)
        character = state.characters.get(self.actor)
        self._fill_focus(character, a.name)
        if character is not None:
            self._choose_best_pair(character)
        if not a.rolled:
            self.box.hide()
            return
        if npc or character is None:
            ship = state.ships[self.actor]
            quality = ship.crew_quality.label if ship.crew_quality else "Proficient"
            form.addRow("Crew", QLabel(f"{quality} crew dice (with a Focus)"))
        else:
            form.addRow("Attribute", self.attribute)
            form.addRow("Discipline", self.discipline)
            form.addRow("Focus", self.focus)
            if self.station not in state.stations_of(self.actor):
                self.override.setChecked(True)
                self.override.setEnabled(False)
                form.addRow("", self.override)
        if a.assist is not None:
            self.ship_assist.setChecked(True)
            self.ship_assist.setText(f"Ship assists ({a.assist_text})")
            form.addRow("", self.ship_assist)
        fields = {p.name: p for p in self._purchase(state, npc)}
        self.dice.fill(form, fields.get("bought"), fields.get("value"), npc)
        for box in (self.attribute, self.discipline, self.focus):
            box.currentIndexChanged.connect(lambda _i: changed())
        self.ship_assist.toggled.connect(lambda _on: changed())
        self.dice.connect(changed)

    def _purchase(self, state: Encounter, npc: bool) -> tuple[ParamInfo, ...]:
        """The engine's fields for the dice bought and the Value (an NPC ship's crew buys
        with Threat only)."""
        if npc:
            return purchase_params(
                focuses=(), suggested=None, values=(), determination=None, npc=True
            )
        return roll_params(state, self.actor, self.station, self.action)

    def _fill_focus(self, character: Character | None, task: str) -> None:
        """The officer's Focuses to pick from (seed 001 RULES SUMMARY 1: "Choose one
        Attribute and one Discipline, and one Focus"), starting on one the Task's name
        names (Starship Weapons for Fire Weapon), if any."""
        self.focus.addItem("No Focus", None)
        if character is None:
            return
        for name in character.focuses:
            self.focus.addItem(name, name)
        suited = suggested_focus(character.focuses, task)
        if suited is not None:
            self.focus.setCurrentIndex(self.focus.findData(suited))
        if character.focuses:
            self.focus.setToolTip(
                "A Focus that applies: dice at or under the Discipline score 2 successes"
            )
        else:
            self.focus.setEnabled(False)
            self.focus.setToolTip(f"{character.name} has no Focus.")

    def _choose_best_pair(self, character: Character) -> None:
        """Start on the officer's best legal Attribute + Discipline for this Task (the
        highest target number; the higher Discipline, which a Focus doubles, on a tie)."""
        attrs = [Attribute(self.attribute.itemData(i)) for i in range(self.attribute.count())]
        discs = [Department(self.discipline.itemData(i)) for i in range(self.discipline.count())]
        if not attrs or not discs:
            return
        best_attr = max(attrs, key=lambda x: character.attributes[x])
        best_disc = max(discs, key=lambda d: character.disciplines[d])
        self.attribute.setCurrentIndex(self.attribute.findData(best_attr.value))
        self.discipline.setCurrentIndex(self.discipline.findData(best_disc.value))

    # -- reading --------------------------------------------------------------------------
    def focus_name(self) -> str | None:
        """The Focus picked, or ``None``."""
        data = self.focus.currentData()
        return str(data) if data else None

    def bought(self) -> tuple[Purchase, ...]:
        return self.dice.bought()

    def fields(self) -> dict[str, object]:
        """The AttemptTask fields of how the Task is rolled."""
        return {
            "override": self.override.isChecked(),
            "attribute": Attribute(self.attribute.currentData())
            if self.attribute.count()
            else None,
            "discipline": Department(self.discipline.currentData())
            if self.discipline.count()
            else None,
            "focus": self.focus_name() is not None,
            "focus_name": self.focus_name(),
            "bought": self.bought(),
            "value": self.dice.cited(),
            "ship_assist": self.ship_assist.isChecked() or self.action.assist is None,
        }
