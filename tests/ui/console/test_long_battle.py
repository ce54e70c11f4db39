"""Opening a long battle in the GM console: the saved journal is not read to open it,
show its log, autosave it, or tell whether it changed (issue 10, point 8)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from PySide6.QtGui import QPaintEvent
from PySide6.QtWidgets import QAbstractSlider
from pytestqt.qtbot import QtBot

from bridge.engine.demo import demo_encounter
from bridge.engine.journal import JournalEntry
from bridge.engine.session import Session
from bridge.engine.ship.autopilot import suggest
from bridge.storage import battle, deferred
from bridge.storage.autosave import AutosaveJournal, recover
from bridge.storage.battle import save_battle
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.widgets.log_view import LogView, entry_text
from tests.factories import played


@pytest.fixture
def journal_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every battle file has its journal set aside; each whole read is counted."""
    reads: list[str] = []
    real = deferred.journal_loader

    def counting(text: bytes, name: str) -> Callable[[], tuple[JournalEntry, ...]]:
        load = real(text, name)

        def counted() -> tuple[JournalEntry, ...]:
            reads.append(name)
            return load()

        return counted

    monkeypatch.setattr(deferred, "journal_loader", counting)
    monkeypatch.setattr(battle, "DEFER_JOURNAL_BYTES", 0)
    return reads


def test_opening_shows_the_last_entries_and_autosaves_without_reading_the_journal(
    qtbot: QtBot, tmp_path: Path, journal_reads: list[str]
) -> None:
    original = played(60, seed=6)
    path = tmp_path / "long.json"
    save_battle(path, original)
    model = SharedModel(Session(demo_encounter()))
    console = GmConsole(model, autosave=True)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    assert console.files.open(path)
    assert model.state == original.state and not console.files.dirty
    assert console.log.shown == 60
    assert console.log.toPlainText().endswith(entry_text(original.journal[-1]))
    command = suggest(model.state, model.check)
    assert command is not None and model.submit(command) is not None
    assert console.files.dirty and console.log.shown == 61
    model.undo()
    assert not console.files.dirty and console.log.shown == 60
    assert journal_reads == []  # nothing so far needed the saved journal
    sink = model.session.sink
    assert isinstance(sink, AutosaveJournal)
    resumed = recover(sink.path).session  # the autosave holds the whole journal
    assert resumed.state == original.state and resumed.journal == original.journal
    model.undo()  # past the point of opening: the entries the log read are checked
    assert journal_reads == []  # and the journal is never parsed whole
    assert model.state == Session.replay(original.initial, original.journal[:59]).state


def test_the_log_appends_new_entries_takes_back_undone_ones_and_rebuilds_otherwise(
    qtbot: QtBot,
) -> None:
    """Issue 14: an undo costs what it changed, not a rebuild of the whole log."""
    journal = played(12, seed=6).journal
    other = played(4, seed=9).journal
    log = LogView(limit=0)
    qtbot.addWidget(log)
    log.show()  # a log on screen takes in what it is given at once

    def shown() -> Sequence[str]:
        return log.toPlainText().split("\n▸ ")

    log.setJournal(journal[5:10], total=10)  # a long battle: only the last five given
    assert log.shown == 10 and len(shown()) == 5
    log.setJournal(journal[8:12], total=12)  # two new ones follow the last shown
    assert log.shown == 12 and len(shown()) == 7
    log.setJournal(journal[:11])  # an undo: the last entry is taken back, nothing rebuilt
    assert log.shown == 11 and len(shown()) == 6
    assert log.toPlainText() == "\n".join(entry_text(e) for e in journal[5:11])
    log.setJournal(journal[:10])
    log.setJournal(journal[:11])  # redo: follows again
    assert log.toPlainText() == "\n".join(entry_text(e) for e in journal[5:11])
    log.setJournal(other)  # another battle: rebuilt from what is given
    assert log.shown == 4 and log.toPlainText() == "\n".join(entry_text(e) for e in other)
    for n in (3, 2, 1, 0):  # undo to the very start
        log.setJournal(other[:n])
        assert log.toPlainText() == "\n".join(entry_text(e) for e in other[:n])


def test_the_log_keeps_its_newest_lines(qtbot: QtBot) -> None:
    """A station's log keeps about ``limit`` lines: the oldest go, the newest stay."""
    journal = played(120, seed=6).journal
    log = LogView(limit=40)
    qtbot.addWidget(log)
    log.show()  # a log on screen takes in what it is given at once
    for n in range(1, len(journal) + 1):
        log.setJournal(journal[:n])
    lines = log.toPlainText().split("\n")
    assert 40 <= len(lines) <= 50  # a quarter more at most, before the oldest go
    assert log.toPlainText().endswith(entry_text(journal[-1]))
    assert entry_text(journal[0]).split("\n")[0] not in lines


def test_a_new_entry_paints_only_the_new_lines_and_scrolls_the_rest(qtbot: QtBot) -> None:
    """Issue 14: a Command repaints what changed: the log's new lines, not all of it;
    what is on screen is what a whole repaint would show."""
    journal = played(90, seed=6).journal
    log = LogView(limit=60)  # small: the oldest lines go as new ones come
    qtbot.addWidget(log)
    log.resize(420, 320)
    log.show()
    qtbot.waitExposed(log)
    log.setJournal(journal[:40])
    qtbot.wait(20)
    painted: list[int] = []
    real = log.paintEvent

    def paint(event: QPaintEvent) -> None:
        painted.append(event.region().boundingRect().height())
        real(event)

    def on_screen_as_painted_whole() -> bool:
        """The log on screen is what painting it whole shows (a glyph's edge aside:
        at most two rows of pixels differ)."""
        whole = log.grab().toImage()
        shown = log.screen().grabWindow(log.winId()).toImage().convertToFormat(whole.format())
        if shown.size() != whole.size():
            return False
        width = whole.bytesPerLine()
        a, b = bytes(shown.constBits()), bytes(whole.constBits())  # type: ignore[call-overload]
        rows = sum(
            a[y * width : (y + 1) * width] != b[y * width : (y + 1) * width]
            for y in range(whole.height())
        )
        return rows <= 2

    log.paintEvent = paint  # type: ignore[method-assign]
    bar = log.verticalScrollBar()
    whole = 0
    for n in range(41, 61):
        painted.clear()  # (a grab below paints the log whole, off screen)
        log.setJournal(journal[:n])
        qtbot.waitUntil(lambda: bool(painted), timeout=2000)
        # it follows the newest entry (once the new lines are laid out and wrapped)
        qtbot.waitUntil(lambda: bar.value() == bar.maximum() > 0, timeout=2000)
        whole += max(painted) > log.viewport().height() / 2
        qtbot.wait(20)  # whatever else was to repaint
        assert on_screen_as_painted_whole(), n
    assert whole <= 5  # the new lines only, but when the oldest lines go (every 15 here)
    for _ in range(2):  # the GM scrolls up to read back (as a wheel or Page Up does)
        bar.triggerAction(QAbstractSlider.SliderAction.SliderPageStepSub)
    qtbot.wait(20)
    kept = bar.value()
    log.setJournal(journal[:61])  # a Command
    log.setJournal(journal[:60])  # and its undo
    qtbot.wait(20)
    assert bar.value() <= kept and bar.value() < bar.maximum()  # it stays there
    assert on_screen_as_painted_whole()
