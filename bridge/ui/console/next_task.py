"""Battle > Next Task's Difficulty: the GM's adjustment to the next Task, beside seed 003's
examples of what each Difficulty is like."""

from __future__ import annotations

from PySide6.QtWidgets import QFormLayout, QLineEdit, QSpinBox, QWidget

from bridge.engine import AdjustDifficulty, Command
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.submit_dialog import SubmitDialog
from bridge.ui.widgets.difficulty_guide import DifficultyGuide
from bridge.ui.widgets.lcars import section_label

__all__ = ["NextTaskDialog"]


class NextTaskDialog(SubmitDialog):
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
        self.layout_.addWidget(section_label("What each Difficulty is like (seed 003)", self))
        self.guide = DifficultyGuide(parent=self)
        self.layout_.addWidget(self.guide)
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
