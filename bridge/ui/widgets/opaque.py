"""Widgets that paint every pixel of their own rectangle, so a change repaints them alone.

Qt paints a widget that leaves part of its rectangle unpainted (rounded corners, text
on nothing) over a fresh copy of everything behind it: its parents, down to the
window's background, are painted again first, each time it changes. An opaque widget
(``WA_OpaquePaintEvent``) paints what is behind it itself: the window's plain
background, then the background its style sheet gives it, then itself; Qt leaves the
widgets behind it alone.

Only for widgets that sit on the window's plain background, as the reasons, the Turn
and pool labels, the card entries' rules lines and the Shields and Power bars all do.
A push button is left as Qt paints it: painting its rounded corners' backdrop from
Python cost more than the painting behind it that it saved.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QShowEvent
from PySide6.QtWidgets import QProgressBar, QScrollBar, QStyle, QStyleOption, QWidget

from bridge.ui.base.theme import COLORS

__all__ = [
    "BACKDROP",
    "OpaqueBar",
    "OpaqueScrollBar",
    "keep_opaque",
    "make_opaque",
    "paint_backdrop",
]

BACKDROP = QColor(COLORS.background)
"""The window's plain background, which every opaque widget sits on."""


def make_opaque(widget: QWidget) -> None:
    """Tell Qt that ``widget`` paints all of its rectangle (its ``paintEvent`` must begin
    with :func:`paint_backdrop`, unless its style fills the whole rectangle).

    The style sheet takes the mark from a widget with padding or rounded corners each
    time it styles it: such a widget calls :func:`keep_opaque` from its ``showEvent``
    and ``changeEvent`` (it is styled before it is first shown, and a new style sheet
    or text size sends a ``StyleChange``)."""
    widget.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)


def keep_opaque(widget: QWidget, event: QEvent) -> None:
    """Mark ``widget`` opaque again once the style sheet has styled it (``event``: its
    ``showEvent``'s or ``changeEvent``'s)."""
    if event.type() in (QEvent.Type.Show, QEvent.Type.StyleChange):
        make_opaque(widget)


def paint_backdrop(painter: QPainter, widget: QWidget) -> None:
    """Paint with ``painter`` what Qt would have painted behind ``widget``: the window's
    background, then the widget's own style-sheet background (a pill's rounded colour),
    if it has one. (With the painter that paints the widget: a second painter on it
    would cost more than the painting it saves.)"""
    painter.fillRect(widget.rect(), BACKDROP)
    if widget.testAttribute(Qt.WidgetAttribute.WA_StyledBackground):
        option = QStyleOption()
        option.initFrom(widget)
        widget.style().drawPrimitive(QStyle.PrimitiveElement.PE_Widget, option, painter, widget)


class OpaqueBar(QProgressBar):
    """A progress bar that paints the backdrop of its rounded corners itself (its value
    changes a few times a battle: it keeps Qt's own painting)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        make_opaque(self)

    def showEvent(self, event: QShowEvent) -> None:
        keep_opaque(self, event)
        super().showEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        keep_opaque(self, event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_backdrop(painter, self)
        painter.end()
        super().paintEvent(event)


class OpaqueScrollBar(QScrollBar):
    """A scroll bar whose style sheet paints all of it (a plain colour under its handle),
    marked so: a log's new line moves its handle without the log's frame and the bar's
    container being painted again behind it."""

    def __init__(self, orientation: Qt.Orientation, parent: QWidget | None = None) -> None:
        super().__init__(orientation, parent)
        make_opaque(self)

    def showEvent(self, event: QShowEvent) -> None:
        keep_opaque(self, event)
        super().showEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        keep_opaque(self, event)
