"""Edit one officer: Attributes, Disciplines, Focuses, Values, Determination, talents, the
station they usually hold, and what they carry into a fight on foot (personal weapons,
armour, the Resolute talent's Stress), checked as a character file is checked."""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import Station
from bridge.model.character import (
    ARMOUR_MAX,
    PERSONAL_WEAPONS_MAX,
    RESOLUTE,
    Attributes,
    Character,
    Disciplines,
    has_talent,
)
from bridge.model.pools import DETERMINATION_MAX
from bridge.model.validation import describe_validation_error
from bridge.rules.injury import stress_max
from bridge.rules.personal_gear import PERSONAL_WEAPONS, PersonalWeapon

__all__ = [
    "ATTRIBUTE_RANGE",
    "ATTRIBUTE_TOTAL",
    "DISCIPLINE_RANGE",
    "DISCIPLINE_TOTAL",
    "CharacterEditor",
    "total_text",
]

ATTRIBUTE_RANGE = (7, 12)
"""A main character's Attributes (Star Trek Adventures core rules)."""
DISCIPLINE_RANGE = (1, 5)
"""A main character's Disciplines."""
ATTRIBUTE_TOTAL = 56
"""What a new main character's six Attributes add up to. The seeds do not state it: this
is the 1st edition core rulebook's lifepath (each Attribute starts at 7, +3 species, +1
environment, +3 upbringing, +3 academy, +2 career events, +2 finishing touches)."""
DISCIPLINE_TOTAL = 16
"""What a new main character's six Disciplines add up to (1st edition lifepath: each
starts at 1, +1 environment, +1 upbringing, +4 academy, +2 career events, +2 finishing
touches). An officer who has grown through milestones may have more."""


def total_text(total: int, limit: int) -> str:
    """How a total stands against the creation total: met, short of it, or over it."""
    if total == limit:
        return f"Total {total} of {limit} at creation"
    if total < limit:
        return f"Total {total} of {limit} at creation: {limit - total} still to give"
    return f"Total {total} of {limit} at creation: {total - limit} over (milestones?)"


def _lines(text: str) -> tuple[str, ...]:
    return tuple(line.strip() for line in text.splitlines() if line.strip())


class CharacterEditor(QDialog):
    """A form for one character; SAVE stays disabled, saying why, while it is not valid."""

    def __init__(self, character: Character, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.original = character
        self.setWindowTitle(f"Edit {character.name}")
        layout = QVBoxLayout(self)
        top = QFormLayout()
        self.name = QLineEdit(character.name)
        self.rank = QLineEdit(character.rank)
        self.station = QComboBox()
        self.station.addItem("Any station", None)
        for s in Station:
            self.station.addItem(s.label, s.value)
        self.station.setCurrentIndex(max(self.station.findData(character.usual_station), 0))
        self.determination = QSpinBox()
        self.determination.setRange(0, DETERMINATION_MAX)
        self.determination.setValue(character.determination.value)
        top.addRow("Name", self.name)
        top.addRow("Rank", self.rank)
        top.addRow("Usually holds", self.station)
        top.addRow("Determination", self.determination)
        head = QHBoxLayout()
        head.addLayout(top, 3)
        self._gear = QFormLayout()  # armour and Stress, beside who they are
        head.addLayout(self._gear, 2)
        layout.addLayout(head)

        ratings = QHBoxLayout()
        self.attribute_total = QLabel()
        self.discipline_total = QLabel()
        self.attributes = self._ratings(
            ratings,
            "ATTRIBUTES",
            character.attributes,
            Attributes,
            ATTRIBUTE_RANGE,
            self.attribute_total,
        )
        self.disciplines = self._ratings(
            ratings,
            "DISCIPLINES",
            character.disciplines,
            Disciplines,
            DISCIPLINE_RANGE,
            self.discipline_total,
        )
        layout.addLayout(ratings)
        for spin in (*self.attributes.values(), *self.disciplines.values()):
            spin.valueChanged.connect(self._show_totals)
        self._show_totals()

        lists = QHBoxLayout()
        self.focuses = self._list(lists, "FOCUSES (one a line)", character.focuses)
        self.values = self._list(
            lists, "VALUES (one a line)", tuple(v.text for v in character.values)
        )
        self.talents = self._list(lists, "TALENTS (one a line)", character.talents)
        lists.addWidget(self._away_team(character), 2)
        layout.addLayout(lists, 1)

        self.error = QLabel()
        self.error.setObjectName("reason")
        self.error.setWordWrap(True)
        layout.addWidget(self.error)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        for line in (self.name, self.rank):
            line.textChanged.connect(self.check)
        for box in (self.focuses, self.values, self.talents):
            box.textChanged.connect(self.check)
        self.weapons.itemChanged.connect(lambda _item: self.check())
        self.armour.valueChanged.connect(lambda _v: self.check())
        self.resolute.toggled.connect(self._toggle_resolute)
        self.talents.textChanged.connect(self._follow_talents)
        for spin in (self.attributes["fitness"], self.disciplines["security"]):
            spin.valueChanged.connect(lambda _v: self._show_stress())
        self._show_stress()
        self.check()

    # -- a fight on foot --------------------------------------------------------------------
    def _away_team(self, character: Character) -> QGroupBox:
        """Personal weapons (seed 003's table, and any the officer already carries),
        armour, and the Resolute talent with the Stress it gives."""
        box = QGroupBox("PERSONAL WEAPONS (TICK)")
        row = QVBoxLayout(box)
        self.weapons = QListWidget()
        self.weapons.setMinimumHeight(90)
        self.weapons.setToolTip(f"Tick what the officer carries (at most {PERSONAL_WEAPONS_MAX})")
        carried = {w.name: w for w in character.weapons}
        offered: list[PersonalWeapon] = [*PERSONAL_WEAPONS]
        offered += [w for w in character.weapons if w.name not in {o.name for o in offered}]
        self._offered = offered
        for weapon in offered:
            item = QListWidgetItem(weapon.name, self.weapons)
            item.setToolTip(weapon.describe())
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            checked = weapon.name in carried
            item.setCheckState(Qt.CheckState.Checked if checked else Qt.CheckState.Unchecked)
        row.addWidget(self.weapons, 1)
        side = self._gear
        self.armour = QSpinBox()
        self.armour.setRange(0, ARMOUR_MAX)
        self.armour.setValue(character.armour)
        self.armour.setToolTip("Static Resistance of the armour worn (body armour: 1 to 3)")
        side.addRow("Armour", self.armour)
        self.resolute = QCheckBox("Resolute (+3 Stress)")
        self.resolute.setChecked(character.resolute)
        side.addRow("", self.resolute)
        self.stress = QLabel()
        side.addRow("Stress", self.stress)
        return box

    def _toggle_resolute(self, on: bool) -> None:
        """The Resolute box writes or removes the talent's line in TALENTS."""
        talents = list(_lines(self.talents.toPlainText()))
        if on == has_talent(tuple(talents), RESOLUTE):
            return
        if on:
            talents.append(RESOLUTE)
        else:
            talents = [t for t in talents if not has_talent((t,), RESOLUTE)]
        self.talents.setPlainText("\n".join(talents))

    def _follow_talents(self) -> None:
        resolute = has_talent(_lines(self.talents.toPlainText()), RESOLUTE)
        if self.resolute.isChecked() != resolute:
            self.resolute.blockSignals(True)
            self.resolute.setChecked(resolute)
            self.resolute.blockSignals(False)
        self._show_stress()

    def _show_stress(self) -> None:
        """RULES-NOTES: Stress is Fitness + Security, +3 with the Resolute talent."""
        fitness = self.attributes["fitness"].value()
        security = self.disciplines["security"].value()
        resolute = self.resolute.isChecked()
        total = stress_max(fitness, security, resolute)
        extra = " + 3 Resolute" if resolute else ""
        self.stress.setText(f"{total} (Fitness {fitness} + Security {security}{extra})")

    def carried(self) -> tuple[PersonalWeapon, ...]:
        """The weapons ticked: those the officer carried first, in their order (the first
        is in hand when a fight starts), then those newly ticked, in the table's order."""
        ticked = [
            weapon
            for i, weapon in enumerate(self._offered)
            if (item := self.weapons.item(i)) is not None
            and item.checkState() == Qt.CheckState.Checked
        ]
        kept = [w for w in self.original.weapons if w in ticked]
        return (*kept, *(w for w in ticked if w not in kept))

    @property
    def save_button(self) -> QPushButton:
        button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        assert button is not None
        return button

    def _ratings(
        self,
        row: QHBoxLayout,
        title: str,
        values: Attributes | Disciplines,
        kind: type[Attributes] | type[Disciplines],
        limits: tuple[int, int],
        total: QLabel,
    ) -> dict[str, QSpinBox]:
        box = QGroupBox(title)
        grid = QGridLayout(box)
        total.setWordWrap(True)
        grid.addWidget(total, 3, 0, 1, 4)
        spins = {}
        for i, field in enumerate(kind.model_fields):
            spin = QSpinBox()
            spin.setRange(*limits)
            spin.setValue(min(max(getattr(values, field), limits[0]), limits[1]))
            spin.setToolTip(f"{field.capitalize()}: {limits[0]} to {limits[1]}")
            grid.addWidget(QLabel(field.capitalize()), i // 2, (i % 2) * 2)
            grid.addWidget(spin, i // 2, (i % 2) * 2 + 1)
            spins[field] = spin
        row.addWidget(box)
        return spins

    def _show_totals(self) -> None:
        """Each group's total against the creation total; over it is told, not refused."""
        for label, spins, limit, what in (
            (self.attribute_total, self.attributes, ATTRIBUTE_TOTAL, "Attributes"),
            (self.discipline_total, self.disciplines, DISCIPLINE_TOTAL, "Disciplines"),
        ):
            total = sum(spin.value() for spin in spins.values())
            label.setText(total_text(total, limit))
            name = "dim" if total == limit else "reason"
            if label.objectName() != name:
                label.setObjectName(name)
                label.style().unpolish(label)  # the colour of the new name
                label.style().polish(label)
            label.setToolTip(
                f"A new main character's {what} total {limit} "
                "(Star Trek Adventures 1st edition lifepath)"
            )

    def _list(self, row: QHBoxLayout, title: str, items: tuple[str, ...]) -> QPlainTextEdit:
        box = QGroupBox(title)
        col = QVBoxLayout(box)
        edit = QPlainTextEdit("\n".join(items))
        edit.setTabChangesFocus(True)
        edit.setMinimumHeight(90)
        col.addWidget(edit)
        row.addWidget(box)
        return edit

    def character(self) -> Character:
        """The character the form describes; ValueError naming what is wrong if invalid."""
        kept = {v.text: v for v in self.original.values}
        values = [
            kept[text].model_dump() if text in kept else {"text": text}
            for text in _lines(self.values.toPlainText())
        ]
        data = self.original.model_dump()
        data.update(
            name=self.name.text().strip(),
            rank=self.rank.text().strip(),
            usual_station=self.station.currentData(),
            attributes={k: s.value() for k, s in self.attributes.items()},
            disciplines={k: s.value() for k, s in self.disciplines.items()},
            focuses=_lines(self.focuses.toPlainText()),
            values=values,
            talents=_lines(self.talents.toPlainText()),
            weapons=[w.model_dump() for w in self.carried()],
            armour=self.armour.value(),
        )
        data["determination"] = {**data["determination"], "value": self.determination.value()}
        if not data["name"]:
            raise ValueError("Name: a character needs a name.")
        if len(set(data["focuses"])) != len(data["focuses"]):
            raise ValueError("Focuses: each Focus once.")
        try:
            return Character.model_validate(data)
        except ValidationError as exc:
            raise ValueError(describe_validation_error(exc)) from None

    def check(self) -> None:
        try:
            self.character()
        except ValueError as exc:
            self.error.setText(str(exc))
            self.save_button.setEnabled(False)
            self.save_button.setToolTip(str(exc))
            return
        self.error.setText("")
        self.save_button.setEnabled(True)
        self.save_button.setToolTip("Save (Enter)")

    def accept(self) -> None:
        try:
            self.result_character = self.character()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        super().accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Ctrl+Enter saves even from inside a list box (Enter there is a new line)."""
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        if enter and event.modifiers() & Qt.KeyboardModifier.ControlModifier:
            self.accept()
            return
        super().keyPressEvent(event)
