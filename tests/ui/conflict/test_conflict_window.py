"""The Conflict card window mirrors seed 001's Conflict card (front: Minor Actions and
Tasks; back: COMBAT MOMENTUM (PERSONAL)) and plays through the one Command path."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from bridge.engine import (
    CONFLICT_CARD,
    CONFLICT_SPENDS,
    ConflictTask,
    EndConflict,
    Session,
    boarding_command,
    conflict_preview,
    demo_boarding,
    demo_encounter,
    suggest_conflict,
)
from bridge.engine.commands import Command
from bridge.rules.dice import GivenDice, SeededDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.conflict_model import LocalConflictSeat, figure_of
from bridge.ui.conflict.conflict_text import preview_lines
from bridge.ui.conflict.conflict_window import ConflictWindow


def card(qtbot: QtBot, model: SharedModel, character: str = "kell") -> ConflictWindow:
    w = ConflictWindow(LocalConflictSeat(model, character))
    qtbot.addWidget(w)
    w.show()
    return w


def test_every_entry_of_the_conflict_card_is_a_control_and_the_back_its_spends(
    qtbot: QtBot,
) -> None:
    """Seed 001 Conflict card: its Minor Actions and Tasks on the front, COMBAT MOMENTUM
    (PERSONAL) on the back."""
    model = SharedModel(Session(demo_boarding(), SeededDice(1)))
    w = card(qtbot, model)
    assert set(w.buttons) == set(CONFLICT_CARD)
    back = w.back.toPlainText()
    for spend in CONFLICT_SPENDS:
        assert spend.name in back
    assert w.header.title() == "CONFLICT · LT. CMDR. KELL"


def test_the_card_waits_for_a_conflict_and_comes_alive_when_the_gm_starts_one(
    qtbot: QtBot,
) -> None:
    model = SharedModel(Session(demo_encounter(), SeededDice(1)))
    w = card(qtbot, model)
    assert "No personal conflict is running" in w.reason.text()
    assert not w.start_button.isEnabled()
    assert model.submit(boarding_command()) is not None
    assert w.start_button.isEnabled()
    assert set(w.buttons) == set(CONFLICT_CARD)
    model.submit(EndConflict())
    assert not w.start_button.isEnabled() and not w.waiting.isVisible()


def test_the_status_shows_the_stress_track_as_rules_notes_counts_it(qtbot: QtBot) -> None:
    """RULES-NOTES Personal conflict: Stress is Fitness + Security (+3 with Resolute)."""
    model = SharedModel(Session(demo_boarding(), SeededDice(1)))
    w = card(qtbot, model)
    kell = model.state.characters["kell"]
    top = kell.attributes.fitness + kell.disciplines.security + (3 if kell.resolute else 0)
    assert (w.stress_bar.value(), w.stress_bar.maximum()) == (top, top)
    assert w.stress_bar.format() == f"STRESS {top}/{top}"
    assert w.injury_label.text() == "UNHURT"
    conflict = model.state.conflict
    assert conflict is not None
    zone = conflict.zone_of(figure_of(model.state, "kell") or "")
    assert f"Zone: {zone}" in w.status.text()
    for weapon in kell.weapons:
        assert weapon.name in w.status.text()
    assert "Avoid Injury: available" in w.status.text()


def test_an_attack_is_chosen_previewed_rolled_and_landed_from_the_card(qtbot: QtBot) -> None:
    """Seed 001 MAKE AN ATTACK: a ranged attack is Control + Security, Difficulty 2; the
    dialog's preview is the engine's, exact odds and damage range included; two 1s hit
    and the damage dice land on the Klingon."""
    dice = GivenDice(d20=(1, 1), d6=(2,) * 20)
    model = SharedModel(Session(demo_boarding(), dice))
    w = card(qtbot, model)
    qtbot.mouseClick(w.start_button, Qt.MouseButton.LeftButton)
    assert w.turn_label.text() == "YOUR TURN"
    dialog = w.use("attack")
    assert dialog is not None
    dialog.form.choose("target", "klingon-warrior")
    cmd = dialog.command()
    assert isinstance(cmd, ConflictTask) and cmd.target == "klingon-warrior"
    expected = conflict_preview(model.state, cmd)
    assert dialog.preview.text() == "\n".join(preview_lines(expected))
    assert expected.difficulty == 2 and "Control + Security" in expected.roll
    assert expected.attack is not None and dialog.chart.odds() == expected.attack.task
    before = model.state.conflict.figures["klingon-warrior"]  # type: ignore[union-attr]
    qtbot.mouseClick(dialog.go_button, Qt.MouseButton.LeftButton)
    assert w.waiting.isVisible() and w.resolve_button.isVisible()
    assert "Attack" in w.waiting_text.text()
    qtbot.mouseClick(w.resolve_button, Qt.MouseButton.LeftButton)
    assert w.damage_dice.isVisible() and w.damage_button.text() == "APPLY DAMAGE"
    qtbot.mouseClick(w.damage_button, Qt.MouseButton.LeftButton)
    after = model.state.conflict.figures["klingon-warrior"]  # type: ignore[union-attr]
    assert (after.stress, after.injury) != (before.stress, before.injury)


def test_the_cards_personal_spends_disarm_and_re_roll_damage_after_it_is_seen(
    qtbot: QtBot,
) -> None:
    """Seed 001 COMBAT MOMENTUM (PERSONAL): Disarm (2: the target's weapon falls) is
    chosen at RESOLVE; Re-Roll Damage (1) re-rolls the damage dice picked once they are
    seen, before they land."""
    dice = GivenDice(d20=(1, 1), d6=(3,) * 4 + (2,) * 20)  # blanks, then the re-roll's 2s
    model = SharedModel(Session(demo_boarding(), dice))
    w = card(qtbot, model)
    qtbot.mouseClick(w.start_button, Qt.MouseButton.LeftButton)
    dialog = w.use("attack")
    assert dialog is not None
    dialog.form.choose("target", "klingon-warrior")
    qtbot.mouseClick(dialog.go_button, Qt.MouseButton.LeftButton)
    assert w.disarm.isVisible() and w.secondary.isVisible()
    assert w.secondary.currentData() is None  # no second figure unless chosen
    momentum = model.state.momentum.value
    w.disarm.setChecked(True)
    qtbot.mouseClick(w.resolve_button, Qt.MouseButton.LeftButton)
    pending = model.state.conflict.pending  # type: ignore[union-attr]
    assert pending is not None and pending.damage is not None, "the damage dice wait"
    assert pending.damage.spends.disarm
    assert "Click any dice to re-roll them once" in w.waiting_text.text()
    w.damage_dice.setSelected((0, 1))
    assert w.damage_button.text() == "RE-ROLL 2 DICE (1 MOMENTUM) AND APPLY"
    qtbot.mouseClick(w.damage_button, Qt.MouseButton.LeftButton)
    assert model.state.conflict.pending is None  # type: ignore[union-attr]
    log = "\n".join(model.journal[-1].log)
    assert "Re-Roll Damage" in log, log
    assert model.state.momentum.value < momentum  # Disarm and the re-roll were paid


def test_a_minor_action_with_a_need_asks_for_it_and_one_without_is_done_at_once(
    qtbot: QtBot,
) -> None:
    """Seed 001 Movement: to an adjacent zone; Drop Prone needs nothing."""
    model = SharedModel(Session(demo_boarding(), SeededDice(2)))
    w = card(qtbot, model)
    qtbot.mouseClick(w.start_button, Qt.MouseButton.LeftButton)
    conflict = model.state.conflict
    assert conflict is not None
    here = conflict.zone_of("kell")
    dialog = w.use("movement")
    assert dialog is not None and dialog.go_button.text() == "DO IT"
    assert dialog.preview.text() == ""  # its rule is said once, under its title
    zones = dialog.form.widgets["zone"]
    assert isinstance(zones, QComboBox)
    offered = {zones.itemText(i).removesuffix(" (here)") for i in range(zones.count())}
    assert offered == {z for z in conflict.zones.zones if conflict.zones.distance(here, z) <= 1}
    there = next(z for z in offered if z != here)
    dialog.form.choose("zone", there)
    qtbot.mouseClick(dialog.go_button, Qt.MouseButton.LeftButton)
    assert model.state.conflict.zone_of("kell") == there  # type: ignore[union-attr]
    assert there.upper() in w.header.title() or there in w.status.text()
    assert not w.buttons["drop_prone"].isEnabled()  # one Minor Action a Turn
    assert "Minor Action" in w.buttons["drop_prone"].toolTip()


def test_the_card_offers_avoid_injury_when_the_officers_decision_waits(qtbot: QtBot) -> None:
    """Seed 003 AVOID INJURY: 2 Momentum or a Complication, once per scene; the card's
    buttons answer the decision the engine waits on."""
    session = Session(demo_boarding(), SeededDice(11))
    model = SharedModel(session)
    windows: dict[str, ConflictWindow] = {}
    for _ in range(400):
        conflict = model.state.conflict
        assert conflict is not None
        front = conflict.decisions[0] if conflict.decisions else None
        if front is not None and front.kind == "avoid_injury":
            officer = conflict.figures[front.figure].character
            if officer is not None:
                break
        command: Command | None = suggest_conflict(model.state, model.check)
        assert command is not None
        model.submit(command)
    else:
        raise AssertionError("no officer had an Injury to avoid in 400 Commands")
    w = windows.setdefault(officer, card(qtbot, model, officer))
    assert w.waiting.isVisible() and w.avoid_momentum.isVisible()
    assert w.avoid_momentum.text() == f"AVOID: {front.cost} MOMENTUM"
    momentum = model.state.momentum.value
    button = w.avoid_momentum if momentum >= front.cost else w.avoid_complication
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    after = model.state.conflict
    assert after is not None and front not in after.decisions
    fig = after.figures[front.figure]
    assert fig.avoid_injury_used and fig.injury is None
    assert "Avoid Injury: used this scene" in w.status.text()


def test_the_tasks_without_a_roll_are_sent_and_a_note_is_typed(qtbot: QtBot) -> None:
    """Seed 001 Conflict card: Pass, Ready, Assist and Direct are not rolled, so their
    forms say DO IT and send them (their 'preview' is only the gate's word); the note of
    Create Advantage and Other Tasks, and Ready's trigger, are typed (they take text)."""
    from PySide6.QtWidgets import QLineEdit

    from bridge.engine import StartTurn

    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    w = card(qtbot, model, "mbeki")
    model.submit(StartTurn(by="mbeki", actor="mbeki", where="conflict"))
    for key in ("pass", "ready", "assist"):
        form = w.use(key)
        assert form is not None
        assert form.go_button.text() == "DO IT" and form.go_button.isEnabled(), key
        assert not form.chart.isVisibleTo(form), key
        form.close()
    ready = w.use("ready")
    assert ready is not None and isinstance(ready.form.widgets["note"], QLineEdit)
    ready.close()
    advantage = w.use("create_advantage")
    assert advantage is not None and advantage.go_button.text() == "ROLL"
    note = advantage.form.widgets["note"]
    assert isinstance(note, QLineEdit)
    assert not advantage.go_button.isEnabled()
    assert "Name the Advantage" in advantage.go_button.toolTip()
    note.setText("Covering fire")
    assert advantage.go_button.isEnabled()
    advantage.close()
    passed = w.use("pass")
    assert passed is not None
    passed.send()
    conflict = model.state.conflict
    assert conflict is not None and conflict.turn.passed and "pass" in conflict.turn.tasks_used


def test_a_hits_spends_are_the_engines_and_the_secondary_target_is_within_reach(
    qtbot: QtBot,
) -> None:
    """Seed 001 Secondary Target: "a second target within Reach of the attack's target";
    Obtain Information and Create Advantage on any success; the window offers what the
    engine's controls offer, no more."""
    from bridge.engine import ConflictMinor, StartTurn, resolve_spends

    model = SharedModel(Session(demo_boarding(), GivenDice(d20=(1, 1), d6=(3,) * 12)))
    w = card(qtbot, model)
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.submit(ConflictMinor(by="kell", action="aim"))
    model.submit(ConflictTask(by="kell", action="attack", target="klingon-bekk-1"))
    offered = [s.name for s in resolve_spends(model.state, "kell")]
    shown = {
        "bonus_damage": w.bonus,
        "penetration": w.penetration,
        "disarm": w.disarm,
        "secondary_target": w.secondary,
        "revive": w.revive,
        "extra": w.extra,
        "obtain_information": w.information,
        "create_advantage": w.advantage,
    }
    assert {k for k, widget in shown.items() if widget.isVisible()} == set(offered)
    assert [w.secondary.itemData(i) for i in range(w.secondary.count())] == [
        None,
        "klingon-warrior",
        "klingon-bekk-2",
        "klingon-bekk-3",
    ]
    assert w.aim_button.isVisible()  # Kell aimed: the re-roll is there
    w.secondary.setCurrentIndex(w.secondary.findData("klingon-bekk-2"))
    w.advantage.setText("Bekk pinned down")
    qtbot.mouseClick(w.resolve_button, Qt.MouseButton.LeftButton)
    resolved = model.journal[-1].command
    assert resolved.spends.secondary_target == "klingon-bekk-2"  # type: ignore[union-attr]
    assert resolved.spends.create_advantage == "Bekk pinned down"  # type: ignore[union-attr]


def test_more_offers_the_cards_back_and_a_spend_is_sent_from_its_form(qtbot: QtBot) -> None:
    """The card's back: Extra Minor Action (1 each, Immediate: a player may add Threat
    instead, seed 001); each entry the engine refuses is disabled with its reason."""
    from bridge.engine import SetValue, StartTurn

    model = SharedModel(Session(demo_boarding(), SeededDice(4)))
    w = card(qtbot, model)
    w._fill_more()
    texts = {a.text(): a for a in w.more.actions()}
    # not Kell's Turn yet: only Determination's Make It So and a Value's Complication
    # (seed 003: at any moment) are open
    anytime = ("Make It So", "A Value", "Challenge a Value")
    turn_only = {t: a for t, a in texts.items() if not t.startswith(anytime)}
    assert len(turn_only) == 7 and all(not a.isEnabled() for a in turn_only.values())
    assert all(a.isEnabled() for t, a in texts.items() if t.startswith(anytime))
    assert "own Turn" in texts["Extra Minor Action (1 each)"].toolTip()
    model.submit(SetValue(path="momentum.value", value=0))
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    w._fill_more()
    texts = {a.text(): a for a in w.more.actions()}
    assert texts["Extra Minor Action (1 each)…"].isEnabled()  # Threat may pay
    dialog = w.open_control("extra_minor")
    assert dialog is not None
    assert set(dialog.widgets) == {"amount", "with_threat"}
    dialog.do_it()  # with no Momentum: refused, said in the form, which stays open
    assert "Not enough Momentum" in dialog.reason.text() and dialog.isVisible()
    dialog.widgets["with_threat"].setChecked(True)  # type: ignore[attr-defined]
    threat = model.state.threat.value
    dialog.do_it()
    assert model.state.threat.value == threat + 1 and not dialog.isVisible()
    assert model.state.conflict.turn.minor_allowance == 2  # type: ignore[union-attr]


def test_movement_offers_to_end_beside_those_in_the_zone_it_goes_to(qtbot: QtBot) -> None:
    """Seed 001 Movement, RULES-NOTES [default] Reach: a mover ends within Reach of someone
    in the zone it moves to. The form opened on Transporter Room 3 and offered the
    officers back in the corridor; picking one silently went back to "(none)"."""
    from bridge.engine import StartTurn

    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    model.submit(StartTurn(by="reyes", actor="reyes", where="conflict"))
    w = card(qtbot, model, "reyes")
    dialog = w.use("movement")
    assert dialog is not None
    assert dialog.form.values["zone"] == "Transporter Room 3"
    beside = dialog.form.widgets["beside"]
    assert isinstance(beside, QComboBox)
    offered = [beside.itemText(i) for i in range(beside.count())]
    assert offered == [
        "No one",
        "Klingon Warrior",
        "Klingon Bekk 1",
        "Klingon Bekk 2",
        "Klingon Bekk 3",
    ]
    dialog.form.choose("beside", "klingon-warrior")
    assert dialog.command().beside == "klingon-warrior"  # type: ignore[union-attr]
    qtbot.mouseClick(dialog.go_button, Qt.MouseButton.LeftButton)
    conflict = model.state.conflict
    assert conflict is not None and conflict.zone_of("reyes") == "Transporter Room 3"
    assert "Klingon Warrior" in w.status.text()  # within Reach of it now


def test_the_tasks_go_down_two_columns_whole_on_a_laptop_and_one_at_a_large_size(
    qtbot: QtBot,
) -> None:
    """A GM's play-through on a 1366x768 laptop: the card's twelve Tasks, one under
    another, scrolled; FIRST AID was cut and OTHER TASKS out of sight."""
    from PySide6.QtWidgets import QAbstractScrollArea, QApplication

    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    w = card(qtbot, model)
    w.text_size.set(1.0)
    w.resize(1280, 700)  # a framed window on a laptop's screen
    QApplication.processEvents()
    scrolled = [
        a.verticalScrollBar().maximum()
        for a in w.findChildren(QAbstractScrollArea)
        if a.isVisible() and a.verticalScrollBar().maximum() > 0
    ]
    assert scrolled == []
    attack, ready = w.buttons["attack"], w.buttons["ready"]
    assert ready.x() > attack.x() and ready.y() == attack.y()  # READY heads the 2nd column
    w.text_size.set(1.5)
    QApplication.processEvents()
    assert ready.x() == attack.x() and ready.y() > attack.y()  # one column from 130%
    w.text_size.set(1.0)


def test_a_reason_every_task_shares_is_said_once(
    qtbot: QtBot,
) -> None:
    """A GM's play-through: with a roll waiting, twelve copies of "Another Task is
    waiting…", each wrapped on three lines, made the card scroll and cut PASS."""
    from PySide6.QtWidgets import QApplication

    from bridge.engine import StartTurn

    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.session._dice = GivenDice(d20=(1, 1))
    assert model.submit(ConflictTask(by="kell", action="attack", target="klingon-warrior"))
    w = card(qtbot, model)
    w.text_size.set(1.0)
    w.resize(1280, 700)
    QApplication.processEvents()
    assert w.tasks_why.isVisible() and "waiting" in w.tasks_why.text()
    assert [line.text() for line in w.lines.values() if line.text()] == []
    assert "waiting" in w.buttons["pass"].toolTip()  # each still says why, on hover
    minors = [w.buttons[k] for k in ("aim", "movement")]
    assert minors[1].x() > minors[0].x() and minors[1].y() == minors[0].y()  # two columns


def test_the_attack_form_grows_with_its_preview_rather_than_scroll(qtbot: QtBot) -> None:
    """A GM's play-through: with a Focus, a Determination die and a die bought, the
    preview's cost lines came and the form scrolled, its last line cut in half."""
    from PySide6.QtWidgets import QAbstractScrollArea, QApplication

    from bridge.engine import StartTurn

    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    w = card(qtbot, model)
    dialog = w.use("attack")
    assert dialog is not None
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    dialog.form.choose("target", "klingon-warrior")
    QApplication.processEvents()
    dialog.fit()  # as tall as it needs now, no taller
    before = dialog.height()
    value = model.state.characters["kell"].values[0].text
    dialog.form.choose("focus_name", model.state.characters["kell"].focuses[0])
    dialog.form.choose("value", value)
    dice = dialog.form.widgets["bought"].findChild(QComboBox)
    assert dice is not None
    dice.setCurrentIndex(dice.findData('"determination"'))
    qtbot.waitUntil(lambda: "Determination" in dialog.preview.text(), timeout=2000)
    QApplication.processEvents()
    QApplication.processEvents()
    area = dialog.findChild(QAbstractScrollArea)
    assert area is not None
    qtbot.waitUntil(lambda: area.verticalScrollBar().maximum() == 0, timeout=2000)
    assert dialog.height() > before


def _rolled_attack(qtbot: QtBot, dice: GivenDice) -> tuple[SharedModel, ConflictWindow]:
    """Kell's card with his attack on the Klingon Warrior rolled and waiting."""
    model = SharedModel(Session(demo_boarding(), dice))
    w = card(qtbot, model)
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    assert w.start_button.toolTip() == "Start this officer's Turn (Ctrl+T)"
    qtbot.keyClick(w, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert w.turn_label.text() == "YOUR TURN", "Ctrl+T starts the Turn, as at a station"
    assert w.end_button.toolTip() == "End the Turn (Ctrl+E)"
    model.submit(ConflictTask(by="kell", action="attack", target="klingon-warrior"))
    assert w.resolve_button.isVisible()
    return model, w


def test_the_cards_keys_are_the_stations(qtbot: QtBot) -> None:
    """Ctrl+T starts a Turn, Ctrl+Return resolves what waits and then lands the damage
    dice, Ctrl+E ends the Turn: the same keys, with the same meaning, as a station's."""
    model, w = _rolled_attack(qtbot, GivenDice(d20=(1, 1), d6=(3,) * 20))  # blanks: no Injury
    qtbot.keyClick(w, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    pending = model.state.conflict.pending  # type: ignore[union-attr]
    assert pending is not None and pending.damage is not None and w.damage_dice.isVisible()
    qtbot.keyClick(w, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert model.state.conflict.pending is None  # type: ignore[union-attr]
    qtbot.keyClick(w, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert "Nothing waits" in w.statusBar().currentMessage()
    qtbot.keyClick(w, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert model.state.conflict.turn.actor is None  # type: ignore[union-attr]
    assert "(Ctrl+Return)" in w.resolve_button.toolTip()
    assert {a.shortcut().toString() for a in w.actions()} >= {"Ctrl+T", "Ctrl+E", "Ctrl+Return"}


def test_ctrl_return_rolls_from_an_entrys_form_when_a_roll_can_be_made(qtbot: QtBot) -> None:
    model = SharedModel(Session(demo_boarding(), GivenDice(d20=(1, 1), d6=(2,) * 20)))
    w = card(qtbot, model)
    form = w.use("attack")
    assert form is not None and not form.go_button.isEnabled()  # not Kell's Turn: no roll
    form.activateWindow()
    qtbot.waitUntil(form.isActiveWindow)
    qtbot.keyClick(form, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert model.state.conflict.pending is None  # type: ignore[union-attr]
    form.close()
    w.start_button.click()
    form = w.use("attack")
    assert form is not None
    form.form.choose("target", "klingon-warrior")
    form.activateWindow()
    qtbot.waitUntil(form.isActiveWindow)
    qtbot.keyClick(form, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert model.state.conflict.pending is not None  # type: ignore[union-attr]


def test_a_moment_of_inspiration_names_its_value_and_cost_and_return_never_spends(
    qtbot: QtBot,
) -> None:
    """Its title read "Moment of …ermination)" (cut by the window manager), its text
    only "Value", and Return took DO IT: now the title is short, the text names the Value
    cited and the Determination it costs, and Return takes Cancel."""
    model, w = _rolled_attack(qtbot, GivenDice(d20=(20, 20, 1, 1), d6=(2,) * 20))
    kell = model.state.characters["kell"]
    left = kell.determination.value
    assert left > 0 and w.inspire_button.isVisible()
    dialog = w.open_control("inspiration")
    assert dialog is not None
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.windowTitle() == "Moment of Inspiration"
    value = dialog.widgets["value"]
    assert isinstance(value, QComboBox)
    cited = value.currentText()
    assert dialog.cost.text() == (
        f"Spend 1 Determination ({left} left), citing the Value “{cited}”: re-roll all your dice."
    )
    assert dialog.go.text() == "SPEND 1 DETERMINATION" and not dialog.go.autoDefault()
    assert dialog.cancel is not None and dialog.cancel.isDefault()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    assert not dialog.isVisible()
    assert model.state.characters["kell"].determination.value == left  # Cancel, not spent
