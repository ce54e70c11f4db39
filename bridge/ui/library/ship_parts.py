"""The ship editor's lists of parts: weapons (kind, type, damage, range, qualities) and
talents, each a list with ADD and REMOVE beside a form for the part chosen."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bridge.model.ship import Talent
from bridge.model.validation import describe_validation_error
from bridge.rules.weapons import (
    Delivery,
    EnergyType,
    Quality,
    QualityName,
    Range,
    TorpedoType,
    Weapon,
    WeaponKind,
)
from bridge.ui.widgets.lcars import note_label

__all__ = ["TalentList", "WeaponList", "parse_qualities"]

_KIND_LABELS = {
    WeaponKind.ENERGY: "Energy weapon",
    WeaponKind.TORPEDO: "Torpedo",
    WeaponKind.TRACTOR: "Tractor beam",
}


def parse_qualities(text: str) -> tuple[Quality, ...]:
    """``"Spread, Piercing 2"`` as qualities; ValueError naming the one not understood."""
    out = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        match = re.fullmatch(r"([A-Za-z][A-Za-z _-]*?)\s*(\d+)?", part)
        key = match.group(1).strip().lower().replace(" ", "_").replace("-", "_") if match else ""
        try:
            name = QualityName(key)
        except ValueError:
            known = ", ".join(q.label for q in QualityName)
            raise ValueError(f"Qualities: '{part}' is not a quality ({known}).") from None
        rating = int(match.group(2)) if match and match.group(2) else 0
        try:
            out.append(Quality(name=name, rating=rating))
        except ValidationError as exc:
            raise ValueError(f"Qualities: {describe_validation_error(exc)}") from None
    return tuple(out)


class _PartList(QWidget):
    """A list of parts beside a form for the chosen one; the form's edits are kept as
    they are typed, and ``problem`` says what is wrong with the chosen one."""

    sig_changed = Signal()
    """A part was added, removed or edited."""

    def __init__(self, parts: list[dict[str, Any]], noun: str) -> None:
        super().__init__()
        self._parts = parts
        self._noun = noun
        self._loading = False
        row = QHBoxLayout(self)
        left = QVBoxLayout()
        row.addLayout(left, 2)
        self.list = QListWidget()
        left.addWidget(self.list, 1)
        buttons = QHBoxLayout()
        self.add_button = QPushButton(f"ADD {noun.upper()}")
        self.remove_button = QPushButton("REMOVE")
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        left.addLayout(buttons)
        right = QVBoxLayout()
        row.addLayout(right, 3)
        self.form = QFormLayout()
        right.addLayout(self.form)
        self.summary = note_label("dim")
        right.addWidget(self.summary)
        self.error = note_label("reason")
        right.addWidget(self.error)
        right.addStretch()
        self.problem: str | None = None
        self.add_button.clicked.connect(self.add)
        self.remove_button.clicked.connect(self.remove)
        self.list.currentRowChanged.connect(self._load)

    # -- to fill in ---------------------------------------------------------------------
    def _blank(self) -> dict[str, Any]:
        raise NotImplementedError

    def _fill(self, part: dict[str, Any]) -> None:
        raise NotImplementedError

    def _read(self) -> dict[str, Any]:
        raise NotImplementedError

    def _check(self, part: dict[str, Any]) -> str:
        """The part's one-line summary, or ValueError saying what is wrong."""
        raise NotImplementedError

    # -- the list -----------------------------------------------------------------------
    def _watch(self, *widgets: QWidget) -> None:
        for w in widgets:
            for name in ("textChanged", "currentIndexChanged", "valueChanged"):
                signal = getattr(w, name, None)
                if signal is not None:
                    signal.connect(lambda *_: self._edited())
                    break

    def _refill_list(self, row: int) -> None:
        self.list.blockSignals(True)
        self.list.clear()
        for part in self._parts:
            self.list.addItem(str(part.get("name") or f"(unnamed {self._noun})"))
        self.list.blockSignals(False)
        self.list.setCurrentRow(min(row, len(self._parts) - 1))
        self._load(self.list.currentRow())

    def _load(self, row: int) -> None:
        has = 0 <= row < len(self._parts)
        for i in range(self.form.rowCount()):
            item = self.form.itemAt(i, QFormLayout.ItemRole.FieldRole)
            field = item.widget() if item is not None else None
            if field is not None:
                field.setEnabled(has)
        self.remove_button.setEnabled(has)
        if not has:
            self.summary.setText(f"No {self._noun}: ADD {self._noun.upper()} makes one.")
            self.error.setText("")
            self.problem = None
            return
        self._loading = True
        try:
            self._fill(self._parts[row])
        finally:
            self._loading = False
        self._validate()

    def _edited(self) -> None:
        if self._loading:
            return
        row = self.list.currentRow()
        if not 0 <= row < len(self._parts):
            return
        self._parts[row] = self._read()
        item = self.list.item(row)
        if item is not None:
            item.setText(str(self._parts[row].get("name") or f"(unnamed {self._noun})"))
        self._validate()
        self.sig_changed.emit()

    def _validate(self) -> None:
        self.problem = None
        for i, part in enumerate(self._parts):
            try:
                summary = self._check(part)
            except ValueError as exc:
                self.problem = f"{self._noun.capitalize()} {i + 1}: {exc}"
                if i == self.list.currentRow():
                    self.summary.setText("")
                continue
            if i == self.list.currentRow():
                self.summary.setText(summary)
        self.error.setText(self.problem or "")

    def add(self) -> None:
        self._parts.append(self._blank())
        self._refill_list(len(self._parts) - 1)
        self.sig_changed.emit()

    def remove(self) -> None:
        row = self.list.currentRow()
        if 0 <= row < len(self._parts):
            del self._parts[row]
            self._refill_list(row)
            self.sig_changed.emit()


def _combo(items: list[tuple[str, Any]]) -> QComboBox:
    box = QComboBox()
    for text, data in items:
        box.addItem(text, data)
    return box


class WeaponList(_PartList):
    """A ship's weapons: name, kind, type and delivery, damage and range (by the rules or
    set), and the qualities added to its type's own."""

    def __init__(self, weapons: tuple[Weapon, ...], stats: Callable[[], tuple[int, int]]) -> None:
        super().__init__([w.model_dump(mode="json") for w in weapons], "weapon")
        self._stats = stats  # the ship's Scale and Security, as the editor holds them now
        self.name = QLineEdit()
        self.kind = _combo([(label, k.value) for k, label in _KIND_LABELS.items()])
        self.energy_type = _combo(
            [(e.value.replace("_", " ").title(), e.value) for e in EnergyType]
        )
        self.delivery = _combo([(d.value.title(), d.value) for d in Delivery])
        self.torpedo_type = _combo([(t.value.title(), t.value) for t in TorpedoType])
        damage_row = QWidget()
        damage_line = QHBoxLayout(damage_row)
        damage_line.setContentsMargins(0, 0, 0, 0)
        self.damage_rules = QCheckBox("By the rules")
        self.damage_rules.setToolTip(
            "Challenge dice by the rules (energy: Scale + delivery + Security; torpedoes: "
            "their type's), or untick to give the stat block's own number"
        )
        self.damage = QSpinBox()
        self.damage.setRange(0, 30)
        damage_line.addWidget(self.damage_rules)
        damage_line.addWidget(self.damage)
        damage_line.addStretch()
        self.range = _combo([("By the rules", None), *((r.label, int(r)) for r in Range)])
        self.qualities = QLineEdit()
        self.qualities.setPlaceholderText("e.g. Spread, Piercing 2")
        self.qualities.setToolTip(
            "Added to the type's own qualities: " + ", ".join(q.label for q in QualityName)
        )
        for label, widget in (
            ("Name", self.name),
            ("Kind", self.kind),
            ("Energy type", self.energy_type),
            ("Delivery", self.delivery),
            ("Torpedo", self.torpedo_type),
            ("Damage", damage_row),
            ("Range", self.range),
            ("More qualities", self.qualities),
        ):
            self.form.addRow(label, widget)
        self._watch(
            self.name,
            self.kind,
            self.energy_type,
            self.delivery,
            self.torpedo_type,
            self.damage,
            self.range,
            self.qualities,
        )
        self.damage_rules.toggled.connect(lambda _: self._edited())
        self.kind.currentIndexChanged.connect(lambda _: self._show_kind())
        self._refill_list(0)

    def weapons(self) -> tuple[Weapon, ...]:
        """The weapons as listed; ValueError naming the first one that is not valid."""
        out = []
        for i, part in enumerate(self._parts):
            try:
                out.append(_weapon(part))
            except ValueError as exc:
                raise ValueError(f"Weapon {i + 1}: {exc}") from None
        return tuple(out)

    def _blank(self) -> dict[str, Any]:
        return {
            "name": "New weapon",
            "kind": "energy",
            "energy_type": "phaser",
            "delivery": "banks",
        }

    def _show_kind(self) -> None:
        kind = self.kind.currentData()
        for widget, shown in (
            (self.energy_type, kind == "energy"),
            (self.delivery, kind == "energy"),
            (self.torpedo_type, kind == "torpedo"),
        ):
            self.form.setRowVisible(widget, shown)

    def _fill(self, part: dict[str, Any]) -> None:
        self.name.setText(str(part.get("name", "")))
        self.kind.setCurrentIndex(max(self.kind.findData(part.get("kind", "energy")), 0))
        self.energy_type.setCurrentIndex(
            max(self.energy_type.findData(part.get("energy_type") or "phaser"), 0)
        )
        self.delivery.setCurrentIndex(
            max(self.delivery.findData(part.get("delivery") or "banks"), 0)
        )
        self.torpedo_type.setCurrentIndex(
            max(self.torpedo_type.findData(part.get("torpedo_type") or "photon"), 0)
        )
        damage = part.get("damage_override")
        self.damage_rules.setChecked(damage is None)
        self.damage.setEnabled(damage is not None)
        if damage is not None:
            self.damage.setValue(int(damage))
        self.range.setCurrentIndex(max(self.range.findData(part.get("range_override")), 0))
        self.qualities.setText(
            ", ".join(str(Quality.model_validate(q)) for q in part.get("extra_qualities", ()))
        )
        self._show_kind()

    def _read(self) -> dict[str, Any]:
        kind = self.kind.currentData()
        part: dict[str, Any] = {"name": self.name.text().strip(), "kind": kind}
        if kind == "energy":
            part["energy_type"] = self.energy_type.currentData()
            part["delivery"] = self.delivery.currentData()
        elif kind == "torpedo":
            part["torpedo_type"] = self.torpedo_type.currentData()
        self.damage.setEnabled(not self.damage_rules.isChecked())
        if not self.damage_rules.isChecked():
            part["damage_override"] = self.damage.value()
        if self.range.currentData() is not None:
            part["range_override"] = self.range.currentData()
        part["qualities_text"] = self.qualities.text()
        return part

    def _check(self, part: dict[str, Any]) -> str:
        weapon = _weapon(part)
        scale, security = self._stats()
        rules = weapon.model_copy(update={"damage_override": None}).damage(scale, security)
        if self.list.currentRow() >= 0 and part is self._parts[self.list.currentRow()]:
            self.damage_rules.setText(f"By the rules ({rules}▲)")
            if self.damage_rules.isChecked():  # unticking starts from the rules' number
                self._loading, loading = True, self._loading
                self.damage.setValue(rules)
                self._loading = loading
        return weapon.describe(scale, security)

    def refresh(self) -> None:
        """The ship's Scale or Security changed: the damage the rules give changes too."""
        self._validate()


def _weapon(part: dict[str, Any]) -> Weapon:
    data = {k: v for k, v in part.items() if k != "qualities_text"}
    if "qualities_text" in part:
        data["extra_qualities"] = [q.model_dump() for q in parse_qualities(part["qualities_text"])]
    if not str(data.get("name") or "").strip():
        raise ValueError("a weapon needs a name.")
    try:
        return Weapon.model_validate(data)
    except ValidationError as exc:
        raise ValueError(describe_validation_error(exc)) from None


class TalentList(_PartList):
    """A ship's talents: name, what it does, and the Shields, Resistance and Power it adds
    (the bonuses Bridge applies; anything else the GM applies)."""

    def __init__(self, talents: tuple[Talent, ...]) -> None:
        super().__init__([t.model_dump() for t in talents], "talent")
        self.name = QLineEdit()
        self.description = QLineEdit()
        self.shields = QSpinBox()
        self.shields.setRange(0, 10)
        self.resistance = QSpinBox()
        self.resistance.setRange(0, 5)
        self.power = QSpinBox()
        self.power.setRange(0, 10)
        for label, widget in (
            ("Name", self.name),
            ("What it does", self.description),
            ("Shields +", self.shields),
            ("Resistance +", self.resistance),
            ("Power +", self.power),
        ):
            self.form.addRow(label, widget)
        self._watch(self.name, self.description, self.shields, self.resistance, self.power)
        self._refill_list(0)

    def talents(self) -> tuple[Talent, ...]:
        """The talents as listed; ValueError naming the first one that is not valid."""
        out = []
        for i, part in enumerate(self._parts):
            try:
                out.append(_talent(part))
            except ValueError as exc:
                raise ValueError(f"Talent {i + 1}: {exc}") from None
        return tuple(out)

    def _blank(self) -> dict[str, Any]:
        return {"name": "New talent"}

    def _fill(self, part: dict[str, Any]) -> None:
        self.name.setText(str(part.get("name", "")))
        self.description.setText(str(part.get("description", "")))
        self.shields.setValue(int(part.get("shields_bonus", 0)))
        self.resistance.setValue(int(part.get("resistance_bonus", 0)))
        self.power.setValue(int(part.get("power_bonus", 0)))

    def _read(self) -> dict[str, Any]:
        return {
            "name": self.name.text().strip(),
            "description": self.description.text().strip(),
            "shields_bonus": self.shields.value(),
            "resistance_bonus": self.resistance.value(),
            "power_bonus": self.power.value(),
        }

    def _check(self, part: dict[str, Any]) -> str:
        talent = _talent(part)
        bonuses = [
            f"+{n} {what}"
            for n, what in (
                (talent.shields_bonus, "Shields"),
                (talent.resistance_bonus, "Resistance"),
                (talent.power_bonus, "Power"),
            )
            if n
        ]
        return f"{talent.name}: " + (", ".join(bonuses) if bonuses else "the GM applies it")


def _talent(part: dict[str, Any]) -> Talent:
    if not str(part.get("name") or "").strip():
        raise ValueError("a talent needs a name.")
    try:
        return Talent.model_validate(part)
    except ValidationError as exc:
        raise ValueError(describe_validation_error(exc)) from None
