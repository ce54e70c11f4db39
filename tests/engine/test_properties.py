"""Random Command sequences never break an invariant; undo/redo and replay are identity."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.engine.commands import Command
from bridge.engine.core.commands import (
    AdjustDifficulty,
    BeginSession,
    EndRound,
    EndTurn,
    ResolveTask,
    SpendMomentum,
    StartTurn,
)
from bridge.engine.demo import demo_encounter
from bridge.engine.session import CommandRefused, Session
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask, MinorAction
from bridge.engine.ship.turns import waiting
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.spends import Spends
from bridge.model.pools import DETERMINATION_MAX, MOMENTUM_MAX
from bridge.rules.breaches import breach_state
from bridge.rules.dice import SeededDice
from bridge.rules.stats import Attribute, System

TASKS = sorted(k for k, a in CATALOG.items() if a.kind == "task" and k != "override")
MINORS = sorted(k for k, a in CATALOG.items() if a.kind == "minor")
ZONES = demo_encounter().zones.zones
SHIPS = ("resolute", "qoj", "vortak")
CREW = ("reyes", "tovan", "kell", "mbeki", "sorel")


def candidate(state: Encounter, draw: st.DrawFn) -> Command:
    """A plausible Command for this state (it may still be refused)."""
    turn = state.turn
    actor = turn.interrupt or turn.actor
    by = actor if actor in state.characters else "gm"
    if state.pending is not None:
        action = CATALOG[state.pending.action]
        if action.key in ("fire_weapon", "ramming_speed"):
            spends = Spends(
                bonus_damage=draw(st.integers(0, 2)),
                penetration=draw(st.integers(0, 1)),
                devastating=draw(st.booleans()),
                reroll_damage=draw(st.booleans()),
            )
        elif action.momentum_cost:
            spends = Spends(extra=draw(st.integers(0, 2)))
        else:
            spends = Spends()
        return ResolveTask(by=by, spends=draw(st.sampled_from([spends, Spends()])))
    if actor is None:
        choice = draw(st.sampled_from(["start"] * 7 + ["round", "gm"]))
        if choice == "round":
            return EndRound()
        if choice == "gm":  # the GM's word on the next Task, or a new session
            return draw(
                st.sampled_from(
                    [
                        BeginSession(),
                        AdjustDifficulty(
                            amount=draw(st.integers(-2, 2)),
                            complication_range=draw(st.sampled_from([None, 1, 3, 5])),
                        ),
                    ]
                )
            )
        who = draw(st.sampled_from(waiting(state, turn.side) or (CREW + SHIPS[1:])))
        return StartTurn(by=who if who in CREW else "gm", actor=who)
    done = turn.tasks_taken >= turn.task_allowance and turn.interrupt is None
    kind = draw(
        st.sampled_from(
            ["minor", "end", "end", "spend"] if done else ["task", "task", "task", "minor", "spend"]
        )
    )
    if kind == "end":
        return EndTurn(by=by, keep_initiative=draw(st.booleans()))
    if kind == "minor":
        return MinorAction(
            by=by, action=draw(st.sampled_from(MINORS)), system=draw(st.sampled_from(list(System)))
        )
    if kind == "spend":
        return SpendMomentum(
            by=by, spend=draw(st.sampled_from(["extra_minor", "swift_task", "create_problem"]))
        )
    ship = state.ships[turn.actor_ship or state.player_ship]
    action = draw(st.sampled_from(TASKS + ["fire_weapon"] * 6))
    enemies = [s for s in SHIPS if state.sides[s] != state.sides[ship.id]]
    targets = list(CREW) if action in ("assist", "direct") else enemies
    return AttemptTask(
        by=by,
        action=action,
        override=draw(st.booleans()),
        target=draw(st.sampled_from(targets)),
        weapon=draw(st.sampled_from([w.name for w in ship.weapons])),
        zone=draw(st.sampled_from(ZONES)),
        system=draw(st.sampled_from(list(System))),
        attribute=draw(st.sampled_from(list(Attribute))),
        difficulty_choice=draw(st.integers(1, 3)),
        readied="fire_weapon",
        avoid_hazard=draw(st.booleans()),
        spends=draw(st.one_of(st.none(), st.just(Spends()))),
    )


def check_invariants(state: Encounter) -> None:
    Encounter.model_validate(state.model_dump())  # every field still valid
    assert 0 <= state.momentum.value <= MOMENTUM_MAX
    assert state.threat.value >= 0
    for c in state.characters.values():
        assert 0 <= c.determination.value <= DETERMINATION_MAX
    for ship in state.ships.values():
        assert 0 <= ship.shields_now <= ship.shields_max
        assert 0 <= ship.power_now <= max(ship.power_capacity, 0)
        if ship.per_system:
            for system in System:
                d = ship.damage[system]
                assert ship.system_state(system) is breach_state(
                    d.breaches, ship.scale, impact=d.impact, repaired=d.repaired
                )
        else:
            assert ship.destroyed == (ship.total_breaches > ship.scale) or ship.destroyed
    if state.pending is not None:
        assert state.turn.actor is not None


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), data=st.data())
def test_random_commands_keep_every_invariant(seed: int, data: st.DataObject) -> None:
    session = Session(demo_encounter(), SeededDice(seed))
    applied = 0
    for _ in range(160):
        command = candidate(session.state, data.draw)
        before = session.state
        try:
            session.apply(command)
            applied += 1
        except CommandRefused:
            assert session.state is before  # a refusal changes nothing
        check_invariants(session.state)
        if session.state.ended:
            break
    final = session.state
    journal = session.journal

    replayed = Session.replay(session.initial, journal)
    assert replayed.state == final  # a replayed journal gives the same battle

    for _ in range(applied):
        session.undo()
    assert session.state == session.initial
    for _ in range(applied):
        session.redo()
    assert session.state == final  # undo then redo gives the same state
