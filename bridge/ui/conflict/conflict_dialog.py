"""A Conflict card entry in the task dialog every card uses
(:class:`~bridge.ui.station.task_dialog.TaskDialogBase`): Movement, an Attack, First Aid
and the rest, for an officer or, for the GM, an NPC figure. What differs from a station's
Task is only what the card asks (the engine's fields with their legal choices, as every
card's: :class:`~bridge.ui.widgets.param_form.ParamForm`) and the Command it sends; the
itemised Difficulty and exact odds, the dice drawn, the spends, the damage dice, the keys
and undo are the dialog's.

It holds no rule: what the entry asks, its choices, its preview and the Turn's controls
come from the seat (:class:`~bridge.ui.conflict.conflict_model.ConflictSeat`).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import (
    ActionInfo,
    CardEntry,
    Command,
    ConflictMinor,
    ConflictTask,
    TaskPreview,
)
from bridge.ui.base.help import CONFLICT_CARD
from bridge.ui.conflict.conflict_model import ConflictSeat
from bridge.ui.station.bought_dice import BoughtDice
from bridge.ui.station.task_dialog import TaskDialogBase
from bridge.ui.station.task_words import RollSaid, WaitingRoll, roll_said
from bridge.ui.widgets.param_form import ParamForm

__all__ = ["ConflictEntryDialog"]

_BOUGHT = frozenset({"bought", "value"})
"""The fields of the dice bought, shown as a station's Task shows them (BoughtDice)."""


class ConflictEntryDialog(TaskDialogBase):
    """One Conflict card entry: a rolled Task (ROLL, then its dice, spends and damage), a
    Task with no roll or a Minor Action (DO IT)."""

    help_page = CONFLICT_CARD

    def __init__(
        self, model: ConflictSeat, entry: CardEntry, by: str, parent: QWidget | None = None
    ) -> None:
        card = model.card()
        figure = card.figure if card is not None else None
        npc = figure is None or figure.officer is None
        super().__init__(
            model.battle,
            figure.id if figure is not None else model.character,
            entry.key,
            entry.name,
            entry.text,
            entry.rolled,
            npc,
            parent,
        )
        self.seat = model
        self.entry = entry
        self.by = by
        self._figure_name = figure.name if figure is not None else ""
        self._officer_id = figure.officer if figure is not None else None
        self._build()

    @property
    def go_button(self) -> QPushButton:
        """ROLL (or DO IT): the button that sends the entry."""
        return self.roll_button

    def _actor_name(self) -> str:
        return self._figure_name

    def _build_setup(self, columns: QHBoxLayout) -> None:
        """What the entry asks (TARGET AND OPTIONS) and how it is rolled (ROLL: the
        card's words for it, a Focus, the dice bought and the Value a Determination die
        cites, as on a station's Task)."""
        own = {p.name: p for p in self.entry.params}
        asked = [p for p in self.entry.params if p.name not in _BOUGHT]
        self.form = ParamForm(asked, self, roll_apart=True, whole=True)
        self.form.sig_changed.connect(self.refresh_preview)
        self.options_box = QGroupBox("TARGET AND OPTIONS")
        QVBoxLayout(self.options_box).addWidget(self.form)
        self.options_box.setVisible(self.form.layout_.rowCount() > 0)
        columns.addWidget(self.options_box, 1, Qt.AlignmentFlag.AlignTop)
        self.roll_box = QGroupBox("ROLL")
        roll = QVBoxLayout(self.roll_box)
        said = QLabel(f"{self.entry.roll} · Difficulty {self.entry.difficulty}")
        said.setWordWrap(True)
        said.setObjectName("dim")
        roll.addWidget(said)
        if self.form.roll_part is not None:
            roll.addWidget(self.form.roll_part)
        dice = QFormLayout()
        roll.addLayout(dice)
        self.dice_bought = BoughtDice()
        self.dice_bought.fill(dice, own.get("bought"), own.get("value"), self.npc)
        self.dice_bought.connect(self.refresh_preview)
        self.momentum_dice = self.dice_bought.momentum_dice
        self.threat_dice = self.dice_bought.threat_dice
        self.determination, self.value = self.dice_bought.determination, self.dice_bought.value
        self.roll_box.setVisible(self.rolled)
        columns.addWidget(self.roll_box, 1, Qt.AlignmentFlag.AlignTop)

    # -- what the card says -----------------------------------------------------------------
    def _now(self) -> CardEntry:
        """The entry as the card says it now (its reason moves with the battle)."""
        card = self.seat.card()
        if card is None:
            return self.entry
        entries = (*card.minors, *card.tasks)
        return next((e for e in entries if e.key == self.entry.key), self.entry)

    def command(self) -> ConflictTask | ConflictMinor:
        """The Command the fields make now (a field left empty is left out)."""
        fields = {**self.form.command(self.entry.command), "by": self.by}
        if self.entry.kind == "task":
            bought = self.dice_bought.bought()
            if bought:
                fields["bought"] = list(bought)
                fields["value"] = self.dice_bought.cited()
            return ConflictTask.model_validate(fields)
        return ConflictMinor.model_validate(fields)

    def _missing(self) -> str | None:
        missing = self.form.missing()
        return "Choose: " + ", ".join(missing) if missing else None

    def _preview(self, command: Command) -> TaskPreview:
        assert isinstance(command, ConflictTask)
        return self.seat.preview(command)

    def _refusal(self, command: Command) -> str | None:
        if isinstance(command, ConflictTask):  # (the gate's word for a Task with no roll)
            return self.seat.preview(command).reason
        return self._now().reason

    def _pending(self) -> WaitingRoll | None:
        conflict = self.model.state.conflict
        return conflict.pending if conflict is not None else None

    def _controls(self) -> dict[str, ActionInfo]:
        card = self.seat.card()
        return dict(card.controls) if card is not None else {}

    def _pool(self) -> int:
        state = self.model.state
        conflict = state.conflict
        fig = conflict.figures.get(self.actor) if conflict is not None else None
        if fig is not None and fig.npc is not None:
            return fig.own_threat + state.threat.value
        return state.momentum.value

    def _said(self, pending: WaitingRoll) -> RollSaid:
        """A melee attack against the target's opposing roll (seed 003), else the roll."""
        conflict = self.model.state.conflict
        rolled = conflict.pending if conflict is not None else None
        reactive = rolled.reactive if rolled is not None else None
        return roll_said(pending.result, self.pool_word, reactive)

    def _officer(self) -> str | None:
        return self._officer_id

    def _cited_value(self) -> str | None:
        """The Value the roll's Determination die cites, else the officer's first."""
        chosen = self.value.currentData()
        return str(chosen) if chosen is not None else super()._cited_value()
