"""The dice bought for a Task, whichever card it is on (seed 001 RULES SUMMARY; RULES-NOTES:
at most 3, the n-th costing n): with Momentum, paid by adding to Threat (an NPC spends
its Threat instead), and the Determination die with the Value it cites. Built from the
engine's fields for them (``bought`` and ``value``, :func:`bridge.engine.purchase_params`),
a number of each kind rather than a list to fill, as a player counts them at the table."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QSpinBox

from bridge.engine import ParamInfo
from bridge.rules.task import Purchase

__all__ = ["BoughtDice"]


class BoughtDice:
    """The rows of the dice bought: a count of Momentum dice and of Threat dice, the
    Determination die (disabled, with why, when the officer cannot spend it) and the
    Value it cites (chosen only with it)."""

    def __init__(self) -> None:
        self.momentum_dice = QSpinBox()
        self.threat_dice = QSpinBox()
        self.determination = QCheckBox("Determination die (shows 1)")
        self.value = QComboBox()
        self._kinds: tuple[str, ...] = ()

    def fill(
        self, form: QFormLayout, bought: ParamInfo | None, value: ParamInfo | None, npc: bool
    ) -> None:
        """Add a row for each kind of die ``bought`` offers, and the Value ``value`` lists,
        to ``form``."""
        if bought is None:
            return
        most = bought.maximum if bought.maximum is not None else 3
        kinds = {str(c.value): c for c in bought.choices}
        self._kinds = tuple(kinds)
        for spin in (self.momentum_dice, self.threat_dice):
            spin.setRange(0, most)
        if "momentum" in kinds:
            self.momentum_dice.setToolTip(kinds["momentum"].label)
            form.addRow("Dice bought with Momentum", self.momentum_dice)
        else:
            self.momentum_dice.setEnabled(False)
        if "threat" in kinds:
            label = "Dice bought with Threat" if npc else "Dice paid with Threat"
            self.threat_dice.setToolTip(
                "NPCs buy dice with Threat." if npc else kinds["threat"].label
            )
            form.addRow(label, self.threat_dice)
        die = kinds.get("determination")
        if die is None:
            return
        form.addRow("", self.determination)
        if die.reason is not None:
            self.determination.setEnabled(False)
            self.determination.setToolTip(die.reason)
        for choice in value.choices if value is not None else ():
            self.value.addItem(choice.label, choice.value)
        if self.value.count():
            form.addRow("Value", self.value)
            # a Value is cited only with the Determination die: until then it is not chosen
            self.value.setEnabled(False)
            self.value.setToolTip("The Value the Determination die is spent for")
            self.determination.toggled.connect(self.value.setEnabled)

    def connect(self, changed: Callable[[], None]) -> None:
        """Call ``changed`` after each edit."""
        for spin in (self.momentum_dice, self.threat_dice):
            spin.valueChanged.connect(lambda _v: changed())
        self.determination.toggled.connect(lambda _on: changed())
        self.value.currentIndexChanged.connect(lambda _i: changed())

    def bought(self) -> tuple[Purchase, ...]:
        """The dice bought, in the order they are paid (the Determination die first)."""
        out: list[str] = ["determination"] if self.determination.isChecked() else []
        out += ["momentum"] * self.momentum_dice.value()
        out += ["threat"] * self.threat_dice.value()
        return cast(tuple[Purchase, ...], tuple(out))

    def cited(self) -> str | None:
        """The Value the Determination die cites (none without it)."""
        if not self.determination.isChecked():
            return None
        data = self.value.currentData()
        return str(data) if data is not None else None
