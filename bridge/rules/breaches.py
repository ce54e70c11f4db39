"""Breach thresholds and the state a count of breaches puts a system in.

Seed 003 (breaches by Scale table) and RULES-NOTES "Damage": any breach is an Impact;
breaches at least half the Scale (rounded up) Damage the system, breaches equal to
the Scale Disable it, more than the Scale Destroy it. Scale 1 has no Damaged step.
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["SystemState", "breach_state", "breach_thresholds", "damaged_threshold"]


class SystemState(StrEnum):
    """How hurt a system (or an NPC ship counted whole) is."""

    NOMINAL = "nominal"
    IMPACT = "impact"
    DAMAGED = "damaged"
    DISABLED = "disabled"
    DESTROYED = "destroyed"

    @property
    def label(self) -> str:
        return self.value.capitalize()

    @property
    def rank(self) -> int:
        return list(SystemState).index(self)


def damaged_threshold(scale: int) -> int | None:
    """Breaches that Damage a system at this Scale; ``None`` at Scale 1."""
    if scale <= 1:
        return None
    return -(-scale // 2)


def breach_thresholds(scale: int) -> tuple[int | None, int, int]:
    """Breaches that Damage, Disable and Destroy a system at this Scale (seed 003 SCALE /
    BREACHES TO... table: Scale 3 is 2, 3 and 4+; Scale 1 has no Damaged step)."""
    if scale < 1:
        raise ValueError("a Scale is at least 1")
    return damaged_threshold(scale), scale, scale + 1


def breach_state(
    breaches: int, scale: int, *, impact: bool = False, repaired: bool = False
) -> SystemState:
    """The state of a system with ``breaches`` breaches on a ship of ``scale``.

    ``repaired`` (Damage Control) lifts the Damaged and Disabled penalties but never
    a Destroyed system; ``impact`` marks an Impact not yet cleared by Restore.
    """
    if breaches < 0:
        raise ValueError("breaches cannot be negative")
    damaged, disabled, destroyed = breach_thresholds(max(scale, 1))
    if breaches >= destroyed:
        return SystemState.DESTROYED
    if not repaired:
        if breaches >= disabled:
            return SystemState.DISABLED
        if damaged is not None and breaches >= damaged:
            return SystemState.DAMAGED
    if impact:
        return SystemState.IMPACT
    return SystemState.NOMINAL
