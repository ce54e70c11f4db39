"""The battle log: every Command and roll, readable, newest at the bottom."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from PySide6.QtCore import QRectF, Qt, QTimer
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QPainter,
    QPaintEvent,
    QShowEvent,
    QTextCursor,
)
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from bridge.engine import JournalEntry
from bridge.rules.hidden import reveal
from bridge.ui.widgets.opaque import OpaqueScrollBar

__all__ = ["GM_LINES", "SHOWN", "LogView", "entry_text"]

SHOWN = 1000
"""The most entries a log shows after a rebuild (the whole battle is in its journal
and in File ▸ Export recap)."""

GM_LINES = 5000
"""The lines the GM's log keeps as a battle goes on (a quarter more before the oldest
go; the journal and the recap keep them): a campaign evening does not grow the window's
memory."""


def entry_text(entry: JournalEntry) -> str:
    """One entry: its first line marked, the rest indented beneath it. (A crew seat's
    entries come already read for it; the GM's hold hidden spans, shown whole here.)"""
    lines = [reveal(line) for line in entry.log] or [f"({entry.command.type})"]
    return "\n".join([f"▸ {lines[0]}", *(f"   {line}" for line in lines[1:])])


class LogView(QPlainTextEdit):
    """Read-only log; ``setJournal`` appends new entries, takes back the last one (an
    undo), or rebuilds (another battle). Each costs what changed, not the log's length:
    new entries below a full log scroll it, so only their lines are painted.

    The log follows its newest entry while it is scrolled to the bottom; scrolled up
    to read back, it stays where it is.

    A log nobody can see (in a tab behind another, or scrolled out of its column)
    takes in nothing: it keeps the newest journal it was given and catches up when it
    is shown or scrolled into view, so a window's hidden log costs a Command nothing."""

    def __init__(self, parent: QWidget | None = None, limit: int = 0) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        # A log is never edited: no undo history (it would keep every line ever shown,
        # and the text it trims, for good).
        self.setUndoRedoEnabled(False)
        self._limit = limit
        self._count = 0  # how many journal entries the log has taken in
        cap = limit or SHOWN
        # The newest entries shown, with how many lines each took (to take one back).
        self._tail: deque[tuple[JournalEntry, int]] = deque(maxlen=cap)
        self._lines = limit or GM_LINES  # the most lines it keeps (a quarter more at times)
        # The log paints its own background (paintEvent): a new line repaints the log and
        # scrolls its pixels, not everything behind it as well.
        self.viewport().setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setVerticalScrollBar(OpaqueScrollBar(Qt.Orientation.Vertical, self))
        # Following the newest entry is kept as a state, not read off the scroll bar: a
        # long line wrapped once the log knows its width lengthens the log after it was
        # scrolled down, and the log then stayed put above its newest entry.
        self._follow = True
        bar = self.verticalScrollBar()
        bar.rangeChanged.connect(self._range_changed)
        bar.actionTriggered.connect(lambda _action: self._reader_scrolled(bar.sliderPosition()))
        bar.sliderMoved.connect(self._reader_scrolled)
        self._scrolling = False  # appending below a full log: scrolling shows the new lines
        self._layout: QAbstractTextDocumentLayout | None = None
        self._hook_layout()
        self._due: tuple[Sequence[JournalEntry], int | None] | None = None  # not yet taken in
        self._catching_up = False

    def _hook_layout(self) -> None:
        """The document's layout asks for the whole log to be repainted whenever its
        count of lines changes; the log passes that on, except while new lines come in
        below a full log, when scrolling it up shows them (and paints only them)."""
        layout = self.document().documentLayout()
        if layout is self._layout:
            return
        layout.update.disconnect()
        layout.update.connect(self._layout_changed)
        self._layout = layout

    def _range_changed(self, _low: int, high: int) -> None:
        bar = self.verticalScrollBar()
        if self._follow and bar.value() != high:
            bar.setValue(high)  # the log grew under its newest entry: still at the bottom

    def _reader_scrolled(self, position: int) -> None:
        """The reader scrolled (wheel, keys, the bar): up, the log stays where they are;
        back at the bottom, it follows again."""
        self._follow = position >= self.verticalScrollBar().maximum()

    def _layout_changed(self, _rect: QRectF) -> None:
        if not self._scrolling:
            self.viewport().update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if self._due is not None:  # scrolled into view: the entries it missed, next
            self._catch_up_soon()
        painter = QPainter(self.viewport())
        painter.fillRect(event.rect(), self.palette().base())
        painter.end()
        super().paintEvent(event)

    @property
    def shown(self) -> int:
        """How many journal entries the log has taken in."""
        return self._count

    def seen(self) -> bool:
        """Whether any of the log is on screen (its window shown, its tab in front, not
        scrolled out of its column)."""
        return self.isVisible() and not self.visibleRegion().isEmpty()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._due is not None:
            self._catch_up_soon()

    def _catch_up_soon(self) -> None:
        if not self._catching_up:
            self._catching_up = True
            QTimer.singleShot(0, self, self.catch_up)

    def catch_up(self) -> None:
        """Take in the journal last given while the log could not be seen."""
        self._catching_up = False
        due, self._due = self._due, None
        if due is not None:
            self._take(*due)

    def setJournal(self, recent: Sequence[JournalEntry], total: int | None = None) -> None:
        """Show the journal: ``recent`` is its last entries, ``total`` its length (by
        default ``recent`` is all of it). New entries are appended in one go, an undone
        last entry is taken back; anything else rebuilds the log from the last entries.
        A log that cannot be seen keeps them until it can (:meth:`catch_up`)."""
        if not self.seen():
            self._due = (recent, total)
            return
        self._due = None
        self._take(recent, total)

    def _take(self, recent: Sequence[JournalEntry], total: int | None) -> None:
        total = len(recent) if total is None else total
        first = total - len(recent)  # the journal index of recent[0]
        at = self._count - 1 - first  # where the last entry shown sits in recent
        last = self._tail[-1][0] if self._tail else None
        follows = total >= self._count and (
            (self._count == 0 and first == 0) or (0 <= at < len(recent) and recent[at] == last)
        )
        cap = self._limit or SHOWN
        bar = self.verticalScrollBar()
        at_bottom = self._follow
        if follows:
            self._append(recent[at + 1 :][-cap:])
        elif not (total == self._count - 1 and self._take_back(recent)):
            self._tail.clear()
            self.clear()
            self._append(recent[-cap:])
            at_bottom = True  # another battle: its newest entry
        self._count = total
        self._follow = at_bottom
        if at_bottom:
            bar.setValue(bar.maximum())

    def _append(self, entries: Sequence[JournalEntry]) -> None:
        if not entries:
            return
        texts = [entry_text(e) for e in entries]
        self._hook_layout()
        document, bar = self.document(), self.verticalScrollBar()
        over = document.blockCount() + sum(t.count("\n") + 1 for t in texts) - self._lines
        trim = over > self._lines // 4  # the oldest lines go a quarter of the log at a time
        self._scrolling = not trim and 0 < bar.maximum() == bar.value()
        last = document.lastBlock()  # the new lines come after it
        try:
            self.appendPlainText("\n".join(texts))  # scrolls, if at the bottom
        finally:
            scrolled, self._scrolling = self._scrolling, False
        self._tail.extend((e, t.count("\n") + 1) for e, t in zip(entries, texts, strict=True))
        if trim:
            self._drop_first(over)
        elif scrolled:  # the new lines, where the scroll left them
            top = self.blockBoundingGeometry(last.next()).translated(self.contentOffset()).top()
            area = self.viewport().rect()
            self.viewport().update(area.adjusted(0, max(int(top) - 1, 0), 0, 0))

    def _drop_first(self, lines: int) -> None:
        # Selected up to the first line kept, found by its number (moving the cursor
        # block by block costs ten times as much: every station's log trims at once).
        document = self.document()
        cursor = QTextCursor(document)
        kept = document.findBlockByNumber(lines)
        if kept.isValid():
            cursor.setPosition(kept.position(), QTextCursor.MoveMode.KeepAnchor)
        else:  # every line goes
            cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        cursor.removeSelectedText()

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
