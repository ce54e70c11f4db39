"""Exact odds of a personal attack (seed 001 ATTACKS AND DAMAGE, seed 003 MAKING AN ATTACK).

A ranged attack is one Task: its exact task odds. A melee attack is an Opposed Task: the
attacker's and the target's distributions of successes and Momentum are enumerated
together through seed 003's OPPOSED TASK OUTCOMES, so the odds say how often the attacker
hits, how often the target wins and hits instead, and how often neither does. The damage
is a range, not a chance: its challenge dice are rolled only on a hit, and the target's
Cover dice are rolled against it.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from bridge.rules.odds import TaskOdds, task_odds
from bridge.rules.opposed import OpposedOdds, opposed_odds
from bridge.rules.task import TaskSpec

__all__ = ["AttackOdds", "DamageRange", "attack_odds", "damage_range"]


class DamageRange(BaseModel):
    """What ``dice`` challenge dice deal before Resistance: the least, the most, the mean."""

    model_config = ConfigDict(frozen=True)

    dice: int
    least: int
    most: int
    mean: float
    p_effect: float

    def describe(self) -> str:
        return (
            f"{self.dice}▲: {self.least}-{self.most} damage before Resistance "
            f"(about {self.mean:.1f}); an Effect {self.p_effect:.0%} of the time"
        )


def damage_range(dice: int, vicious: int = 0, bonus: int = 0) -> DamageRange:
    """Seed 001 ROLL DAMAGE faces (1, 2, 0, 0, 1+Effect, 1+Effect), Vicious X adding X per
    Effect and Bonus Damage: the range of the damage, before Resistance."""
    most_per_die = max(2, 1 + vicious)
    mean_per_die = (1 + 2 + 0 + 0 + 2 * (1 + vicious)) / 6
    return DamageRange(
        dice=dice,
        least=bonus,
        most=dice * most_per_die + bonus,
        mean=dice * mean_per_die + bonus,
        p_effect=1 - (4 / 6) ** dice,
    )


class AttackOdds(BaseModel):
    """The chances of one personal attack and the range of its damage."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["melee", "ranged"]
    p_hit: float
    """The attack succeeds (melee: the attacker wins the Opposed Task)."""
    p_countered: float
    """Melee only: the target wins the Opposed Task and hits the attacker instead."""
    p_miss: float
    """Neither hits."""
    expected_momentum: float
    """The Momentum the attacker expects to keep (melee: after the opposition)."""
    p_complication: float
    task: TaskOdds
    """The attacker's own roll."""
    opposed: OpposedOdds | None = None
    """Melee: the whole Opposed Task, both sides."""
    damage: DamageRange
    counter_damage: DamageRange | None = None
    """Melee: what the target deals if it wins."""
    notes: tuple[str, ...] = ()
    """What the figures leave out, said plainly (the damage is a range; Aim's re-roll)."""


def attack_odds(
    attack: TaskSpec,
    damage: DamageRange,
    *,
    reactive: TaskSpec | None = None,
    counter: DamageRange | None = None,
) -> AttackOdds:
    """A ranged attack's odds (``reactive`` None) or a melee attack's, opposed by the
    target's ``reactive`` roll (seed 003 MAKING AN ATTACK 4a: "opposed by the target's
    Daring + Security (also Difficulty 1). If the target wins the Opposed Task, then they
    are considered to have made a successful Attack instead")."""
    own = task_odds(attack)
    notes = [
        "The damage is a range, not a chance: "
        + damage.describe()
        + "; the target's Resistance and Cover dice come off it."
    ]
    if reactive is None:
        return AttackOdds(
            kind="ranged",
            p_hit=own.p_success,
            p_countered=0.0,
            p_miss=1 - own.p_success,
            expected_momentum=own.expected_momentum,
            p_complication=own.p_complication,
            task=own,
            damage=damage,
            notes=tuple(notes),
        )
    both = opposed_odds(attack, reactive)
    if counter is not None:
        notes.append("If the target wins it strikes back: " + counter.describe() + ".")
    return AttackOdds(
        kind="melee",
        p_hit=both.p_active,
        p_countered=both.p_reactive,
        p_miss=both.p_neither,
        expected_momentum=both.active_momentum,
        p_complication=own.p_complication,
        task=own,
        opposed=both,
        damage=damage,
        counter_damage=counter,
        notes=tuple(notes),
    )
