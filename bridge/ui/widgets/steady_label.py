"""A one-line label whose text changes with every Command and moves nothing around it.

A ``QLabel`` asks its layout to be worked out again at every ``setText``: in a header
holding the Turn and the pools that relayouts the whole window, and every widget whose
place is recomputed paints its text again. A :class:`SteadyLabel` asks for that only
when a new text is wider than the label, so most new texts only repaint the label.
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
    wider than the label (a narrower text leaves the label as wide as it was until the
    window's layout is next worked out); ``setTextColor`` paints the text in another
    colour without polishing a style sheet again."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._text = text
        self._color: QColor | None = None
        self.setAccessibleName(text)

    # -- what it shows ------------------------------------------------------------------
    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:
        if text == self._text:
            return
        self._text = text
        self.setAccessibleName(text)
        if self.fontMetrics().horizontalAdvance(text) > self.contentsRect().width():
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
        margins = self.contentsMargins()
        return QSize(
            metrics.horizontalAdvance(self._text) + margins.left() + margins.right(),
            metrics.height() + margins.top() + margins.bottom(),
        )

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
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
