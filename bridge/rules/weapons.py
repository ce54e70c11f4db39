"""Starship weapons, their qualities and ranges (RULES-NOTES "Ship statistics", "Damage")."""

from enum import IntEnum, StrEnum
from typing import Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bridge.rules.text import Name

__all__ = [
    "QUALITY_TEXT",
    "Delivery",
    "EnergyType",
    "Quality",
    "QualityName",
    "Range",
    "TorpedoType",
    "Weapon",
    "WeaponKind",
    "range_for_zones",
]


class Range(IntEnum):
    """Range bands, by zone distance (RULES-NOTES "Ranges")."""

    CLOSE = 0
    MEDIUM = 1
    LONG = 2
    EXTREME = 3

    @property
    def label(self) -> str:
        return self.name.capitalize()


def range_for_zones(distance: int) -> Range:
    """Close = same zone, Medium = adjacent, Long = two zones, Extreme = beyond."""
    if distance < 0:
        raise ValueError("a zone distance cannot be negative")
    return Range(min(distance, 3))


class QualityName(StrEnum):
    AREA = "area"
    SPREAD = "spread"
    CALIBRATION = "calibration"
    DAMPENING = "dampening"
    DEVASTATING = "devastating"
    HIGH_YIELD = "high_yield"
    PERSISTENT = "persistent"
    PIERCING = "piercing"
    VICIOUS = "vicious"
    VERSATILE = "versatile"

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").title()

    @property
    def rated(self) -> bool:
        """Whether the quality takes a rating X (Piercing 2, Vicious 1)."""
        return self in _RATED


QUALITY_TEXT: dict[QualityName, str] = {
    QualityName.AREA: "Each Effect hits one more ship of the target's side in its zone.",
    QualityName.SPREAD: "Any Effect: a second random system takes half the damage, rounded "
    "up, +1 per further Effect, resolved on its own.",
    QualityName.CALIBRATION: "Needs the Prepare Minor Action before it fires.",
    QualityName.DAMPENING: "The target loses 1 Power per Effect.",
    QualityName.DEVASTATING: "A second random system takes half the damage, rounded up.",
    QualityName.HIGH_YIELD: "A hit that causes any Breach causes one more.",
    QualityName.PERSISTENT: "X more damage at the end of the next Round, for one Round per Effect.",
    QualityName.PIERCING: "Ignores X Resistance per Effect.",
    QualityName.VICIOUS: "+X damage per Effect.",
    QualityName.VERSATILE: "The attacker gains X Momentum on a hit.",
}
"""What each starship weapon quality does, as the damage resolver plays it (RULES-NOTES
"Damage", Qualities)."""

_RATED = {QualityName.PERSISTENT, QualityName.PIERCING, QualityName.VICIOUS, QualityName.VERSATILE}


class Quality(BaseModel):
    """A weapon quality, with its rating X where it has one (Piercing 2, Vicious 1)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: QualityName
    rating: int = Field(default=0, ge=0, le=10)

    @model_validator(mode="after")
    def _rating_fits(self) -> Self:
        if self.name in _RATED and self.rating < 1:
            raise ValueError(f"rating: {self.name.label} needs a rating of at least 1")
        if self.name not in _RATED and self.rating:
            raise ValueError(f"rating: {self.name.label} takes no rating")
        return self

    def __str__(self) -> str:
        return f"{self.name.label} {self.rating}" if self.rating else self.name.label


class WeaponKind(StrEnum):
    ENERGY = "energy"
    TORPEDO = "torpedo"
    TRACTOR = "tractor"

    @property
    def label(self) -> str:
        """What anyone who sees it fire calls it (the weapon's name may be secret)."""
        return {"energy": "Energy weapon", "torpedo": "Torpedoes", "tractor": "Tractor beam"}[
            self.value
        ]


class EnergyType(StrEnum):
    PHASER = "phaser"
    DISRUPTOR = "disruptor"
    POLARON = "polaron"
    PHASE_CANNON = "phase_cannon"


class Delivery(StrEnum):
    CANNONS = "cannons"
    BANKS = "banks"
    ARRAYS = "arrays"


class TorpedoType(StrEnum):
    PHOTON = "photon"
    QUANTUM = "quantum"
    PLASMA = "plasma"


ENERGY_QUALITIES: dict[EnergyType, tuple[Quality, ...]] = {
    EnergyType.PHASER: (Quality(name=QualityName.VERSATILE, rating=2),),
    EnergyType.DISRUPTOR: (Quality(name=QualityName.VICIOUS, rating=1),),
    EnergyType.POLARON: (Quality(name=QualityName.PIERCING, rating=2),),
    EnergyType.PHASE_CANNON: (),
}
DELIVERY_BONUS = {Delivery.CANNONS: 2, Delivery.BANKS: 1, Delivery.ARRAYS: 0}
DELIVERY_RANGE = {
    Delivery.CANNONS: Range.CLOSE,
    Delivery.BANKS: Range.MEDIUM,
    Delivery.ARRAYS: Range.MEDIUM,
}
TORPEDO_DAMAGE = {TorpedoType.PHOTON: 3, TorpedoType.QUANTUM: 4, TorpedoType.PLASMA: 3}
TORPEDO_QUALITIES: dict[TorpedoType, tuple[Quality, ...]] = {
    TorpedoType.PHOTON: (Quality(name=QualityName.HIGH_YIELD),),
    TorpedoType.QUANTUM: (
        Quality(name=QualityName.VICIOUS, rating=1),
        Quality(name=QualityName.CALIBRATION),
        Quality(name=QualityName.HIGH_YIELD),
    ),
    TorpedoType.PLASMA: (
        Quality(name=QualityName.PERSISTENT, rating=4),
        Quality(name=QualityName.CALIBRATION),
    ),
}


QUALITIES_MAX = 10
"""Extra qualities one weapon may list (there are ten qualities)."""


class Weapon(BaseModel):
    """A ship's weapon as its stat block names it; damage and range derive from the rules."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Name
    kind: WeaponKind
    energy_type: EnergyType | None = None
    delivery: Delivery | None = None
    torpedo_type: TorpedoType | None = None
    extra_qualities: tuple[Quality, ...] = Field(default=(), max_length=QUALITIES_MAX)
    damage_override: int | None = Field(default=None, ge=0, le=30)
    range_override: Range | None = None

    @model_validator(mode="after")
    def _complete(self) -> Self:
        if self.kind is WeaponKind.ENERGY and (self.energy_type is None or self.delivery is None):
            raise ValueError("energy_type: an energy weapon needs a type and a delivery")
        if self.kind is WeaponKind.TORPEDO and self.torpedo_type is None:
            raise ValueError("torpedo_type: a torpedo weapon needs a torpedo type")
        return self

    @property
    def qualities(self) -> tuple[Quality, ...]:
        """Type qualities, then the stat block's extra ones."""
        base: tuple[Quality, ...] = ()
        if self.kind is WeaponKind.ENERGY and self.energy_type is not None:
            base = ENERGY_QUALITIES[self.energy_type]
        elif self.kind is WeaponKind.TORPEDO and self.torpedo_type is not None:
            base = TORPEDO_QUALITIES[self.torpedo_type]
        return base + self.extra_qualities

    @property
    def range(self) -> Range:
        if self.range_override is not None:
            return self.range_override
        if self.kind is WeaponKind.ENERGY and self.delivery is not None:
            return DELIVERY_RANGE[self.delivery]
        if self.kind is WeaponKind.TORPEDO:
            return Range.LONG
        return Range.CLOSE

    def damage(self, scale: int, security: int) -> int:
        """Challenge dice: energy = Scale + delivery bonus + Security; torpedo = its base."""
        if self.damage_override is not None:
            return self.damage_override
        if self.kind is WeaponKind.ENERGY and self.delivery is not None:
            return scale + DELIVERY_BONUS[self.delivery] + security
        if self.kind is WeaponKind.TORPEDO and self.torpedo_type is not None:
            return TORPEDO_DAMAGE[self.torpedo_type]
        return 0

    def describe(self, scale: int, security: int) -> str:
        if self.kind is WeaponKind.TRACTOR:
            return f"{self.name} (tractor beam, strength {max(scale - 1, 0)})"
        quals = ", ".join(str(q) for q in self.qualities)
        return f"{self.name}: {self.damage(scale, security)}▲ {self.range.label} {quals}".strip()
