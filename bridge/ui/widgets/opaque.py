"""Widgets that paint every pixel of their own rectangle, so a change repaints them alone.

Qt paints a widget that leaves part of its rectangle unpainted (rounded corners, text
on nothing) over a fresh copy of everything behind it: its parents, down to the
window's background, are painted again first, each time it changes. An opaque widget
(``WA_OpaquePaintEvent``) paints what is behind it itself, the window's plain
background, then itself; Qt leaves the widgets behind it alone. Qt no longer paints
its style sheet's background either: a pill paints its colour itself.

Only for widgets that sit on the window's plain background, as the reasons, the Turn
and pool labels, the card entries' rules lines and the Shields and Power bars all do.
A push button is left as Qt paints it: painting its rounded corners' backdrop from
Python cost more than the painting behind it that it saved. A group's buttons sit on
a :func:`plain_box` instead, which Qt fills itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QShowEvent
from PySide6.QtWidgets import QGridLayout, QProgressBar, QScrollBar, QVBoxLayout, QWidget

from bridge.ui.base.theme import COLORS
from bridge.ui.widgets.text_color import TextColor

__all__ = [
    "BACKDROP",
    "Opaque",
    "OpaqueBar",
    "OpaqueScrollBar",
    "paint_backdrop",
    "plain_box",
]

BACKDROP = QColor(COLORS.background)
"""The window's plain background, which every opaque widget sits on."""

if TYPE_CHECKING:  # what the mixin is mixed into, for the type checker
    _Widget = QWidget
else:
    _Widget = object


class Opaque(_Widget):
    """Mixed in before a widget class: the widget is marked opaque (it paints all of
    its rectangle: its ``paintEvent`` begins with :func:`paint_backdrop`, unless its
    style fills the whole rectangle).

    The style sheet takes the mark from a widget with padding or rounded corners each
    time it styles it: before the widget is first shown, and at a new style sheet or
    text size (a ``StyleChange``). So the mark is set then, after the styling."""

    def showEvent(self, event: QShowEvent) -> None:
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        super().showEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.StyleChange:
            self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)


def paint_backdrop(painter: QPainter, widget: QWidget) -> None:
    """Paint with ``painter`` what Qt would have painted behind ``widget``: the window's
    background, with the painter that paints the widget (a second painter on it would
    cost more than the painting it saves).

    An opaque widget has no style-sheet background of its own, which Qt would no longer
    paint: a pill paints its colour itself. (Drawing that with the style, ``QStyle``,
    made Python build the style's dozen enums at start-up: 2% of a console's start.)"""
    painter.fillRect(widget.rect(), BACKDROP)


class OpaqueBar(Opaque, TextColor, QProgressBar):
    """A progress bar that paints the backdrop of its rounded corners itself (its value
    changes a few times a battle: it keeps Qt's own painting), and its numbers in the
    middle, in the style's colour or one of its own (:meth:`setTextColor`)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTextVisible(False)  # the bar paints its numbers (``paintEvent``)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_backdrop(painter, self)
        painter.end()
        super().paintEvent(event)
        painter = QPainter(self)
        painter.setFont(self.font())
        painter.setPen(self.textColor())
        painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, self.text())
        painter.end()


class OpaqueScrollBar(Opaque, QScrollBar):
    """A scroll bar whose style sheet paints all of it (a plain colour under its handle),
    marked so: a log's new line moves its handle without the log's frame and the bar's
    container being painted again behind it."""


def plain_box(group: QWidget) -> QGridLayout:
    """A grid for ``group``'s controls, on a plain box that fills itself with the
    window's background (Qt does, with no Python in it): a control's new state repaints
    the box under it, not the group's rounded frame and the window behind it."""
    box = QWidget(group)
    box.setAutoFillBackground(True)
    QVBoxLayout(group).addWidget(box)
    grid = QGridLayout(box)
    grid.setContentsMargins(0, 0, 0, 0)
    return grid
