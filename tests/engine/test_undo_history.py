"""The journal sink and the undo history: checkpoints plus replay (issue 9 and 10, point 12)."""

from __future__ import annotations

import errno

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.engine import session as session_module
from bridge.engine.core.commands import AdjustPool
from bridge.engine.demo import demo_encounter
from bridge.engine.journal import JournalEntry
from bridge.engine.session import CommandRefused, Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import SeededDice


class ListSink:
    """A journal sink that keeps the journal in a list and can be made to fail."""

    def __init__(self, entries: tuple[JournalEntry, ...] = ()) -> None:
        self.entries = list(entries)
        self.failing = False

    def _check(self) -> None:
        if self.failing:
            raise OSError(errno.ENOSPC, "No space left on device")

    def applied(self, entry: JournalEntry) -> None:
        self._check()
        self.entries.append(entry)

    def undone(self) -> None:
        self._check()
        self.entries.pop()


def step(session: Session) -> None:
    command = suggest(session.state, session.check)
    assert command is not None
    session.apply(command)


def test_the_sink_holds_what_the_session_holds() -> None:
    sink = ListSink()
    session = Session(demo_encounter(), SeededDice(1), sink=sink)
    for _ in range(10):
        step(session)
    session.undo()
    session.undo()
    session.redo()
    assert tuple(sink.entries) == session.journal and len(sink.entries) == 9


@pytest.mark.parametrize("action", ["apply", "undo", "redo"])
def test_a_sink_that_fails_refuses_the_change_whole(action: str) -> None:
    sink = ListSink()
    session = Session(demo_encounter(), SeededDice(2), sink=sink)
    for _ in range(6):
        step(session)
    session.undo()
    state, journal, redo = session.state, session.journal, session.can_redo
    sink.failing = True
    with pytest.raises(CommandRefused, match="autosave could not be written"):
        if action == "apply":
            session.apply(AdjustPool(pool="threat", delta=1))
        elif action == "undo":
            session.undo()
        else:
            session.redo()
    assert session.state is state and session.journal == journal
    assert session.can_redo == redo and tuple(sink.entries) == journal
    sink.failing = False
    session.redo()  # the redo stack survived the refused change
    assert tuple(sink.entries) == session.journal and len(session.journal) == 6


def test_undo_keeps_one_whole_state_per_checkpoint_span() -> None:
    session = Session(demo_encounter(), SeededDice(3))
    for _ in range(300):
        step(session)
    every = session_module.CHECKPOINT_EVERY
    assert session.checkpoints_kept == 300 // every + 1
    while session.can_undo:  # undo reaches the first Command
        session.undo()
    assert session.state == session.initial and session.checkpoints_kept == 1


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(["play", "play", "undo", "redo"]), min_size=1, max_size=60))
def test_any_mix_of_play_undo_redo_matches_a_replay(ops: list[str]) -> None:
    """Invariant: the state is always the replay of the journal (checkpoints every 4)."""
    original = session_module.CHECKPOINT_EVERY
    session_module.CHECKPOINT_EVERY = 4
    try:
        session = Session(demo_encounter(), SeededDice(4))
        for op in ops:
            if op == "play" and not session.state.ended:
                step(session)
            elif op == "undo" and session.can_undo:
                session.undo()
            elif op == "redo" and session.can_redo:
                session.redo()
            assert session.checkpoints_kept <= len(session.journal) // 4 + 1
        assert session.state == Session.replay(session.initial, session.journal).state
    finally:
        session_module.CHECKPOINT_EVERY = original


def test_a_restored_battle_rebuilds_its_history_on_the_first_undo() -> None:
    played = Session(demo_encounter(), SeededDice(5))
    for _ in range(130):
        step(played)
    restored = Session.restore(played.initial, played.journal, played.state)
    assert restored.checkpoints_kept == 2 and restored.can_undo
    restored.undo()
    expected = Session.replay(played.initial, played.journal[:129]).state
    assert restored.state == expected and restored.checkpoints_kept == 3
