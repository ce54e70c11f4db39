"""GM dialogs: house rules, edit any value, encounter setup (ships, seats, zones)."""

from __future__ import annotations

from typing import Any, get_args

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import (
    AddCharacter,
    AddShip,
    AdjustDifficulty,
    Command,
    SetHouseRules,
    SetSeats,
    SetValue,
    SetZones,
    Station,
    ZoneMap,
    demo_ships,
)
from bridge.model.character import Attributes, Character, Disciplines
from bridge.model.house_rules import HouseRules
from bridge.model.validation import describe_validation_error
from bridge.ui.base.shared_model import SharedModel

__all__ = [
    "EditValueDialog",
    "HouseRulesDialog",
    "NextTaskDialog",
    "SetupDialog",
    "parse_value",
]


def _buttons(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class _SubmitDialog(QDialog):
    """A dialog whose OK submits Commands; a refusal keeps it open with the reason."""

    def __init__(self, model: SharedModel, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(title)
        self.layout_ = QVBoxLayout(self)
        self.error = QLabel()
        self.error.setObjectName("reason")
        self.error.setWordWrap(True)

    def finish(self) -> None:
        self.layout_.addWidget(self.error)
        self.layout_.addWidget(_buttons(self))

    def commands(self) -> list[Command]:
        raise NotImplementedError

    def accept(self) -> None:
        try:
            commands = self.commands()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        for command in commands:
            reason = self.model.check(command)
            if reason is not None:
                self.error.setText(reason)
                return
            self.model.submit(command)
        super().accept()


class HouseRulesDialog(_SubmitDialog):
    """Every house rule, with its description as the tooltip."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "House rules", parent)
        columns = QHBoxLayout()  # two columns: the list fits a laptop's height
        self.layout_.addLayout(columns)
        forms = (QFormLayout(), QFormLayout())
        for form in forms:
            columns.addLayout(form)
        self.editors: dict[str, QWidget] = {}
        rules = model.state.house_rules
        fields = list(HouseRules.model_fields.items())
        half = (len(fields) + 1) // 2
        for i, (name, field) in enumerate(fields):
            form = forms[i >= half]
            value = getattr(rules, name)
            editor: QWidget
            if isinstance(value, bool):
                editor = QCheckBox()
                editor.setChecked(value)
            elif isinstance(value, tuple):
                editor = QLineEdit(", ".join(str(v) for v in value))
            elif isinstance(value, int):
                editor = QSpinBox()
                meta = {type(m).__name__: m for m in field.metadata}
                editor.setRange(getattr(meta.get("Ge"), "ge", 0), getattr(meta.get("Le"), "le", 99))
                editor.setValue(value)
            else:
                editor = QComboBox()
                editor.addItems([str(a) for a in get_args(field.annotation)])
                editor.setCurrentText(str(value))
            editor.setToolTip(field.description or "")
            form.addRow(QLabel(name.replace("_", " ").capitalize()), editor)
            self.editors[name] = editor
        self.finish()

    def commands(self) -> list[Command]:
        values: dict[str, Any] = {}
        for name, editor in self.editors.items():
            if isinstance(editor, QCheckBox):
                values[name] = editor.isChecked()
            elif isinstance(editor, QSpinBox):
                values[name] = editor.value()
            elif isinstance(editor, QComboBox):
                values[name] = editor.currentText()
            elif isinstance(editor, QLineEdit):
                try:
                    values[name] = tuple(int(v) for v in editor.text().split(","))
                except ValueError:
                    raise ValueError(f"{name}: write whole numbers separated by commas") from None
        try:
            rules = HouseRules(**values)
        except ValidationError as exc:
            raise ValueError(describe_validation_error(exc)) from None
        return [SetHouseRules(rules=rules)]


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


class NextTaskDialog(_SubmitDialog):
    """The GM's word on the next Task: its Difficulty and its complication range."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "The next Task", parent)
        form = QFormLayout()
        self.layout_.addLayout(form)
        turn = model.state.turn
        self.amount = QSpinBox()
        self.amount.setRange(-5, 5)
        self.amount.setValue(turn.gm_difficulty)
        self.amount.setToolTip("Added to the next Task's Difficulty (seed 003: the GM's call)")
        self.range = QSpinBox()
        self.range.setRange(1, 5)
        self.range.setValue(max(turn.gm_complication, 1))
        self.range.setToolTip("1: only a 20 is a complication; 2: 19-20; ... 5: 16-20")
        self.reason = QLineEdit()
        self.reason.setPlaceholderText("why (goes in the log)")
        form.addRow("Difficulty", self.amount)
        form.addRow("Complication range", self.range)
        form.addRow("Reason", self.reason)
        self.finish()

    def commands(self) -> list[Command]:
        rng = self.range.value()
        return [
            AdjustDifficulty(
                amount=self.amount.value(),
                complication_range=rng if rng > 1 else None,
                reason=self.reason.text().strip(),
            )
        ]


class EditValueDialog(_SubmitDialog):
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


class SetupDialog(_SubmitDialog):
    """Encounter setup: add ships from the starter set, seat the crew, draw the zones."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "Encounter setup", parent)
        state = model.state
        tabs = QTabWidget()
        self.layout_.addWidget(tabs)

        ships = QWidget()
        form = QFormLayout(ships)
        self.starter = QComboBox()
        self.starter.addItem("(none)", None)
        for ship in demo_ships():
            self.starter.addItem(f"{ship.name} — {ship.ship_class}, Scale {ship.scale}", ship)
        self.side = QComboBox()
        self.side.addItem("NPC (opposition)", "npc")
        self.side.addItem("Player side", "player")
        self.zone = QComboBox()
        self.zone.addItems(list(state.zones.zones))
        form.addRow("Add ship", self.starter)
        form.addRow("Side", self.side)
        form.addRow("Zone", self.zone)
        tabs.addTab(ships, "SHIPS")

        seats = QWidget()
        grid = QGridLayout(seats)
        self.seat_boxes: dict[tuple[str, Station], QCheckBox] = {}
        for col, station in enumerate(Station, start=1):
            grid.addWidget(QLabel(station.label.replace(" and ", "\n& ")), 0, col)
        for row, (cid, character) in enumerate(state.characters.items(), start=1):
            grid.addWidget(QLabel(character.name), row, 0)
            for col, station in enumerate(Station, start=1):
                box = QCheckBox()
                box.setChecked(cid in state.crew_at(station))
                grid.addWidget(box, row, col)
                self.seat_boxes[(cid, station)] = box
        tabs.addTab(seats, "SEATS")

        crew = QWidget()
        cform = QFormLayout(crew)
        self.crew_name = QLineEdit()
        self.crew_name.setPlaceholderText("name of a new crew member (leave empty for none)")
        cform.addRow("Name", self.crew_name)
        self.crew_scores: dict[str, QSpinBox] = {}
        for field in Attributes.model_fields:
            self.crew_scores[field] = QSpinBox()
            self.crew_scores[field].setRange(7, 12)
            self.crew_scores[field].setValue(9)
            cform.addRow(field.capitalize(), self.crew_scores[field])
        for field in Disciplines.model_fields:
            self.crew_scores[field] = QSpinBox()
            self.crew_scores[field].setRange(1, 5)
            self.crew_scores[field].setValue(2)
            cform.addRow(field.capitalize(), self.crew_scores[field])
        tabs.addTab(crew, "NEW CREW MEMBER")

        zones = QWidget()
        zform = QFormLayout(zones)
        self.zone_names = QLineEdit(", ".join(state.zones.zones))
        self.zone_links = QLineEdit("; ".join(f"{a} - {b}" for a, b in state.zones.links))
        zform.addRow("Zones (comma separated)", self.zone_names)
        zform.addRow("Links (A - B; ...)", self.zone_links)
        tabs.addTab(zones, "ZONES")
        self.finish()

    def commands(self) -> list[Command]:
        state = self.model.state
        out: list[Command] = []
        names = tuple(z.strip() for z in self.zone_names.text().split(",") if z.strip())
        links = []
        for part in self.zone_links.text().split(";"):
            if part.strip():
                a, sep, b = part.partition(" - ")
                if not sep:
                    raise ValueError(f"Links: '{part.strip()}' is not 'Zone A - Zone B'.")
                links.append((a.strip(), b.strip()))
        if names != state.zones.zones or tuple(links) != state.zones.links:
            positions = {
                s: (z if z in names else names[0]) for s, z in state.zones.positions.items()
            }
            out.append(
                SetZones(zones=ZoneMap(zones=names, links=tuple(links), positions=positions))
            )
        seats: dict[Station, tuple[str, ...]] = {}
        for (cid, station), box in self.seat_boxes.items():
            if box.isChecked():
                seats[station] = (*seats.get(station, ()), cid)
        if seats != {s: tuple(c) for s, c in state.seats.items()}:
            out.append(SetSeats(seats=seats))
        name = self.crew_name.text().strip()
        if name:
            base = "".join(ch for ch in name.lower() if ch.isalnum())[:30] or "crew"
            cid, n = base, 2
            while cid in state.characters:
                cid, n = f"{base}{n}", n + 1
            scores = {k: w.value() for k, w in self.crew_scores.items()}
            out.append(
                AddCharacter(
                    character=Character(
                        id=cid,
                        name=name,
                        attributes=Attributes(**{k: scores[k] for k in Attributes.model_fields}),
                        disciplines=Disciplines(**{k: scores[k] for k in Disciplines.model_fields}),
                    )
                )
            )
        ship = self.starter.currentData()
        if ship is not None:
            out.append(
                AddShip(
                    ship=ship,
                    side=self.side.currentData(),
                    zone=self.zone.currentText(),
                )
            )
        return out
