"""What a person cannot read on screen: widgets cut off or outside their window."""

from __future__ import annotations

from PySide6.QtCore import QRect
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QLabel,
    QWidget,
)

__all__ = ["clipped"]

SLACK = 2
"""Pixels of rounding forgiven."""


def _scrolls(widget: QWidget, top: QWidget) -> bool:
    """Inside a scroll area's viewport (it may lie beyond the fold: it scrolls)."""
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def _name(widget: QWidget) -> str:
    text = widget.text() if isinstance(widget, (QLabel, QAbstractButton)) else ""
    return f"{type(widget).__name__} {text[:40]!r}"


def clipped(window: QWidget) -> list[str]:
    """Every visible label or button of ``window`` whose text does not fit it, or that
    lies outside the window (unless a scroll area holds it)."""
    problems = []
    bounds = window.rect()
    for widget in window.findChildren(QWidget):
        if not isinstance(widget, (QLabel, QAbstractButton)) or widget.window() is not window:
            continue
        if not widget.isVisibleTo(window):
            continue
        if not widget.text():
            continue
        place = QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())
        if not _scrolls(widget, window) and not bounds.adjusted(
            -SLACK, -SLACK, SLACK, SLACK
        ).contains(place):
            problems.append(f"{_name(widget)} outside the window at {place.getRect()}")
            continue
        if isinstance(widget, QLabel) and widget.wordWrap():
            need = widget.heightForWidth(widget.width())
            if need > widget.height() + SLACK:
                problems.append(f"{_name(widget)} needs {need} px height, has {widget.height()}")
        else:
            hint = widget.sizeHint()
            if hint.width() > widget.width() + SLACK:
                problems.append(f"{_name(widget)} needs {hint.width()} px, has {widget.width()}")
            if hint.height() > widget.height() + SLACK:
                problems.append(
                    f"{_name(widget)} needs {hint.height()} px height, has {widget.height()}"
                )
    return problems
