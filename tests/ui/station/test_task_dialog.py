"""The task dialog: Difficulty itemised, exact odds live, roll, spends, damage report."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import SetValue, StartTurn
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.state.cards import Station
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
    d.momentum_dice.setValue(2)  # 3 Momentum of the 2 in the pool: said before the roll
    assert "Not enough Momentum: 3 needed, 2 in the pool." in d.problem.text()
    assert not d.roll_button.isEnabled()
    d.momentum_dice.setValue(0)
    model.submit(SetValue(path="momentum.value", value=6))
    assert "DIFFICULTY <b>2</b>" in d.difficulty.text()
    d.focus.setCurrentIndex(d.focus.findData(None))  # (it starts on Starship Weapons)
    p0 = d.chart.odds().p_success
    d.focus.setCurrentIndex(d.focus.findData("Starship Weapons"))
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
    assert d.stage.text() == "DAMAGE" and d.damage_dice.isVisible()
    assert [die.face for die in d.damage_dice.dice()] == [2] * 8
    qtbot.mouseClick(d.apply_button, Qt.MouseButton.LeftButton)
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
    assert d.stage.text() == "DAMAGE"
    model.undo()  # back to the spends: the damage dice are taken back
    assert d.stage.text() == "ROLLED" and d.resolve_button.isVisible()
    model.redo()
    assert d.stage.text() == "DAMAGE" and d.apply_button.isVisible()
    qtbot.mouseClick(d.apply_button, Qt.MouseButton.LeftButton)
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
    d.adjustSize()
    damage = d.size()
    d.apply_damage()
    d.finish_report()
    d.adjustSize()
    assert before.height() == rolled.height() == damage.height() == d.size().height() <= 690
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
    from bridge.engine.core.commands import EndTurn
    from bridge.engine.ship.commands import MinorAction

    model.submit(MinorAction(by="kell", action="interact"))
    model.submit(EndTurn(by="kell"))
    model.submit(StartTurn(actor="qoj"))
    d = dialog(qtbot, model, "qoj", Station.TACTICAL, "fire_weapon")
    assert "Talented crew (13)" in d.odds_text.text()
    # NPC ships buy dice with Threat only: no Momentum box to show (issue 27).
    assert not d.momentum_dice.isVisibleTo(d) and d.threat_dice.isVisibleTo(d)
    labels = [w.text() for w in d.roll_box.findChildren(QLabel) if w.isVisibleTo(d)]
    assert "Dice bought with Momentum" not in labels and "Dice bought with Threat" in labels


def test_momentum_about_to_be_lost_over_the_cap_is_announced(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Issue 13: no warning before Momentum was lost over the cap of 6 (seed 001)."""
    model.submit(StartTurn(by="kell", actor="kell"))
    model.submit(SetValue(path="momentum.value", value=6))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    d.focus.setCurrentIndex(d.focus.findData(None))  # no Focus: the 2 is one success
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
    from bridge.engine.core.commands import EndRound, EndTurn, ResolveTask
    from bridge.engine.ship.commands import AttemptTask, MinorAction

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


def _fired(qtbot: QtBot, model: SharedModel, d20: tuple[int, ...] = (1, 1, 12)) -> TaskDialog:
    """Kell's Fire Weapon, rolled and resolved: its damage dice [- - - - 1 1 2 1E] wait."""
    model.submit(StartTurn(by="kell", actor="kell"))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    model.session._dice = GivenDice(d20=d20, d6=(3, 3, 3, 3, 1, 1, 2, 5))
    d.roll()
    d.resolve()
    return d


def test_the_player_picks_damage_dice_to_reroll_after_seeing_them(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Seed 001 COMBAT MOMENTUM (STARSHIP): "Re-Roll Damage 1 The player may re-roll any
    number of [challenge dice] from the current attack": the dice are shown as dice, the
    player clicks the ones to re-roll, then the damage lands."""
    d = _fired(qtbot, model)
    assert d.stage.text() == "DAMAGE" and model.state.ships["qoj"].shields == 11
    assert "5 DAMAGE · 1 EFFECT" in d.damage_total.text()
    assert d.apply_button.text() == "APPLY DAMAGE"
    for i in (0, 1, 6):  # two blanks and a 2: any dice, not only the blanks
        centre = d.damage_dice.die_rect(i).center().toPoint()
        qtbot.mouseClick(d.damage_dice, Qt.MouseButton.LeftButton, pos=centre)
    assert d.damage_dice.selected() == (0, 1, 6)
    assert d.apply_button.text() == "RE-ROLL 3 DICE (1 MOMENTUM) AND APPLY"  # its cost said
    assert "1 of the attack's 3 Momentum" in d.damage_cost.text()
    qtbot.mouseClick(  # a second click drops a die again
        d.damage_dice, Qt.MouseButton.LeftButton, pos=d.damage_dice.die_rect(6).center().toPoint()
    )
    assert d.damage_dice.selected() == (0, 1)
    model.session._dice = GivenDice(d20=(12, 12), d6=(2, 2))
    qtbot.mouseClick(d.apply_button, Qt.MouseButton.LeftButton)
    assert model.state.pending is None and d.stage.text() == "RESOLVED"
    d.finish_report()
    assert "re-rolling 2 dice" in d.report.toPlainText()
    assert d.report.toHtml().count("<img") >= 8  # the dice drawn in the report's lines
    assert model.state.momentum.value == 6  # 2 + 3 - 1 + Versatile 2, at the cap


def test_a_reroll_with_no_momentum_at_all_is_not_offered_and_says_why(
    qtbot: QtBot, model: SharedModel
) -> None:
    model.submit(SetValue(path="momentum.value", value=0))
    d = _fired(qtbot, model, d20=(1, 20, 20))  # 2 successes vs 2: no Momentum
    assert not d.damage_dice.selectable  # the engine offers no Re-Roll Damage: none to pay
    d.damage_dice.toggle(0)
    assert d.damage_dice.selected() == ()
    assert "Re-Roll Damage costs 1 Momentum, and there is none" in d.damage_cost.text()
    assert d.apply_button.isEnabled() and d.apply_button.text() == "APPLY DAMAGE"


def test_a_dialog_reopened_on_held_damage_shows_the_dice(qtbot: QtBot, model: SharedModel) -> None:
    """Closed at the damage step, the roll waits; reopened, its dice are back to pick."""
    d = _fired(qtbot, model)
    d.reject()
    again = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    assert again.stage.text() == "DAMAGE" and again.apply_button.isVisible()
    assert [die.face for die in again.damage_dice.dice()] == [3, 3, 3, 3, 1, 1, 2, 5]


def test_damage_landed_from_another_window_shows_its_report(
    qtbot: QtBot, model: SharedModel
) -> None:
    from bridge.engine import ApplyDamage

    d = _fired(qtbot, model)
    model.session._dice = GivenDice(d20=(12, 12))
    model.submit(ApplyDamage(by="gm"))
    assert d.stage.text() == "RESOLVED"
    d.finish_report()
    assert "Phaser Arrays against IKS Qoj" in d.report.toPlainText()


def test_focus_lists_the_officers_focuses_and_the_task_names_it(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Seed 001 RULES SUMMARY 1: "Choose one Attribute and one Discipline, and one Focus"."""
    model.submit(StartTurn(by="kell", actor="kell"))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    names = [d.focus.itemText(i) for i in range(d.focus.count())]
    assert names == ["No Focus", "Starship Weapons", "Security Teams"]
    # it starts on the Focus the Task's name names (a GM's play-through: "No Focus" every
    # time, and players lost their criticals unless they remembered)
    assert d.command().focus and d.command().focus_name == "Starship Weapons"
    p1 = d.chart.odds().p_success
    d.focus.setCurrentIndex(0)
    assert d.command().focus is False and d.command().focus_name is None
    assert d.chart.odds().p_success < p1
    d.focus.setCurrentIndex(1)
    assert d.command().focus and d.command().focus_name == "Starship Weapons"
    model.session._dice = GivenDice(d20=(4, 20, 20))
    d.roll()
    assert "Focus: Starship Weapons" in model.journal[-1].log[0]


def test_power_management_starts_on_the_officers_better_attribute(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Seed 001 Ops card: Power Management is Daring or Control + Engineering; Mbeki's
    Control (11) beats her Daring (9), so the dialog starts on Control."""
    model.submit(StartTurn(by="mbeki", actor="mbeki"))
    d = dialog(qtbot, model, "mbeki", Station.OPERATIONS, "power_management")
    assert d.attribute.currentData() == "control" and d.discipline.currentData() == "engineering"
    hail = dialog(qtbot, model, "mbeki", Station.OPERATIONS, "hailing_frequencies")
    # Presence or Control (9, 11) + Engineering or Command (5, 2): Control + Engineering.
    assert hail.attribute.currentData() == "control"
    assert hail.discipline.currentData() == "engineering"


def test_a_difficulty_zero_hail_can_be_taken_without_a_roll(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Seed 001 Ops card gives Hailing Frequencies Open no roll: at Difficulty 0 NO ROLL
    opens the channel (RULES-NOTES: "Difficulty 0 needs no roll unless the player wants
    Momentum"); once the Difficulty is raised it is rolled."""
    from bridge.engine.core.commands import AdjustDifficulty

    model.submit(StartTurn(by="mbeki", actor="mbeki"))
    d = dialog(qtbot, model, "mbeki", Station.OPERATIONS, "hailing_frequencies")
    assert d.no_roll_button.isVisible() and d.roll_button.isVisible()
    model.submit(AdjustDifficulty(amount=1, reason="jamming"))
    assert not d.no_roll_button.isVisible()
    model.submit(AdjustDifficulty(amount=0))
    assert d.no_roll_button.isVisible()
    qtbot.mouseClick(d.no_roll_button, Qt.MouseButton.LeftButton)
    pending = model.state.pending
    assert pending is not None and not pending.result.rolled
    assert model.journal[-1].d20s == () and "No roll (Difficulty 0)" in d.outcome.text()
    assert not d.inspire.isVisible()  # no dice were rolled: none to re-roll
    from bridge.seatview import availability

    inspiration = availability(model.state, "mbeki").controls["inspiration"]
    assert inspiration.reason is not None and "no dice to re-roll" in inspiration.reason
    qtbot.mouseClick(d.resolve_button, Qt.MouseButton.LeftButton)
    assert model.state.pending is None and d.stage.text() == "RESOLVED"


def test_a_value_is_chosen_only_with_the_determination_die(
    qtbot: QtBot, model: SharedModel
) -> None:
    """RULES-NOTES: the Determination die needs a Value. A GM's play-through: a Value
    stood chosen with no Determination die."""
    model.submit(StartTurn(by="kell", actor="kell"))
    d = dialog(qtbot, model, "kell", Station.TACTICAL, "fire_weapon")
    assert not d.value.isEnabled() and d.command().value is None
    d.determination.setChecked(True)
    assert d.value.isEnabled() and d.command().value == d.value.currentData()
    d.determination.setChecked(False)
    assert not d.value.isEnabled()
