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
    """A row of d20s: face, owner and meaning under each."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._dice: tuple[DieRoll, ...] = ()

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
        return QSize(round(max(len(self._dice), 1) * scaled(92, self)), round(scaled(112, self)))

    def minimumSizeHint(self) -> QSize:
        return QSize(round(scaled(92, self)), round(scaled(112, self)))

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        size = scaled(62, self)
        for i, die in enumerate(self._dice):
            x = scaled(8 + i * 92, self)
            color = COLORS.orange if die.critical else COLORS.blue if die.successes else "#555"
            if die.kind == "assist":
                color = COLORS.lavender if die.successes else "#4a404a"
            rect = QRectF(x, scaled(4, self), size, size)
            p.setPen(QColor(COLORS.red) if die.complication else Qt.PenStyle.NoPen)
            p.setBrush(QColor(color))
            p.drawRoundedRect(rect, scaled(14, self), scaled(14, self))
            font = QFont(FONT_FAMILY)
            font.setPixelSize(round(scaled(34, self)))
            font.setBold(True)
            p.setFont(font)
            p.setPen(QColor("#000"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(die.value))
            small = QFont(FONT_FAMILY)
            small.setPixelSize(round(scaled(14, self)))
            small.setBold(True)
            p.setFont(small)
            p.setPen(QColor(COLORS.red if die.complication else COLORS.text))
            label = die_meaning(die).replace(" + ", "\n")
            owner = _assistant(die.owner) if die.kind == "assist" else ""
            p.drawText(
                QRectF(
                    x - scaled(14, self),
                    scaled(68, self),
                    size + scaled(28, self),
                    scaled(44, self),
                ),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                f"{owner} {label}".strip(),
            )
        p.end()
