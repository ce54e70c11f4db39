"""The viewscreen's labels: a one-line label that shows as much as fits, and the damage
report that shows the newest whole lines that fit."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtGui import (
    QFont,
    QFontMetrics,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QLabel,
    QSizePolicy,
)

from bridge.ui.base.theme import COLORS
from bridge.ui.widgets.challenge_dice import dice_html

__all__ = ["FittedLabel", "ItemsLabel", "ReportLabel"]


class FittedLabel(QLabel):
    """A one-line label that shows as much of its text as its width allows."""

    def __init__(self, name: str, text: str = "") -> None:
        super().__init__()
        self.setObjectName(name)
        self._full = text
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setText(text)

    def full_text(self) -> str:
        return self._full

    def sizeHint(self) -> QSize:
        """The whole text's size: a label shorter than this shows its text cut."""
        hint = super().sizeHint()
        metrics = QFontMetrics(self.font())
        extra = metrics.horizontalAdvance(self._full) - metrics.horizontalAdvance(self.text())
        return QSize(hint.width() + max(extra, 0), hint.height())

    def setFullText(self, text: str) -> None:
        if text != self._full:
            self._full = text
            self.setText(text)
            self.updateGeometry()
            self._elide()

    def _elide(self) -> None:
        width = self.contentsRect().width()
        shown = QFontMetrics(self.font()).elidedText(self._full, Qt.TextElideMode.ElideRight, width)
        if shown != self.text():
            self.setText(shown)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def changeEvent(self, event: QEvent) -> None:  # the font follows the window's size
        super().changeEvent(event)
        self._elide()


class ItemsLabel(QLabel):
    """Items joined by " · " on at most ``rows`` wrapped lines: as many whole items as fit,
    then "+ N MORE"."""

    def __init__(self, name: str, rows: int = 2) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._items: list[str] = []
        self._rows = rows
        self.shown: list[str] = []
        """The items on screen."""

    def setItems(self, items: list[str]) -> None:
        if items != self._items:
            self._items = list(items)
            self._fit()

    def _fit(self) -> None:
        """The most whole items whose text wraps within the rows; the label as tall."""
        width = self.width()
        self.setText("\n".join("X" * self._rows))  # the height of the rows, as laid out
        limit = self.heightForWidth(width) + 1
        items = self._items
        text = f"{len(items)} IN PLAY" if items else ""
        self.shown = []
        for k in range(len(items), 0, -1):
            more = f" · + {len(items) - k} MORE" if k < len(items) else ""
            candidate = " · ".join(items[:k]) + more
            self.setText(candidate)
            if self.heightForWidth(width) <= limit:
                text, self.shown = candidate, items[:k]
                break
        self.setText(text)
        need = min(max(self.heightForWidth(width), 1), limit) if text else 0
        if need != self.height():
            self.setFixedHeight(need)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()

    def changeEvent(self, event: QEvent) -> None:  # the font follows the window's size
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit()


class ReportLabel(QLabel):
    """The newest lines that fit, wrapped, oldest dimmed; one too long alone is cut."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("report")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._lines: list[str] = []
        self._rows, self._line = 2, 20
        self.shown: list[str] = []
        """The lines on screen, oldest first."""

    def setRows(self, rows: int, px: int) -> None:
        """At most ``rows`` lines of type ``px`` pixels high (the style sheet's, just set)."""
        font = QFont(self.font())
        font.setPixelSize(px)
        self._rows, self._line = rows, QFontMetrics(font).lineSpacing()
        self._fit()

    def setLines(self, lines: list[str]) -> None:
        self._lines = list(lines)
        self._fit()

    def _html(self, lines: list[str]) -> str:
        """The lines, the older ones dimmed; challenge dice drawn as dice, a line high."""
        px = max(round(self._line * 0.8), 8)
        dim = f'<span style="color: {COLORS.dim};">'
        older = [f"{dim}{dice_html(line, px)}</span>" for line in lines[:-1]]
        return "<br>".join([*older, dice_html(lines[-1], px)])

    def _fit(self) -> None:
        """The newest whole lines that fit; the label is as tall as they need."""
        width, limit = self.width(), self._line * self._rows + 4
        shown = self._lines[-1:]
        for k in range(len(self._lines), 0, -1):
            self.setText(self._html(self._lines[-k:]))
            if self.heightForWidth(width) <= limit:
                shown = self._lines[-k:]
                break
        else:
            if shown:
                metrics = QFontMetrics(self.font())
                room = self.contentsRect().width() * self._rows - metrics.averageCharWidth() * 8
                shown = [metrics.elidedText(shown[0], Qt.TextElideMode.ElideRight, room)]
        self.shown = shown
        self.setText(self._html(shown) if shown else "")
        needed = min(max(self.heightForWidth(width), self._line + 4), limit)
        if needed != self.height():
            self.setFixedHeight(needed)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit()
