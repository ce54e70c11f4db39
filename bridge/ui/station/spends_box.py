"""The Momentum (or, for an NPC, Threat) spends after a successful roll, and their cost.

Built from the spends the engine says the roll allows (the ``resolve`` control's
:class:`~bridge.engine.SpendInfo`), so a station's Task and a Conflict card's show the
same box: the Task's own repeatable effect, an attack's damage spends, Obtain Information
and Create Advantage (or a Complication in play removed instead: seed 001).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from bridge.engine import Encounter, SpendInfo, Spends
from bridge.ui.widgets.steady import set_choices

__all__ = ["SpendsBox", "spends_cost"]

_HELD = frozenset({"reroll_damage"})
"""Spends the dialog takes elsewhere: Re-Roll Damage picks the damage dice once seen."""
_NONE = "(none)"
_BOTH = "Create Advantage is one spend: an Advantage or a Complication removed, not both."


def spends_cost(offered: Sequence[SpendInfo], spends: Spends) -> int | str:
    """What ``spends`` cost at the prices the engine gave (each unit of a number, a flag
    taken, a name given, a choice made; a Complication removed is Create Advantage's
    price), or why they cannot be taken together."""
    if spends.create_advantage and spends.remove_complication:
        return _BOTH
    chosen = spends.model_dump()
    total = 0
    for info in offered:
        value = chosen.get(info.name)
        if info.kind == "number":
            total += info.cost * int(value or 0)
        elif value:
            total += info.cost
        if info.name == "create_advantage" and spends.remove_complication:
            total += info.cost
    return total


class SpendsBox(QGroupBox):
    """The spends a roll's success allows, a field each, and their cost against what
    there is (with a warning when Momentum would be lost above the cap)."""

    def __init__(
        self, offered: Sequence[SpendInfo], npc: bool, parent: QWidget | None = None
    ) -> None:
        super().__init__(f"SPEND {'THREAT' if npc else 'MOMENTUM'}", parent)
        self.given = tuple(offered)
        """The spends the engine offered (this box is made again when they change)."""
        self.offered = tuple(s for s in offered if s.name not in _HELD)
        self.npc = npc
        form = QFormLayout(self)
        self.extra = QSpinBox(self)
        self.bonus = QSpinBox(self)
        self.penetration = QSpinBox(self)
        self.power_loss = QSpinBox(self)
        self.information = QSpinBox(self)
        self.devastating = QCheckBox(self)
        self.disarm = QCheckBox(self)
        self.revive = QCheckBox(self)
        self.secondary = QComboBox(self)
        self.advantage = QLineEdit(self)
        self.remove = QComboBox(self)
        self.remove.addItem(_NONE, None)
        self.remove.setToolTip(
            "Create Advantage may remove a Complication in play instead (seed 001)"
        )
        self.widgets: dict[str, QWidget] = {}
        """Each spend offered, by its field of ``Spends``."""
        named: dict[str, QWidget] = {
            "extra": self.extra,
            "bonus_damage": self.bonus,
            "penetration": self.penetration,
            "power_loss": self.power_loss,
            "obtain_information": self.information,
            "devastating": self.devastating,
            "disarm": self.disarm,
            "revive": self.revive,
            "secondary_target": self.secondary,
            "create_advantage": self.advantage,
        }
        for info in self.offered:
            widget = named.get(info.name) or _widget_for(info, self)
            self.widgets[info.name] = widget
            _place(form, info, widget)
            if info.name == "create_advantage":
                form.addRow("…or remove a Complication", self.remove)
        placed = {
            *self.widgets.values(),
            self.remove if "create_advantage" in self.widgets else None,
        }
        for widget in (*named.values(), self.remove):
            widget.setVisible(widget in placed)  # (one not offered is never shown)
        self.cost = QLabel(self)
        self.cost.setWordWrap(True)  # a warning about the cap takes a line of its own
        form.addRow("Cost", self.cost)
        self.lost = 0
        """The Momentum the spends as chosen would lose above the cap (0: none)."""

    def connect_changed(self, slot: Callable[..., object]) -> None:
        """Call ``slot`` whenever a spend changes."""
        for widget in (*self.widgets.values(), self.remove):
            if isinstance(widget, QSpinBox):
                widget.valueChanged.connect(slot)
            elif isinstance(widget, QCheckBox):
                widget.toggled.connect(slot)
            elif isinstance(widget, QLineEdit):
                widget.textChanged.connect(slot)
            elif isinstance(widget, QComboBox):
                widget.currentIndexChanged.connect(slot)

    def spends(self) -> Spends:
        """The spends chosen (those not offered left at nothing)."""
        chosen: dict[str, object] = {}
        for name, widget in self.widgets.items():
            if isinstance(widget, QSpinBox):
                chosen[name] = widget.value()
            elif isinstance(widget, QCheckBox):
                chosen[name] = widget.isChecked()
            elif isinstance(widget, QLineEdit):
                chosen[name] = widget.text().strip() or None
            elif isinstance(widget, QComboBox):
                chosen[name] = widget.currentData()
        if "create_advantage" in self.widgets:
            chosen["remove_complication"] = self.remove.currentData()
        return Spends.model_validate(chosen)

    def show_cost(self, state: Encounter, generated: int, pool: int) -> str | None:
        """Write what the spends cost against what there is (``generated`` by the roll,
        ``pool`` to spend from); ``None`` when there is enough, else why not."""
        complications = [t.name for t in state.traits if t.kind == "complication"]
        set_choices(self.remove, [(_NONE, None), *((n, n) for n in complications)])
        cost = spends_cost(self.offered, self.spends())
        self.lost = 0
        if isinstance(cost, str):
            self.cost.setText(cost)
            return cost
        word = "Threat" if self.npc else "Momentum"
        text = f"{cost} of {generated} generated + {pool} in the pool ({word})"
        if not self.npc:
            cap = state.momentum.cap
            self.lost = max(pool + generated - cost - cap, 0)
            if self.lost:
                text += (
                    f"\n⚠ {self.lost} Momentum will be lost above the cap of {cap}: spend it now"
                )
        self.cost.setText(text)
        return None if cost <= generated + pool else f"Not enough {word} for the spends."


def _widget_for(info: SpendInfo, parent: QWidget) -> QWidget:
    """A field for a spend this box has no named field for."""
    if info.kind == "number":
        return QSpinBox(parent)
    if info.kind == "flag":
        return QCheckBox(parent)
    if info.kind == "text":
        return QLineEdit(parent)
    return QComboBox(parent)


def _place(form: QFormLayout, info: SpendInfo, widget: QWidget) -> None:
    """``widget`` set up from ``info`` (its range, choices, price) in ``form``."""
    widget.setToolTip(info.help)
    if isinstance(widget, QSpinBox):
        widget.setRange(0, min(info.maximum if info.maximum is not None else 6, 6))
        form.addRow(f"{info.label} ({info.cost} each)", widget)
    elif isinstance(widget, QCheckBox):
        widget.setText(f"{info.label} ({info.cost})")
        form.addRow("", widget)
    elif isinstance(widget, QLineEdit):
        widget.setMaxLength(info.max_length or 80)
        widget.setPlaceholderText(f"name an Advantage to create ({info.cost})")
        form.addRow(info.label.removesuffix(" (its name)"), widget)
    elif isinstance(widget, QComboBox):
        widget.addItem(_NONE, None)
        for choice in info.choices:
            widget.addItem(choice.label, choice.value)
        form.addRow(f"{info.label} ({info.cost})", widget)
