"""A one-line label whose text changes with every Command and moves nothing around it.

A ``QLabel`` asks its layout to be worked out again at every ``setText``: in a header
holding the Turn and the pools that relayouts the whole window, and every widget whose
place is recomputed paints its text again. A :class:`SteadyLabel` keeps the width of
the widest text it has shown, so a new text only repaints the label itself.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent
from PySide6.QtWidgets import QFrame, QLabel, QWidget

__all__ = ["SteadyLabel"]


class SteadyLabel(QLabel):
    """One line of text, painted by the label itself; its style (font, colour,
    background, padding) comes from the style sheet as for any ``QLabel``.

    ``setText`` repaints the label and asks for a new layout only when the text is
    wider than any it has shown; ``setTextColor`` paints the text in another colour without
    polishing a style sheet again. With ``elide`` the label may be narrower than its
    text, which then ends in an ellipsis (its tooltip has it whole)."""

    def __init__(self, text: str = "", parent: QWidget | None = None, elide: bool = False) -> None:
        super().__init__(parent)
        self._text = text
        self._color: QColor | None = None
        self._elide = elide
        self._widest = 0  # the widest text shown at the current font, in pixels
        self.setAccessibleName(text)

    # -- what it shows ------------------------------------------------------------------
    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:
        if text == self._text:
            return
        self._text = text
        self.setAccessibleName(text)
        if self._elide:
            self.setToolTip(text)
        if self.fontMetrics().horizontalAdvance(text) > self._widest:
            self.updateGeometry()
        self.update()

    def setTextColor(self, color: str) -> None:
        """Paint the text in ``color`` (empty: the style's colour)."""
        new = QColor(color) if color else None
        if new != self._color:
            self._color = new
            self.update()

    # -- its size -------------------------------------------------------------------------
    def sizeHint(self) -> QSize:
        metrics = self.fontMetrics()
        self._widest = max(self._widest, metrics.horizontalAdvance(self._text))
        margins = self.contentsMargins()
        return QSize(
            self._widest + margins.left() + margins.right(),
            metrics.height() + margins.top() + margins.bottom(),
        )

    def minimumSizeHint(self) -> QSize:
        hint = self.sizeHint()
        if self._elide:
            margins = self.contentsMargins()
            hint.setWidth(
                self.fontMetrics().averageCharWidth() * 8 + margins.left() + margins.right()
            )
        return hint

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._widest = 0  # widths at the old font no longer hold
            self.updateGeometry()

    # -- painting -----------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        QFrame.paintEvent(self, event)  # the frame; the style sheet's background is already painted
        painter = QPainter(self)
        painter.setFont(self.font())
        painter.setPen(self._color or self.palette().color(self.foregroundRole()))
        area = self.contentsRect()
        text = self.fontMetrics().elidedText(self._text, Qt.TextElideMode.ElideRight, area.width())
        painter.drawText(area, int(self.alignment()), text)
        painter.end()
