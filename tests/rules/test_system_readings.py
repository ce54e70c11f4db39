"""ICON and OpenD6: courage and action dice in the odds, the dodge's penalty, and the
readings the seeds leave open, each with given dice and its seed line named."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.rules.dice import GivenDice
from bridge.rules.errors import RuleViolation
from bridge.rules.icon import (
    COURAGE_PER_ROUND,
    IconTest,
    courage_needed,
    icon_odds,
    opposed_test,
    roll_icon,
    spend_courage,
)
from bridge.rules.opend6 import (
    D6Category,
    D6Roll,
    DieCode,
    add_action_dice,
    d6_odds,
    random_difficulty,
    roll_d6,
)

# -- ICON -------------------------------------------------------------------------------


def _icon(test: IconTest, *faces: int):  # type: ignore[no-untyped-def]
    return roll_icon(test, GivenDice(d6=faces))


def test_courage_raises_the_odds_as_issue_25_measured() -> None:
    """Seed 002 Courage Points: "Each courage point increases the final test result by
    1 ... he can add them after he rolls the dice". Two dice, skill 1, Difficulty 7:
    30.56% without courage, 75% with two points at hand."""
    test = IconTest(attribute=2, skill=1, difficulty=7)
    assert icon_odds(test).p_success == pytest.approx(11 / 36)
    assert icon_odds(test, 2).p_success == pytest.approx(0.75)


def _icon_enumeration(test: IconTest, courage: int) -> tuple[Fraction, Fraction, Fraction]:
    """Every face, rolled and then given the courage worth spending (courage_needed)."""
    n = test.dice
    success = dramatic = fail = Fraction(0)
    for faces in itertools.product(range(1, 7), repeat=n + (1 if n == 1 else 0)):
        if n == 1 and faces[0] != 6 and faces[1] != 1:
            continue  # the reroll die matters only after a 6: count each case once
        p = Fraction(1, 6 ** len(faces)) if n > 1 or faces[0] == 6 else Fraction(1, 6)
        r = roll_icon(test, GivenDice(d6=faces))
        spent = courage_needed(r, courage)
        if spent:
            r = spend_courage(r, spent)
        success += p * r.succeeded
        dramatic += p * (r.outcome == "dramatic success" and not spent)
        fail += p * (r.outcome == "dramatic failure")
    return success, dramatic, fail


@pytest.mark.parametrize(
    ("attribute", "skill", "difficulty", "courage"),
    [(1, 2, 8, 3), (2, 1, 7, 2), (3, 0, 12, 4), (4, 2, 9, 1), (2, 3, 15, 4)],
)
def test_courage_odds_match_rolling_and_spending(
    attribute: int, skill: int, difficulty: int, courage: int
) -> None:
    """The odds with courage equal every roll of the dice with courage spent when it
    saves the test (seed 002: "determines that, without courage points, he would fail")."""
    test = IconTest(attribute=attribute, skill=skill, difficulty=difficulty)
    odds = icon_odds(test, courage)
    s, d, f = _icon_enumeration(test, courage)
    assert odds.p_success == pytest.approx(float(s), abs=1e-12)
    assert odds.p_dramatic_success == pytest.approx(float(d), abs=1e-12)
    assert odds.p_dramatic_failure == pytest.approx(float(f), abs=1e-12)


def test_courage_is_spent_only_to_save_a_failing_test() -> None:
    """Seed 002: courage after the roll, at most 4 in a round; no use on a success, and
    none spent when 4 points would not reach the Difficulty."""
    test = IconTest(attribute=2, skill=1, difficulty=9)
    assert courage_needed(_icon(test, 3, 5), 4) == 3  # 6 + 3 = 9
    assert courage_needed(_icon(test, 6, 5), 4) == 0  # 12 already succeeds
    assert courage_needed(_icon(test, 2, 2), 4) == 0  # 3: 4 points would make 7, not 9
    with pytest.raises(RuleViolation, match="0 to 4"):
        courage_needed(_icon(test, 3, 5), COURAGE_PER_ROUND + 1)
    with pytest.raises(RuleViolation, match="0 to 4"):
        icon_odds(test, 5)


def test_a_dodge_takes_the_multiple_action_penalty_off_its_result() -> None:
    """Seed 002 Multiple Actions: "In the case of dodging or parrying actions, which
    don't involve a difficulty, subtract the difficulty penalty from the test result"."""
    attack = IconTest(attribute=3, skill=2, difficulty=7, actions=3)
    dodge = IconTest(attribute=3, skill=2, difficulty=7, actions=3, reaction=True)
    assert attack.target == 9 and attack.penalty == 0  # +2 Difficulty
    assert dodge.target == 7 and dodge.penalty == 2  # the result loses 2 instead
    r = _icon(dodge, 5, 3, 2)
    assert r.total == 5 + 2 - 2 and "- 2 (actions)" in r.describe()
    # In an opposed test (a dodge against an attack) the lower result loses.
    foe = _icon(IconTest(attribute=2, skill=2), 4, 3)  # 6
    assert opposed_test(foe, r).winner == "initiator"
    assert icon_odds(dodge).distribution == {
        k - 2: v for k, v in icon_odds(dodge.model_copy(update={"actions": 1})).distribution.items()
    }


def test_a_lone_drama_die_showing_one_is_a_dramatic_failure() -> None:
    """Reading (seed 002: "If all other dice also rolled 1's, then a dramatic failure has
    occurred"): with one die there is no other to save it."""
    assert _icon(IconTest(attribute=1, skill=4, difficulty=4), 1).outcome == "dramatic failure"
    assert _icon(IconTest(attribute=2, skill=4, difficulty=4), 1, 2).outcome == "success"


def test_all_ones_fail_dramatically_even_against_a_beaten_difficulty() -> None:
    """Reading (seed 002, the same line, sets no condition on the total): skill 6 makes 7
    against Difficulty 5, but all ones are a dramatic failure, and courage cannot help."""
    r = _icon(IconTest(attribute=3, skill=6, difficulty=5), 1, 1, 1)
    assert r.total >= 5 and r.outcome == "dramatic failure"
    assert courage_needed(r, 4) == 0


def test_a_result_equal_to_the_difficulty_is_a_marginal_success() -> None:
    """Seed 002 Success and Dramatic Success: "If the total test result equals the
    Difficulty number, the character has achieved a marginal success - he's succeeded"."""
    r = _icon(IconTest(attribute=2, skill=3, difficulty=7), 4, 2)
    assert r.margin == 0 and r.outcome == "marginal success" and r.succeeded


# -- OpenD6 -----------------------------------------------------------------------------


def _exploding(depth: int) -> list[tuple[tuple[int, ...], Fraction]]:
    """Every way one exploding die can land, to ``depth`` sixes; the rest of the tail
    (``depth + 1`` sixes or more, a total of 31 or more: a success at every Difficulty
    tested here) stands as one outcome of that weight, so no probability is lost."""
    out = [((face,), Fraction(1, 6)) for face in range(1, 6)]
    for k in range(1, depth + 1):
        out += [((6,) * k + (last,), Fraction(1, 6 ** (k + 1))) for last in range(1, 6)]
    out.append(((6,) * (depth + 1) + (1,), Fraction(1, 6 ** (depth + 1))))
    assert sum(q for _, q in out) == 1
    return out


def _d6_enumeration(roll: D6Roll, action: int, depth: int = 4) -> float:
    """Brute force: the Wild Die, the other dice, then the action dice, each exploding
    face list fed to the real roll functions."""
    n = roll.pool.dice - 1
    p = Fraction(0)
    for normal in itertools.product(range(1, 7), repeat=n):
        q_normal = Fraction(1, 6**n)
        for wild, q_wild in _exploding(depth):
            result = roll_d6(roll, GivenDice(d6=(*wild, *normal)))
            for combo in itertools.product(_exploding(depth), repeat=action):
                faces = tuple(f for fs, _ in combo for f in fs)
                q = q_normal * q_wild
                for _, qa in combo:
                    q *= qa
                boosted = add_action_dice(result, action, GivenDice(d6=faces)) if action else result
                p += q * boosted.succeeded
    return float(p)


@pytest.mark.parametrize(
    ("text", "difficulty", "critical", "action"),
    [
        ("3D", 15, "cancel_highest", 1),
        ("2D+1", 13, "complication", 1),
        ("1D", 9, "cancel_highest", 2),
        ("2D", 18, "cancel_highest", 2),
    ],
)
def test_action_dice_odds_match_an_enumeration(
    text: str, difficulty: int, critical: str, action: int
) -> None:
    """Seed 004 Action Dice: "You may add the result of 1 or more of your action dice to
    any die roll ... If you roll a six on the action die, then roll the die again"."""
    roll = D6Roll(code=DieCode.parse(text), difficulty=difficulty, critical=critical)  # type: ignore[arg-type]
    assert d6_odds(roll, action).p_success == pytest.approx(_d6_enumeration(roll, action), abs=1e-9)


def test_one_action_die_as_issue_25_measured() -> None:
    """3D against 15, cancel-highest: 17.05% alone, 47.88% with one action die."""
    roll = D6Roll(code=DieCode.parse("3D"), difficulty=15)
    assert d6_odds(roll).p_success == pytest.approx(0.17052, abs=1e-5)
    assert d6_odds(roll, 1).p_success == pytest.approx(0.47880, abs=1e-5)
    with pytest.raises(RuleViolation, match="0 to 10"):
        d6_odds(roll, 11)


@settings(max_examples=40, deadline=None)
@given(dice=st.integers(1, 5), difficulty=st.integers(0, 30), action=st.integers(0, 3))
def test_action_dice_never_lower_the_odds(dice: int, difficulty: int, action: int) -> None:
    """Property: an action die only adds to the total."""
    roll = D6Roll(code=DieCode(dice=dice), difficulty=difficulty)
    assert d6_odds(roll, action + 1).p_success >= d6_odds(roll, action).p_success - 1e-12


def test_cancel_highest_drops_the_one_and_the_highest_die() -> None:
    """Reading (seed 004 Wild Die: "The Critical Failure cancels out the highest roll.
    Then the player adds the remaining values"): the 1 and the highest other die go; with
    no other die the 1 alone goes; pips and action dice stay."""
    three = roll_d6(D6Roll(code=DieCode.parse("3D+2"), difficulty=1), GivenDice(d6=(1, 6, 4)))
    assert three.cancelled == 6 and three.total == 4 + 2
    one = roll_d6(D6Roll(code=DieCode.parse("1D+1"), difficulty=1), GivenDice(d6=(1,)))
    assert one.cancelled is None and one.total == 1
    boosted = add_action_dice(one, 1, GivenDice(d6=(5,)))
    assert boosted.total == 1 + 5


def test_random_difficulties_roll_the_dice_of_their_range() -> None:
    """Reading (seed 004 Random Difficulties: "Moderate 3D-4D ... Heroic 9D+ ... don't
    forget to use the wild die"): the GM picks the dice within the range (the fewest by
    default); the Wild Die explodes on 6, and a first 1 counts as rolled."""
    assert D6Category.MODERATE.random_range == (3, 4)
    assert D6Category.DIFFICULT.random_range == (5, 6)
    assert D6Category.VERY_DIFFICULT.random_range == (7, 8)
    assert D6Category.HEROIC.random_range[0] == 9
    assert D6Category.EASY.random_range == (2, 2)
    assert random_difficulty(D6Category.MODERATE, GivenDice(d6=(2, 3, 4))) == 9
    assert random_difficulty(D6Category.MODERATE, GivenDice(d6=(2, 3, 4, 5)), 4) == 14
    assert random_difficulty(D6Category.EASY, GivenDice(d6=(6, 6, 1, 3))) == 16  # explodes
    assert random_difficulty(D6Category.EASY, GivenDice(d6=(1, 5))) == 6  # the 1 counts
    with pytest.raises(RuleViolation, match="3D to 4D, not 5D"):
        random_difficulty(D6Category.MODERATE, GivenDice(d6=(1,) * 5), 5)
