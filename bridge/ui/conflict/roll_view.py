"""A rolled Task on the Conflict card, as the task dialog shows a ship's: its d20s and
what they came to (successes against the Difficulty, Momentum, Complications), for a
melee attack the opponent's and who wins (seed 003 OPPOSED TASK OUTCOMES); then how it
came out, in the seat's own log lines with the damage dice drawn. Small dice, the words
beside them, the lines as tall as they are up to a few: the card keeps its room."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QLabel,
    QSizePolicy,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bridge.rules.task import TaskResult
from bridge.ui.conflict.conflict_text import melee_words, roll_words
from bridge.ui.widgets.challenge_dice import dice_html
from bridge.ui.widgets.dice import DiceRow

__all__ = ["DIE_SIZE", "OutcomeView", "RollView"]

DIE_SIZE = 0.6
"""The card's d20s beside the task dialog's (the rest of the card needs the room)."""


class _Side:
    """One side's dice, with its name and outcome beside them (a row of the view)."""

    def __init__(self, view: QWidget, grid: QGridLayout, row: int) -> None:
        self.dice = DiceRow(view, size=DIE_SIZE)
        grid.addWidget(self.dice, row, 0, Qt.AlignmentFlag.AlignTop)
        words = QVBoxLayout()
        words.setSpacing(0)
        grid.addLayout(words, row, 1, Qt.AlignmentFlag.AlignTop)
        self.name = QLabel(view)
        self.name.setObjectName("dim")
        words.addWidget(self.name)
        self.outcome = QLabel(view)
        words.addWidget(self.outcome)

    def show_result(self, name: str, result: TaskResult) -> None:
        self.name.setText(name.upper())
        self.outcome.setText(roll_words(result))
        self.dice.setDice(result.dice)

    def setVisible(self, shown: bool) -> None:
        for widget in (self.dice, self.name, self.outcome):
            widget.setVisible(shown)

    def isVisible(self) -> bool:
        return self.dice.isVisible()


class RollView(QWidget):
    """The roll's dice and outcome; a melee attack's two sides, one above the other, their
    words in one column (who wins is :meth:`verdict`, said by the card beside them)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(2)
        self.mine = _Side(self, grid, 0)
        self.theirs = _Side(self, grid, 1)
        grid.setRowStretch(2, 1)
        self._verdict = ""

    def show_roll(
        self, name: str, result: TaskResult, reactive: TaskResult | None = None, other: str = ""
    ) -> None:
        """``name``'s roll, and ``other``'s ``reactive`` roll against it if it is opposed."""
        self.mine.show_result(name, result)
        self.theirs.setVisible(reactive is not None)
        self._verdict = ""
        if reactive is not None:
            self.theirs.show_result(other, reactive)
            self._verdict = melee_words(result, reactive, (name, other))

    def verdict(self) -> str:
        """Who wins an opposed roll (empty for one that is not)."""
        return self._verdict

    def words(self) -> str:
        """What it says, in one line (the outcome's first line; a test, a screen reader)."""
        said = [f"{self.mine.name.text()}: {self.mine.outcome.text()}"]
        if self._verdict:
            said.append(f"{self.theirs.name.text()}: {self.theirs.outcome.text()}")
            said.append(self._verdict)
        return " · ".join(said)


class OutcomeView(QTextBrowser):
    """How a Task came out: its lines, each challenge roll drawn as dice. It asks for its
    lines' height up to ``most`` lines and makes do with two when the card needs the
    room (an Area attack's many hits scroll here, never the card's Tasks)."""

    def __init__(self, parent: QWidget | None = None, *, most: int = 9) -> None:
        super().__init__(parent)
        self.most = most
        self._lines: tuple[str, ...] = ()
        self._need = 0
        self.setObjectName("report")
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.document().setDocumentMargin(0)
        self.document().documentLayout().documentSizeChanged.connect(lambda _: self._measure())

    def lines(self) -> tuple[str, ...]:
        """The lines shown, in words (their dice as the log writes them)."""
        return self._lines

    def set_lines(self, lines: Sequence[str]) -> None:
        """Show ``lines``, the newest in view."""
        if tuple(lines) == self._lines:
            return
        self._lines = tuple(lines)
        px = self.fontMetrics().height()
        self.setHtml("<br>".join(dice_html(line, px) for line in lines))
        bar = self.verticalScrollBar()  # (short of room: the newest lines, as a log)
        bar.setValue(bar.maximum())

    def _measure(self) -> None:
        """The height its lines take at its width now; asked for again if it changed."""
        self.document().setTextWidth(self.viewport().width())
        need = round(self.document().size().height()) + 2
        if need != self._need:
            self._need = need
            self.updateGeometry()
        bar = self.verticalScrollBar()
        bar.setValue(bar.maximum())

    def sizeHint(self) -> QSize:
        most = self.fontMetrics().lineSpacing() * self.most + 2
        return QSize(super().sizeHint().width(), min(max(self._need, self.minimumHeight()), most))

    def minimumSizeHint(self) -> QSize:
        two = self.fontMetrics().lineSpacing() * 2 + 2
        return QSize(super().minimumSizeHint().width(), min(two, max(self._need, 1)))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._measure()
