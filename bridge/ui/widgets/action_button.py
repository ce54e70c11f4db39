"""A card entry as a button: name, the roll it needs, and why it is disabled."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QPushButton, QVBoxLayout, QWidget

from bridge.engine import ActionDef

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


class _RulesLine(QLabel):
    """The entry's line of rules: word-wrapped text that never changes, so its height
    at a width is worked out once (the window's layouts ask for it many times while
    they settle), until a new font or style."""

    def __init__(self, text: str, parent: QWidget) -> None:
        super().__init__(text, parent)
        self._heights: dict[int, int] = {}
        self.setWordWrap(True)

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = super().heightForWidth(width)
        return height

    def changeEvent(self, event: QEvent) -> None:
        self._heights.clear()  # a font, style or margins that may wrap it otherwise
        super().changeEvent(event)


class ActionButton(QWidget):
    """Button plus a small line of rules (if the entry has any) and, when disabled, the
    reason.

    The line of the reason is built the first time it is shown (or asked for): most
    entries of a card never show one under their button."""

    def __init__(self, action: ActionDef, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.action = action
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
        self.detail: QLabel | None = None
        if line:
            self.detail = _RulesLine(line, self)
            self.detail.setObjectName("dim")
            layout.addWidget(self.detail)
        self._reason: QLabel | None = None  # built when first shown
        self._shown: tuple[str | None, bool] | None = None  # the reason last set

    @property
    def reason(self) -> QLabel:
        """The line under the button that says why it is disabled (built when first
        asked for, with the reason last set)."""
        if self._reason is None:
            label = QLabel(self)
            label.setObjectName("reason")
            label.setWordWrap(True)
            label.hide()
            reason, show = self._shown or (None, False)
            label.setText(reason or "")
            layout = self.layout()
            assert layout is not None
            layout.addWidget(label)
            self._reason = label
            label.setVisible(bool(reason) and show)
        return self._reason

    def setReason(self, reason: str | None, show: bool = True) -> None:
        """Enable the button, or disable it and say why (``show``: under the button too)."""
        if self._shown == (reason, show):
            return
        self._shown = (reason, show)
        self.button.setEnabled(reason is None)
        self.button.setToolTip(f"{reason}\n\n{self._tip}" if reason else self._tip)
        if self._reason is None and not (reason and show):
            return  # nothing to show, and no line yet to hide
        self.reason.setText(reason or "")
        self.reason.setVisible(bool(reason) and show)
