"""The autopilot plays a demo battle to its end through legal Commands only."""

from __future__ import annotations

from bridge.bench.battles import long_battle
from bridge.engine.core.commands import AdjustDifficulty, StartTurn
from bridge.engine.demo import demo_encounter
from bridge.engine.gate import preview_task
from bridge.engine.session import Session
from bridge.engine.ship.autopilot import (
    HOPELESS,
    NPCS_ONLY,
    _task_options,
    suggest,
    suggest_for_npcs,
)
from bridge.engine.ship.commands import AttemptTask
from bridge.rules.dice import SeededDice
from bridge.rules.odds import task_odds
from tests.engine.test_properties import check_invariants


def test_autopilot_plays_a_battle_to_the_end() -> None:
    session = Session(demo_encounter(), SeededDice(3))
    for _ in range(3000):
        command = suggest(session.state, session.check)
        if command is None:
            break
        session.apply(command)  # never refused: suggestions are checked first
        check_invariants(session.state)
    assert session.state.outcome is not None
    assert session.state.turn.round > 1
    assert Session.replay(session.initial, session.journal).state == session.state


def test_long_battle_counts_what_it_applied() -> None:
    applied, spent, battles = long_battle(300, seed=5)
    assert applied == 300 and spent > 0 and battles >= 1


def _npc_turn(session: Session) -> None:
    """Let the players' side pass so that an NPC ship takes its Turn."""
    state = session.state
    while state.turn.side != "npc" or state.turn.actor is None:
        command = suggest(state, session.check)
        assert command is not None
        session.apply(command)
        state = session.state
        if state.turn.actor in state.ships:
            return


def test_the_gm_autopilot_never_plays_a_player_turn() -> None:
    """Issue 13: AUTOPILOT STEP took the players' Turns; it must only play NPCs."""
    session = Session(demo_encounter(), SeededDice(1))
    assert session.state.turn.side == "player"
    assert suggest_for_npcs(session.state, session.check) == NPCS_ONLY
    session.apply(StartTurn(by="kell", actor="kell"))
    assert suggest_for_npcs(session.state, session.check) == NPCS_ONLY
    _npc_turn(session)
    command = suggest_for_npcs(session.state, session.check)
    assert not isinstance(command, str) and command.by == "gm"


def test_the_autopilot_weighs_the_odds_before_it_attacks() -> None:
    """Issue 13: it attacked at Difficulty 4-6 and failed every time. With the exact odds
    (bridge.rules.odds) it takes a likely Task, not an attack it would almost surely miss."""
    session = Session(demo_encounter(), SeededDice(2))
    _npc_turn(session)
    state = session.state
    actor = state.turn.actor
    assert actor in state.ships
    option = suggest(state, session.check)
    assert isinstance(option, AttemptTask) and option.action == "fire_weapon"
    session.apply(AdjustDifficulty(amount=5))  # the GM's +5: every attack near hopeless
    hard = session.state
    plan = preview_task(hard, option)
    assert not isinstance(plan, str) and task_odds(plan.spec).p_success < HOPELESS
    choice = suggest(hard, session.check)
    assert not (isinstance(choice, AttemptTask) and choice.action == "fire_weapon")


def test_an_endless_battle_runs_past_999_rounds_of_play_in_scenes() -> None:
    """The benchmark's campaign night: long fights end their scene; nothing exceeds the
    model's limits however long it runs."""
    from bridge.bench.battles import SCENE_ROUNDS, endless_battle

    session = endless_battle(3000, seed=4)
    assert len(session.journal) >= 3000
    assert session.state.turn.round <= SCENE_ROUNDS + 1
    check_invariants(session.state)


def test_an_npc_ship_buys_dice_with_threat_for_an_attack_and_keeps_the_gms_share() -> None:
    """A GM's play-through: the autopilot's ships rallied Round after Round while Threat
    climbed from 10 to 19, since two dice at Difficulty 3-4 seldom hit. RULES-NOTES: NPCs
    buy dice with Threat (the n-th die costs n); it buys them for an attack in range when
    the better odds are worth more than the Threat, never spends the last THREAT_KEPT,
    and buys none for a weapon whose hit would not get through the target's Resistance
    (a torpedo's three dice against Resistance 6 cost 6 Threat for nothing)."""
    from bridge.engine.core.commands import SetValue
    from bridge.engine.ship.autopilot import THREAT_KEPT
    from bridge.rules.task import purchase_cost

    session = Session(demo_encounter(), SeededDice(2))
    _npc_turn(session)
    state = session.state
    option = suggest(state, session.check)
    assert isinstance(option, AttemptTask) and option.action == "fire_weapon"
    assert option.bought and set(option.bought) == {"threat"}
    spent = purchase_cost(option.bought, "npc").threat_spent
    assert state.threat.value - spent >= THREAT_KEPT
    plan = preview_task(state, option)
    plain = preview_task(state, option.model_copy(update={"bought": ()}))
    assert not isinstance(plan, str) and not isinstance(plain, str)
    assert task_odds(plan.spec).p_success > task_odds(plain.spec).p_success
    actor = str(state.turn.actor)
    offered = [o for o, _weight in _task_options(state, actor, actor, session.check)]
    assert not any(o.weapon == "Photon Torpedoes" and o.bought for o in offered)
    assert any(o.weapon != "Photon Torpedoes" and o.bought for o in offered)
    session.apply(SetValue(path="threat.value", value=THREAT_KEPT))  # nothing to spare
    poor = suggest(session.state, session.check)
    assert not (isinstance(poor, AttemptTask) and poor.bought)
