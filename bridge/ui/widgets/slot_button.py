"""A button that comes and goes in a place kept for it, and lays out nothing when it does.

Showing or hiding a widget asks its whole window to be laid out again, even when its
room is kept (``retainSizeWhenHidden``): every label's words are measured anew, some
milliseconds at a Task in each station window. A :class:`SlotButton` never hides: out
of use it is disabled, out of the focus chain, silent, and paints nothing, so coming
and going only repaints its own place.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QPushButton, QWidget

__all__ = ["SlotButton"]


class SlotButton(QPushButton):
    """A push button in use (:meth:`setShown`) or an empty place of its size."""

    def __init__(self, text: str, empty: str, parent: QWidget | None = None) -> None:
        """``empty``: what a screen reader says of the place while it is out of use."""
        super().__init__(text, parent)
        self._shown = True
        self._tip = ""
        self._empty = empty
        self.setShown(False)

    def isShown(self) -> bool:
        return self._shown

    def setShown(self, shown: bool) -> None:
        if shown == self._shown:
            return
        self._shown = shown
        self.setEnabled(shown)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if shown else Qt.FocusPolicy.NoFocus)
        super().setToolTip(self._tip if shown else "")
        self.setAccessibleName("" if shown else self._empty)  # "": its text, as any button
        # Out of use, not even the style sheet's background: what is behind shows.
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground, not shown)
        self.update()

    def setToolTip(self, tip: str) -> None:
        self._tip = tip
        if self._shown:
            super().setToolTip(tip)

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._shown:
            super().paintEvent(event)
