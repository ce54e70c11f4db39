"""The Momentum (or, for an NPC, Threat) spends after a successful roll, and their cost."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QSpinBox,
)

from bridge.engine import ActionDef, Encounter, PendingTask, Spends, spend_cost, task_rule
from bridge.ui.widgets.steady import set_choices

__all__ = ["SpendsBox"]


class SpendsBox(QGroupBox):
    """The spends a Task's success allows: its own repeatable effect, an attack's damage
    spends, Obtain Information and Create Advantage (an Advantage, or a Complication in
    play removed: seed 001); the cost against what there is."""

    def __init__(self, action: ActionDef, npc: bool) -> None:
        super().__init__(f"SPEND {'THREAT' if npc else 'MOMENTUM'}")
        self.action = action
        self.npc = npc
        form = QFormLayout(self)
        self.extra = QSpinBox()
        self.bonus = QSpinBox()
        self.penetration = QSpinBox()
        self.devastating = QCheckBox("Devastating Attack (2)")
        self.power_loss = QSpinBox()
        self.information = QSpinBox()
        self.advantage = QLineEdit()
        self.remove = QComboBox()
        self.remove.addItem("(none)", None)
        self.remove.setToolTip(
            "Create Advantage may remove a Complication in play instead (seed 001): 2"
        )
        self.cost = QLabel()
        self.cost.setWordWrap(True)  # a warning about the cap takes a line of its own
        self.lost = 0
        """The Momentum the spends as chosen would lose above the cap (0: none)."""
        if action.momentum_cost:
            self.extra.setRange(0, 6)
            form.addRow(f"{action.momentum} (cost {action.momentum_cost} each)", self.extra)
        if task_rule(action.key).attack:
            for spin, label in (
                (self.bonus, "Bonus Damage (1 each)"),
                (self.penetration, "Penetration (1 each: ignore 2)"),
                (self.power_loss, "Power Loss (1 each)"),
            ):
                spin.setRange(0, 6)
                form.addRow(label, spin)
            form.addRow("", self.devastating)  # Re-Roll Damage comes with the damage dice
        self.information.setRange(0, 6)
        form.addRow("Obtain Information (1 each)", self.information)
        self.advantage.setPlaceholderText("name an Advantage to create (2)")
        form.addRow("Create Advantage", self.advantage)
        form.addRow("…or remove a Complication", self.remove)
        form.addRow("Cost", self.cost)

    def connect_changed(self, slot: object) -> None:
        """Call ``slot`` whenever a spend changes."""
        for spin in (self.extra, self.bonus, self.penetration, self.power_loss, self.information):
            spin.valueChanged.connect(slot)
        self.devastating.toggled.connect(slot)
        self.advantage.textChanged.connect(slot)
        self.remove.currentIndexChanged.connect(slot)

    def spends(self) -> Spends:
        return Spends(
            extra=self.extra.value(),
            bonus_damage=self.bonus.value(),
            penetration=self.penetration.value(),
            devastating=self.devastating.isChecked(),
            power_loss=self.power_loss.value(),
            obtain_information=self.information.value(),
            create_advantage=self.advantage.text().strip() or None,
            remove_complication=self.remove.currentData(),
        )

    def show_cost(self, state: Encounter, pending: PendingTask) -> str | None:
        """Write what the spends cost against what there is; ``None`` when there is
        enough, else why not."""
        complications = [t.name for t in state.traits if t.kind == "complication"]
        set_choices(self.remove, [("(none)", None), *((n, n) for n in complications)])
        try:
            cost = spend_cost(self.action, self.spends())
        except ValueError as exc:
            self.lost = 0
            self.cost.setText(str(exc))
            return str(exc)
        pool = state.threat.value if self.npc else state.momentum.value
        generated = pending.result.momentum
        word = "Threat" if self.npc else "Momentum"
        text = f"{cost} of {generated} generated + {pool} in the pool ({word})"
        self.lost = 0
        if not self.npc:
            cap = state.momentum.cap
            lost = pool + generated - cost - cap
            self.lost = max(lost, 0)
            if lost > 0:
                text += f"\n⚠ {lost} Momentum will be lost above the cap of {cap}: spend it now"
        self.cost.setText(text)
        return None if cost <= generated + pool else f"Not enough {word} for the spends."
