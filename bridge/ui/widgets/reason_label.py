"""A word-wrapped line of reasons that keeps its height as its words change."""

from __future__ import annotations

import html

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent, QStaticText, QTransform
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from bridge.ui.widgets.opaque import Opaque, paint_backdrop

__all__ = ["ReasonLabel"]


class ReasonLabel(Opaque, QLabel):
    """Word-wrapped, at least ``lines`` lines tall at its font, and painted by itself: a
    reason that changes with every Command repaints the label and moves nothing around
    it (a ``QLabel`` would ask for the window's layout to be worked out again), unless
    it needs more lines than it has. Its words are wrapped once per text and width
    (a ``QStaticText``): measuring them and painting them again shape nothing. Its
    style (font, colour) comes from the style sheet as for any ``QLabel``."""

    def __init__(
        self, lines: int = 1, parent: QWidget | None = None, *, keep_grown: bool = False
    ) -> None:
        """``keep_grown``: once its words needed more lines, it keeps them (a text that
        grows and shrinks with every Turn then moves things around it only the first
        time), until its width or font changes."""
        super().__init__(parent)
        self._lines = lines
        self._keep = keep_grown
        self._text = ""
        self._rows = lines  # the lines it is tall enough for now
        self._laid: tuple[tuple[str, int], QStaticText] | None = None
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setSizePolicy(policy)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:
        if text == self._text:
            return
        self._text = text
        self.setAccessibleName(text)
        if self._resized(self._needed(self.contentsRect().width())):
            self.updateGeometry()  # more lines than it has, or back to its own
        self.update()

    def _resized(self, needed: int) -> bool:
        """Whether ``needed`` lines make it another height."""
        return needed > self._rows if self._keep else needed != self._rows

    def _wrapped(self, width: int) -> QStaticText:
        """The text word-wrapped at ``width``, laid out once per text, width and font (a
        new font or style lets it go)."""
        key = (self._text, width)
        if self._laid is None or self._laid[0] != key:
            if "\n" in self._text:  # (plain static text runs its lines together)
                static = QStaticText(html.escape(self._text).replace("\n", "<br>"))
                static.setTextFormat(Qt.TextFormat.RichText)
            else:
                static = QStaticText(self._text)
                static.setTextFormat(Qt.TextFormat.PlainText)
            static.setTextWidth(width)
            static.prepare(QTransform(), self.font())
            self._laid = (key, static)
        return self._laid[1]

    def _needed(self, width: int) -> int:
        """Lines the text takes at ``width``, and never fewer than its own."""
        if not self._text or width <= 0:
            return self._lines
        metrics = self.fontMetrics()
        height = self._wrapped(width).size().height()
        # n lines are one line's height and n - 1 line spacings tall (one line's
        # height may be a pixel more than its spacing: it is still one line)
        lines = 1 + max(0, round((height - metrics.height()) / metrics.lineSpacing()))
        return max(self._lines, lines)

    def _height(self, rows: int) -> int:
        """Room for ``rows`` lines: one line's height, then a line spacing for each more."""
        margins = self.contentsMargins()
        metrics = self.fontMetrics()
        first = max(metrics.height(), metrics.lineSpacing())
        return first + (rows - 1) * metrics.lineSpacing() + margins.top() + margins.bottom()

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        needed = self._needed(self.width() - margins.left() - margins.right())
        self._rows = max(needed, self._rows) if self._keep else needed
        return QSize(self.fontMetrics().averageCharWidth() * 40, self._height(self._rows))

    def wordWrap(self) -> bool:
        """It wraps its words (itself: a ``QLabel`` told to would ask its layout for a
        height at every width)."""
        return True

    def heightForWidth(self, width: int) -> int:
        """The height its words need at ``width`` (what it asks for when they need more
        lines than it has; a layout does not ask it, its height is its own)."""
        margins = self.contentsMargins()
        return self._height(self._needed(width - margins.left() - margins.right()))

    def minimumSizeHint(self) -> QSize:
        return QSize(self.fontMetrics().averageCharWidth() * 10, self.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        grown = self._rows
        if self._keep and event.size().width() != event.oldSize().width():
            self._rows = self._lines  # what it grew to was for another width
        if self._needed(self.contentsRect().width()) != self._rows or self._rows != grown:
            # a new width wraps the words into more or fewer lines (or the lines it had
            # grown to, at a width it had while hidden, are let go)
            self.updateGeometry()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._laid = None
            if self._keep:
                self._rows = self._lines  # what it grew to was for another font
            self.updateGeometry()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_backdrop(painter, self)  # the window's background (the label is opaque)
        self.drawFrame(painter)
        painter.setFont(self.font())
        painter.setPen(self.palette().color(self.foregroundRole()))
        area = self.contentsRect()
        if self._text and area.width() > 0:
            painter.setClipRect(area)
            painter.drawStaticText(area.topLeft(), self._wrapped(area.width()))
        painter.end()
