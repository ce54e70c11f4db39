"""Exact odds of the Task being set up: P(success), expected Momentum, distribution."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import QWidget

from bridge.rules.odds import TaskOdds
from bridge.ui.base.theme import COLORS, FONT_FAMILY, scaled
from bridge.ui.widgets.scaled import ScaledWidget

__all__ = ["OddsChart"]


class OddsChart(ScaledWidget):
    """Bars of P(successes = k); bars at or over the Difficulty are drawn solid."""

    HINT = (300, 120)
    MINIMUM = (120, 110)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._odds: TaskOdds | None = None

    def setOdds(self, odds: TaskOdds | None) -> None:
        self._odds = odds
        if odds is not None:
            self.setToolTip(
                f"P(success) {odds.p_success:.1%}, expected Momentum "
                f"{odds.expected_momentum:.2f}, P(complication) {odds.p_complication:.1%}"
            )
        self.update()

    def odds(self) -> TaskOdds | None:
        return self._odds

    def paintEvent(self, event: QPaintEvent) -> None:
        odds = self._odds
        if odds is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        dist = odds.distribution[:13]
        n = max(len(dist), 1)
        w = self.width() / n
        top = max(dist) or 1.0
        font = QFont(FONT_FAMILY)
        font.setPixelSize(round(scaled(13, self)))
        label = scaled(18, self)
        p.setFont(font)
        for k, prob in enumerate(dist):
            h = (self.height() - label - 4) * prob / top
            rect = QRectF(k * w + 3, self.height() - label - h, w - 6, h)
            passing = k >= odds.difficulty
            p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(COLORS.orange if passing else "#4a4355"))
            p.drawRoundedRect(rect, 4, 4)
            p.setPen(QColor(COLORS.text if passing else COLORS.dim))
            p.drawText(
                QRectF(k * w, self.height() - label + 1, w, label - 2),
                Qt.AlignmentFlag.AlignCenter,
                str(k),
            )
        p.end()
