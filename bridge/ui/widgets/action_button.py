"""A card entry as a button: name, the roll it needs, and why it is disabled."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPointF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QTextLayout, QTextLine
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from bridge.engine import ActionDef
from bridge.ui.base.theme import COLORS
from bridge.ui.widgets.opaque import Opaque, paint_backdrop

__all__ = ["ActionButton", "summary"]


def summary(action: ActionDef) -> str:
    """One line: Attribute + Discipline · assist · Difficulty · Power."""
    parts = []
    if action.roll_text:
        parts.append(action.roll_text)
    if action.assist_text:
        parts.append(f"ship {action.assist_text}")
    if action.kind == "task" and action.rolled:
        parts.append(f"D {action.difficulty_text}")
    elif action.kind == "task" and action.difficulty_note:  # a card entry without a roll
        parts.append(action.difficulty_note)
    if action.power or action.power_note:
        parts.append(f"Power {action.power_note or action.power}")
    if action.succeed_at_cost:
        parts.append("can Succeed at Cost")
    return "  ·  ".join(parts)


class _RulesLine(Opaque, QLabel):
    """The entry's line of rules: word-wrapped text that never changes, so its height
    at a width is worked out once (the window's layouts ask for it many times while
    they settle), until a new font or style.

    While the entry is disabled for a reason of its own, the reason is written in the
    rules' place, in a reason's colour, in the same room (what does not fit ends in an
    ellipsis; the button's tooltip has it whole): a reason coming or going at a Turn's
    start or end moves no entry of the card."""

    def __init__(self, text: str, parent: QWidget) -> None:
        super().__init__(text, parent)
        self._heights: dict[int, int] = {}
        self._reason: str | None = None
        self.setWordWrap(True)

    def reason(self) -> str | None:
        """The reason written in place of the rules, if any."""
        return self._reason

    def setReason(self, reason: str | None) -> None:
        if reason == self._reason:
            return
        self._reason = reason
        self.setAccessibleDescription(reason or "")
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        paint_backdrop(painter, self)  # the window's background (the label is opaque)
        if self._reason is None:  # the rules, as a label paints them (a few times a battle)
            painter.end()
            super().paintEvent(event)
            return
        self.drawFrame(painter)
        painter.setPen(QColor(COLORS.peach))
        _draw_within(painter, self, self._reason)
        painter.end()

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = super().heightForWidth(width)
        return height

    def changeEvent(self, event: QEvent) -> None:
        self._heights.clear()  # a font, style or margins that may wrap it otherwise
        super().changeEvent(event)


def _draw_within(painter: QPainter, label: QLabel, text: str) -> None:
    """``text`` word-wrapped in ``label``'s contents, its last line that fits ending in
    an ellipsis if the rest does not."""
    area = label.contentsRect()
    font = label.font()
    layout = QTextLayout(text, font)
    layout.beginLayout()
    lines: list[QTextLine] = []
    y = 0.0
    while True:
        line = layout.createLine()
        if not line.isValid():
            break
        line.setLineWidth(area.width())
        if lines and y + line.height() > area.height():
            break
        line.setPosition(QPointF(0, y))
        y += line.height()
        lines.append(line)
    layout.endLayout()
    if not lines:
        return
    last = lines[-1]
    cut = last.textStart() + last.textLength() < len(text)
    for line in lines[:-1] if cut else lines:
        line.draw(painter, QPointF(area.topLeft()))
    if cut:
        rest = text[last.textStart() :]
        words = label.fontMetrics().elidedText(rest, Qt.TextElideMode.ElideRight, area.width())
        top = area.top() + last.y()
        painter.setFont(font)
        painter.drawText(
            QPointF(area.left(), top + label.fontMetrics().ascent()),
            words,
        )


class ActionButton(QWidget):
    """Button plus a small line of rules (if the entry has any); disabled, the reason is
    in the button's tooltip and, for an entry with rules, in their place (the card
    keeps its shape). An entry without rules has no room of its own for it: the card
    says it in its line of reasons (see :attr:`has_room`)."""

    def __init__(self, action: ActionDef, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.action = action
        # The entry fills its rectangle with the window's background (Qt does, with no
        # Python in it): its button's new state repaints the entry, not the card behind.
        self.setAutoFillBackground(True)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 4)
        layout.setSpacing(1)
        # Each child is made with its parent: under the stylesheet, one made alone and
        # added later would have its style worked out twice.
        self.button = QPushButton(action.name.upper(), self)
        self.button.setObjectName("task" if action.kind == "task" else "minor")
        tip = action.text
        if action.momentum:
            tip += f"\nMomentum: {action.momentum}."
        line = summary(action)
        self._tip = f"{action.name}: {tip}" + (f"\n{line}" if line else "")
        self.button.setToolTip(self._tip)
        layout.addWidget(self.button)
        # The line of rules, for the entries that have one (a Minor Action often has none).
        self.detail: _RulesLine | None = None
        if line:
            self.detail = _RulesLine(line, self)
            self.detail.setObjectName("dim")
            layout.addWidget(self.detail)
        self._shown: tuple[str | None, bool] | None = None  # the reason last set

    @property
    def has_room(self) -> bool:
        """Whether the entry can say a reason of its own (in its rules' place)."""
        return self.detail is not None

    def said(self) -> str:
        """The reason said at the entry (in its rules' place), or an empty text."""
        return (self.detail.reason() or "") if self.detail is not None else ""

    def setReason(self, reason: str | None, show: bool = True) -> None:
        """Enable the button, or disable it and say why (``show``: at the entry too, in
        its rules' place, if it has rules)."""
        if self._shown == (reason, show):
            return
        self._shown = (reason, show)
        self.button.setEnabled(reason is None)
        self.button.setToolTip(f"{reason}\n\n{self._tip}" if reason else self._tip)
        if self.detail is not None:
            self.detail.setReason(reason if reason and show else None)
