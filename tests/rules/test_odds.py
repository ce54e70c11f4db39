"""Exact odds, checked against brute-force enumeration of every face."""

from __future__ import annotations

import itertools
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.rules.dice import GivenDice
from bridge.rules.odds import task_odds
from bridge.rules.task import Assist, Roller, TaskSpec, resolve_task


def brute_force(spec: TaskSpec) -> tuple[dict[int, Fraction], Fraction, Fraction, Fraction]:
    """Roll every combination of faces through the real resolver."""
    rolled = spec.lead_dice - (1 if spec.has_determination_die else 0) + len(spec.assists)
    counts: dict[int, int] = {}
    success = momentum = complication = 0
    for faces in itertools.product(range(1, 21), repeat=rolled):
        r = resolve_task(spec.model_copy(update={"succeed_at_cost": False}), GivenDice(d20=faces))
        counts[r.successes] = counts.get(r.successes, 0) + 1
        success += r.success
        momentum += r.momentum
        complication += r.complications > 0
    total = 20**rolled
    dist = {k: Fraction(n, total) for k, n in counts.items()}
    return dist, Fraction(success, total), Fraction(momentum, total), Fraction(complication, total)


def check(spec: TaskSpec) -> None:
    odds = task_odds(spec)
    dist, p_success, e_momentum, p_comp = brute_force(spec)
    for k in range(len(odds.exact_counts)):
        assert odds.fraction(k) == dist.get(k, 0), k
    assert abs(odds.p_success - float(p_success)) < 1e-12
    assert abs(odds.expected_momentum - float(e_momentum)) < 1e-12
    assert abs(odds.p_complication - float(p_comp)) < 1e-12
    assert abs(sum(odds.distribution) - 1) < 1e-12


def test_two_dice_no_focus() -> None:
    check(TaskSpec(lead=Roller(target=11), difficulty=2))


def test_three_dice_focus_and_complication_range() -> None:
    check(
        TaskSpec(
            lead=Roller(target=12, focus=4),
            difficulty=2,
            complication_range=3,
            bought=("momentum",),
        )
    )


def test_determination_and_assists() -> None:
    check(
        TaskSpec(
            lead=Roller(target=9, focus=2),
            difficulty=4,
            bought=("determination",),
            value="V",
            assists=(Assist.ship(8, 2),),
        )
    )


def test_assists_do_not_count_without_a_lead_success() -> None:
    check(
        TaskSpec(
            lead=Roller(target=3), difficulty=1, assists=(Assist.character("A", 10, 5, focus=True),)
        )
    )


@settings(max_examples=25, deadline=None)
@given(
    target=st.integers(1, 20),
    focus=st.one_of(st.none(), st.integers(0, 6)),
    difficulty=st.integers(0, 5),
    rng=st.integers(1, 5),
    assist_target=st.one_of(st.none(), st.integers(1, 20)),
    determination=st.booleans(),
)
def test_matches_enumeration_for_small_pools(
    target: int,
    focus: int | None,
    difficulty: int,
    rng: int,
    assist_target: int | None,
    determination: bool,
) -> None:
    assists = (
        ()
        if assist_target is None
        else (Assist(source="crew", name="c", roller=Roller(target=assist_target, focus=2)),)
    )
    check(
        TaskSpec(
            lead=Roller(target=target, focus=focus),
            difficulty=difficulty,
            complication_range=rng,
            assists=assists,
            bought=("determination",) if determination else (),
            value="V",
        )
    )


def test_five_dice_and_two_assists_is_well_formed() -> None:
    spec = TaskSpec(
        lead=Roller(target=11, focus=3),
        difficulty=3,
        bought=("momentum",) * 3,
        assists=(Assist.ship(10, 3), Assist.ship(9, 2)),
    )
    odds = task_odds(spec)
    assert odds.denominator == 20**7
    assert abs(sum(odds.distribution) - 1) < 1e-12
    assert len(odds.distribution) == 15  # 0..14 successes
    assert 0.9 < odds.p_success < 1


def test_succeed_at_cost_always_succeeds() -> None:
    spec = TaskSpec(lead=Roller(target=5), difficulty=3, succeed_at_cost=True)
    odds = task_odds(spec)
    assert odds.p_success_at_cost == 1.0 and odds.p_success < 0.05
