"""Resuming a long autosave from its last snapshot (issue 10, point 8: resume fast).

The journal holds where the battle stands every SNAPSHOT_EVERY Commands; resuming trusts
the last one (once its references are checked), replays only what follows, and keeps
the Commands before it for undo, which must give exactly the states a replay gives.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.engine.demo import demo_encounter
from bridge.engine.session import CommandRefused, Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import SeededDice
from bridge.storage import autosave_writer as autosave
from bridge.storage.autosave import AutosaveJournal, recover
from tests.factories import played


@pytest.fixture(autouse=True)
def _snapshot_every_five() -> Iterator[None]:
    original = autosave.SNAPSHOT_EVERY
    autosave.SNAPSHOT_EVERY = 5
    yield
    autosave.SNAPSHOT_EVERY = original


def live(seed: int, plays: list[str]) -> tuple[Session, AutosaveJournal]:
    """A battle journaled as it is played (then Bridge is killed: nothing is closed)."""
    session = Session(demo_encounter(), SeededDice(seed))
    journal = AutosaveJournal.start(session)
    for op in plays:
        if op == "play" and not session.state.ended:
            command = suggest(session.state, session.check)
            assert command is not None
            session.apply(command)
        elif op == "undo" and session.can_undo:
            session.undo()
        elif op == "redo" and session.can_redo:
            session.redo()
    return session, journal


def test_the_journal_holds_snapshots_and_resume_replays_only_the_tail() -> None:
    session, journal = live(1, ["play"] * 23)
    lines = journal.path.read_text().splitlines()
    assert sum('"op":"state"' in line for line in lines) == 4  # after 5, 10, 15, 20
    recovered = recover(journal.path)
    assert recovered.dropped is None and recovered.commands == 23
    assert recovered.session.state == session.state
    assert recovered.session.length == 23
    assert recovered.session.journal == session.journal


@settings(max_examples=20, deadline=None)
@given(
    plays=st.lists(st.sampled_from(["play", "play", "play", "undo", "redo"]), max_size=40),
    undos=st.integers(min_value=0, max_value=40),
)
def test_resume_then_undo_k_times_equals_the_replayed_prefix(plays: list[str], undos: int) -> None:
    session, journal = live(2, plays)
    recovered = recover(journal.path).session
    assert recovered.state == session.state
    for _ in range(min(undos, session.length)):
        recovered.undo()
        session.undo()
        assert recovered.state == session.state
    assert recovered.journal == session.journal
    expected = Session.replay(session.initial, session.journal).state
    assert recovered.state == expected


def test_resume_twice_after_playing_on() -> None:
    _, journal = live(3, ["play"] * 12)
    first = recover(journal.path)
    for _ in range(9):
        command = suggest(first.session.state, first.session.check)
        assert command is not None
        first.session.apply(command)
    second = recover(journal.path)
    assert second.dropped is None and second.commands == 21
    assert second.session.state == first.session.state
    assert second.session.journal == first.session.journal


def test_a_damaged_line_before_the_snapshot_is_told_at_the_undo_past_it() -> None:
    session, journal = live(4, ["play"] * 13)
    lines = journal.path.read_bytes().split(b"\n")
    lines[3] = lines[3].replace(b'"type":"', b'"type":"no_such_', 1)  # the 3rd Command
    journal.path.write_bytes(b"\n".join(lines))
    recovered = recover(journal.path)
    assert recovered.dropped is None and recovered.session.state == session.state
    resumed = recovered.session
    for _ in range(3):  # back to the snapshot after 10 Commands: no problem yet
        resumed.undo()
    with pytest.raises(CommandRefused, match="damaged at line 4") as refused:
        resumed.undo()
    assert "cannot go back before this battle was opened" in refused.value.reason
    assert resumed.state == Session.replay(session.initial, session.journal[:10]).state
    resumed.redo()  # and play goes on
    assert resumed.state == Session.replay(session.initial, session.journal[:11]).state


def test_a_damaged_snapshot_ends_the_valid_part_there() -> None:
    session, journal = live(5, ["play"] * 12)
    lines = journal.path.read_bytes().split(b"\n")
    at = max(i for i, line in enumerate(lines) if line.startswith(b'{"op":"state"'))
    lines[at] = lines[at].replace(b'"ships":{', b'"ships":{"ghost":1,', 1)
    journal.path.write_bytes(b"\n".join(lines))
    recovered = recover(journal.path)
    assert recovered.dropped is not None and f"line {at + 1} is damaged" in recovered.dropped
    assert recovered.commands == 10
    assert recovered.session.state == Session.replay(session.initial, session.journal[:10]).state
    assert journal.path.read_bytes() == b"\n".join(lines[:at]) + b"\n"  # cut on disk


@pytest.fixture
def replayed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many Commands each ``recover`` replays."""
    counted = [0]
    apply = Session.apply

    def counting(self: Session, *args: Any, **kwargs: Any) -> Any:
        counted[0] += 1
        return apply(self, *args, **kwargs)

    monkeypatch.setattr(Session, "apply", counting)
    return counted


def test_an_undo_back_past_the_last_snapshot_resumes_from_an_earlier_one(
    replayed: list[int],
) -> None:
    session, journal = live(6, ["play"] * 22 + ["undo"] * 3)  # snapshots at 5, 10, 15, 20
    replayed[0] = 0
    recovered = recover(journal.path)
    assert recovered.dropped is None and recovered.session.state == session.state
    assert replayed[0] == 7  # Commands 16 to 22 from the snapshot at 15, not all 22
    assert recovered.session.journal == session.journal


def test_an_adopted_battle_is_journaled_with_snapshots_along_it(
    monkeypatch: pytest.MonkeyPatch, replayed: list[int]
) -> None:
    """A battle opened or resumed mid-way is written whole to a new autosave: a snapshot
    follows every Command whose state the Session keeps whole (about every
    SNAPSHOT_EVERY), so an undo back past the end does not mean replaying it all."""
    monkeypatch.setattr("bridge.engine.session.CHECKPOINT_EVERY", 4)
    session = played(23, seed=7)  # whole states after 4, 8, ..., 20
    journal = AutosaveJournal.start(session)
    lines = journal.path.read_text().splitlines()
    snapshots = [line for line in lines if line.startswith('{"op":"state"')]
    assert [s.split(",", 2)[1] for s in snapshots] == ['"n":8', '"n":16', '"n":23']
    session.undo()
    session.undo()
    replayed[0] = 0
    recovered = recover(journal.path)
    assert recovered.dropped is None and recovered.session.state == session.state
    assert replayed[0] == 7  # Commands 17 to 23 from the snapshot at 16, not all 23
    assert recovered.session.journal == session.journal
    for _ in range(19):  # and undo goes back to the start as a replay does
        recovered.session.undo()
        session.undo()
        assert recovered.session.state == session.state


def test_a_damaged_earlier_snapshot_is_passed_over(replayed: list[int]) -> None:
    session, journal = live(8, ["play"] * 22 + ["undo"] * 3)
    lines = journal.path.read_bytes().split(b"\n")
    at = [i for i, line in enumerate(lines) if line.startswith(b'{"op":"state"')][-2]  # at 15
    lines[at] = lines[at].replace(b'"ships":{', b'"ships":{"ghost":1,', 1)
    journal.path.write_bytes(b"\n".join(lines))
    replayed[0] = 0
    recovered = recover(journal.path)
    assert recovered.dropped is None and recovered.session.state == session.state
    assert replayed[0] == 12  # from the snapshot at 10: the Commands are the record
