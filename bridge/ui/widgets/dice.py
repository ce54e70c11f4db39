"""Dice as a player reads them: every die with its face and its meaning in words."""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from bridge.rules.task import DieRoll
from bridge.ui.base.theme import COLORS, FONT_FAMILY, scaled
from bridge.ui.widgets.scaled import ScaledWidget

__all__ = ["DiceRow", "die_meaning"]


def die_meaning(die: DieRoll) -> str:
    """Words, not colour: CRIT, HIT, MISS, with COMPL for a complication."""
    word = "CRIT ×2" if die.critical else ("HIT" if die.successes else "MISS")
    if die.kind == "determination":
        word = "DETERM. ×2"
    if die.complication:
        word += " + COMPL."
    return word


def _assistant(owner: str) -> str:
    """Whose assist a die is, in a word under it (two read "ASSIST" alike): the last
    word of the name, "RESOLUTE" for USS Resolute, "REYES" for Capt. Elena Reyes."""
    words = owner.split("(", maxsplit=1)[0].split()
    return (words[-1] if words else "assist").upper()[:10]


class DiceRow(ScaledWidget):
    """A row of d20s: face, owner and meaning under each. ``size``: the dice's size, 1
    as in the task dialog (smaller on a card, where the rest of the card needs room)."""

    def __init__(self, parent: QWidget | None = None, *, size: float = 1.0) -> None:
        super().__init__(parent)
        self._dice: tuple[DieRoll, ...] = ()
        self.die_size = size

    def _px(self, n: float) -> float:
        """``n`` pixels of a die at 100%, at its size and the window's text size."""
        return scaled(n * self.die_size, self)

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
        return QSize(round(max(len(self._dice), 1) * self._px(92)), round(self._px(112)))

    def minimumSizeHint(self) -> QSize:
        return QSize(round(self._px(92)), round(self._px(112)))

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        size = self._px(62)
        for i, die in enumerate(self._dice):
            x = self._px(8 + i * 92)
            color = COLORS.orange if die.critical else COLORS.blue if die.successes else "#555"
            if die.kind == "assist":
                color = COLORS.lavender if die.successes else "#4a404a"
            rect = QRectF(x, self._px(4), size, size)
            p.setPen(QColor(COLORS.red) if die.complication else Qt.PenStyle.NoPen)
            p.setBrush(QColor(color))
            p.drawRoundedRect(rect, self._px(14), self._px(14))
            font = QFont(FONT_FAMILY)
            font.setPixelSize(round(self._px(34)))
            font.setBold(True)
            p.setFont(font)
            p.setPen(QColor("#000"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(die.value))
            small = QFont(FONT_FAMILY)
            small.setPixelSize(max(round(self._px(14)), round(scaled(11, self))))
            small.setBold(True)
            p.setFont(small)
            p.setPen(QColor(COLORS.red if die.complication else COLORS.text))
            label = die_meaning(die).replace(" + ", "\n")
            owner = _assistant(die.owner) if die.kind == "assist" else ""
            p.drawText(
                QRectF(x - self._px(14), self._px(68), size + self._px(28), self._px(44)),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                f"{owner} {label}".strip(),
            )
        p.end()
