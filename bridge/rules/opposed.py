"""Opposed tasks: the four outcomes of seed 003 (OPPOSED TASK OUTCOMES)."""

from typing import Literal

from pydantic import BaseModel, ConfigDict

from bridge.rules.task import TaskResult

__all__ = ["OpposedOutcome", "resolve_opposed"]


class OpposedOutcome(BaseModel):
    """Who wins an opposed task and the Momentum each side keeps."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    winner: Literal["active", "reactive", "none"]
    active_momentum: int
    reactive_momentum: int
    explanation: str


def resolve_opposed(active: TaskResult, reactive: TaskResult) -> OpposedOutcome:
    """Compare the active and the reactive character's results."""
    if active.success and not reactive.success:
        return OpposedOutcome(
            winner="active",
            active_momentum=active.momentum,
            reactive_momentum=0,
            explanation="The active character succeeds and the reactive character fails.",
        )
    if reactive.success and not active.success:
        return OpposedOutcome(
            winner="reactive",
            active_momentum=0,
            reactive_momentum=reactive.momentum,
            explanation="The active character fails; the reactive character's Task is resolved.",
        )
    if not active.success:
        return OpposedOutcome(
            winner="none",
            active_momentum=0,
            reactive_momentum=0,
            explanation="Both fail: the active character fails and the reactive gains nothing.",
        )
    a, r = active.momentum, reactive.momentum
    if a == r:
        return OpposedOutcome(
            winner="active",
            active_momentum=0,
            reactive_momentum=0,
            explanation="Both succeed with equal Momentum: the active character wins "
            "but loses all Momentum generated.",
        )
    if a > r:
        return OpposedOutcome(
            winner="active",
            active_momentum=a - r,
            reactive_momentum=0,
            explanation=f"Both succeed; the active character has more Momentum ({a} vs {r}), "
            f"wins, and keeps {a - r}.",
        )
    return OpposedOutcome(
        winner="reactive",
        active_momentum=0,
        reactive_momentum=r - a,
        explanation=f"Both succeed; the reactive character has more Momentum ({r} vs {a}), "
        f"wins, and keeps {r - a}.",
    )
