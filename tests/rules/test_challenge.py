"""Challenge dice: seed 001 ROLL DAMAGE (1 = 1, 2 = 2, 3-4 = 0, 5-6 = 1 + Effect)."""

from __future__ import annotations

import pytest

from bridge.rules.challenge import ChallengeDie, ChallengeRoll, challenge_face, roll_challenge
from bridge.rules.dice import GivenDice
from bridge.rules.errors import RuleViolation


def test_faces() -> None:
    assert [challenge_face(f) for f in range(1, 7)] == [
        (1, False),
        (2, False),
        (0, False),
        (0, False),
        (1, True),
        (1, True),
    ]


def test_each_face_says_what_it_shows_wherever_it_is_sent() -> None:
    """Seed 001 ROLL DAMAGE: what a face counts for is sent with it (a client draws the die
    from ``shows``); read back, a file's or a frame's ``shows`` is worked out again."""
    roll = roll_challenge(6, GivenDice(d6=[1, 2, 3, 4, 5, 6]))
    dumped = roll.model_dump(mode="json")["dice"]
    assert [d["shows"] for d in dumped] == ["1", "2", "blank", "blank", "effect", "effect"]
    assert [d["face"] for d in dumped] == [1, 2, 3, 4, 5, 6]
    wrong = ChallengeRoll.model_validate({"dice": [{"face": 3, "shows": "effect"}]})
    assert wrong.dice == (ChallengeDie(face=3),) and wrong.dice[0].shows == "blank"


def test_roll_totals_and_effects() -> None:
    roll = roll_challenge(5, GivenDice(d6=[1, 2, 3, 5, 6]))
    assert (roll.total, roll.effects) == (5, 2)
    assert roll.describe() == "[1 2 - 1E 1E] = 5 damage, 2 Effect(s)"


def test_reroll_damage_rerolls_chosen_dice() -> None:
    """Seed 001 starship Momentum: Re-Roll Damage re-rolls any number of challenge dice."""
    roll = roll_challenge(3, GivenDice(d6=[3, 4, 2]))
    again = roll.reroll([0, 1], GivenDice(d6=[6, 2]))
    assert [d.face for d in again.dice] == [6, 2, 2]
    assert again.dice[0].rerolled_from == 3 and again.total == 5
    with pytest.raises(RuleViolation, match="no challenge die number 4"):
        roll.reroll([3], GivenDice(d6=[1]))


def test_challenge_odds() -> None:
    """Seed 001 ROLL DAMAGE faces: 5/6 damage a die on average; an Effect on 1 face in 3."""
    from bridge.rules.challenge import challenge_odds

    expected, effect = challenge_odds(1)
    assert expected == pytest.approx(5 / 6) and effect == pytest.approx(1 / 3)
    expected, effect = challenge_odds(3)
    assert expected == pytest.approx(2.5) and effect == pytest.approx(1 - (2 / 3) ** 3)
    with pytest.raises(RuleViolation):
        challenge_odds(-1)
