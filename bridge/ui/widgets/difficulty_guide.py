"""What each Difficulty 0-5 is like (seed 003's examples), shown where the GM sets one."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget

from bridge.rules.examples import DIFFICULTY_EXAMPLES, examples_text

__all__ = ["DifficultyGuide", "difficulty_guide_html"]


def difficulty_guide_html(marked: int | None = None) -> str:
    """The six Difficulties, one line each, the ``marked`` one in bold."""
    rows = []
    for difficulty in DIFFICULTY_EXAMPLES:
        text = escape(examples_text(difficulty))
        cell = f"<b>{text}</b>" if difficulty == marked else text
        rows.append(f"<tr><td align=right><b>{difficulty}</b></td><td>{cell}</td></tr>")
    return "<table cellspacing=0 cellpadding=2>" + "".join(rows) + "</table>"


class DifficultyGuide(QLabel):
    """The Difficulty examples 0-5 (seed 003), with the one in question in bold."""

    def __init__(self, marked: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("dim")
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setToolTip("Seed 003's Difficulty examples: what each Difficulty is like")
        self._marked: int | None = -1
        self.mark(marked)

    def mark(self, difficulty: int | None) -> None:
        """Put ``difficulty`` (0-5; higher is 5) in bold."""
        marked = None if difficulty is None else min(max(difficulty, 0), 5)
        if marked != self._marked:
            self._marked = marked
            self.setText(difficulty_guide_html(marked))
