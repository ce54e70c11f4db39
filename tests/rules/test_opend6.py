"""OpenD6 with given dice. Source: seed 004 (Dresden D6)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.rules.dice import GivenDice, SeededDice
from bridge.rules.errors import RuleViolation
from bridge.rules.opend6 import (
    D6Category,
    D6Roll,
    DieCode,
    add_action_dice,
    combined_action_bonus,
    d6_odds,
    gm_action_dice,
    initiative_bonus,
    opposed_d6,
    random_difficulty,
    related_skill_modifier,
    roll_d6,
    roll_initiative,
    rushing_modifier,
)


def roll(r: D6Roll, *faces: int):  # type: ignore[no-untyped-def]
    return roll_d6(r, GivenDice(d6=faces))


def code(text: str) -> DieCode:
    return DieCode.parse(text)


def test_die_codes_parse_and_print() -> None:
    """Seed 004 Dice: 3D+2 is three dice plus 2 (pips)."""
    assert (code("3D+2").dice, code("3D+2").pips) == (3, 2)
    assert str(code("4d")) == "4D" and str(code(" 2D - 1 ")) == "2D-1"
    assert str(code("2D+4")) == "3D+1"  # three pips make a die
    with pytest.raises(RuleViolation, match="'D6' is not a die code"):
        code("D6")
    with pytest.raises(RuleViolation, match="at most 30D"):
        code("45D")


@given(dice=st.integers(0, 30), pips=st.integers(-2, 2))
def test_die_code_round_trip(dice: int, pips: int) -> None:
    c = DieCode(dice=dice, pips=pips)
    assert DieCode.parse(str(c)) == c


@given(st.text(max_size=12))
def test_parsing_never_crashes(text: str) -> None:
    """Any text either parses to a code that prints back, or gets a clear refusal."""
    try:
        parsed = DieCode.parse(text)
    except RuleViolation as exc:
        assert "is not a die code" in exc.reason
    else:
        assert DieCode.parse(str(parsed)) == parsed


def test_wild_die_six_explodes() -> None:
    """Seed 004 Wild Die: a 6 is a Critical Success: add it and roll again, while 6s."""
    r = roll(D6Roll(code=code("3D+2"), difficulty=15), 6, 6, 3, 2, 4)
    assert r.wild == (6, 6, 3) and r.normal == (2, 4) and r.total == 15 + 6 + 2
    assert r.critical_success and r.succeeded


def test_later_ones_are_not_critical_failures() -> None:
    r = roll(D6Roll(code=code("2D"), difficulty=5), 6, 1, 3)
    assert r.wild == (6, 1) and not r.critical_failure and r.total == 10


def test_critical_failure_cancels_the_highest_die() -> None:
    """Seed 004: option 1: the Critical Failure cancels out the highest roll."""
    r = roll(D6Roll(code=code("3D+1"), difficulty=6, critical="cancel_highest"), 1, 5, 3)
    assert r.cancelled == 5 and r.total == 3 + 1 and not r.complication


def test_critical_failure_complication_option() -> None:
    """Seed 004: option 2: add the dice normally, but a complication occurs."""
    r = roll(D6Roll(code=code("3D+1"), difficulty=6, critical="complication"), 1, 5, 3)
    assert r.total == 1 + 5 + 3 + 1 and r.complication and r.succeeded


def test_action_dice_explode_and_not_on_damage() -> None:
    """Seed 004 Action Dice: added after the roll, a 6 rolls again, never for damage."""
    r = roll(D6Roll(code=code("2D"), difficulty=15), 3, 4)
    boosted = add_action_dice(r, 2, GivenDice(d6=[6, 2, 5]))
    assert boosted.action == (6, 2, 5) and boosted.total == 7 + 13 and boosted.succeeded
    with pytest.raises(RuleViolation, match="cannot boost a damage roll"):
        add_action_dice(r, 1, GivenDice(d6=[3]), damage=True)


def test_untrained_defaults_to_the_attribute_with_plus_five() -> None:
    """Seed 004 Untrained Skill Use (+5 by default, as the GM's unskilled modifier)."""
    r = D6Roll(code=code("3D"), difficulty=10, untrained=True)
    assert r.target == 15
    assert D6Roll(code=code("3D"), difficulty=10, untrained=True, untrained_modifier=3).target == 13


def test_preparing_and_aiming_add_dice_up_to_three() -> None:
    """Seed 004 Preparing / Aiming: +1D per step, up to +3D."""
    assert str(D6Roll(code=code("3D+1"), preparation=2).pool) == "5D+1"
    with pytest.raises(ValueError):
        D6Roll(code=code("3D"), preparation=4)


def test_rushing_adds_five_per_quarter() -> None:
    """Seed 004 Rushing: +5 per 25% less time (an hour in 30 minutes: +10)."""
    assert rushing_modifier(2) == 10
    assert D6Roll(code=code("3D"), difficulty=12, rushing=1).target == 17
    with pytest.raises(RuleViolation):
        rushing_modifier(4)


def test_related_skill_modifier() -> None:
    """Seed 004 Related Skills: (total - difficulty) / 2 rounded up, at least 1."""
    assert related_skill_modifier(15, 10) == 3
    assert related_skill_modifier(10, 10) == 1
    assert related_skill_modifier(7, 10) == -2


def test_combined_actions_threll() -> None:
    """Seed 004 Combined Actions, the Threll example: eight troops, +2D+2; missing the
    command difficulty by 1: +1D+2; by 2: +2; by 3: nothing."""
    assert str(combined_action_bonus(8, 27, 12)) == "2D+2"
    assert str(combined_action_bonus(8, 11, 12)) == "1D+2"
    assert str(combined_action_bonus(8, 10, 12)) == "0D+2"
    assert combined_action_bonus(8, 9, 12) == DieCode(dice=0)
    assert str(combined_action_bonus(4, 20, 12)) == "1D+1"


def test_difficulty_ladder_and_random_difficulties() -> None:
    """Seed 004 Generic Standard Difficulties and Random Difficulties."""
    assert D6Category.of(12) is D6Category.MODERATE and D6Category.of(31) is D6Category.HEROIC
    assert [c.random_dice for c in D6Category] == [1, 2, 3, 5, 7, 9]
    assert random_difficulty(D6Category.EASY, GivenDice(d6=[4, 5])) == 9
    assert random_difficulty(D6Category.EASY, GivenDice(d6=[6, 2, 5])) == 13


def test_opposed_ties_go_to_the_defender() -> None:
    """Seed 004 Opposed Difficulties: higher wins, ties to the defender."""
    r = D6Roll(code=code("2D"), difficulty=0)
    assert opposed_d6(roll(r, 3, 4), roll(r, 5, 2)) == "defender"
    assert opposed_d6(roll(r, 3, 5), roll(r, 5, 2)) == "initiator"


def test_initiative_d20_plus_dexterity_dice() -> None:
    """Seed 004 Rounds and Initiative: d20 + Dexterity dice (3D+2 is +3)."""
    assert initiative_bonus(code("3D+2")) == 3
    assert roll_initiative(code("2D+1"), GivenDice(d20=[14]), feats=1) == 17


def test_gm_action_dice() -> None:
    """Seed 004 GM Action Dice: total level / players + 2 (5 level-6 players: 8)."""
    assert gm_action_dice(30, 5) == 8
    with pytest.raises(RuleViolation):
        gm_action_dice(10, 0)


def _enumerate(r: D6Roll, depth: int = 8) -> float:
    """Brute force with the Wild Die's explosions cut after ``depth`` sixes."""
    n = r.pool.dice - 1
    p_total = 0.0
    for normal in itertools.product(range(1, 7), repeat=n):
        q = (1 / 6) ** n
        for first in range(1, 7):
            if first != 6:
                res = roll_d6(r, GivenDice(d6=(first, *normal)))
                p_total += q / 6 * res.succeeded
                continue
            for k in range(1, depth + 1):
                for last in range(1, 6):
                    faces = (6,) * k + (last,) + normal
                    res = roll_d6(r, GivenDice(d6=faces))
                    p_total += q * (1 / 6) ** (k + 1) * res.succeeded
    return p_total


@pytest.mark.parametrize(
    ("text", "difficulty", "critical"),
    [
        ("1D", 4, "cancel_highest"),
        ("2D+1", 9, "cancel_highest"),
        ("3D", 12, "complication"),
        ("3D+2", 16, "cancel_highest"),
        ("2D", 14, "complication"),
    ],
)
def test_odds_match_enumeration(text: str, difficulty: int, critical: str) -> None:
    r = D6Roll(code=code(text), difficulty=difficulty, critical=critical)  # type: ignore[arg-type]
    assert abs(d6_odds(r).p_success - _enumerate(r)) < 1e-6  # enumeration cut at 8 sixes


def test_odds_match_a_large_seeded_simulation() -> None:
    r = D6Roll(code=code("4D+1"), difficulty=17, critical="cancel_highest")
    dice = SeededDice(2026)
    n = 60_000
    hits = sum(roll_d6(r, dice).succeeded for _ in range(n))
    assert abs(hits / n - d6_odds(r).p_success) < 0.01


@settings(max_examples=200)
@given(first=st.lists(st.just(6), max_size=30), last=st.integers(1, 5))
def test_exploding_is_bounded_and_adds_up(first: list[int], last: int) -> None:
    """Property: the Wild Die keeps rolling while it shows 6, and stops on anything else."""
    r = roll(D6Roll(code=code("1D"), difficulty=0), *first, last)
    assert r.wild == (*first, last)
    if not first and last == 1:  # a first 1 with nothing to cancel: the 1 is dropped
        assert r.critical_failure and r.total == 0
    else:
        assert r.total == 6 * len(first) + last
