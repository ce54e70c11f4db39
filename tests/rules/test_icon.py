"""The ICON system with given dice. Sources: seed 002 (Skill Test Rules), seed 000 (Tests)."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.dice import GivenDice
from bridge.rules.errors import RuleViolation
from bridge.rules.icon import (
    ExtendedProgress,
    IconCategory,
    IconTest,
    combined_test,
    effective_difficulty,
    extended_test,
    icon_odds,
    initiative_order,
    opposed_test,
    roll_icon,
    spend_courage,
)


def roll(test: IconTest, *faces: int):  # type: ignore[no-untyped-def]
    return roll_icon(test, GivenDice(d6=faces))


def test_highest_die_plus_skill() -> None:
    """Seed 002 Making a test: the highest die (Drama Die included) + skill."""
    r = roll(IconTest(attribute=4, skill=4, difficulty=6), 3, 6, 2, 1)  # Drama 3
    assert (r.dice_total, r.total, r.outcome) == (6, 10, "success")


def test_seed_000_example_vedorn() -> None:
    """Seed 000: Stealth 4, Coordination 4, highest die 6: 10 vs Difficulty 6."""
    r = roll(IconTest(attribute=4, skill=4, difficulty=6), 2, 6, 1, 3)
    assert r.total == 10 and r.margin == 4


def test_drama_six_adds_the_next_highest() -> None:
    """Seed 002: a Drama Die 6 adds both the Drama Die and the next highest die."""
    r = roll(IconTest(attribute=3, skill=2, difficulty=9), 6, 4, 2)
    assert r.total == 6 + 4 + 2 and r.outcome == "success"


def test_single_die_six_rerolls_once() -> None:
    """Seed 002: one die is the Drama Die; on a 6 it is rolled once more and added."""
    r = roll(IconTest(attribute=1, skill=1, difficulty=10), 6, 6)
    assert (r.reroll, r.dice_total, r.total) == (6, 12, 13)
    assert roll(IconTest(attribute=1, difficulty=3), 5).reroll is None


def test_drama_one_with_all_ones_is_a_dramatic_failure() -> None:
    """Seed 002: Drama Die 1 and every other die 1: a dramatic failure."""
    r = roll(IconTest(attribute=3, skill=6, difficulty=5), 1, 1, 1)
    assert r.total == 7 and r.outcome == "dramatic failure"
    assert roll(IconTest(attribute=3, skill=6, difficulty=5), 1, 1, 2).outcome == "success"


@pytest.mark.parametrize(
    ("faces", "outcome"),
    [
        ((4, 3), "marginal success"),  # 4 + 3 = 7 = Difficulty
        ((5, 1), "success"),
        ((6, 4), "dramatic success"),  # 10 + 3 = 13 = 7 + 6
        ((3, 2), "failure"),
        ((1, 1), "dramatic failure"),
    ],  # also 1 + 3 = 4 short by 3, but all ones
)
def test_degrees_of_success(faces: tuple[int, int], outcome: str) -> None:
    """Seed 002 Success and Dramatic Success / Failure and Dramatic Failure."""
    assert roll(IconTest(attribute=2, skill=3, difficulty=7), *faces).outcome == outcome


def test_dramatic_failure_six_short() -> None:
    r = roll(IconTest(attribute=2, skill=0, difficulty=9), 2, 3)
    assert r.margin == -6 and r.outcome == "dramatic failure"


def test_attribute_test_adds_no_skill() -> None:
    """Seed 002 Attribute Tests: roll the attribute dice, no skill added."""
    r = roll(IconTest(attribute=3, skill=0, difficulty=4), 2, 5, 3)
    assert r.total == 5 and r.outcome == "success"


def test_edges_add_or_remove_dice() -> None:
    """Seed 002 Edges: +1 die or -1 die per point of edge (at least one die)."""
    assert IconTest(attribute=3, edge=2).dice == 5
    assert IconTest(attribute=3, edge=-1).dice == 2
    assert IconTest(attribute=2, edge=-4).dice == 1


def test_courage_points_after_the_roll() -> None:
    """Seed 002 Courage Points: +1 each after the roll, at most 4 in a round."""
    r = roll(IconTest(attribute=2, skill=2, difficulty=8), 3, 4)
    assert r.outcome == "failure"
    r = spend_courage(r, 2)
    assert r.total == 8 and r.outcome == "marginal success"
    with pytest.raises(RuleViolation, match="At most 4 courage points"):
        spend_courage(r, 1, spent_this_round=2)


def test_difficulty_ladder_and_minimum() -> None:
    """Seed 000 DIFFICULTY: Routine 3-5 ... Nearly Impossible 15+; minimum 2 once modified;
    seed 002 Multiple Actions: +1 per action after the first."""
    assert IconCategory.of(4) is IconCategory.ROUTINE
    assert IconCategory.of(11) is IconCategory.CHALLENGING
    assert IconCategory.of(15) is IconCategory.NEARLY_IMPOSSIBLE
    assert IconCategory.ROUTINE.numbers == (3, 4, 5)
    assert effective_difficulty(3, -4) == 2
    assert effective_difficulty(0) == 0
    assert effective_difficulty(6, actions=8) == 13


def test_automatic_needs_no_roll() -> None:
    assert roll(IconTest(attribute=2, difficulty=0), 1, 1).outcome == "automatic"


def test_opposed_ties() -> None:
    """Seed 002 Opposed Tests: higher result; tie: higher Drama Die; then the initiator;
    a 6 margin is a dramatic success, no dramatic failure for the loser."""
    t = IconTest(attribute=2, skill=3, difficulty=0)
    a, b = roll(t, 4, 2), roll(t, 3, 4)
    o = opposed_test(a, b)
    assert (o.winner, o.reason) == ("initiator", "tie: higher Drama Die")
    o = opposed_test(roll(t, 4, 4), roll(t, 4, 1))
    assert (o.winner, o.reason) == ("initiator", "tie: the initiator wins")
    o = opposed_test(roll(t, 1, 2), roll(t, 6, 5))
    assert o.winner == "opponent" and o.margin == 9 and o.dramatic


def test_extended_test_accumulates() -> None:
    """Seed 002 Extended Tests: results add up, turn by turn, to a cumulative total."""
    t = IconTest(attribute=2, skill=3, difficulty=7)
    p = ExtendedProgress(goal=20)
    p = extended_test(p, roll(t, 4, 5))
    p = extended_test(p, roll(t, 6, 3))
    assert p.total == 8 + 12 and p.done
    with pytest.raises(RuleViolation, match="already complete"):
        extended_test(p, roll(t, 1, 2))
    bad = extended_test(ExtendedProgress(goal=30), roll(t, 1, 1))
    assert bad.setback


def test_combined_test() -> None:
    """Seed 002 Combined Tests: best result, +1 per success, +2 per dramatic success."""
    t = IconTest(attribute=2, skill=3, difficulty=7)
    # results 8 (success), 13 (Drama 6: 6 + 4 + 3), 7 (marginal success), 5 (failure)
    results = [roll(t, 5, 2), roll(t, 6, 4), roll(t, 4, 1), roll(t, 2, 1)]
    combined = combined_test(results)
    assert (combined.base, combined.bonus, combined.total) == (13, 2, 15)
    dramatic = combined_test([roll(t, 6, 4), roll(t, 6, 5)])  # 13 and 14: both dramatic
    assert (dramatic.base, dramatic.bonus) == (14, 2)
    assert combined_test([roll(t, 1, 1), roll(t, 5, 5)]).setback


def test_initiative_order_without_courage() -> None:
    """Seed 002 Round Sequence: highest first, ties by Drama Die; no courage points."""
    t = IconTest(attribute=2, skill=2, difficulty=0)
    order = initiative_order({"a": roll(t, 3, 5), "b": roll(t, 5, 2), "c": roll(t, 6, 1)})
    assert order == ["c", "b", "a"]
    with pytest.raises(RuleViolation, match="Courage points cannot"):
        initiative_order({"a": spend_courage(roll(t, 3, 3), 1)})


def _enumerate(test: IconTest) -> tuple[Fraction, Fraction, Fraction]:
    n = test.dice
    total = success = dramatic = fail = Fraction(0)
    faces_list = itertools.product(range(1, 7), repeat=n + (1 if n == 1 else 0))
    for faces in faces_list:
        p = Fraction(1, 6 ** len(faces))
        r = roll_icon(test, GivenDice(d6=faces))
        if n == 1 and faces[0] != 6 and faces[1] != 1:
            continue  # the reroll die only matters after a 6: count each case once
        if n == 1 and faces[0] != 6:
            p = Fraction(1, 6)
        total += p
        success += p * r.succeeded
        dramatic += p * (r.outcome == "dramatic success")
        fail += p * (r.outcome == "dramatic failure")
    assert total == 1
    return success, dramatic, fail


@pytest.mark.parametrize(
    ("attribute", "skill", "difficulty"),
    [(1, 2, 5), (1, 0, 8), (2, 3, 7), (3, 1, 9), (4, 4, 6), (5, 2, 14)],
)
def test_odds_match_enumeration(attribute: int, skill: int, difficulty: int) -> None:
    test = IconTest(attribute=attribute, skill=skill, difficulty=difficulty)
    odds = icon_odds(test)
    s, d, f = _enumerate(test)
    assert abs(odds.p_success - float(s)) < 1e-12
    assert abs(odds.p_dramatic_success - float(d)) < 1e-12
    assert abs(odds.p_dramatic_failure - float(f)) < 1e-12


@given(
    attribute=st.integers(1, 8),
    skill=st.integers(0, 8),
    difficulty=st.integers(0, 30),
    edge=st.integers(-3, 3),
)
def test_odds_are_probabilities(attribute: int, skill: int, difficulty: int, edge: int) -> None:
    odds = icon_odds(IconTest(attribute=attribute, skill=skill, difficulty=difficulty, edge=edge))
    assert 0 <= odds.p_dramatic_success <= odds.p_success <= 1
    assert odds.p_success + odds.p_dramatic_failure <= 1 + 1e-12
    assert abs(sum(odds.distribution.values()) - 1) < 1e-12
