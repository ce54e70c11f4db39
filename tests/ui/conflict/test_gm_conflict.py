"""The GM runs a personal conflict from the console: starts it (the officers who are
there, NPCs from the library's templates as Minor, Notable or Major), plays the NPC
figures (AUTOPILOT TURN), moves figures by dragging, reveals an NPC, and returns to the
ship; the viewscreen shows the fight while it runs."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bridge.engine import (
    BOARDING_ZONES,
    ConflictTask,
    EndTurn,
    Session,
    StartTurn,
    WithdrawFigure,
    demo_boarding,
    demo_encounter,
)
from bridge.rules.dice import SeededDice
from bridge.rules.npc_abilities import NpcTier
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.gm_conflict import StartConflictDialog, row_zones
from bridge.ui.console.gm_console import GmConsole


def console(qtbot: QtBot, model: SharedModel) -> GmConsole:
    c = GmConsole(model)
    c.confirm_quit = False
    qtbot.addWidget(c)
    c.show()
    return c


def test_zones_in_a_row_touch_their_neighbours_and_an_empty_line_is_the_demo_deck() -> None:
    zones = row_zones("Bridge, Turbolift ,Deck 2, Bridge")
    assert zones.zones == ("Bridge", "Turbolift", "Deck 2")
    assert zones.links == (("Bridge", "Turbolift"), ("Turbolift", "Deck 2"))
    assert row_zones(" , ") == BOARDING_ZONES


def test_the_start_dialog_picks_officers_and_library_npcs_at_a_tier(qtbot: QtBot) -> None:
    """Issue 26: the GM picks the officers who are there and adds NPCs from the library,
    as Minor, Notable or Major."""
    state = demo_encounter()
    dialog = StartConflictDialog(state)
    qtbot.addWidget(dialog)
    dialog.officers["sorel"][0].setChecked(False)
    which, tier, count, zone = dialog.npc_rows[2]
    which.setCurrentIndex(which.findData("jemhadar-soldier"))
    tier.setCurrentIndex(tier.findData(NpcTier.MAJOR.value))
    count.setValue(2)
    zone.setCurrentText("Main Engineering")
    cmd = dialog.command()
    assert cmd.pause_ship and not cmd.own_scene  # (one box said both, and did one)
    dialog.pause_ship.setChecked(False)
    assert not dialog.command().pause_ship
    assert {o.character for o in cmd.officers} == set(state.characters) - {"sorel"}
    jem = next(p for p in cmd.npcs if p.npc.id == "jemhadar-soldier")
    assert (jem.npc.tier, jem.count, jem.zone) == (NpcTier.MAJOR, 2, "Main Engineering")
    assert [p.npc.id for p in cmd.npcs[:2]] == ["klingon-warrior", "klingon-bekk"]
    assert cmd.zones == BOARDING_ZONES


def test_the_gm_starts_a_boarding_action_and_the_tab_and_viewscreen_show_it(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = SharedModel(Session(demo_encounter(), SeededDice(5)))
    c = console(qtbot, model)
    screen = c.viewscreen()
    assert not screen.conflict_view.isVisible()  # type: ignore[attr-defined]
    dialog = c.conflict.start()
    dialog.accept()
    conflict = model.state.conflict
    assert conflict is not None and conflict.name == "Boarders on Deck 6"
    assert c.picture_tabs.currentWidget() is c._conflict_tab
    assert c.turn_label.text() == "ON FOOT: THE PLAYERS TO ACT"  # the fight runs now
    assert screen.conflict_view.isVisible()  # type: ignore[attr-defined]
    assert not screen.map.isVisible()  # type: ignore[attr-defined]
    painted = dict(
        (fid, (zone, text))
        for fid, zone, text, _c in screen.conflict_view.map._lines  # type: ignore[attr-defined]
    )
    assert set(painted) == set(conflict.figures)
    for fid, fig in conflict.figures.items():
        zone, text = painted[fid]
        assert zone == conflict.zone_of(fid) and fig.name in text
        if fig.npc is not None:  # [house rule] the players do not see its Stress
            assert "Stress hidden" in text
    gm_lines = {fid: text for fid, _z, text, _c in c.conflict.picture.map._lines}
    warrior = conflict.figures["klingon-warrior"]
    assert f"Stress {warrior.stress}/" in gm_lines["klingon-warrior"]
    c.open_conflict_cards()
    assert set(c.conflict_cards) == {f.character for f in conflict.figures.values()} - {None}
    asked: list[str] = []

    def answer(_parent: object, _title: str, text: str, _action: str) -> bool:
        asked.append(text)
        return len(asked) > 1  # Cancel first, then RETURN TO THE SHIP

    monkeypatch.setattr("bridge.ui.conflict.gm_conflict.confirm", answer)
    qtbot.mouseClick(c.conflict.end_button, Qt.MouseButton.LeftButton)
    assert model.state.conflict is not None and not model.state.conflict.ended  # Cancel
    assert "not decided" in asked[0]
    qtbot.mouseClick(c.conflict.end_button, Qt.MouseButton.LeftButton)
    assert model.state.conflict is None or model.state.conflict.ended
    assert screen.map.isVisible() and not screen.conflict_view.isVisible()  # type: ignore[attr-defined]


def test_autopilot_plays_an_npc_figures_turn_and_the_gm_drags_a_figure(qtbot: QtBot) -> None:
    """AUTOPILOT TURN plays an NPC figure's whole Turn (as for NPC ships); a figure
    dragged to a zone is moved by the GM's Command (seed 003: the GM places figures)."""
    model = SharedModel(Session(demo_boarding(), SeededDice(8)))
    c = console(qtbot, model)
    assert not c.conflict.autopilot_button.isEnabled()  # the players are to act
    assert "players" in c.conflict.autopilot_button.toolTip()
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.submit(ConflictTask(by="kell", action="pass"))
    model.submit(EndTurn(by="kell", where="conflict"))
    assert c.conflict.autopilot_button.isEnabled()
    before = len(model.journal)
    qtbot.mouseClick(c.conflict.autopilot_button, Qt.MouseButton.LeftButton)
    now = model.state.conflict
    assert now is not None
    played = model.journal[before:]
    assert played and played[0].command.type == "start_turn" and played[0].command.on_foot
    acted = played[0].command.actor  # type: ignore[union-attr]
    assert now.figures[acted].npc is not None
    said = c.statusBar().currentMessage()
    assert said.startswith(f"Autopilot, {now.figures[acted].name}: ")
    state = model.state
    model.undo()  # one undo takes back the whole Turn the press played
    assert len(model.journal) == before
    model.redo()
    assert model.state == state and len(model.journal) == before + len(played)
    # The GM drags a Klingon bekk to the corridor.
    bekk = next(fid for fid, f in now.figures.items() if f.npc is not None and fid != acted)
    target = next(z for z in now.zones.zones if z != now.zone_of(bekk))
    c.conflict.picture.map.sig_move.emit(bekk, target)
    assert model.state.conflict.zone_of(bekk) == target  # type: ignore[union-attr]
    # The GM reveals it: the players now read its Stress.
    c.conflict.figure_choice.setCurrentIndex(c.conflict.figure_choice.findData(bekk))
    qtbot.mouseClick(c.conflict.reveal_button, Qt.MouseButton.LeftButton)
    assert model.state.conflict.figures[bekk].revealed  # type: ignore[union-attr]
    assert c.conflict.figure_choice.currentData() == bekk  # still chosen, revealed now
    assert not c.conflict.reveal_button.isEnabled()
    assert "revealed to the players already" in c.conflict.reveal_button.toolTip()
    c.conflict.figure_choice.setCurrentIndex(c.conflict.figure_choice.findData("kell"))
    assert not c.conflict.reveal_button.isEnabled()  # an officer: seen already
    gate = model.why_not(WithdrawFigure(figure="kell"))  # WITHDRAW says what the gate says
    assert c.conflict.withdraw_button.isEnabled() is (gate is None)


def test_the_gm_sets_a_zones_cover_and_the_card_reads_it(qtbot: QtBot) -> None:
    """RULES-NOTES Personal conflict: Cover in a zone (1-4 dice, set by the GM); Recover
    is 1 easier in Cover (seed 003 RECOVER)."""
    model = SharedModel(Session(demo_boarding(), SeededDice(8)))
    c = console(qtbot, model)
    conflict = model.state.conflict
    assert conflict is not None
    zone = conflict.zone_of("kell")
    c.conflict.terrain_zone.setCurrentText(zone)
    assert c.conflict.cover.value() == conflict.cover.get(zone, 0)
    c.conflict.cover.setValue(3)
    c.conflict.darkness.setValue(1)
    qtbot.mouseClick(c.conflict.terrain_button, Qt.MouseButton.LeftButton)
    now = model.state.conflict
    assert now is not None and (now.cover[zone], now.darkness[zone]) == (3, 1)
    card = c.open_conflict_card("kell")
    assert f"Zone: {zone} (Cover 3, darkness +1)" in card.status.text()


def test_the_gm_brings_reinforcements_and_an_officer_in_as_the_fight_runs(qtbot: QtBot) -> None:
    """ADD FIGURES…: NPCs from the library (numbered on from their template's figures
    there) and an officer not yet in the fight, where the GM says; the viewscreen and the
    tab show them."""
    model = SharedModel(Session(demo_encounter(), SeededDice(5)))
    c = console(qtbot, model)
    assert not c.conflict.add_button.isEnabled()  # no fight yet: START… in its place
    assert not c.conflict.start_button.isHidden() and c.conflict.add_button.isHidden()
    start = c.conflict.start()
    start.officers["sorel"][0].setChecked(False)
    start.accept()
    conflict = model.state.conflict
    assert conflict is not None and conflict.figure_of("sorel") is None
    bekks = [f for f in conflict.figures.values() if f.npc and f.npc.id == "klingon-bekk"]
    assert c.conflict.add_button.isEnabled() and c.conflict.start_button.isHidden()
    dialog = c.conflict.add_figures()
    officers = [dialog.officer.itemData(i) for i in range(dialog.officer.count())]
    assert officers == ["", "sorel"]  # only who is not in the fight
    dialog.officer.setCurrentIndex(dialog.officer.findData("sorel"))
    dialog.officer_zone.setCurrentText(conflict.zones.zones[0])
    dialog.npcs.which.setCurrentIndex(dialog.npcs.which.findData("klingon-bekk"))
    dialog.npcs.number.setValue(2)
    dialog.npcs.zone.setCurrentText(conflict.zones.zones[-1])
    dialog.accept()
    assert "joins the personal conflict" in c.statusBar().currentMessage()
    now = model.state.conflict
    assert now is not None and now.zone_of("sorel") == conflict.zones.zones[0]
    added = [f"Klingon Bekk {len(bekks) + n}" for n in (1, 2)]
    names = {f.name: fid for fid, f in now.figures.items()}
    assert all(name in names for name in added)
    assert all(now.zone_of(names[n]) == conflict.zones.zones[-1] for n in added)
    assert all(now.figures[names[n]].side == "npc" for n in added)
    gm_lines = {fid for fid, _z, _t, _c in c.conflict.picture.map._lines}
    assert {"sorel", names[added[0]], names[added[1]]} <= gm_lines
    # Naming no one is refused with the reason, and changes nothing; every officer is in
    # the fight now, so the form offers none.
    before = model.state
    empty = c.conflict.add_figures()
    assert empty.officer.count() == 1 and not empty.officer.isEnabled()
    assert "in the fight already" in empty.officer.toolTip()
    empty.accept()
    assert model.state is before
    assert "Name an officer or NPCs" in c.statusBar().currentMessage()


def test_the_gm_withdraws_a_figure_but_not_one_whose_turn_runs(qtbot: QtBot) -> None:
    """WITHDRAW: a figure leaves the fight (flees, is beamed out); the last enemy gone
    decides it. A figure whose Turn runs is refused, with the reason."""
    model = SharedModel(Session(demo_boarding(), SeededDice(8)))
    c = console(qtbot, model)
    assert c.conflict.add_button.isVisible() and c.conflict.start_button.isHidden()
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    c.conflict.figure_choice.setCurrentIndex(c.conflict.figure_choice.findData("kell"))
    assert not c.conflict.withdraw_button.isEnabled()  # the gate's word, before a click
    assert "end their Turn first" in c.conflict.withdraw_button.toolTip()
    conflict = model.state.conflict
    assert conflict is not None
    foes = [fid for fid, f in conflict.figures.items() if f.side == "npc"]
    for fid in foes:
        c.conflict.figure_choice.setCurrentIndex(c.conflict.figure_choice.findData(fid))
        qtbot.mouseClick(c.conflict.withdraw_button, Qt.MouseButton.LeftButton)
        assert model.state.conflict.figures[fid].withdrawn  # type: ignore[union-attr]
        assert c.conflict.figure_choice.findData(fid) == -1
        assert "leaves the fight" in c.statusBar().currentMessage()  # what it did
    assert "away team wins" in (model.state.conflict.outcome or "")  # type: ignore[union-attr]


def test_an_npc_fighting_with_the_crew_is_played_by_autopilot_on_the_players_move(
    qtbot: QtBot,
) -> None:
    """ADD FIGURES… "with the crew": the GM plays that NPC, so AUTOPILOT TURN plays its
    Turn on the players' move (an officer's Turn is still the player's own)."""
    model = SharedModel(Session(demo_boarding(), SeededDice(8)))
    c = console(qtbot, model)
    assert not c.conflict.autopilot_button.isEnabled()  # the players are to act
    dialog = c.conflict.add_figures()
    dialog.npcs.which.setCurrentIndex(dialog.npcs.which.findData("starfleet-security-officer"))
    dialog.side.setCurrentIndex(dialog.side.findData("player"))
    dialog.accept()
    now = model.state.conflict
    assert now is not None
    ally = next(fid for fid, f in now.figures.items() if f.npc is not None and f.side == "player")
    assert c.conflict.autopilot_button.isEnabled()
    qtbot.mouseClick(c.conflict.autopilot_button, Qt.MouseButton.LeftButton)
    assert c.statusBar().currentMessage().startswith(f"Autopilot, {now.figures[ally].name}: ")
    for _ in range(3):  # a Klingon it hit decides first: the GM's word, then on
        after = model.state.conflict
        assert after is not None
        if ally in after.turn.acted:
            break
        assert c.conflict.decision.isVisible(), "it stopped only for the GM's decision"
        assert c.statusBar().currentMessage().endswith("waits for the GM's decision.")
        qtbot.mouseClick(c.conflict.decision.answers[-1], Qt.MouseButton.LeftButton)
        qtbot.mouseClick(c.conflict.autopilot_button, Qt.MouseButton.LeftButton)
    after = model.state.conflict
    assert after is not None and ally in after.turn.acted


def test_start_opens_whole_without_scrolling_on_a_laptops_screen(qtbot: QtBot) -> None:
    """START… opened at 676x537 with its NPC rows below the fold: it sizes itself to what
    it holds (a laptop's 768 pixels hold it; the test screen is 800 tall)."""
    from PySide6.QtWidgets import QScrollArea

    dialog = StartConflictDialog(Session(demo_boarding()).state)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    area = dialog.findChild(QScrollArea)
    assert area is not None
    assert not area.verticalScrollBar().isVisible()
    assert not area.horizontalScrollBar().isVisible()
    assert dialog.frameGeometry().height() <= 768


def test_the_officers_cards_open_in_a_cascade_none_on_another(qtbot: QtBot) -> None:
    """CONFLICT CARDS opened five windows on three spots; each officer's card keeps its
    own place."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    c.open_conflict_cards()
    cards = list(c.conflict_cards.values())
    assert len(cards) == 5
    for card in cards:
        qtbot.addWidget(card)
    places = {(w.frameGeometry().x(), w.frameGeometry().y()) for w in cards}
    assert len(places) == 5
    assert len({w.geometry_key for w in cards}) == 5


def test_after_the_return_to_the_ship_the_tab_shows_no_figures(qtbot: QtBot) -> None:
    """RETURN TO THE SHIP left the fight's figures on the map under NO PERSONAL
    CONFLICT."""
    from bridge.engine import EndConflict

    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    c.show_conflict_tab()
    assert c.conflict.picture.map.isVisible()
    model.submit(EndConflict())
    assert c.conflict.picture.title.text() == "NO PERSONAL CONFLICT"
    assert not c.conflict.picture.map.isVisible()


def test_the_cards_go_with_the_fight_and_close_with_the_console(qtbot: QtBot) -> None:
    """Conflict cards stayed open after RETURN TO THE SHIP (reading "It is Lt. Amara
    Mbeki's Task now" and a zone); closing the GM console left them open and the app
    running. A card opened with no fight says so, every control disabled."""
    from bridge.engine import EndConflict

    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    model.submit(StartTurn(by="mbeki", actor="mbeki", where="conflict"))
    c.open_conflict_cards()
    reyes = c.conflict_cards["reyes"]
    assert reyes.tasks_why.text().startswith("It is Lt. Amara Mbeki's")  # said once
    model.submit(EndTurn(by="mbeki", where="conflict"))
    cards = list(c.conflict_cards.values())
    assert len(cards) == 5 and all(card.isVisible() for card in cards)
    model.submit(EndConflict())
    assert c.conflict_cards == {} and not any(card.isVisible() for card in cards)
    model.undo()  # the fight back: the GM opens the cards again, as before
    c.open_conflict_cards()
    cards = list(c.conflict_cards.values())
    assert cards and all(card.isVisible() for card in cards)
    c.close()
    assert not any(card.isVisible() for card in cards)


def test_a_card_left_with_no_fight_says_so_and_offers_nothing(qtbot: QtBot) -> None:
    """A card that outlives its fight (one not the console's own) forgets it."""
    from bridge.engine import EndConflict
    from bridge.ui.conflict.conflict_model import LocalConflictSeat
    from bridge.ui.conflict.conflict_window import ConflictWindow

    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    reyes = ConflictWindow(LocalConflictSeat(model, "reyes"))
    qtbot.addWidget(reyes)
    reyes.show()
    model.submit(StartTurn(by="mbeki", actor="mbeki", where="conflict"))
    assert reyes.tasks_why.text().startswith("It is Lt. Amara Mbeki's")
    model.submit(EndTurn(by="mbeki", where="conflict"))
    model.submit(EndConflict())
    assert reyes.turn_label.text() == "NO PERSONAL CONFLICT"
    assert reyes.buttons
    assert [line.text() for line in reyes.lines.values() if line.text()] == []
    assert not reyes.tasks_why.isVisibleTo(reyes)
    assert not any(b.isEnabled() for b in reyes.buttons.values())


def test_the_last_roll_under_the_map_reads_the_gms_words_not_the_marks(qtbot: QtBot) -> None:
    """A hit on an NPC whose Stress the players do not see read "@gm[GM] Klingon
    Warrior: 2 rolled..." under the GM's map."""
    from bridge.rules.dice import GivenDice
    from bridge.rules.hidden import MARKERS

    session = Session(demo_boarding(), SeededDice(3))
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    session.apply(
        ConflictTask(by="kell", action="attack", target="klingon-bekk-1"), GivenDice(d20=(1, 1))
    )
    model = SharedModel(session)
    c = console(qtbot, model)
    c.show_conflict_tab()
    from bridge.engine import ApplyDamage, ResolveTask

    model.submit(ResolveTask(by="kell", where="conflict"))
    if model.state.conflict is not None and model.state.conflict.pending is not None:
        model.submit(ApplyDamage(by="kell", where="conflict"))
    shown = c.conflict.picture.last.toolTip()
    assert "Klingon Bekk 1" in shown
    assert not MARKERS & set(shown), shown


def test_end_round_on_foot_asks_first_naming_who_still_has_turns(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """ON FOOT's END ROUND ended the Round at one click; the ship's asks first. Cancel
    changes nothing; the question names the figures who would lose their Turns."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    answers = [False, True]
    asked: list[str] = []

    def answer(_parent: object, _title: str, text: str, _action: str) -> bool:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr("bridge.ui.conflict.gm_conflict.confirm", answer)
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.submit(EndTurn(by="kell", where="conflict"))
    played = len(model.journal)
    qtbot.mouseClick(c.conflict.end_round_button, Qt.MouseButton.LeftButton)
    conflict = model.state.conflict
    assert conflict is not None and conflict.turn.round == 1 and len(model.journal) == played
    assert asked[0].startswith("End personal Round 1 of “Boarders on Deck 6”?")
    assert "Lt. Cmdr. Kell" not in asked[0]
    assert "Capt. Elena Reyes" in asked[0] and "Klingon Warrior" in asked[0]
    qtbot.mouseClick(c.conflict.end_round_button, Qt.MouseButton.LeftButton)
    conflict = model.state.conflict
    assert conflict is not None and conflict.turn.round == 2


def test_a_personal_round_that_began_by_itself_has_nothing_to_end(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every figure acted, so personal Round 2 began by itself: END ROUND… says so rather
    than offer to throw the new Round away."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    c = console(qtbot, model)
    asked: list[str] = []
    monkeypatch.setattr(
        "bridge.ui.conflict.gm_conflict.confirm",
        lambda _parent, _title, text, _action: asked.append(text) or True,
    )
    conflict = model.state.conflict
    assert conflict is not None
    assert not c.conflict.end_round_button.isEnabled()  # (Round 1: nothing yet either)
    while conflict is not None and conflict.turn.round == 1:
        side = conflict.turn.side
        fid = next(
            f
            for f, fig in conflict.figures.items()
            if fig.side == side and f not in conflict.turn.acted
        )
        by = conflict.figures[fid].character or "gm"
        assert model.submit(StartTurn(by=by, actor=fid, where="conflict")) is not None
        assert model.submit(EndTurn(by=by, where="conflict")) is not None
        conflict = model.state.conflict
    played = len(model.journal)
    button = c.conflict.end_round_button
    assert not button.isEnabled()
    assert button.toolTip().startswith("Personal Round 2 has just begun")
    c.conflict.confirm_end_round()
    assert asked == [] and len(model.journal) == played
