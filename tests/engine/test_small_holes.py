"""Small holes of issue 23: a yes/no is not a number; Round 999 is told in a sentence."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.engine.core.commands import EndRound, EndTurn, SetValue
from bridge.engine.demo import demo_encounter
from bridge.engine.session import CommandRefused, Session
from bridge.engine.ship.autopilot import suggest
from bridge.engine.ship.commands import EndScene
from bridge.engine.state.turn import ROUND_MAX
from bridge.rules.dice import SeededDice


def test_a_yes_no_is_not_a_number_in_set_value() -> None:
    """Issue 23: SetValue(path="ships.qoj.scale", value=True) made Scale 1 and logged
    "to True"."""
    session = Session(demo_encounter())
    before = session.state
    with pytest.raises(CommandRefused, match=r"ships\.qoj\.scale is a whole number: True is"):
        session.apply(SetValue(path="ships.qoj.scale", value=True))
    with pytest.raises(CommandRefused, match="is a whole number: '4' is text"):
        session.apply(SetValue(path="ships.qoj.scale", value="4"))
    with pytest.raises(CommandRefused, match=r"shields_up is yes or no .*: 1 is a whole number"):
        session.apply(SetValue(path="ships.qoj.shields_up", value=1))
    assert session.state is before and session.journal == ()
    session.apply(SetValue(path="ships.qoj.scale", value=4))
    session.apply(SetValue(path="ships.qoj.shields_up", value=False))
    session.apply(SetValue(path="ships.qoj.shields", value=None))  # None: at maximum
    ship = session.state.ships["qoj"]
    assert ship.scale == 4 and ship.shields_up is False and ship.shields == ship.shields_max


@given(st.sampled_from(["scale", "shields", "power", "lost_turns"]), st.booleans())
def test_no_number_of_a_ship_takes_a_yes_or_no(field: str, value: bool) -> None:
    session = Session(demo_encounter())
    with pytest.raises(CommandRefused, match="is a whole number"):
        session.apply(SetValue(path=f"ships.qoj.{field}", value=value))


def _at_the_end_of(round_: int) -> tuple[Session, EndTurn]:
    """A battle whose Round ``round_`` has only the last Turn to end, and its EndTurn."""
    session = Session(demo_encounter(), SeededDice(3))
    session.apply(SetValue(path="turn.round", value=round_))
    for _ in range(400):
        command = suggest(session.state, session.check)
        assert command is not None
        why = session.check(command)
        if isinstance(command, EndTurn) and why is not None and "last Round" in why:
            return session, command
        session.apply(command)
    raise AssertionError("the Round never came to its last Turn")


def test_the_last_turn_of_round_999_is_refused_in_a_sentence() -> None:
    """Issue 23: ending the last Turn of Round 999 was refused with raw validation text
    ("Input should be less than or equal to 999")."""
    session, end_turn = _at_the_end_of(ROUND_MAX)
    with pytest.raises(CommandRefused) as caught:
        session.apply(end_turn)
    reason = caught.value.reason
    assert reason.startswith("Round 999 is the last Round Bridge counts in one scene")
    assert "end the scene" in reason and "Input should be" not in reason
    session.apply(EndScene())  # the way on: a new scene starts at Round 1
    assert session.state.turn.round == 1 and session.state.turn.scene == 2


def test_ending_round_999_by_hand_is_refused_in_a_sentence() -> None:
    session = Session(demo_encounter())
    session.apply(SetValue(path="turn.round", value=ROUND_MAX))
    with pytest.raises(CommandRefused, match="Round 999 is the last Round"):
        session.apply(EndRound())
    session.apply(SetValue(path="turn.scene", value=ROUND_MAX))
    with pytest.raises(CommandRefused, match="Scene 999 is the last scene"):
        session.apply(EndScene())
