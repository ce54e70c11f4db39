"""A word-wrapped line of reasons that keeps its height as its words change."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QWidget

__all__ = ["ReasonLabel"]


class ReasonLabel(QLabel):
    """Word-wrapped, at least ``lines`` lines tall at its font: a reason that changes
    with every Command moves nothing around it (and so repaints nothing else), unless it
    needs more lines than that."""

    def __init__(self, lines: int = 1, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lines = lines
        self.setWordWrap(True)
        self._reserve()

    def _reserve(self) -> None:
        margins = self.contentsMargins()
        spacing = self.fontMetrics().lineSpacing()
        self.setMinimumHeight(self._lines * spacing + margins.top() + margins.bottom())

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._reserve()
