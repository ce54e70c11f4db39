"""A one-line label whose text changes with every Command and moves nothing around it.

A ``QLabel`` asks its layout to be worked out again at every ``setText``: in a header
holding the Turn and the pools that relayouts the whole window, and every widget whose
place is recomputed paints its text again. A :class:`SteadyLabel` keeps the room of the
widest text it has shown and asks for more only for a wider one, so after the first
few Turns a new text only repaints the label.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QStaticText, QTransform
from PySide6.QtWidgets import QLabel, QWidget

from bridge.ui.widgets.opaque import Opaque, paint_backdrop
from bridge.ui.widgets.text_color import TextColor

__all__ = ["SteadyLabel"]


class SteadyLabel(Opaque, TextColor, QLabel):
    """One line of text, painted by the label itself; its style (font, colour, padding)
    comes from the style sheet as for any ``QLabel``. It is opaque, on the window's
    background: a background of its own is painted by ``paint_background`` (a pill's),
    not by the style sheet.

    Its size hint is the widest text it has shown since its font or style last changed
    (and at least ``widest``, given, whose height it also keeps: a marker from another
    font): ``setText`` repaints the label and asks for a new layout only for a text
    wider than that, so the widgets beside it stay where they are when the Turn or a
    pool's count changes back and forth. ``setTextColor`` paints the text in another
    colour without polishing a style sheet again."""

    def __init__(self, text: str = "", parent: QWidget | None = None, widest: str = "") -> None:
        super().__init__(parent)
        self._text = text
        self._widest = widest
        self._static: tuple[str, QStaticText] | None = None  # its text laid out
        self._told = 0  # the widest its size hints have given since its font changed
        self.setAccessibleName(text)

    # -- what it shows ------------------------------------------------------------------
    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:
        if text == self._text:
            return
        self._text = text
        self.setAccessibleName(text)
        if self._width(text) > self._told:  # wider than its layout was told it is
            self.updateGeometry()
        self.update()

    # -- its size -------------------------------------------------------------------------
    def _width(self, text: str) -> int:
        margins = self.contentsMargins()
        return self.fontMetrics().horizontalAdvance(text) + margins.left() + margins.right()

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        metrics = self.fontMetrics()
        height = metrics.height()
        self._told = max(self._told, self._width(self._text))
        if self._widest:
            widest = metrics.size(0, self._widest)
            height = max(height, widest.height())
            self._told = max(self._told, widest.width() + margins.left() + margins.right())
        return QSize(self._told, height + margins.top() + margins.bottom())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._told = 0  # its texts measure otherwise now
            self._static = None
            self.updateGeometry()

    # -- painting -----------------------------------------------------------------------
    def _shaped(self) -> QStaticText:
        """The text laid out once per text and font (painting it again costs no shaping;
        a new font or style lets it go)."""
        if self._static is None or self._static[0] != self._text:
            static = QStaticText(self._text)
            static.setTextFormat(Qt.TextFormat.PlainText)
            static.prepare(QTransform(), self.font())
            self._static = (self._text, static)
        return self._static[1]

    def paint_background(self, painter: QPainter) -> None:
        """What is behind the text: the window's background (the label is opaque)."""
        paint_backdrop(painter, self)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.paint_background(painter)
        self.drawFrame(painter)
        painter.setFont(self.font())
        painter.setPen(self.textColor())
        area = self.contentsRect()
        shaped = self._shaped()
        size = shaped.size()
        if size.width() <= area.width() + 2:  # (the laid-out size rounds up a little)
            align = self.alignment()
            x = float(area.x())
            if align & Qt.AlignmentFlag.AlignHCenter:
                x += (area.width() - size.width()) / 2
            elif align & Qt.AlignmentFlag.AlignRight:
                x += area.width() - size.width()
            y = area.y() + (area.height() - size.height()) / 2
            painter.drawStaticText(QPointF(x, y), shaped)
        else:  # squeezed by its window: what fits, and an ellipsis
            metrics = self.fontMetrics()
            text = metrics.elidedText(self._text, Qt.TextElideMode.ElideRight, area.width())
            painter.drawText(area, int(self.alignment()), text)
        painter.end()
