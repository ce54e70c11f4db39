"""The battle log as a Markdown recap, Round by Round."""

from __future__ import annotations

from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import SeededDice
from bridge.storage.recap import recap_markdown


def test_recap_goes_round_by_round_with_rolls_and_damage() -> None:
    session = Session(demo_encounter(), SeededDice(12))
    hit = False
    for _ in range(3000):  # at least two Rounds, and until an attack has done damage
        if session.state.turn.round >= 3 and hit:
            break
        command = suggest(session.state, session.check)
        assert command is not None
        log = session.apply(command).entry.log  # (applied every time, hit or not)
        hit = hit or any("Damage after Resistance" in line for line in log)
    text = recap_markdown(session.initial, session.journal, session.state)
    assert text.startswith("# Ambush at Kessik Nebula\n")
    assert "**Players:** USS Resolute (Akira class, Scale 5)" in text
    assert text.index("## Round 1") < text.index("## Round 2") < text.index("## Outcome")
    assert "attempts Fire Weapon" in text and " vs Difficulty " in text
    assert "Damage after Resistance" in text
    assert "- USS Resolute: Shields" in text
