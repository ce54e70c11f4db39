"""The Turn's controls are made once for the same words and fields (a window asks for
every control after every Command), and what is kept is what would be made anew."""

from __future__ import annotations

from bridge.engine import demo_encounter, ship_controls, suggest
from bridge.engine.core import controls
from tests.factories import played

OFFICERS = ("reyes", "tovan", "kell", "mbeki", "sorel")


def test_a_control_with_a_value_to_cite_is_the_same_answer_again() -> None:
    """Make It So and the Values' controls carry the Value field (a list of choices that
    cannot be hashed): they were made anew at every ask; now the same state asks for the
    same answer, and another state whose words are the same gets it too."""
    state = demo_encounter()
    first = ship_controls(state, "reyes")
    assert first["make_it_so"].reason is None and first["make_it_so"].params
    again = ship_controls(state.model_copy(), "reyes")
    for key in ("make_it_so", "value_complication", "challenge_value", "start_turn"):
        assert again[key] is first[key], key


def test_what_is_kept_is_what_would_be_made_anew() -> None:
    """Over a played battle (Turns, rolls, spends, Determination), every officer's
    controls equal those made with nothing kept."""
    session = played(0, seed=11)
    for _ in range(120):
        for officer in OFFICERS:
            kept = ship_controls(session.state, officer)
            controls._INFOS.clear()
            assert ship_controls(session.state, officer) == kept, officer
        command = suggest(session.state, session.check)
        if command is None:
            break
        session.apply(command)
