"""Dice as a player reads them: every die with its face and its meaning in words."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from bridge.rules.task import DieRoll
from bridge.ui.theme import COLORS, FONT_FAMILY

__all__ = ["DiceRow", "die_meaning"]


def die_meaning(die: DieRoll) -> str:
    """Words, not colour: CRIT, HIT, MISS, with COMPL for a complication."""
    word = "CRIT ×2" if die.critical else ("HIT" if die.successes else "MISS")
    if die.kind == "determination":
        word = "DETERM. ×2"
    if die.complication:
        word += " + COMPL."
    return word


class DiceRow(QWidget):
    """A row of d20s: face, owner and meaning under each."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._dice: tuple[DieRoll, ...] = ()
        self.setMinimumHeight(96)

    def setDice(self, dice: tuple[DieRoll, ...]) -> None:
        self._dice = dice
        self.setToolTip(
            "\n".join(
                f"{d.owner}: {d.value} - {die_meaning(d)}"
                + (f" (re-rolled from {d.rerolled_from})" if d.rerolled_from else "")
                for d in dice
            )
        )
        self.updateGeometry()
        self.update()

    def dice(self) -> tuple[DieRoll, ...]:
        return self._dice

    def sizeHint(self) -> QSize:
        return QSize(max(len(self._dice), 1) * 92, 100)

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        size = 62.0
        for i, die in enumerate(self._dice):
            x = 8 + i * 92.0
            color = COLORS.orange if die.critical else COLORS.blue if die.successes else "#555"
            if die.kind == "assist":
                color = COLORS.lavender if die.successes else "#4a404a"
            rect = QRectF(x, 4, size, size)
            p.setPen(QColor(COLORS.red) if die.complication else Qt.PenStyle.NoPen)
            p.setBrush(QColor(color))
            p.drawRoundedRect(rect, 14, 14)
            font = QFont(FONT_FAMILY)
            font.setPixelSize(34)
            font.setBold(True)
            p.setFont(font)
            p.setPen(QColor("#000"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(die.value))
            small = QFont(FONT_FAMILY)
            small.setPixelSize(13)
            small.setBold(True)
            p.setFont(small)
            p.setPen(QColor(COLORS.red if die.complication else COLORS.text))
            label = die_meaning(die).replace(" + ", "\n")
            owner = "ASSIST" if die.kind == "assist" else ""
            p.drawText(
                QRectF(x - 12, 68, size + 24, 32),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                f"{owner} {label}".strip(),
            )
        p.end()
