"""Opposed tasks: the four outcomes of seed 003 (OPPOSED TASK OUTCOMES).

The outcomes are data (:data:`OPPOSED_OUTCOMES`, in Bridge's words): the engine's
explanation of each opposed roll and the GM's reference read the same table.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from bridge.rules.task import TaskResult

__all__ = ["OPPOSED_OUTCOMES", "OpposedCase", "OpposedOutcome", "resolve_opposed"]


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


def _explain(key: Literal["active", "reactive", "neither", "both"], detail: str = "") -> str:
    case = _CASE[key]
    return f"{case.when}{detail}: {case.then}"


def resolve_opposed(active: TaskResult, reactive: TaskResult) -> OpposedOutcome:
    """Compare the active and the reactive character's results."""
    if active.success and not reactive.success:
        return OpposedOutcome(
            winner="active",
            active_momentum=active.momentum,
            reactive_momentum=0,
            explanation=_explain("active"),
        )
    if reactive.success and not active.success:
        return OpposedOutcome(
            winner="reactive",
            active_momentum=0,
            reactive_momentum=reactive.momentum,
            explanation=_explain("reactive"),
        )
    if not active.success:
        return OpposedOutcome(
            winner="none", active_momentum=0, reactive_momentum=0, explanation=_explain("neither")
        )
    a, r = active.momentum, reactive.momentum
    detail = f" (Momentum {a} against {r})"
    if a >= r:
        return OpposedOutcome(
            winner="active",
            active_momentum=a - r if a > r else 0,
            reactive_momentum=0,
            explanation=_explain("both", detail)
            + (f" The active character keeps {a - r}." if a > r else " A tie: none kept."),
        )
    return OpposedOutcome(
        winner="reactive",
        active_momentum=0,
        reactive_momentum=r - a,
        explanation=_explain("both", detail) + f" The reactive character keeps {r - a}.",
    )
