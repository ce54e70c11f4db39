"""The battle log: every Command and roll, readable, newest at the bottom."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from bridge.engine import JournalEntry

__all__ = ["SHOWN", "LogView", "entry_text"]

SHOWN = 1000
"""The most entries a log shows after a rebuild (the whole battle is in its journal
and in File ▸ Export recap)."""


def entry_text(entry: JournalEntry) -> str:
    """One entry: its first line marked, the rest indented beneath it."""
    lines = list(entry.log) or [f"({entry.command.type})"]
    return "\n".join([f"▸ {lines[0]}", *(f"   {line}" for line in lines[1:])])


class LogView(QPlainTextEdit):
    """Read-only log; ``setJournal`` appends new entries, or rebuilds (after an undo)."""

    def __init__(self, parent: QWidget | None = None, limit: int = 0) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self._limit = limit
        self._count = 0  # how many journal entries the log has taken in
        self._last: JournalEntry | None = None
        if limit:
            self.setMaximumBlockCount(limit)

    @property
    def shown(self) -> int:
        """How many journal entries the log has taken in."""
        return self._count

    def setJournal(self, recent: Sequence[JournalEntry], total: int | None = None) -> None:
        """Show the journal: ``recent`` is its last entries, ``total`` its length (by
        default ``recent`` is all of it). New entries are appended in one go; anything
        else (an undo, another battle) rebuilds the log from the last entries."""
        total = len(recent) if total is None else total
        first = total - len(recent)  # the journal index of recent[0]
        at = self._count - 1 - first  # where the last entry shown sits in recent
        follows = total >= self._count and (
            (self._count == 0 and first == 0)
            or (0 <= at < len(recent) and recent[at] == self._last)
        )
        cap = self._limit or SHOWN
        if follows:
            new = recent[at + 1 :][-cap:]
            if new:
                self.appendPlainText("\n".join(entry_text(e) for e in new))
        else:
            self.setPlainText("\n".join(entry_text(e) for e in recent[-cap:]))
        self._count = total
        self._last = recent[-1] if recent else None
        self.moveCursor(QTextCursor.MoveOperation.End)
        self.ensureCursorVisible()
