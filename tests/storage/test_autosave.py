"""Autosave: every applied Command is on disk before anyone sees it; recovery replays it."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bridge.engine.core.commands import AdjustPool
from bridge.engine.demo import demo_encounter
from bridge.engine.session import CommandRefused, Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import SeededDice
from bridge.storage.autosave import AutosaveJournal, find_unfinished, recover
from bridge.storage.load import FileProblem


def autosaved(seed: int) -> tuple[Session, AutosaveJournal]:
    session = Session(demo_encounter(), SeededDice(seed))
    return session, AutosaveJournal.start(session)


def play(session: Session, n: int) -> None:
    for _ in range(n):
        command = suggest(session.state, session.check)
        assert command is not None
        session.apply(command)


def test_journal_replays_to_the_same_battle() -> None:
    session, session_journal = autosaved(1)
    play(session, 40)
    session.undo()
    session.undo()
    session.redo()
    recovered = recover(session_journal.path)
    assert recovered.session.state == session.state
    assert recovered.session.journal == session.journal
    assert not recovered.dropped_tail


def test_unfinished_autosaves_are_found_and_closed_ones_are_not() -> None:
    crashed, crashed_journal = autosaved(1)
    play(crashed, 5)
    closed, closed_journal = autosaved(2)
    play(closed, 5)
    closed_journal.close()
    found = find_unfinished()
    assert [u.path for u in found] == [crashed_journal.path]
    assert found[0].name == "Ambush at Kessik Nebula"


def test_a_torn_last_line_is_dropped(tmp_path: Path) -> None:
    session, session_journal = autosaved(3)
    play(session, 12)
    raw = session_journal.path.read_bytes()
    for cut in (len(raw) - 1, len(raw) - 37):
        copy = tmp_path / f"cut{cut}.jsonl"
        copy.write_bytes(raw[:cut])
        recovered = recover(copy)
        assert recovered.dropped_tail
        assert recovered.commands == 11
        assert (
            Session.replay(recovered.session.initial, recovered.session.journal).state
            == recovered.session.state
        )


def test_resumed_session_keeps_journaling() -> None:
    session, session_journal = autosaved(4)
    play(session, 6)
    resumed = recover(session_journal.path).session
    play(resumed, 6)
    again = recover(session_journal.path)
    assert again.commands == 12 and again.session.state == resumed.state


def test_a_failed_autosave_refuses_the_change(monkeypatch: pytest.MonkeyPatch) -> None:
    session, _ = autosaved(5)
    before = session.state

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(CommandRefused, match="autosave could not be written"):
        session.apply(AdjustPool(pool="threat", delta=1))
    assert session.state is before and session.journal == () and not session.can_redo


def test_not_an_autosave(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"hello": 1}\n')
    with pytest.raises(FileProblem, match="not a Bridge autosave journal"):
        recover(path)


def test_adopting_an_opened_battle_journals_its_history() -> None:
    plain = Session(demo_encounter(), SeededDice(6))
    play(plain, 8)
    journal = AutosaveJournal.start(plain)
    assert plain.can_undo and plain.sink is journal
    assert recover(journal.path).session.state == plain.state


def test_old_closed_autosaves_are_pruned_and_crashed_ones_kept() -> None:
    from bridge.storage.autosave import prune_closed

    crashed, crashed_journal = autosaved(1)
    crashed.apply(AdjustPool(pool="threat", delta=1))
    for i in range(4):
        done, done_journal = autosaved(i)
        done.apply(AdjustPool(pool="threat", delta=1))
        done_journal.close()
        os.utime(done_journal.path, (1000 + i, 1000 + i))
    assert prune_closed(keep=2) == 2
    remaining = sorted(p.name for p in crashed_journal.path.parent.glob("*.jsonl"))
    assert len(remaining) == 3 and crashed_journal.path.name in remaining


def test_a_long_autosaved_battle_packs_its_journal_and_still_writes_it_whole() -> None:
    """Past the newest entries kept whole (issue 14's memory goal), the autosave's
    copy of the journal is packed: a lost file is still written again in full, and a
    resumed battle packs what it read back and journals on."""
    from bridge.bench.battles import endless_step
    from bridge.engine.journal import KEEP

    session, journal = autosaved(6)
    initial = session.initial
    while session.length < KEEP + 150:
        session.apply(endless_step(session.state, session.check, initial))
    assert journal._entries.packed > 0
    journal.path.unlink()  # lost (a sync tool): noticed, and written again whole
    assert journal.check() is not None
    resumed = recover(journal.path)
    assert resumed.commands == session.length and resumed.session.state == session.state
    assert resumed.journal is not None and resumed.journal._entries.packed > 0
    again = resumed.session
    for _ in range(3):
        again.undo()
    again.apply(endless_step(again.state, again.check, initial))
    last = recover(journal.path)
    assert last.session.state == again.state and last.session.journal == again.journal
