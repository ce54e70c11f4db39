"""A read-only list of lines, each wrapped whole, that costs next to nothing to repaint.

A ``QListWidget`` told new rows lays every row out again (its delayed items layout, on
a timer, even out of sight) and shapes each row's text at every repaint. The active
effects and the crew's Turns change with most Turns in all five station windows: a
:class:`LinesView` lays a line out once per text, width and font (a ``QStaticText``,
shared by every view showing it), so a repaint only draws glyphs, and a line that did
not change is not laid out again.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QEvent, QPointF, QRect, QSize, Qt
from PySide6.QtGui import (
    QFont,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
    QStaticText,
    QTransform,
)
from PySide6.QtWidgets import QAbstractScrollArea, QSizePolicy, QWidget

from bridge.ui.widgets.opaque import OpaqueScrollBar

__all__ = ["LinesView"]

_PAD = 4
"""Pixels around the text, inside the frame."""
_GAP = 4
"""Pixels between two lines."""
_BREAK = "\u2028"
"""A line break inside one line of the list (Qt's line separator)."""

_SHARED: dict[tuple[str, int, str], QStaticText] = {}
"""Lines laid out, by text, width and font: the five station windows show the same
active effects at the same width, and lay each new one out once between them."""
_SHARED_MOST = 512


def _laid_out(text: str, width: int, font: QFont) -> QStaticText:
    """``text`` wrapped at ``width`` in ``font`` (laid out once for every view)."""
    key = (text, width, font.key())
    static = _SHARED.get(key)
    if static is None:
        if len(_SHARED) >= _SHARED_MOST:  # the lines of Rounds long gone
            _SHARED.clear()
        static = QStaticText(text.replace("\n", _BREAK))
        static.setTextFormat(Qt.TextFormat.PlainText)
        static.setTextWidth(width)
        static.prepare(QTransform(), font)
        _SHARED[key] = static
    return static


class LinesView(QAbstractScrollArea):
    """Lines of plain text (``\\n`` breaks a line), one under another, each wrapped to the
    width so it reads whole; a scroll bar when they are taller than the view.

    Its size hints are a list's (the layout around it is the same as with one); its
    look comes from the style sheet's ``LinesView`` rule."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lines: list[str] = []
        self._laid: dict[str, QStaticText] = {}
        self._laid_for: int | None = None  # the width _laid was laid out at
        self._rows: int | None = None  # as tall as this many lines (None: as laid out)
        self._tops: list[int] = []
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setVerticalScrollBar(OpaqueScrollBar(Qt.Orientation.Vertical, self))
        self.verticalScrollBar().setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # The view paints its own background (paintEvent): new lines repaint the lines,
        # not the view's rounded frame and the window behind it as well.
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    # -- what it shows ------------------------------------------------------------------
    def lines(self) -> list[str]:
        return list(self._lines)

    def setRows(self, rows: int) -> None:
        """Always as tall as ``rows`` one-line lines, at any text size (more scroll):
        its height is asked of it as its layout is worked out, at its font and frame
        then."""
        self._rows = rows
        self.setSizePolicy(self.sizePolicy().horizontalPolicy(), QSizePolicy.Policy.Fixed)
        self.updateGeometry()

    def count(self) -> int:
        return len(self._lines)

    def setLines(self, lines: Sequence[str]) -> bool:
        """Show ``lines``; True if they changed (else nothing is done: no layout, no
        repaint). The view stays scrolled where it was, as far as the lines go."""
        new = list(lines)
        if new == self._lines:
            return False
        self._lines = new
        self.setAccessibleDescription("\n".join(new))
        self._lay_out()
        self.viewport().update()
        return True

    def line_rects(self) -> list[QRect]:
        """Each line's place in the view, scrolled as it is now (the room it was given:
        the text's own laid-out size)."""
        self._lay_out()
        top = -self.verticalScrollBar().value()
        rects = []
        for text, y in zip(self._lines, self._tops, strict=True):
            size = self._laid[text].size()
            rects.append(QRect(_PAD, top + y, round(size.width()), round(size.height())))
        return rects

    def text_width(self) -> int:
        """The width every line is wrapped to: the view's, less the frame, the padding and
        a scroll bar's room (kept whether or not the bar shows, so that showing it never
        wraps the lines again)."""
        frame = 2 * self.frameWidth()
        bar = self.verticalScrollBar().sizeHint().width()
        return max(1, self.width() - frame - bar - 2 * _PAD)

    # -- laying out ---------------------------------------------------------------------
    def _lay_out(self) -> None:
        """Lay out each line not laid out for this width and font yet; place them (a new
        font or style starts over: :meth:`changeEvent`)."""
        width = self.text_width()
        if width != self._laid_for:
            self._laid.clear()
            self._laid_for = width
        font = self.font()
        laid: dict[str, QStaticText] = {}
        tops = []
        y = _PAD
        for text in self._lines:
            static = laid.get(text) or self._laid.get(text) or _laid_out(text, width, font)
            laid[text] = static
            tops.append(y)
            y += round(static.size().height()) + _GAP
        self._laid = laid  # lines gone are forgotten
        self._tops = tops
        height = y - _GAP + _PAD if tops else 0
        bar = self.verticalScrollBar()
        view = self.viewport().height()
        bar.setPageStep(max(1, view))
        bar.setSingleStep(max(1, self.fontMetrics().lineSpacing()))
        bar.setRange(0, max(0, height - view))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._lay_out()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._laid_for = None
            self.updateGeometry()  # its rows at the window's new text size
            self._lay_out()
            self.viewport().update()

    def sizeHint(self) -> QSize:
        if self._rows:
            return QSize(256, self.rows_height(self._rows))
        return QSize(256, 192)  # a list's

    def minimumSizeHint(self) -> QSize:
        return QSize(64, self.rows_height(self._rows or 1))

    def rows_height(self, rows: int) -> int:
        """The height that shows ``rows`` one-line lines whole."""
        lines = rows * self.fontMetrics().lineSpacing() + (rows - 1) * _GAP
        return 2 * self.frameWidth() + 2 * _PAD + lines

    # -- painting -----------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        if self._laid_for is None:
            self._lay_out()
        painter = QPainter(self.viewport())
        area = event.rect()
        painter.fillRect(area, self.palette().base())
        painter.setFont(self.font())
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        shift = self.verticalScrollBar().value()
        for text, y in zip(self._lines, self._tops, strict=True):
            static = self._laid[text]
            top = y - shift
            if top > area.bottom():
                break
            if top + static.size().height() >= area.top():
                painter.drawStaticText(QPointF(_PAD, top), static)
        painter.end()
