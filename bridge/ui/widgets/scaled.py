"""Painted widgets that grow with the text size of the window they are in."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize
from PySide6.QtWidgets import QWidget

from bridge.ui.base.theme import scaled

__all__ = ["ScaledWidget"]


class ScaledWidget(QWidget):
    """A painted widget whose sizes come from ``scaled``: ``HINT`` and ``MINIMUM`` in
    pixels at 100% text; a new text size (the window's font or stylesheet changes)
    takes new sizes."""

    HINT = (300, 120)
    MINIMUM = (120, 100)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self.updateGeometry()
            self.update()

    def minimumSizeHint(self) -> QSize:
        return QSize(round(scaled(self.MINIMUM[0], self)), round(scaled(self.MINIMUM[1], self)))

    def sizeHint(self) -> QSize:
        return QSize(round(scaled(self.HINT[0], self)), round(scaled(self.HINT[1], self)))
