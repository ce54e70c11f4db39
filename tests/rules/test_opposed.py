"""Opposed tasks: the four outcomes of seed 003 OPPOSED TASK OUTCOMES."""

from __future__ import annotations

from bridge.rules.dice import GivenDice
from bridge.rules.opposed import resolve_opposed
from bridge.rules.task import Roller, TaskSpec, resolve_task

SPEC = TaskSpec(lead=Roller(target=10), difficulty=1)


def res(*faces: int):
    return resolve_task(SPEC, GivenDice(d20=faces))


def test_active_succeeds_reactive_fails() -> None:
    out = resolve_opposed(res(5, 1), res(15, 16))
    assert (out.winner, out.active_momentum, out.reactive_momentum) == ("active", 2, 0)


def test_active_fails_reactive_succeeds() -> None:
    out = resolve_opposed(res(15, 16), res(5, 6))
    assert (out.winner, out.active_momentum, out.reactive_momentum) == ("reactive", 0, 1)


def test_both_fail() -> None:
    out = resolve_opposed(res(15, 16), res(17, 18))
    assert out.winner == "none"


def test_both_succeed_higher_momentum_wins_and_loses_the_others() -> None:
    """Both succeed: the higher Momentum wins but loses 1 per point the other scored."""
    out = resolve_opposed(res(1, 1), res(5, 6))  # 3 momentum vs 1
    assert (out.winner, out.active_momentum, out.reactive_momentum) == ("active", 2, 0)
    out = resolve_opposed(res(5, 6), res(1, 2))  # 1 vs 2
    assert (out.winner, out.active_momentum, out.reactive_momentum) == ("reactive", 0, 1)


def test_tie_goes_to_the_active_side_with_no_momentum() -> None:
    out = resolve_opposed(res(5, 6), res(7, 8))
    assert (out.winner, out.active_momentum, out.reactive_momentum) == ("active", 0, 0)
