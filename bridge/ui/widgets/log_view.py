"""The battle log: every Command and roll, readable, newest at the bottom."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter, QPaintEvent, QTextCursor
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from bridge.engine import JournalEntry

__all__ = ["GM_LINES", "SHOWN", "LogView", "entry_text"]

SHOWN = 1000
"""The most entries a log shows after a rebuild (the whole battle is in its journal
and in File ▸ Export recap)."""

GM_LINES = 5000
"""The most lines the GM's log keeps as a battle goes on (older lines scroll away; the
journal and the recap keep them): a campaign evening does not grow the window's memory."""


def entry_text(entry: JournalEntry) -> str:
    """One entry: its first line marked, the rest indented beneath it."""
    lines = list(entry.log) or [f"({entry.command.type})"]
    return "\n".join([f"▸ {lines[0]}", *(f"   {line}" for line in lines[1:])])


class LogView(QPlainTextEdit):
    """Read-only log; ``setJournal`` appends new entries, takes back the last one (an
    undo), or rebuilds (another battle). Each costs what changed, not the log's length."""

    def __init__(self, parent: QWidget | None = None, limit: int = 0) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self._limit = limit
        self._count = 0  # how many journal entries the log has taken in
        cap = limit or SHOWN
        # The newest entries shown, with how many lines each took (to take one back).
        self._tail: deque[tuple[JournalEntry, int]] = deque(maxlen=cap)
        self.setMaximumBlockCount(limit or GM_LINES)
        # The log paints its own background (paintEvent): a new line repaints the log and
        # scrolls its pixels, not everything behind it as well.
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self.viewport())
        painter.fillRect(event.rect(), self.palette().base())
        painter.end()
        super().paintEvent(event)

    @property
    def shown(self) -> int:
        """How many journal entries the log has taken in."""
        return self._count

    def setJournal(self, recent: Sequence[JournalEntry], total: int | None = None) -> None:
        """Show the journal: ``recent`` is its last entries, ``total`` its length (by
        default ``recent`` is all of it). New entries are appended in one go, an undone
        last entry is taken back; anything else rebuilds the log from the last entries."""
        total = len(recent) if total is None else total
        first = total - len(recent)  # the journal index of recent[0]
        at = self._count - 1 - first  # where the last entry shown sits in recent
        last = self._tail[-1][0] if self._tail else None
        follows = total >= self._count and (
            (self._count == 0 and first == 0) or (0 <= at < len(recent) and recent[at] == last)
        )
        cap = self._limit or SHOWN
        if follows:
            self._append(recent[at + 1 :][-cap:])
        elif not (total == self._count - 1 and self._take_back(recent)):
            self._tail.clear()
            self.clear()
            self._append(recent[-cap:])
        self._count = total
        self.moveCursor(QTextCursor.MoveOperation.End)
        self.ensureCursorVisible()

    def _append(self, entries: Sequence[JournalEntry]) -> None:
        if not entries:
            return
        texts = [entry_text(e) for e in entries]
        self.appendPlainText("\n".join(texts))
        self._tail.extend((e, t.count("\n") + 1) for e, t in zip(entries, texts, strict=True))

    def _take_back(self, recent: Sequence[JournalEntry]) -> bool:
        """Remove the last entry shown if ``recent`` ends where the log did before it."""
        if not self._tail:
            return False
        before = self._tail[-2][0] if len(self._tail) > 1 else None
        if (recent[-1] if recent else None) != before or (before is None and recent):
            return False
        lines = self._tail[-1][1]
        blocks = self.document().blockCount()
        if lines > blocks or (lines == blocks) != (before is None):
            return False  # not the lines expected (older ones scrolled away): rebuild
        cursor = QTextCursor(self.document())
        cursor.movePosition(QTextCursor.MoveOperation.End)
        cursor.movePosition(QTextCursor.MoveOperation.StartOfBlock, QTextCursor.MoveMode.KeepAnchor)
        for _ in range(lines - 1):
            cursor.movePosition(
                QTextCursor.MoveOperation.PreviousBlock, QTextCursor.MoveMode.KeepAnchor
            )
        if before is not None:  # the line break before the entry goes too
            cursor.movePosition(
                QTextCursor.MoveOperation.PreviousCharacter, QTextCursor.MoveMode.KeepAnchor
            )
        cursor.removeSelectedText()
        self._tail.pop()
        return True
