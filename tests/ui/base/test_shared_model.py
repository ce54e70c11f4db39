"""The SharedModel: Commands in, one change signal out."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from bridge.engine.changes import Change
from bridge.engine.commands import AdjustPool, StartTurn
from bridge.ui.base.shared_model import SharedModel


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
