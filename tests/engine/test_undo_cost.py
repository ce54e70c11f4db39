"""Undo costs one step, not a replay from the last checkpoint, at every depth (issue 14:
"undo in the windows under 16 ms at any length"); undoing one of the last Commands
replays nothing at all (issue 29: the slowest undo within a frame)."""

from __future__ import annotations

from bridge.engine.core.commands import AdjustPool
from bridge.engine.session import CHECKPOINT_EVERY, RECENT_STATES, Session
from tests.factories import played


def test_successive_undos_replay_one_block_once(replays: list[str]) -> None:
    length = CHECKPOINT_EVERY * 2 - 2  # the last checkpoint is 62 Commands back
    session = played(length, seed=11)
    journal = session.journal
    per_undo = []
    for n in range(len(journal) - 1, len(journal) - 41, -1):
        before = len(replays)
        session.undo()
        per_undo.append(len(replays) - before)
        assert session.state == Session.replay(session.initial, journal[:n]).state
    # The last Commands' states are kept: undoing them replays nothing. The next undo
    # replays from the checkpoint to the state it wants, once; the rest find it kept.
    recent = RECENT_STATES - 1
    once = length - 1 - recent - CHECKPOINT_EVERY
    assert per_undo == [0] * recent + [once] + [0] * (40 - recent - 1)
    assert once > 0


def test_a_new_command_after_undo_is_not_confused_with_the_old_future() -> None:
    session = played(CHECKPOINT_EVERY + 20, seed=11)
    for _ in range(5):
        session.undo()
    session.apply(AdjustPool(pool="threat", delta=1))  # a different future
    session.apply(AdjustPool(pool="threat", delta=1))
    journal = session.journal
    session.undo()
    assert session.state == Session.replay(session.initial, journal[:-1]).state
    session.undo()
    assert session.state == Session.replay(session.initial, journal[:-2]).state
    session.undo()
    assert session.state == Session.replay(session.initial, journal[:-3]).state


def test_a_long_replay_keeps_only_the_stretch_undo_steps_back_through(
    replays: list[str],
) -> None:
    """The first undo of a restored battle checks its whole journal (no checkpoint kept
    by its file): it holds on to the last stretch's states, not one per Command."""
    source = played(CHECKPOINT_EVERY * 5 + 10, seed=11)
    journal = source.journal
    restored = Session.restore(source.initial, journal, source.state)
    replays.clear()
    restored.undo()
    assert len(replays) == len(journal)  # the check, from the start
    checkpoints = len(journal) // CHECKPOINT_EVERY + 1
    assert restored.states_kept <= checkpoints + CHECKPOINT_EVERY
    for n in range(len(journal) - 2, len(journal) - 41, -1):
        before = len(replays)
        restored.undo()
        assert len(replays) == before  # undoing on: a step, no replay
        assert restored.state == Session.replay(source.initial, journal[:n]).state


def test_preparing_undo_leaves_a_long_replay_to_the_undo_that_needs_it(
    replays: list[str],
) -> None:
    """A restored battle with no checkpoint near its end is not checked ahead (it would
    keep the GM waiting after opening it); its first undo checks it, as before."""
    source = played(CHECKPOINT_EVERY * 2 + 10, seed=11)
    restored = Session.restore(source.initial, source.journal, source.state)
    replays.clear()
    restored.prepare_undo()
    assert replays == []
    restored.undo()
    assert len(replays) == len(source.journal)
    assert restored.state == Session.replay(source.initial, source.journal[:-1]).state
