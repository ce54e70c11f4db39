"""A widget that paints its own text, in its style's colour or in one of its own."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QColor

if TYPE_CHECKING:  # what the mixin is mixed into, for the type checker
    from PySide6.QtWidgets import QWidget as _Widget
else:
    _Widget = object

__all__ = ["TextColor"]


class TextColor(_Widget):
    """Mixed in before a widget class whose ``paintEvent`` paints its text with
    :meth:`textColor`. A new colour repaints the widget alone; giving it with the style
    sheet (a property the sheet reads) would style the widget again, and a style change
    lays its window out again."""

    _color: QColor | None = None

    def textColor(self) -> QColor:
        """The colour its text is painted in."""
        return self._color or self.palette().color(self.foregroundRole())

    def setTextColor(self, color: str) -> None:
        """Paint the text in ``color`` (empty: the style's colour)."""
        new = QColor(color) if color else None
        if new != self._color:
            self._color = new
            self.update()
