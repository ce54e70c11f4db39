"""The SharedModel: Commands in, one change signal out."""

from __future__ import annotations

from pathlib import Path

from pytestqt.qtbot import QtBot

from bridge.engine.core.changes import Change
from bridge.engine.core.commands import AdjustPool, StartTurn
from bridge.engine.session import CHECKPOINT_EVERY, Session
from bridge.storage.battle import open_battle, save_battle
from bridge.ui.base.shared_model import SharedModel
from tests.factories import played


def test_an_applied_command_emits_its_change_flags(qtbot: QtBot, model: SharedModel) -> None:
    seen: list[object] = []
    model.sig_changed.connect(seen.append)
    with qtbot.waitSignal(model.sig_logged) as logged:
        applied = model.submit(StartTurn(by="kell", actor="kell"))
    assert applied is not None and model.state.turn.actor == "kell"
    assert logged.args[0] is applied.entry
    (flags,) = seen
    assert isinstance(flags, Change) and Change.TURN in flags and Change.POOLS not in flags


def test_a_refused_command_emits_the_reason(qtbot: QtBot, model: SharedModel) -> None:
    before = model.state
    with qtbot.waitSignal(model.sig_refused) as blocker:
        assert model.submit(StartTurn(actor="qoj")) is None
    assert "players' Turn" in blocker.args[0] and model.state is before


def test_undo_and_redo_signal_a_change(qtbot: QtBot, model: SharedModel) -> None:
    model.submit(AdjustPool(pool="threat", delta=2))
    with qtbot.waitSignal(model.sig_changed):
        model.undo()
    assert model.state.threat.value == 10
    with qtbot.waitSignal(model.sig_changed):
        model.redo()
    assert model.state.threat.value == 12
    with qtbot.waitSignal(model.sig_refused):
        model.redo()


def test_an_opened_battle_is_made_ready_for_undo_once_the_windows_show_it(
    qtbot: QtBot, model: SharedModel, tmp_path: Path, replays: list[str]
) -> None:
    """Issue 29 (the first undo after opening within a frame): the check of the saved
    battle's journal runs after the windows have refreshed, and the first Ctrl+Z then
    only steps back."""
    path = tmp_path / "battle.json"
    save_battle(path, played(CHECKPOINT_EVERY + 10, seed=2))
    opened = open_battle(path).session
    replays.clear()
    model.replace_session(opened)
    assert replays == []  # not while the windows show the battle
    qtbot.waitUntil(lambda: len(replays) == 10, timeout=5000)  # after its checkpoint
    model.undo()
    assert len(replays) == 10
    assert model.state == Session.replay(opened.initial, opened.journal).state
