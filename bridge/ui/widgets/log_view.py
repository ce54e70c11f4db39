"""The battle log: every Command and roll, readable, newest at the bottom."""

from __future__ import annotations

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from bridge.engine import JournalEntry

__all__ = ["LogView", "entry_text"]


def entry_text(entry: JournalEntry) -> str:
    """One entry: its first line marked, the rest indented beneath it."""
    lines = list(entry.log) or [f"({entry.command.type})"]
    return "\n".join([f"▸ {lines[0]}", *(f"   {line}" for line in lines[1:])])


class LogView(QPlainTextEdit):
    """Read-only log; ``setJournal`` rebuilds it (after undo), ``append`` adds one entry."""

    def __init__(self, parent: QWidget | None = None, limit: int = 0) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self._limit = limit
        self._shown: tuple[JournalEntry, ...] = ()
        if limit:
            self.setMaximumBlockCount(limit)

    def setJournal(self, journal: tuple[JournalEntry, ...]) -> None:
        """Show ``journal``: new entries are appended; after an undo it is rebuilt."""
        shown = self._shown
        if len(journal) >= len(shown) and journal[: len(shown)] == shown:
            for entry in journal[len(shown) :]:
                self.appendPlainText(entry_text(entry))
        else:
            entries = journal[-self._limit :] if self._limit else journal
            self.setPlainText("\n".join(entry_text(e) for e in entries))
        self._shown = journal
        self.moveCursor(QTextCursor.MoveOperation.End)
        self.ensureCursorVisible()
