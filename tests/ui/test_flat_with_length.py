"""Flat with length: one Command, applied, autosaved and shown in every window, costs
the same counted work at 10,000 journal entries as at 1,000.

The work is counted, not timed (wall time on a shared machine proves nothing): the
Python calls (C functions included) and lines run, and how many journal entries the
Session handed out, from ``submit`` until every window is idle. Both battles stand in
the same place with the same log on screen; only the journal's length differs.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from types import FrameType
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication

from bridge.bench.windows.idle import PaintWatch, wait_idle
from bridge.engine import AdjustPool, JournalEntry, Session, demo_encounter, suggest
from bridge.rules.dice import SeededDice
from bridge.storage.autosave import AutosaveJournal
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole

SHORT, LONG = 1_000, 10_000
PLAYED = 60
"""The battle's last Commands, played by the autopilot (the log shows them)."""
BOUND = 1.10


@dataclass
class Work:
    calls: int = 0
    lines: int = 0
    entries: int = 0

    def profile(self, frame: FrameType, event: str, arg: Any) -> None:
        if event in ("call", "c_call"):
            self.calls += 1

    def trace(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            self.lines += 1
        return self.trace


@pytest.fixture
def work(monkeypatch: pytest.MonkeyPatch) -> Iterator[Work]:
    """Counts every journal entry the Session hands out (whole journal or its tail)."""
    counted = Work()
    prop = vars(Session)["journal"]
    assert isinstance(prop, property) and prop.fget is not None
    journal = prop.fget
    recent = Session.recent

    def whole(session: Session) -> tuple[JournalEntry, ...]:
        entries: tuple[JournalEntry, ...] = journal(session)
        counted.entries += len(entries)
        return entries

    def tail(session: Session, n: int) -> tuple[JournalEntry, ...]:
        entries = recent(session, n)
        counted.entries += len(entries)
        return entries

    monkeypatch.setattr(Session, "journal", property(whole))
    monkeypatch.setattr(Session, "recent", tail)
    yield counted


def battle(length: int) -> Session:
    """A battle whose journal holds ``length`` entries: GM edits that cancel out, then
    :data:`PLAYED` Commands of play (so the state and the log on screen do not depend
    on the length)."""
    session = Session(demo_encounter(), SeededDice(7))
    for i in range(length - PLAYED):
        session.apply(AdjustPool(pool="momentum", delta=1 if i % 2 == 0 else -1))
    for _ in range(PLAYED):
        command = suggest(session.state, session.check)
        assert command is not None
        session.apply(command)
    return session


def counted_command(qapp: QApplication, length: int, work: Work) -> Work:
    """Counted work of four Commands in the GM's six windows, autosave on."""
    session = battle(length)
    AutosaveJournal.start(session)
    model = SharedModel(session)
    console = GmConsole(model, autosave=True)
    console.confirm_quit = False
    console.show()
    console.open_all()
    watch = PaintWatch(qapp)
    try:
        wait_idle(watch)
        for _ in range(2):  # first-time costs (fonts, caches) are not the journal's
            command = suggest(model.state, model.check)
            assert command is not None and model.submit(command) is not None
            wait_idle(watch)
        work.calls = work.lines = work.entries = 0
        for _ in range(4):
            command = suggest(model.state, model.check)
            assert command is not None
            sys.setprofile(work.profile)
            sys.settrace(work.trace)
            try:
                applied = model.submit(command)
                wait_idle(watch)
            finally:
                sys.settrace(None)
                sys.setprofile(None)
            assert applied is not None
        assert model.session.length == length + 6
        return Work(work.calls, work.lines, work.entries)
    finally:
        watch.remove()
        console.close()


def test_a_command_costs_the_same_counted_work_at_ten_times_the_journal(
    qapp: QApplication, work: Work
) -> None:
    short = counted_command(qapp, SHORT, work)
    long = counted_command(qapp, LONG, work)
    assert short.calls > 1000 and short.lines > 1000  # the counts see the work
    assert long.calls <= short.calls * BOUND, (short, long)
    assert long.lines <= short.lines * BOUND, (short, long)
    assert long.entries <= short.entries * BOUND, (short, long)
