"""Opposed tasks: the four outcomes of seed 003 (OPPOSED TASK OUTCOMES).

The outcomes are data (:data:`OPPOSED_OUTCOMES`, in Bridge's words): the engine's
explanation of each opposed roll and the GM's reference read the same table.
"""

from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict

from bridge.rules.odds import task_odds
from bridge.rules.task import TaskResult, TaskSpec

__all__ = [
    "OPPOSED_OUTCOMES",
    "OpposedCase",
    "OpposedOdds",
    "OpposedOutcome",
    "opposed_odds",
    "opposed_winner",
    "resolve_opposed",
]

Winner = Literal["active", "reactive", "none"]
CaseKey = Literal["active", "reactive", "neither", "both"]


class OpposedCase(BaseModel):
    """One row of the table: when it applies, and what follows."""

    model_config = ConfigDict(frozen=True)

    key: Literal["active", "reactive", "neither", "both"]
    when: str
    then: str


OPPOSED_OUTCOMES: tuple[OpposedCase, ...] = (
    OpposedCase(
        key="active",
        when="The active character succeeds, the reactive one fails",
        then="The active character reaches their goal: their Task succeeds.",
    ),
    OpposedCase(
        key="reactive",
        when="The active character fails, the reactive one succeeds",
        then="The active character misses their goal and the reactive character's Task "
        "is resolved (some Opposed Tasks give the reactive side more).",
    ),
    OpposedCase(
        key="neither",
        when="Both fail",
        then="The active character misses their goal; the reactive character gains nothing more.",
    ),
    OpposedCase(
        key="both",
        when="Both succeed",
        then="More Momentum wins: the winner reaches their goal but loses one Momentum "
        "for each the other scored; the loser keeps none. A tie goes to the active "
        "character, who keeps no Momentum.",
    ),
)
"""Seed 003 OPPOSED TASK OUTCOMES, in the order of the GM screen."""

_CASE = {case.key: case for case in OPPOSED_OUTCOMES}


class OpposedOutcome(BaseModel):
    """Who wins an opposed task and the Momentum each side keeps."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    winner: Literal["active", "reactive", "none"]
    active_momentum: int
    reactive_momentum: int
    explanation: str


def _explain(key: CaseKey, detail: str = "") -> str:
    case = _CASE[key]
    return f"{case.when}{detail}: {case.then}"


def opposed_winner(
    active_success: bool, active_momentum: int, reactive_success: bool, reactive_momentum: int
) -> tuple[CaseKey, Winner, int, int]:
    """Seed 003's four outcomes as a function: the table's row, who wins, and the
    Momentum the active and the reactive side keep."""
    if active_success and not reactive_success:
        return "active", "active", active_momentum, 0
    if reactive_success and not active_success:
        return "reactive", "reactive", 0, reactive_momentum
    if not active_success:
        return "neither", "none", 0, 0
    a, r = active_momentum, reactive_momentum
    if a >= r:  # a tie goes to the active character, who keeps none
        return "both", "active", a - r if a > r else 0, 0
    return "both", "reactive", 0, r - a


def resolve_opposed(active: TaskResult, reactive: TaskResult) -> OpposedOutcome:
    """Compare the active and the reactive character's results."""
    key, winner, kept_a, kept_r = opposed_winner(
        active.success, active.momentum, reactive.success, reactive.momentum
    )
    if key != "both":
        return OpposedOutcome(
            winner=winner,
            active_momentum=kept_a,
            reactive_momentum=kept_r,
            explanation=_explain(key),
        )
    a, r = active.momentum, reactive.momentum
    detail = f" (Momentum {a} against {r})"
    if winner == "active":
        return OpposedOutcome(
            winner="active",
            active_momentum=kept_a,
            reactive_momentum=0,
            explanation=_explain("both", detail)
            + (f" The active character keeps {a - r}." if a > r else " A tie: none kept."),
        )
    return OpposedOutcome(
        winner="reactive",
        active_momentum=0,
        reactive_momentum=kept_r,
        explanation=_explain("both", detail) + f" The reactive character keeps {r - a}.",
    )


class OpposedOdds(BaseModel):
    """The exact chances of an Opposed Task: each of seed 003's outcomes, who wins, and the
    Momentum each side expects to keep (over every face of both sides' dice)."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    p_active: float
    """The active character wins (their Task succeeds)."""
    p_reactive: float
    """The reactive character wins (their Task is resolved instead)."""
    p_neither: float
    """Neither wins: both fail."""
    cases: dict[str, float]
    """The chance of each row of the table, by its key (active, reactive, neither, both)."""
    active_momentum: float
    reactive_momentum: float
    exact_active: tuple[int, int]
    """``p_active`` as an exact fraction (numerator, denominator)."""
    p_active_complication: float
    p_reactive_complication: float


def _outcomes(spec: TaskSpec) -> tuple[list[tuple[bool, int, int]], int, float]:
    """Each total of successes as (succeeds, Momentum, count), the denominator and the
    chance of a complication, from the exact task odds."""
    odds = task_odds(spec)
    d = spec.difficulty
    rows = [(k >= d, max(k - d, 0), n) for k, n in enumerate(odds.exact_counts) if n]
    return rows, odds.denominator, odds.p_complication


def opposed_odds(active: TaskSpec, reactive: TaskSpec) -> OpposedOdds:
    """Exact odds of an Opposed Task, by enumerating both sides' distributions of
    successes and Momentum through seed 003's outcomes (:func:`opposed_winner`)."""
    rows_a, den_a, comp_a = _outcomes(active)
    rows_r, den_r, comp_r = _outcomes(reactive)
    cases: dict[str, int] = {"active": 0, "reactive": 0, "neither": 0, "both": 0}
    wins = {"active": 0, "reactive": 0, "none": 0}
    kept_a = kept_r = 0
    for ok_a, m_a, n_a in rows_a:
        for ok_r, m_r, n_r in rows_r:
            n = n_a * n_r
            key, winner, ka, kr = opposed_winner(ok_a, m_a, ok_r, m_r)
            cases[key] += n
            wins[winner] += n
            kept_a += ka * n
            kept_r += kr * n
    total = den_a * den_r
    exact = Fraction(wins["active"], total)
    return OpposedOdds(
        p_active=wins["active"] / total,
        p_reactive=wins["reactive"] / total,
        p_neither=wins["none"] / total,
        cases={k: v / total for k, v in cases.items()},
        active_momentum=kept_a / total,
        reactive_momentum=kept_r / total,
        exact_active=(exact.numerator, exact.denominator),
        p_active_complication=comp_a,
        p_reactive_complication=comp_r,
    )
