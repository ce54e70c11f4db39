"""A personal conflict in the battle: started and ended by the GM, beside the ship battle or
pausing it, as a scene of its own; who may do what; zones, Reach and ranges; undo and
replay through the one Command path (RULES-NOTES "Personal conflict"; README "Rules
readings")."""

from __future__ import annotations

import re

from bridge.engine.conflict.commands import (
    AddFigure,
    ConflictTask,
    EndConflict,
    MoveFigure,
    NpcPlacement,
    OfficerPlacement,
    RevealFigure,
    SetZoneTerrain,
    StartConflict,
    WithdrawFigure,
)
from bridge.engine.conflict.figures import figure_range
from bridge.engine.conflict.gate import decision_text
from bridge.engine.core.commands import StartTurn
from bridge.engine.session import Session
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask, EndScene
from bridge.engine.ship.gate import PAUSED
from bridge.engine.ship.turns import players_waiting
from bridge.engine.state.cards import Station
from bridge.rules.dice import GivenDice
from tests.engine.conflict_table import MAP, A, B, C, Fight, log, npc


def test_the_five_stations_are_untouched_by_the_sixth_card() -> None:
    """Seed 001 has six cards: the Conflict card keeps its entries apart, so the five
    stations, their windows and seats do not change."""
    from bridge.engine.conflict.catalog import CONFLICT_CARD

    assert [s.value for s in Station] == ["command", "helm", "tactical", "operations", "science"]
    assert all(a.stations == () for a in CONFLICT_CARD.values())
    assert not any(a.stations == () for a in CATALOG.values())
    f = Fight()
    assert f.state.seats == Session(f.session.initial).state.seats


def test_only_the_gm_starts_a_conflict_and_only_one_at_a_time() -> None:
    f = Fight()
    f.refused(f.start.model_copy(update={"by": "kell"}), "Only the GM")
    f.refused(f.start, "already running")


def test_the_ship_battle_waits_while_the_conflict_pauses_it() -> None:
    """README "Rules readings": by default the ship battle waits; the GM ends the
    personal conflict to return to it."""
    f = Fight()
    f.refused(StartTurn(by="kell", actor="kell"), re.escape(PAUSED))
    f.refused(EndScene(), "End the personal conflict first")
    applied = f.do(EndConflict())
    assert "Back to the ship." in log(applied) and f.state.conflict is None
    f.do(StartTurn(by="kell", actor="kell"))


def test_beside_the_ship_battle_the_away_team_takes_no_ship_turns() -> None:
    """README "Rules readings": a conflict beside the ship battle takes its officers off
    the bridge; the rest of the crew and the NPC ships play on."""
    f = Fight(pause_ship=False)
    assert "kell" not in players_waiting(f.state) and "reyes" in players_waiting(f.state)
    f.refused(StartTurn(by="kell", actor="kell"), "in the personal conflict")
    f.do(StartTurn(by="reyes", actor="reyes"))
    f.do(AttemptTask(by="reyes", action="rally", roll=False))
    f.turn("kell")  # and the conflict goes on beside it
    assert f.conflict.turn.actor == "kell" and f.state.turn.actor == "reyes"


def test_a_scene_of_its_own_ends_a_scene_as_it_starts_and_as_it_ends() -> None:
    """RULES-NOTES [known]: one Momentum is lost at the end of each scene."""
    f = Fight(own_scene=True)
    assert f.state.turn.scene == 2 and f.state.momentum.value == 1
    f.do(EndConflict())
    assert f.state.turn.scene == 3 and f.state.momentum.value == 0


def test_players_act_only_for_their_own_officer() -> None:
    f = Fight(officers=(("kell", B, 0), ("reyes", B, 0)))
    f.refused(
        StartTurn(by="reyes", actor="kell", where="conflict"), "Only Lt. Cmdr. Kell's own player"
    )
    f.refused(StartTurn(by="kell", actor="thug", where="conflict"), "Only Thug's own player")
    f.turn("kell")
    f.refused(ConflictTask(by="reyes", action="pass"), "Kell's Task now, not yours")
    f.refused(MoveFigure(by="kell", figure="kell", zone=A), "Only the GM")
    f.task("pass")


def test_the_gm_moves_figures_sets_cover_and_reveals_an_npc() -> None:
    """RULES-NOTES: "the GM sets how many [Cover dice] a zone's cover gives, 1-4"; the GM
    moves figures (as ships are moved); [house rule] an NPC's Stress and abilities are the
    GM's until revealed."""
    f = Fight()
    f.do(MoveFigure(figure="thug", zone=B, beside="kell"))
    assert figure_range(f.conflict, "kell", "thug") == (0, "Reach")
    f.do(MoveFigure(figure="thug", zone=A))
    assert figure_range(f.conflict, "kell", "thug") == (1, "Medium")
    f.do(MoveFigure(figure="kell", zone=C))
    assert figure_range(f.conflict, "kell", "thug") == (2, "Long")
    f.do(MoveFigure(figure="thug", zone=C))
    assert figure_range(f.conflict, "kell", "thug") == (0, "Close")
    f.do(SetZoneTerrain(zone=C, cover=3, darkness=1))
    assert f.conflict.cover == {C: 3} and f.conflict.darkness == {C: 1}
    applied = f.do(RevealFigure(figure="thug"))
    assert "Stress 11 of 11" in log(applied) and f.fig("thug").revealed


def test_reinforcements_are_numbered_on_from_their_template_s_figures_there() -> None:
    """The GM brings NPCs into a running fight (AddFigure): two more of a template that
    has three there are its 4th and 5th, so no two figures share a name; a template new
    to the fight comes as itself, or numbered when several come at once."""
    f = Fight(npcs=((npc(id="bekk", name="Bekk"), B, 1, 3),))
    assert {f.fig(i).name for i in ("bekk-1", "bekk-2", "bekk-3")} == {"Bekk 1", "Bekk 2", "Bekk 3"}
    applied = f.do(AddFigure(npcs=NpcPlacement(npc=npc(id="bekk", name="Bekk"), zone=C, count=2)))
    assert (f.fig("bekk-4").name, f.fig("bekk-5").name) == ("Bekk 4", "Bekk 5")
    assert f.conflict.zone_of("bekk-4") == C and "Bekk 5 joins the personal conflict" in log(
        applied
    )
    f.do(AddFigure(npcs=NpcPlacement(npc=npc(id="gorn", name="Gorn"), zone=A)))
    f.do(AddFigure(npcs=NpcPlacement(npc=npc(id="gorn", name="Gorn"), zone=A)))
    assert (f.fig("gorn").name, f.fig("gorn-2").name) == ("Gorn", "Gorn 2")
    f.do(AddFigure(npcs=NpcPlacement(npc=npc(id="orion", name="Orion"), zone=A, count=2)))
    assert (f.fig("orion-1").name, f.fig("orion-2").name) == ("Orion 1", "Orion 2")
    names = [fig.name for fig in f.conflict.figures.values()]
    assert len(names) == len(set(names))


def test_the_gm_brings_an_officer_in_and_a_figure_out_but_not_one_acting() -> None:
    f = Fight()
    f.refused(AddFigure(officer=OfficerPlacement(character="kell", zone=A)), "already in the fight")
    f.refused(AddFigure(), "Name an officer or NPCs")
    f.do(AddFigure(officer=OfficerPlacement(character="sorel", zone=A)))
    assert f.conflict.zone_of("sorel") == A and f.fig("sorel").side == "player"
    f.turn("kell")
    f.refused(WithdrawFigure(figure="kell"), "acting: end their Turn first")
    f.do(WithdrawFigure(figure="sorel"))
    assert f.fig("sorel").withdrawn
    f.refused(WithdrawFigure(figure="sorel"), "already left the fight")


def test_withdrawing_the_last_enemy_decides_the_conflict_and_new_foes_reopen_it() -> None:
    f = Fight()
    applied = f.do(WithdrawFigure(figure="thug"))
    assert "The away team wins" in log(applied)
    f.refused(StartTurn(by="kell", actor="kell", where="conflict"), "The personal conflict is over")
    again = f.do(AddFigure(npcs=NpcPlacement(npc=npc(id="gorn", name="Gorn"), zone=A)))
    assert "The personal conflict goes on: new figures join it." in log(again)
    assert f.conflict.outcome is None


def test_the_gate_judges_a_withdrawal_as_the_gm_console_shows_it() -> None:
    """Not while the figure acts, nor while a decision waits for it (seed 003 Avoid
    Injury is the injured figure's own: it would be asked after it had gone)."""
    from bridge.engine.gate import why_not

    f = Fight()
    assert why_not(f.state, WithdrawFigure(figure="kell")) is None
    assert why_not(f.state, WithdrawFigure(figure="nobody")) == (
        "There is no figure 'nobody' in the personal conflict."
    )
    f.turn("kell")
    f.refused(WithdrawFigure(figure="kell"), "Lt. Cmdr. Kell is acting: end their Turn first.")
    f.task("attack", target="thug", d20=(3, 4))
    f.resolve(d6=(2, 2, 1, 3, 3, 3, 3, 3, 3))  # 5 damage at once: the thug may Avoid it
    assert f.conflict.decisions[0].figure == "thug"
    f.refused(WithdrawFigure(figure="thug"), "Thug must first decide whether to Avoid the Injury")
    said = decision_text(f.conflict, f.conflict.decisions[0])  # who hit, and how
    assert said.endswith("(a Non-lethal Injury from Lt. Cmdr. Kell's attack)."), said


def test_undo_and_replay_run_through_the_conflict_as_everything_else() -> None:
    """README "One Command path": every change is a journaled Command; replay with the
    recorded dice rebuilds the identical battle, undo goes back step by step."""
    f = Fight(npcs=((npc(), B, 0, 1),))
    f.turn("kell")
    f.task("attack", target="thug", d20=(3, 4))
    f.resolve(d6=(2, 2, 1, 3, 3, 3, 3, 3, 3))
    session = f.session
    replayed = Session.replay(session.initial, session.journal)
    assert replayed.state == session.state
    while session.can_undo:
        session.undo()
    assert session.state.conflict is None
    for _ in range(len(replayed.journal)):
        session.redo()
    assert session.state == replayed.state


def test_the_start_places_officers_and_numbered_npcs_and_a_leader() -> None:
    f = Fight(officers=(("kell", B, 0), ("reyes", A, 0)), npcs=((npc(), C, 2, 3),))
    assert set(f.conflict.figures) == {"kell", "reyes", "thug-1", "thug-2", "thug-3"}
    assert f.fig("thug-2").name == "Thug 2" and f.fig("thug-3").huddle == 2
    assert f.conflict.leader == "reyes"  # the Command seat's officer
    assert f.fig("kell").stress == 18 and f.fig("reyes").stress == 11


def test_a_start_with_an_unknown_zone_changes_nothing() -> None:
    f = Fight()
    f.do(EndConflict())
    bad = StartConflict(
        zones=MAP, officers=(f.start.officers[0].model_copy(update={"zone": "Nowhere"}),)
    )
    f.refused(bad, "Nowhere")
    session = Session(f.state, GivenDice())
    assert session.state.conflict is None
