"""The GM plays the NPC figures as the NPC ships: by hand from the ON FOOT tab (START TURN,
a Minor Action and a Task in the task dialog every card uses, END TURN, undo as on the
ship), an NPC's decision asked of the GM or left to the autopilot, Ctrl+J on foot, and the
tab whole at a laptop's size while a decision waits."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from bridge.engine import (
    ApplyDamage,
    AvoidInjury,
    ConflictTask,
    EndTurn,
    MoveFigure,
    ResolveTask,
    Session,
    StartTurn,
    demo_boarding,
)
from bridge.rules.dice import GivenDice, SeededDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.conflict_dialog import ConflictEntryDialog
from bridge.ui.console.gm_console import GmConsole
from tests.ui.fit import must_fit, settle


def console(qtbot: QtBot, model: SharedModel) -> GmConsole:
    c = GmConsole(model)
    c.confirm_quit = False
    qtbot.addWidget(c)
    c.show()
    c.show_conflict_tab()
    return c


def _npcs_to_act(model: SharedModel) -> None:
    """Kell passes: the NPCs are to act."""
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.submit(ConflictTask(by="kell", action="pass"))
    model.submit(EndTurn(by="kell", where="conflict"))


def _kell_hits_the_warrior(model: SharedModel, d6: tuple[int, ...] = (2,) * 20) -> None:
    """Kell's phaser rifle hits the Klingon Warrior (two 1s), its damage dice landed."""
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.session._dice = GivenDice(d20=(1, 1), d6=d6)
    assert model.submit(ConflictTask(by="kell", action="attack", target="klingon-warrior"))
    assert model.submit(ResolveTask(by="kell", hold_damage=True, where="conflict"))
    assert model.submit(ApplyDamage(by="kell", where="conflict"))


def test_the_gm_plays_an_npc_figures_turn_by_hand_in_the_task_dialog(qtbot: QtBot) -> None:
    """Seed 001 MAKE AN ATTACK (ranged: Control + Security, Difficulty 2), seed 003: an NPC
    buys dice with Threat. The GM starts the Klingon Warrior's Turn, aims (its Minor
    Action), attacks Kell in the task dialog the ships use, resolves, lands the damage
    and ends the Turn: every Command the GM's."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    _npcs_to_act(model)
    hand = c.conflict.hand
    c.conflict.figure_choice.setCurrentIndex(c.conflict.figure_choice.findData("kell"))
    assert not hand.start_button.isEnabled()  # an officer: their player's
    assert "their player plays them" in hand.start_button.toolTip()
    c.conflict.figure_choice.setCurrentIndex(c.conflict.figure_choice.findData("klingon-warrior"))
    qtbot.mouseClick(hand.start_button, Qt.MouseButton.LeftButton)
    conflict = model.state.conflict
    assert conflict is not None and conflict.turn.actor == "klingon-warrior"
    hand.minor.setCurrentIndex(hand.minor.findData("aim"))
    assert hand.minor_button.text() == "TAKE MINOR"  # Aim asks nothing: done at once
    qtbot.mouseClick(hand.minor_button, Qt.MouseButton.LeftButton)
    assert model.state.conflict.figures["klingon-warrior"].aim  # type: ignore[union-attr]
    hand.task.setCurrentIndex(hand.task.findData("attack"))
    assert hand.task_button.text() == "ATTEMPT TASK…"
    qtbot.mouseClick(hand.task_button, Qt.MouseButton.LeftButton)
    dialog = hand.dialog
    assert isinstance(dialog, ConflictEntryDialog) and dialog.isVisible()
    assert dialog.npc and dialog.by == "gm" and dialog.windowTitle() == "Attack — Klingon Warrior"
    # dice bought with Threat only, as an NPC ship's
    assert dialog.threat_dice.isVisibleTo(dialog) and not dialog.momentum_dice.isVisibleTo(dialog)
    dialog.form.choose("target", "kell")
    dialog.threat_dice.setValue(1)
    preview = dialog.previewed
    assert preview is not None and preview.difficulty == 2 and preview.attack is not None
    assert "1 Threat spent (bought dice)" in dialog.difficulty.text()
    assert "Like: " in dialog.difficulty.text()  # the GM's: what the Difficulty is like
    assert "Aiming" in dialog.odds_text.text()
    threat = model.state.threat.value
    kell = model.state.conflict.figures["kell"].stress  # type: ignore[union-attr]
    model.session._dice = GivenDice(d20=(2, 3, 4), d6=(2,) * 20)
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert dialog.stage.text() == "ROLLED" and [d.value for d in dialog.dice.dice()] == [2, 3, 4]
    assert dialog.outcome.text() == "3 successes vs 2: SUCCESS · 1 Threat"
    assert model.state.threat.value == threat - 1  # the bought die
    assert dialog.spends_box.title() == "SPEND THREAT"
    qtbot.mouseClick(dialog.resolve_button, Qt.MouseButton.LeftButton)
    assert dialog.stage.text() == "DAMAGE"
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.stage.text() == "RESOLVED"
    assert model.state.conflict.figures["kell"].stress < kell  # type: ignore[union-attr,operator]
    dialog.close()
    front = model.state.conflict.decisions[0]  # type: ignore[union-attr]
    assert front.figure == "kell"  # 5 or more: Kell's Avoid Injury is his player's, not the GM's
    assert not c.conflict.decision.isVisible() and not hand.end_button.isEnabled()
    assert model.submit(AvoidInjury(by="kell", figure="kell", pay="complication"))
    qtbot.mouseClick(hand.end_button, Qt.MouseButton.LeftButton)
    assert model.state.conflict.turn.actor is None  # type: ignore[union-attr]
    played = [e.command for e in model.journal if e.command.on_foot][-7:]
    assert [cmd.by for cmd in played] == ["gm"] * 5 + ["kell", "gm"]


def test_the_gms_hand_follows_the_npc_whose_turn_starts_and_opens_its_waiting_roll(
    qtbot: QtBot,
) -> None:
    """An NPC's Turn started elsewhere (AUTOPILOT TURN's first step, the turn order) puts
    the GM's hand on it; a roll left waiting reopens from ROLL WAITING: OPEN."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    _npcs_to_act(model)
    c.conflict.figure_choice.setCurrentIndex(c.conflict.figure_choice.findData("kell"))
    model.submit(StartTurn(actor="klingon-bekk-2", where="conflict"))
    assert c.conflict.figure_choice.currentData() == "klingon-bekk-2"
    model.session._dice = GivenDice(d20=(2, 3), d6=(2,) * 20)
    assert model.submit(ConflictTask(action="attack", target="kell"))
    hand = c.conflict.hand
    assert hand.task_button.text() == "ROLL WAITING: OPEN" and hand.task_button.isEnabled()
    qtbot.mouseClick(hand.task_button, Qt.MouseButton.LeftButton)
    dialog = hand.dialog
    assert dialog is not None and dialog.stage.text() == "ROLLED"
    assert dialog.resolve_button.isVisible()


def test_undo_takes_an_npc_figures_roll_back_as_on_the_ship(qtbot: QtBot) -> None:
    """Not modal: the GM undoes the NPC's roll while its dialog is open (Ctrl+Z), and redoes
    it; the dialog follows, as the ship's task dialog does."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    _npcs_to_act(model)
    c.conflict.figure_choice.setCurrentIndex(c.conflict.figure_choice.findData("klingon-warrior"))
    c.conflict.hand.start()
    c.conflict.hand.task.setCurrentIndex(c.conflict.hand.task.findData("attack"))
    dialog = c.conflict.hand.attempt()
    assert dialog is not None
    dialog.form.choose("target", "kell")
    model.session._dice = GivenDice(d20=(2, 3), d6=(2,) * 20)
    dialog.roll()
    assert "Attack" in c.menus.undo.text()
    c.menus.undo.trigger()
    assert model.state.conflict.pending is None  # type: ignore[union-attr]
    assert dialog.stage.text() == "SET UP" and "undone" in dialog.problem.text()
    assert dialog.form.values["target"] == "kell"  # the choices kept
    c.menus.redo.trigger()
    assert dialog.stage.text() == "ROLLED" and dialog.resolve_button.isVisible()


def test_the_gm_decides_an_npcs_avoid_injury_when_kell_hits_for_5_or_more(
    qtbot: QtBot,
) -> None:
    """Seed 003 AVOID INJURY: 5 or more damage at once may Injure; an NPC may avoid it for
    2 Threat (or a Complication) once a scene. The GM is asked: nothing is spent unasked."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    threat = model.state.threat.value
    _kell_hits_the_warrior(model)
    decision = c.conflict.decision
    assert decision.isVisible() and not c.conflict.hand.isVisible()  # the decision first
    assert "Klingon Warrior must first decide whether to Avoid the Injury" in decision.prompt.text()
    assert [b.text() for b in decision.answers] == [
        "AVOID: 2 THREAT",
        "AVOID: A COMPLICATION",
        "TAKE THE INJURY",
    ]
    assert model.state.threat.value == threat  # the autopilot spent nothing
    qtbot.mouseClick(decision.answers[0], Qt.MouseButton.LeftButton)
    after = model.state.conflict
    assert after is not None and not after.decisions
    warrior = after.figures["klingon-warrior"]
    assert warrior.avoid_injury_used and warrior.injury is None
    assert model.state.threat.value == threat - 2
    assert model.journal[-1].command.by == "gm"
    assert not decision.isVisible() and c.conflict.hand.isVisible()


def test_autopilot_turn_stops_for_the_gms_decision_unless_left_to_the_autopilot(
    qtbot: QtBot,
) -> None:
    """The console's preference (Battle menu): by default AUTOPILOT TURN leaves an NPC's
    decision to the GM; ticked, the autopilot answers one as soon as a Command brings it."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    assert not c.menus.decides.isChecked()
    _kell_hits_the_warrior(model)
    assert c.conflict.decision.isVisible()
    c.activateWindow()
    qtbot.waitUntil(c.isActiveWindow)
    qtbot.keyClick(c, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)  # the autopilot
    assert model.state.conflict.decisions  # type: ignore[union-attr]  # waits for the GM
    assert c.statusBar().currentMessage().endswith("waits for the GM's decision.")
    before = len(model.journal)
    model.undo()  # the damage dice wait again
    assert len(model.journal) == before - 1 and not model.state.conflict.decisions  # type: ignore[union-attr]
    c.menus.decides.trigger()  # the autopilot decides from now on
    assert c.autopilot_decides()
    assert model.submit(ApplyDamage(by="kell", where="conflict"))
    qtbot.waitUntil(lambda: not model.state.conflict.decisions, timeout=2000)  # type: ignore[union-attr]
    assert model.journal[-1].command.type == "avoid_injury"
    assert c.statusBar().currentMessage().startswith("Autopilot: ")
    model.undo()  # an undo brings the decision back, and the GM decides it
    QApplication.processEvents()
    assert model.state.conflict.decisions and c.conflict.decision.isVisible()  # type: ignore[union-attr]


def test_the_gm_names_a_stray_shots_victim(qtbot: QtBot) -> None:
    """Seed 003 (a ranged attack's Complication with others within Reach of the target):
    the GM says whether the shot strikes one of them."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.session._dice = GivenDice(d20=(1, 20), d6=(3,) * 20)  # a hit with a Complication
    assert model.submit(ConflictTask(by="kell", action="attack", target="klingon-warrior"))
    assert model.submit(ResolveTask(by="kell", hold_damage=True, where="conflict"))
    assert model.submit(ApplyDamage(by="kell", where="conflict"))
    decision = c.conflict.decision
    assert decision.kind == "stray_hit" and decision.isVisible()
    names = [b.text() for b in decision.answers]
    assert "STRIKES KLINGON BEKK 1" in names and names[-1] == "STRIKES NO ONE"
    qtbot.mouseClick(decision.answers[names.index("STRIKES NO ONE")], Qt.MouseButton.LeftButton)
    assert not model.state.conflict.decisions  # type: ignore[union-attr]
    assert model.journal[-1].command.type == "stray_hit"


def test_ctrl_j_plays_the_npc_figures_turn_on_foot(qtbot: QtBot) -> None:
    """Ctrl+J answered "The autopilot plays the NPC ships only: It is the players' move"
    while the ON FOOT header said the NPCs were to act: now it plays the fight's NPCs."""
    model = SharedModel(Session(demo_boarding(), SeededDice(8)))
    c = console(qtbot, model)
    c.activateWindow()
    qtbot.waitUntil(c.isActiveWindow)
    qtbot.keyClick(c, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    said = c.statusBar().currentMessage()
    assert "NPC ships" not in said  # the fight's own word: the players are to act
    _npcs_to_act(model)
    assert c.turn_label.text() == "ON FOOT: THE NPCS TO ACT"
    before = len(model.journal)
    qtbot.keyClick(c, Qt.Key.Key_J, Qt.KeyboardModifier.ControlModifier)
    played = model.journal[before:]
    assert played and played[0].command.type == "start_turn" and played[0].command.on_foot
    assert c.statusBar().currentMessage().startswith("Autopilot, Klingon")


@pytest.mark.parametrize("scale", [1.0, 1.2])
def test_the_on_foot_tab_is_whole_with_an_npcs_turn_and_a_decision_waiting(
    qtbot: QtBot, scale: float
) -> None:
    """At a laptop's 1366x768 the tab's rows (the GM's hand, a decision's answers) leave
    every figure's line whole: nothing cut, nothing scrolled."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    c.resize(1366, 698)
    c.text_size.set(scale)
    _kell_hits_the_warrior(model)
    settle()
    assert c.conflict.decision.isVisible()
    assert must_fit(c) == []
    assert model.submit(AvoidInjury(figure="klingon-warrior", pay="complication"))
    model.submit(EndTurn(by="kell", where="conflict"))
    model.submit(StartTurn(actor="klingon-bekk-1", where="conflict"))
    settle()
    assert c.conflict.hand.isVisible() and c.conflict.hand.end_button.isEnabled()
    assert must_fit(c) == []
    c.text_size.set(1.0)


def test_the_gm_decides_whether_an_npc_resists_a_knockdown(qtbot: QtBot) -> None:
    """Seed 003 KNOCKDOWN: each Effect knocks the target prone unless it resists, an NPC
    by spending Threat equal to the Effects. Kell's fists (Unarmed Strike, Knockdown) roll
    two Effects on the Klingon Warrior: the GM says whether it resists."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    model.submit(MoveFigure(figure="kell", zone="Transporter Room 3", beside="klingon-warrior"))
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.session._dice = GivenDice(d20=(1, 1, 20, 20), d6=(5, 6, 3, 3, 3, 3))
    attack = ConflictTask(
        by="kell", action="attack", target="klingon-warrior", weapon="Unarmed Strike"
    )
    assert model.submit(attack)
    assert model.submit(ResolveTask(by="kell", hold_damage=True, where="conflict"))
    assert model.submit(ApplyDamage(by="kell", where="conflict"))
    decision = c.conflict.decision
    assert decision.kind == "resist_knockdown" and decision.isVisible()
    assert [b.text() for b in decision.answers] == ["RESIST: 2 THREAT", "FALL PRONE"]
    threat = model.state.threat.value
    qtbot.mouseClick(decision.answers[0], Qt.MouseButton.LeftButton)
    warrior = model.state.conflict.figures["klingon-warrior"]  # type: ignore[union-attr]
    assert not warrior.prone and model.state.threat.value == threat - 2


def test_while_an_officers_turn_runs_the_gms_hand_on_an_npc_does_nothing(qtbot: QtBot) -> None:
    """A GM's play-through: with the Klingon Warrior chosen during Kell's Turn, TAKE MINOR
    made Kell aim and END TURN would have ended Kell's Turn (the GM's Commands go to the
    figure whose Turn runs). The hand plays a figure on its own Turn only, and says so."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    settle()
    hand = c.conflict.hand
    assert hand.figure == "klingon-warrior"
    for button in (hand.minor_button, hand.task_button, hand.end_button):
        assert not button.isEnabled()
        assert "It is Lt. Cmdr. Kell's Turn" in button.toolTip()
    before = len(model.journal)
    assert hand.take_minor() is None and hand.attempt() is None
    hand.end()
    assert len(model.journal) == before and model.state.conflict.turn.actor == "kell"  # type: ignore[union-attr]
