"""The GM console: windows, turn controls, NPC Turns, pools, undo/redo, GM dialogs."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QPushButton
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import EndTurn, StartTurn
from bridge.engine.state.cards import Station
from bridge.ui.app.screenshots import LAPTOP
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console import gm_prompts
from bridge.ui.console.edit_value import EditValueDialog, parse_value
from bridge.ui.console.encounter_setup import SetupDialog
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.console.house_rules import HouseRulesDialog
from tests.ui.fit import frame_outside_screen, must_fit, settle


def console(qtbot: QtBot, model: SharedModel) -> GmConsole:
    c = GmConsole(model)
    c.confirm_quit = False
    qtbot.addWidget(c)
    c.show()
    return c


def test_opens_and_closes_station_windows(qtbot: QtBot, model: SharedModel) -> None:
    c = console(qtbot, model)
    c.open_all()
    assert set(c.stations) == set(Station)
    assert all(w.isVisible() for w in c.stations.values())
    c.activateWindow()
    qtbot.waitUntil(c.isActiveWindow)
    helm = c.stations[Station.HELM]
    c.toggle(Station.HELM)  # open but buried: Ctrl+2 brings it forward, never closes it
    assert c.stations[Station.HELM] is helm and helm.isVisible()
    qtbot.waitUntil(helm.isActiveWindow)
    c.toggle(Station.HELM)  # already in front: the same keys close it
    assert Station.HELM not in c.stations and not c.menus.windows[Station.HELM].isChecked()
    c.toggle(Station.HELM)
    assert c.stations[Station.HELM].isVisible()


def test_turn_controls_and_undo(qtbot: QtBot, model: SharedModel) -> None:
    c = console(qtbot, model)
    assert c.turn_order.next_actor.count() == 5
    qtbot.mouseClick(c.turn_order.start_button, Qt.MouseButton.LeftButton)
    assert model.state.turn.actor == "reyes"
    assert c.turn_label.text() == "ACTING: CAPT. ELENA REYES"
    c.activateWindow()
    qtbot.waitUntil(c.isActiveWindow)
    qtbot.keyClick(c, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert model.state.turn.actor is None and c.menus.redo.isEnabled()
    qtbot.keyClick(
        c, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier
    )
    assert model.state.turn.actor == "reyes"


def test_pools_buttons_and_refusal_in_status_bar(qtbot: QtBot, model: SharedModel) -> None:
    c = console(qtbot, model)
    threat = model.state.threat.value
    plus = next(b for b in c.findChildren(QPushButton) if b.toolTip() == "Threat +1")
    qtbot.mouseClick(plus, Qt.MouseButton.LeftButton)
    assert model.state.threat.value == threat + 1
    assert c.pools.threat_label.text() == f"THREAT {threat + 1}"
    up = next(b for b in c.findChildren(QPushButton) if b.toolTip() == "Momentum +1")
    for _ in range(6):
        qtbot.mouseClick(up, Qt.MouseButton.LeftButton)
    assert "Momentum must stay within 0..6" in c.statusBar().currentMessage()


def test_npc_turn_from_the_console(qtbot: QtBot, model: SharedModel) -> None:
    c = console(qtbot, model)
    c.turn_order.npc_first.click()
    assert model.state.turn.side == "npc"
    c.turn_order.next_actor.setCurrentIndex(c.turn_order.next_actor.findData("vortak"))
    c.turn_order.start_button.click()
    assert model.state.turn.actor == "vortak" and c.npc.npc_attempt.isEnabled()
    c.npc.npc_task.setCurrentIndex(c.npc.npc_task.findData("tactical:fire_weapon"))
    d = c.npc.open_task()
    assert d is not None and "Proficient crew" in d.odds_text.text()
    d.reject()
    c.npc.npc_minor.setCurrentIndex(c.npc.npc_minor.findData("prepare"))
    c.npc.npc_minor_button.click()
    assert model.state.turn.minors_used == ("prepare",)


def test_autopilot_plays_only_the_npc_ships(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 13: AUTOPILOT STEP took the players' Turns; now it says why it will not."""
    c = console(qtbot, model)
    assert not c.npc.autopilot.isEnabled() and "NPC ships only" in c.npc.autopilot.toolTip()
    c.npc.autopilot_step()
    assert model.journal == () and "NPC ships only" in c.statusBar().currentMessage()
    model.submit(StartTurn(by="reyes", actor="reyes"))
    model.submit(EndTurn(by="reyes"))
    assert model.state.turn.side == "npc" and c.npc.autopilot.isEnabled()
    before = len(model.journal)
    for _ in range(12):
        if not c.npc.autopilot.isEnabled():
            break
        c.npc.autopilot_step()
    played = model.journal[before:]
    assert played and all(entry.command.by == "gm" for entry in played)
    assert model.state.turn.side == "player"  # it stops where the players' move begins
    assert "▸" in c.log.toPlainText()


def test_end_round_and_end_scene_ask_first(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 13: END ROUND and END SCENE acted on one click with no confirmation."""
    c = console(qtbot, model)
    answers: list[bool] = [False, True]
    asked: list[str] = []

    def answer(_parent: object, title: str, text: str, action: str) -> bool:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr("bridge.ui.console.turn_order.confirm", answer)
    model.submit(StartTurn(by="kell", actor="kell"))
    model.submit(EndTurn(by="kell"))
    played = len(model.journal)
    c.turn_order.end_round.click()
    assert len(model.journal) == played and "End Round 1?" in asked[0]
    c.turn_order.end_round.click()
    assert model.state.turn.round == 2


def test_a_round_that_began_by_itself_is_not_offered_to_be_thrown_away(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Once everyone has acted the Round advances by itself: END ROUND… then offered to
    end the new Round and listed every officer as losing a Turn. It says the truth: the
    Round has just begun, there is nothing to end."""
    from bridge.engine import waiting

    c = console(qtbot, model)
    asked: list[str] = []
    monkeypatch.setattr(
        "bridge.ui.console.turn_order.confirm",
        lambda _parent, _title, text, _action: asked.append(text) or True,
    )
    while model.state.turn.round == 1:  # every officer and NPC ship takes its Turns
        side = model.state.turn.side
        actor = waiting(model.state, side)[0]
        by = actor if side == "player" else "gm"
        assert model.submit(StartTurn(by=by, actor=actor)) is not None
        assert model.submit(EndTurn(by=by)) is not None
    played = len(model.journal)
    button = c.turn_order.end_round
    assert not button.isEnabled()
    assert button.toolTip().startswith("Round 2 has just begun and no one has acted in it")
    said: list[str] = []
    model.sig_refused.connect(said.append)
    c.turn_order.confirm_end_round()  # (the Battle menu's way in, too)
    assert asked == [] and len(model.journal) == played and model.state.turn.round == 2
    assert said and "nothing to end" in said[0]
    model.submit(StartTurn(by="reyes", actor="reyes"))
    model.submit(EndTurn(by="reyes"))
    assert button.isEnabled()


def test_gm_dialogs_submit_commands(qtbot: QtBot, model: SharedModel) -> None:
    c = console(qtbot, model)
    rules = HouseRulesDialog(model, c)
    qtbot.addWidget(rules)
    rules.editors["keep_initiative_cost"].setValue(3)  # type: ignore[attr-defined]
    rules.accept()
    assert model.state.house_rules.keep_initiative_cost == 3

    edit = EditValueDialog(model, c, path="ships.qoj.shields")
    qtbot.addWidget(edit)
    edit.value.setText("99")
    edit.accept()
    assert "less than or equal to 60" in edit.error.text()
    assert model.state.ships["qoj"].shields == 11
    edit.value.setText("4")
    edit.accept()
    assert model.state.ships["qoj"].shields == 4

    setup = SetupDialog(model, c)
    qtbot.addWidget(setup)
    setup.starter.setCurrentIndex(2)
    setup.crew_name.setText("Ens. Park")
    setup.crew_scores["reason"].setValue(11)
    setup.zone.setCurrentText("Planetary Orbit")
    setup.accept()
    assert "qoj-2" in model.state.ships
    assert model.state.zones.positions["qoj-2"] == "Planetary Orbit"
    assert model.state.characters["enspark"].attributes.reason == 11
    assert parse_value("true") is True and parse_value("7") == 7 and parse_value("x") == "x"


def test_setup_reports_a_bad_link(qtbot: QtBot, model: SharedModel) -> None:
    setup = SetupDialog(model)
    qtbot.addWidget(setup)
    setup.zone_links.setText("Open Space to Moon")
    setup.accept()
    assert "is not 'Zone A - Zone B'" in setup.error.text()
    assert model.journal == ()


def test_the_gm_drags_a_ship_to_another_zone(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 13: the GM could not move ships; now a ship is dragged by its name."""
    c = console(qtbot, model)
    c.resize(1366, 698)
    view = c.zone_map
    view.grab()  # painted: the names and zones have places
    ship = view.ship_rects()["qoj"].center().toPoint()
    before = model.state.zones.positions["qoj"]
    zone = next(z for z in view.zone_rects() if z != before)
    drop = view.zone_rects()[zone].center().toPoint()
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=ship)
    qtbot.mouseMove(view, drop)
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=drop)
    assert model.state.zones.positions["qoj"] == zone
    model.undo()
    assert model.state.zones.positions["qoj"] == before


def test_the_ship_panel_shows_and_edits_an_npc_ship(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 13: the GM could not see an NPC ship's Power, systems, weapons or crew."""
    c = console(qtbot, model)
    panel = c.ship_panel
    c._show_ship(list(model.state.ships).index("qoj"), 0)
    assert c.picture_tabs.currentIndex() == 1 and panel.ship_id() == "qoj"
    qoj = model.state.ships["qoj"]
    assert f"Scale {qoj.scale}" in panel.summary.text()
    assert qoj.crew_quality is not None and qoj.crew_quality.label in panel.summary.text()
    weapons = {panel.weapons.item(r, 0).text() for r in range(panel.weapons.rowCount())}
    assert weapons == {w.name for w in qoj.weapons}
    assert panel.systems.rowCount() == 6
    panel.power.setValue(2)
    panel.set_power.click()
    assert model.state.ships["qoj"].power_now == 2 and panel.power.value() == 2
    model.undo()
    assert model.state.ships["qoj"].power_now == qoj.power_now


def test_the_ship_panel_is_built_when_its_tab_is_first_shown(
    qtbot: QtBot, model: SharedModel
) -> None:
    c = console(qtbot, model)
    assert c._ship_panel is None  # a plain start does not build the hidden tab
    tab_bar = c.picture_tabs.tabBar()
    qtbot.mouseClick(tab_bar, Qt.MouseButton.LeftButton, pos=tab_bar.tabRect(1).center())
    panel = c._ship_panel
    assert panel is not None and panel is c.ship_panel
    qtbot.waitUntil(panel.isVisible)
    assert panel.ship.count() == len(model.state.ships) and panel.summary.text()
    panel.edit_button.click()
    assert isinstance(c.dialog, EditValueDialog)
    assert c.dialog.path.currentText().startswith(f"ships.{panel.ship_id()}.")
    c.dialog.close()


def test_the_gm_removes_an_advantage_or_complication(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QInputDialog

    from bridge.engine.core.commands import AddTrait

    c = console(qtbot, model)
    model.submit(AddTrait(name="Nebula gas", kind="complication"))
    monkeypatch.setattr(QInputDialog, "getItem", lambda *a, **k: ("Complication: Nebula gas", True))
    gm_prompts.remove_trait(c, model)
    assert all(t.name != "Nebula gas" for t in model.state.traits)


def test_the_title_names_the_battle_from_the_start(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 13: the title said just "Bridge" until the first change, even after a resume."""
    c = console(qtbot, model)
    assert c.windowTitle() == f"Bridge — {model.state.name}"


def test_the_gm_directs_an_npc_ship(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 003 DIRECT: one character on each side; the NPC side's from the console."""
    c = console(qtbot, model)
    model.submit(StartTurn(by="reyes", actor="reyes"))
    model.submit(EndTurn(by="reyes"))
    model.submit(StartTurn(actor="qoj"))
    c.npc.npc_task.setCurrentIndex(c.npc.npc_task.findData("command:direct"))
    assert c.npc.open_task() is None
    assert model.state.turn.interrupt == "qoj" and model.state.turn.npc_direct_used


def test_undo_and_redo_say_what_they_would_undo(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 27: "Undo: Fire Weapon, Lt. Cmdr. Kell", in the menu and its tooltip."""
    from bridge.engine.core.commands import AdjustPool
    from bridge.engine.ship.commands import AttemptTask
    from bridge.rules.dice import GivenDice

    c = console(qtbot, model)
    assert c.menus.undo.text() == "&Undo" and not c.menus.undo.isEnabled()
    model.submit(StartTurn(by="kell", actor="kell"))
    assert c.menus.undo.text() == "&Undo: Start Turn, Lt. Cmdr. Kell"
    model.session._dice = GivenDice(d20=(1, 1, 12))
    model.submit(AttemptTask(by="kell", action="fire_weapon", target="qoj", weapon="Phaser Arrays"))
    assert c.menus.undo.text() == "&Undo: Fire Weapon, Lt. Cmdr. Kell"
    assert c.menus.undo.toolTip() == "Undo Fire Weapon, Lt. Cmdr. Kell (Ctrl+Z)"
    model.undo()
    assert c.menus.redo.text() == "&Redo: Fire Weapon, Lt. Cmdr. Kell"
    assert c.menus.undo.text() == "&Undo: Start Turn, Lt. Cmdr. Kell"
    model.submit(AdjustPool(pool="threat", delta=-2))
    assert c.menus.undo.text() == "&Undo: Threat -2" and c.menus.redo.text() == "&Redo"
    assert not c.menus.redo.isEnabled()


def test_end_round_names_who_still_has_turns(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = console(qtbot, model)
    asked: list[str] = []
    monkeypatch.setattr(
        "bridge.ui.console.turn_order.confirm",
        lambda _parent, _title, text, _action: asked.append(text) or False,
    )
    model.submit(StartTurn(by="kell", actor="kell"))
    model.submit(EndTurn(by="kell"))
    c.turn_order.confirm_end_round()
    text = asked[-1]
    assert "Lt. Cmdr. Kell" not in text
    assert "Capt. Elena Reyes" in text and "Lt. Sorel" in text
    assert "IKS Qoj (3 Turns)" in text and "IKS Vor'tak (4 Turns)" in text


def test_in_play_lists_advantages_complications_and_effects(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Issue 27: what is in play, with how long it lasts; a Complication rolled is there."""
    from bridge.engine.core.commands import AddTrait, ResolveTask
    from bridge.engine.ship.commands import AttemptTask
    from bridge.rules.dice import GivenDice

    c = console(qtbot, model)
    items = c.in_play.lines()
    assert items == ["Nothing in play: no Advantage, Complication or effect."]
    model.submit(AddTrait(name="Nebula cover", kind="advantage", ship="resolute"))
    model.submit(StartTurn(by="tovan", actor="tovan"))
    model.session._dice = GivenDice(d20=(1, 20, 20))  # two 20s: two Complications
    model.submit(AttemptTask(by="tovan", action="evasive_action"))
    model.submit(ResolveTask(by="tovan"))
    items = c.in_play.lines()
    assert items == [
        "Advantage: Nebula cover (USS Resolute)",
        "Complication: Evasive Action (Lt. Tovan), Round 1",
        "Complication: Evasive Action (Lt. Tovan), Round 1 #2",
        "Evasive Action on USS Resolute, until Lt. Tovan's next Task",
    ]


def test_in_play_keeps_four_lines_at_every_text_size(qtbot: QtBot, model: SharedModel) -> None:
    c = console(qtbot, model)
    one = c.in_play.fontMetrics().lineSpacing()
    assert c.in_play.height() >= 4 * one
    c.text_size.set(1.5)
    QApplication.processEvents()
    bigger = c.in_play.fontMetrics().lineSpacing()
    assert bigger > one and c.in_play.height() >= 4 * bigger


def test_the_console_cannot_be_made_too_small_to_read(qtbot: QtBot, model: SharedModel) -> None:
    """It could be shrunk to 66x120, its header's words over each other."""
    c = console(qtbot, model)
    c.resize(66, 120)
    assert c.width() >= 640 and c.height() >= 400


def test_at_120_percent_the_ships_names_are_whole_and_the_controls_never_scroll(
    qtbot: QtBot, model: SharedModel
) -> None:
    """A GM's play-through at 120% on a laptop: the contacts read "USS Resol…" and the
    GM's controls scrolled. Nothing is cut, and only readouts may scroll."""
    c = console(qtbot, model)
    c.text_size.set(1.2)
    settle()
    assert frame_outside_screen(c) is None
    assert c.width() <= LAPTOP[0] and c.height() <= LAPTOP[1]
    assert must_fit(c) == []
    c.text_size.set(1.0)


def test_at_150_percent_the_picture_tabs_are_whole_with_the_log_among_them(
    qtbot: QtBot, model: SharedModel
) -> None:
    """At 150% the battle log joins the tabs, and its tab read "BATTLE L" beside arrows."""
    c = console(qtbot, model)
    c.resize(1340, 690)
    c.text_size.set(1.5)
    qtbot.waitUntil(lambda: c.picture_tabs.count() == 4, timeout=2000)
    bar = c.picture_tabs.tabBar()
    assert c.picture_tabs.tabText(3) == "LOG"
    assert sum(bar.tabRect(i).width() for i in range(bar.count())) <= bar.width()


def test_at_200_percent_the_long_tab_names_go_short_and_every_tab_is_in_reach(
    qtbot: QtBot, model: SharedModel
) -> None:
    """A GM's play-through at 200%: the tab bar read "PER" beside arrows, PERSONAL
    CONFLICT and LOG out of reach."""
    c = console(qtbot, model)
    c.resize(1340, 690)
    c.text_size.set(2.0)
    qtbot.waitUntil(lambda: c.picture_tabs.count() == 4, timeout=2000)
    bar = c.picture_tabs.tabBar()
    names = [c.picture_tabs.tabText(i) for i in range(4)]
    assert names == ["BATTLE", "SHIP", "ON FOOT", "LOG"]
    assert c.picture_tabs.tabToolTip(2) == "Personal conflict"
    assert sum(bar.tabRect(i).width() for i in range(bar.count())) <= bar.width()
    c.text_size.set(1.0)
    assert c.picture_tabs.tabText(2) == "PERSONAL CONFLICT"
