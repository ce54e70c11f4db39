"""The task dialog: Difficulty itemised, exact odds live, roll, spends, damage report."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bridge.engine.catalog import CATALOG, Station
from bridge.engine.commands import SetValue, StartTurn
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.dice import GivenDice, SeededDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.station.task_dialog import TaskDialog


def dialog(qtbot: QtBot, model: SharedModel, actor: str, station: Station, key: str) -> TaskDialog:
    d = TaskDialog(model, actor, station, CATALOG[key])
    qtbot.addWidget(d)
    d.show()
    return d


def test_difficulty_and_odds_follow_the_choices(qtbot: QtBot, model: SharedModel) -> None:
    model.submit(StartTurn(by="kell", actor="kell"))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    assert "DIFFICULTY <b>2</b>" in d.difficulty.text()
    p0 = d.chart.odds().p_success
    d.focus.setChecked(True)
    assert d.chart.odds().p_success > p0
    d.momentum_dice.setValue(2)
    assert "3 Momentum" in d.difficulty.text()  # 1 + 2
    assert d.chart.odds().p_success > p0
    d.system.setCurrentIndex(d.system.findData("weapons"))
    assert "Targeting Weapons: <b>+1</b>" in d.difficulty.text()
    assert "DIFFICULTY <b>3</b>" in d.difficulty.text()
    d.target.setCurrentIndex(d.target.findData("vortak"))
    assert "Beyond Medium range: <b>+1</b>" in d.difficulty.text()


def test_illegal_setup_explains_and_disables_roll(qtbot: QtBot, model: SharedModel) -> None:
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    assert not d.roll_button.isEnabled() and "start one first" in d.problem.text()


def test_roll_shows_every_die_then_resolve_shows_the_report(
    qtbot: QtBot, model: SharedModel
) -> None:
    model.submit(StartTurn(by="kell", actor="kell"))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    model.session._dice = GivenDice(d20=(1, 2, 19, 12), d6=(2,) * 8)  # the dice to land
    qtbot.mouseClick(d.roll_button, Qt.MouseButton.LeftButton)
    assert model.state.pending is not None
    assert [die.value for die in d.dice.dice()] == [1, 2, 19]
    assert "SUCCESS" in d.outcome.text() and d.spends_box.isVisible()
    assert d.close_button.isEnabled() and d.stage.text() == "ROLLED"
    d.spends_box.bonus.setValue(2)
    assert d.spends_box.cost.text().startswith("2 of")
    qtbot.mouseClick(d.resolve_button, Qt.MouseButton.LeftButton)
    assert model.state.pending is None
    d.finish_report()
    text = d.report.toPlainText()
    assert "Bonus Damage (Momentum): +2" in text and "Damage after Resistance" in text
    assert model.state.ships["qoj"].shields == 0


def test_ctrl_return_rolls(qtbot: QtBot, model: SharedModel) -> None:
    model.submit(StartTurn(by="sorel", actor="sorel"))
    d = dialog(qtbot, model, "sorel", Station.SCIENCE, "sensor_sweep")
    d.activateWindow()
    qtbot.waitUntil(d.isActiveWindow)
    qtbot.keyClick(d, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert model.state.pending is not None and d.resolve_button.isVisible()


def test_moment_of_inspiration(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    model.submit(StartTurn(by="sorel", actor="sorel"))
    d = dialog(qtbot, model, "sorel", Station.SCIENCE, "scan_for_weakness")
    model.session._dice = GivenDice(d20=(20, 20, 20, 1, 1))
    d.roll()
    assert "FAILURE" in d.outcome.text() and d.inspire.isVisible()
    monkeypatch.setattr("bridge.ui.station.task_dialog.confirm", lambda *_: True)
    qtbot.mouseClick(d.inspire, Qt.MouseButton.LeftButton)
    assert "SUCCESS" in d.outcome.text()
    assert model.state.characters["sorel"].determination.value == 0


def test_closing_after_the_roll_leaves_it_waiting_to_be_reopened(
    qtbot: QtBot, model: SharedModel
) -> None:
    model.submit(StartTurn(by="mbeki", actor="mbeki"))
    d = dialog(qtbot, model, "mbeki", Station.OPERATIONS, "regenerate_shields")
    model.submit(SetValue(path="ships.resolute.shields", value=5))
    d.refresh_preview()
    model.session._dice = GivenDice(d20=(1, 1, 1))
    d.roll()
    d.reject()
    assert model.state.pending is not None and not d.isVisible()
    again = dialog(qtbot, model, "mbeki", Station.OPERATIONS, "regenerate_shields")
    assert again.stage.text() == "ROLLED" and again.resolve_button.isVisible()
    assert [die.value for die in again.dice.dice()] == [1, 1, 1]
    qtbot.mouseClick(again.resolve_button, Qt.MouseButton.LeftButton)
    assert model.state.pending is None and model.state.ships["resolute"].shields == 7


def test_undo_and_redo_elsewhere_keep_the_dialog_true(qtbot: QtBot, model: SharedModel) -> None:
    """Not modal: the GM may undo the roll while the dialog is open, then redo it."""
    model.submit(StartTurn(by="kell", actor="kell"))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    model.session._dice = GivenDice(d20=(1, 2, 19, 12), d6=(2,) * 8)
    d.roll()
    model.undo()
    assert model.state.pending is None
    assert d.stage.text() == "SET UP" and d.roll_button.isVisible()
    assert "undone" in d.problem.text()
    model.redo()
    assert d.stage.text() == "ROLLED" and d.resolve_button.isVisible()
    qtbot.mouseClick(d.resolve_button, Qt.MouseButton.LeftButton)
    assert model.state.pending is None and d.stage.text() == "RESOLVED"


def test_the_dialog_keeps_one_size_from_setup_to_report(qtbot: QtBot, model: SharedModel) -> None:
    """Issue: the dialog grew from 757 to 1,407 px after ROLL, pushing RESOLVE off screen."""
    model.submit(StartTurn(by="kell", actor="kell"))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    d.adjustSize()
    before = d.size()
    model.session._dice = GivenDice(d20=(1, 2, 19, 12), d6=(2,) * 8)
    d.roll()
    d.adjustSize()
    rolled = d.size()
    d.resolve()
    d.finish_report()
    d.adjustSize()
    assert before.height() == rolled.height() == d.size().height() <= 690
    assert d.size().width() <= 1366


def test_unrolled_task_confirms(qtbot: QtBot, model: SharedModel) -> None:
    model.submit(StartTurn(by="sorel", actor="sorel"))
    d = dialog(qtbot, model, "sorel", Station.SCIENCE, "assist")
    d.target.setCurrentIndex(d.target.findData("kell"))
    assert d.roll_button.text() == "CONFIRM"
    qtbot.mouseClick(d.roll_button, Qt.MouseButton.LeftButton)
    assert model.state.assists[0].target == "kell"


def test_npc_task_uses_crew_dice(qtbot: QtBot, model: SharedModel) -> None:
    model.submit(StartTurn(by="kell", actor="kell"))
    from bridge.engine.commands import EndTurn, MinorAction

    model.submit(MinorAction(by="kell", action="interact"))
    model.submit(EndTurn(by="kell"))
    model.submit(StartTurn(actor="qoj"))
    d = dialog(qtbot, model, "qoj", Station.TACTICAL, "fire_weapon")
    assert "Talented crew (13)" in d.odds_text.text()
    assert not d.momentum_dice.isEnabled()


def test_momentum_about_to_be_lost_over_the_cap_is_announced(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Issue 13: no warning before Momentum was lost over the cap of 6 (seed 001)."""
    model.submit(StartTurn(by="kell", actor="kell"))
    model.submit(SetValue(path="momentum.value", value=6))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    model.session._dice = GivenDice(d20=(1, 2, 19, 12), d6=(2,) * 8)
    d.roll()  # 3 successes vs 2: 1 Momentum over a full pool of 6
    assert "1 Momentum will be lost above the cap of 6" in d.spends_box.cost.text()
    d.spends_box.bonus.setValue(1)
    assert "lost" not in d.spends_box.cost.text()


def test_focus_cannot_be_ticked_without_a_focus(qtbot: QtBot) -> None:
    """Issue 13: "Focus applies" could be ticked by a character with no Focus."""
    battle = demo_encounter()
    kell = battle.characters["kell"].model_copy(update={"focuses": ()})
    battle = battle.model_copy(update={"characters": {**battle.characters, "kell": kell}})
    model = SharedModel(Session(battle, SeededDice(4)))
    model.submit(StartTurn(by="kell", actor="kell"))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    assert not d.focus.isEnabled() and "no Focus" in d.focus.toolTip()


def test_a_charted_hazard_and_a_probe_show_in_the_dialog(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 001: Chart Hazard's -2 to avoid the hazard; Launch Probe's -2 near the probe."""
    from bridge.engine import waiting
    from bridge.engine.commands import AttemptTask, EndRound, EndTurn, MinorAction, ResolveTask

    def npcs() -> None:
        while model.state.turn.side == "npc" and waiting(model.state, "npc"):
            model.submit(StartTurn(actor=waiting(model.state, "npc")[0]))
            model.submit(MinorAction(action="interact"))
            model.submit(EndTurn())

    def play(actor: str, action: str, **kw: object) -> None:
        model.submit(StartTurn(by=actor, actor=actor))
        model.session._dice = GivenDice(d20=(1, 1, 1))
        command = AttemptTask(by=actor, action=action, **kw)  # type: ignore[arg-type]
        assert model.submit(command) is not None
        model.submit(ResolveTask(by=actor))
        model.submit(EndTurn(by=actor))
        npcs()

    play("tovan", "chart_hazard", station=Station.HELM, note="ion storm")
    play("sorel", "launch_probe", station=Station.SCIENCE, zone="Nebula Edge")
    model.submit(EndRound())
    npcs()
    model.submit(StartTurn(by="sorel", actor="sorel"))
    d = dialog(qtbot, model, "sorel", Station.SCIENCE, "sensor_sweep")
    assert d.avoid_hazard.isVisibleTo(d) and "ion storm" in d.avoid_hazard.toolTip()
    d.zone.setCurrentIndex(d.zone.findData("Nebula Edge"))
    assert "Probe in Nebula Edge: <b>-2</b>" in d.difficulty.text()
    d.zone.setCurrentIndex(d.zone.findData("Open Space"))
    assert "Probe" not in d.difficulty.text()
    d.avoid_hazard.setChecked(True)
    assert "Avoiding a charted hazard: <b>-2</b>" in d.difficulty.text()


def test_deploy_security_names_its_opposition(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 001 Deploy Security: opposed by the intruders, normally Difficulty 1."""
    model.submit(StartTurn(by="kell", actor="kell"))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "deploy_security")
    assert d.opposition.currentData() == "proficient" and d.opposition_difficulty.value() == 1
    d.opposition.setCurrentIndex(d.opposition.findData("exceptional"))
    model.session._dice = GivenDice(d20=(1, 1, 20, 20))
    d.roll()
    assert "The intruders (Exceptional) oppose" in "\n".join(model.journal[-1].log)
