"""The autopilot plays a demo battle to its end through legal Commands only."""

from __future__ import annotations

from bridge.engine.autopilot import suggest
from bridge.engine.bench import long_battle
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.dice import SeededDice
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
