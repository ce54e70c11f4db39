"""Stress, damage and Injuries of personal conflict (seed 001 Conflict card, seed 003
INJURIES and DAMAGE EFFECTS, RULES-NOTES "Personal conflict").

Pure arithmetic on numbers and challenge dice: the engine hands in what the attack rolled
and the target's Resistance, and lands what comes back.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from bridge.rules.challenge import ChallengeRoll

__all__ = [
    "AVOID_INJURY_COST",
    "INJURY_DAMAGE",
    "Harm",
    "PersonalDamage",
    "avoid_injury_cost",
    "harm",
    "personal_damage",
    "stress_max",
]

INJURY_DAMAGE = 5
"""Seed 003 INJURIES: "five or more damage from a single attack or hazard, after reduction
from Resistance" is an Injury."""
AVOID_INJURY_COST = 2
"""Seed 003 Momentum spends: Avoid Injury costs 2 (Immediate)."""
RESOLUTE_STRESS = 3
"""RULES-NOTES: the Resolute talent adds 3 Stress."""


def stress_max(fitness: int, security: int, resolute: bool = False) -> int:
    """RULES-NOTES [known]: Stress is Fitness + Security (the Resolute talent adds 3)."""
    return fitness + security + (RESOLUTE_STRESS if resolute else 0)


def avoid_injury_cost(intense_effects: int = 0) -> int:
    """Seed 003: Avoid Injury costs 2; INTENSE: "The Cost to Avoid an Injury caused by an
    Intense weapon increases by one for each Effect rolled"."""
    return AVOID_INJURY_COST + max(intense_effects, 0)


class Harm(BaseModel):
    """What damage past Resistance does to a character's Stress, and whether it Injures."""

    model_config = ConfigDict(frozen=True)

    damage: int = Field(ge=0)
    stress_before: int = Field(ge=0)
    stress_after: int = Field(ge=0)
    injury: bool
    why: str = ""
    """Which of seed 003's three conditions made the Injury."""


def harm(damage: int, stress: int) -> Harm:
    """Seed 003 INJURIES: damage removes that much Stress (down to 0); an Injury when 5 or
    more lands at once, when the Stress reaches 0, or when it was 0 already and any lands."""
    damage = max(damage, 0)
    after = max(stress - damage, 0)
    why = ""
    if damage >= INJURY_DAMAGE:
        why = f"{damage} damage at once (5 or more)"
    elif damage and stress == 0:
        why = "damaged with no Stress left"
    elif damage and after == 0:
        why = "reduced to 0 Stress"
    return Harm(damage=damage, stress_before=stress, stress_after=after, injury=bool(why), why=why)


class PersonalDamage(BaseModel):
    """One attack's damage against one target, step by step."""

    model_config = ConfigDict(frozen=True)

    rolled: int
    effects: int
    vicious: int = Field(description="Damage Vicious X added (X per Effect)")
    bonus: int = Field(description="Bonus Damage (1 per Momentum)")
    total: int = Field(description="The attack's damage before Resistance")
    armour: int
    cover: ChallengeRoll | None = None
    cover_bonus: int = Field(default=0, description="Recover's +1 per Effect on the Cover dice")
    resistance: int
    ignored: int = Field(description="Resistance ignored: Piercing X per Effect, Penetration")
    damage: int = Field(description="What gets past Resistance")

    def describe(self) -> str:
        parts = [f"{self.rolled} rolled"]
        if self.vicious:
            parts.append(f"+{self.vicious} Vicious")
        if self.bonus:
            parts.append(f"+{self.bonus} Bonus Damage")
        text = f"{' '.join(parts)} = {self.total} damage; Resistance {self.resistance}"
        pieces = []
        if self.armour:
            pieces.append(f"{self.armour} armour")
        if self.cover is not None:
            pieces.append(f"Cover {self.cover.describe().split(' = ')[0]} {self.cover.total}")
        if self.cover_bonus:
            pieces.append(f"+{self.cover_bonus} Recover")
        if pieces:
            text += f" ({', '.join(pieces)})"
        if self.ignored:
            text += f", {self.ignored} ignored"
        return f"{text}: {self.damage} gets through"


def personal_damage(
    roll: ChallengeRoll,
    *,
    vicious: int = 0,
    piercing: int = 0,
    bonus: int = 0,
    penetration: int = 0,
    armour: int = 0,
    cover: ChallengeRoll | None = None,
    cover_effect_bonus: int = 0,
    halved: bool = False,
) -> PersonalDamage:
    """Seed 001 ATTACKS AND DAMAGE and seed 003 DAMAGE EFFECTS: the total rolled, Vicious X
    (+X per Effect) and Bonus Damage; Resistance is static armour plus the Cover dice
    rolled (and Recover's +1 per Effect on them); Piercing X ignores X per Effect and
    Penetration 2 per Momentum; what remains removes Stress. ``halved`` is a Secondary
    Target's share: half the attack's damage, rounded down, against its own Resistance."""
    effects = roll.effects
    added = vicious * effects
    total = roll.total + added + bonus
    if halved:
        total //= 2
    cover_total = cover.total if cover is not None else 0
    extra = cover_effect_bonus * cover.effects if cover is not None else 0
    resistance = armour + cover_total + extra
    ignored = min(piercing * effects + 2 * penetration, resistance)
    return PersonalDamage(
        rolled=roll.total,
        effects=effects,
        vicious=added,
        bonus=bonus,
        total=total,
        armour=armour,
        cover=cover,
        cover_bonus=extra,
        resistance=resistance,
        ignored=ignored,
        damage=max(total - (resistance - ignored), 0),
    )
