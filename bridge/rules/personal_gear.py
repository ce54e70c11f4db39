"""What a character carries into a fight on foot: personal weapons, their damage effects
and qualities (seed 003 DAMAGE EFFECTS, the personal weapons table, weapon qualities), as
data in Bridge's own words. Each weapon names its effects and qualities by the enums here,
so the table cannot name one the reference does not explain.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bridge.rules.text import Label, Name

__all__ = [
    "CHARGE_EFFECTS",
    "PERSONAL_WEAPONS",
    "UNARMED",
    "PersonalEffect",
    "PersonalQuality",
    "PersonalWeapon",
    "personal_weapon",
]


class PersonalEffect(StrEnum):
    """Seed 003 DAMAGE EFFECTS (personal scale)."""

    AREA = "area"
    INTENSE = "intense"
    KNOCKDOWN = "knockdown"
    PIERCING = "piercing"
    VICIOUS = "vicious"

    @property
    def label(self) -> str:
        return {"piercing": "Piercing X", "vicious": "Vicious X"}.get(
            self.value, self.value.title()
        )

    @property
    def text(self) -> str:
        return _EFFECT_TEXT[self]


_EFFECT_TEXT = {
    PersonalEffect.AREA: "Hits everyone and everything within Reach of the target, plus one "
    "more target within Close range of it per Effect, nearest first (the GM decides).",
    PersonalEffect.INTENSE: "Avoiding an Injury from it costs one more per Effect.",
    PersonalEffect.KNOCKDOWN: "Any Effect knocks the target prone, unless they add Threat equal "
    "to the Effects (an NPC spends it).",
    PersonalEffect.PIERCING: "Ignores X of the target's Resistance per Effect.",
    PersonalEffect.VICIOUS: "+X damage per Effect.",
}


class PersonalQuality(StrEnum):
    """Seed 003's personal weapon qualities."""

    ACCURATE = "accurate"
    CHARGE = "charge"
    CUMBERSOME = "cumbersome"
    DEADLY = "deadly"
    DEBILITATING = "debilitating"
    GRENADE = "grenade"
    HIDDEN = "hidden"
    INACCURATE = "inaccurate"
    NONLETHAL = "nonlethal"

    @property
    def label(self) -> str:
        return {"hidden": "Hidden X", "nonlethal": "Non-lethal"}.get(self.value, self.value.title())

    @property
    def text(self) -> str:
        return _QUALITY_TEXT[self]


_QUALITY_TEXT = {
    PersonalQuality.ACCURATE: "After Aim, re-roll any number of d20s instead of one.",
    PersonalQuality.CHARGE: "After Prepare, add Area, Intense, Piercing 2 or Vicious 1 to the "
    "attack.",
    PersonalQuality.CUMBERSOME: "Cannot attack unless Prepare was taken this Turn.",
    PersonalQuality.DEADLY: "Non-lethal attacks with it are +1 Difficulty.",
    PersonalQuality.DEBILITATING: "First Aid or healing for its Injuries is +1 Difficulty.",
    PersonalQuality.GRENADE: "Thrown (the GM screen names it without a rule of its own).",
    PersonalQuality.HIDDEN: "Easy to conceal: finding it takes an Insight or Reason + "
    "Security Task of Difficulty X; concealing it is a Minor Action.",
    PersonalQuality.INACCURATE: "Aim gives no benefit.",
    PersonalQuality.NONLETHAL: "Lethal attacks with it are +1 Difficulty.",
}

CHARGE_EFFECTS: tuple[tuple[PersonalEffect, int], ...] = (
    (PersonalEffect.AREA, 0),
    (PersonalEffect.INTENSE, 0),
    (PersonalEffect.PIERCING, 2),
    (PersonalEffect.VICIOUS, 1),
)
"""Seed 003 CHARGE: "Area, Intense, Piercing 2, or Vicious 1"."""


class PersonalWeapon(BaseModel):
    """One personal weapon: a row of seed 003's table, or the GM's own."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: Name
    kind: Literal["Melee", "Ranged"]
    dice: int = Field(ge=1, le=8, description="Challenge dice of its damage rating")
    effects: tuple[tuple[PersonalEffect, int], ...] = Field(
        default=(), max_length=len(PersonalEffect)
    )
    size: Literal["1H", "2H"] = "1H"
    qualities: tuple[tuple[PersonalQuality, int], ...] = Field(
        default=(), max_length=len(PersonalQuality)
    )
    cost: Label = ""

    @property
    def melee(self) -> bool:
        return self.kind == "Melee"

    def effect(self, effect: PersonalEffect) -> int | None:
        """The rating of ``effect`` on this weapon (0 for one without X), or ``None``."""
        return next((x for e, x in self.effects if e is effect), None)

    def quality(self, quality: PersonalQuality) -> int | None:
        """The rating of ``quality`` (0 for one without X), or ``None`` if it lacks it."""
        return next((x for q, x in self.qualities if q is quality), None)

    def has(self, quality: PersonalQuality) -> bool:
        return self.quality(quality) is not None

    def damage(self) -> str:
        """Its damage rating as the table writes it: "3▲ Vicious 1"."""
        effects = " ".join(f"{e.value.title()}{f' {x}' if x else ''}" for e, x in self.effects)
        return f"{self.dice}▲" + (f" {effects}" if effects else "")

    def quality_text(self) -> str:
        return (
            ", ".join(q.label.replace(" X", f" {x}") if x else q.label for q, x in self.qualities)
            or "–"
        )

    def describe(self) -> str:
        """ "Phaser Type-2 (Ranged, 3▲, 1H, Charge)"."""
        qualities = self.quality_text()
        extra = f", {qualities}" if qualities != "–" else ""
        return f"{self.name} ({self.kind}, {self.damage()}, {self.size}{extra})"


UNARMED = PersonalWeapon(
    name="Unarmed Strike",
    kind="Melee",
    dice=1,
    effects=((PersonalEffect.KNOCKDOWN, 0),),
    size="1H",
    qualities=((PersonalQuality.NONLETHAL, 0),),
    cost="–",
)
"""Seed 003's first row: every character can strike unarmed."""


_E = PersonalEffect
_Q = PersonalQuality


def _w(
    name: str,
    kind: Literal["Melee", "Ranged"],
    dice: int,
    size: Literal["1H", "2H"],
    cost: str,
    effects: tuple[tuple[PersonalEffect, int], ...] = (),
    qualities: tuple[tuple[PersonalQuality, int], ...] = (),
) -> PersonalWeapon:
    return PersonalWeapon(
        name=name, kind=kind, dice=dice, effects=effects, size=size, qualities=qualities, cost=cost
    )


PERSONAL_WEAPONS: tuple[PersonalWeapon, ...] = (
    UNARMED,
    _w(
        "Knife/Dagger",
        "Melee",
        1,
        "1H",
        "Opportunity 1",
        ((_E.VICIOUS, 1),),
        ((_Q.DEADLY, 0), (_Q.HIDDEN, 1)),
    ),
    _w("Blade (sword, mek'leth)", "Melee", 2, "1H", "Opportunity 1", ((_E.VICIOUS, 1),)),
    _w(
        "Heavy Blade (bat'leth, kzar'takin, lirpa)",
        "Melee",
        3,
        "2H",
        "Opportunity 1, Escalation 1",
        ((_E.VICIOUS, 1),),
    ),
    _w("Bludgeon", "Melee", 2, "1H", "Opportunity 1", ((_E.KNOCKDOWN, 0),)),
    _w("Phaser Type-1", "Ranged", 2, "1H", "Standard Issue", (), ((_Q.CHARGE, 0), (_Q.HIDDEN, 1))),
    _w("Phaser Type-2", "Ranged", 3, "1H", "Standard Issue", (), ((_Q.CHARGE, 0),)),
    _w(
        "Phaser Type-3 (phaser rifle)",
        "Ranged",
        4,
        "2H",
        "Opportunity 1, Escalation 2",
        (),
        ((_Q.ACCURATE, 0), (_Q.CHARGE, 0)),
    ),
    _w(
        "Pulse Grenade",
        "Ranged",
        4,
        "1H",
        "Opportunity 1, Escalation 2",
        ((_E.AREA, 0),),
        ((_Q.CHARGE, 0), (_Q.GRENADE, 0)),
    ),
    _w(
        "Andorian Plasma Rifle",
        "Ranged",
        4,
        "2H",
        "Not Available",
        ((_E.INTENSE, 0),),
        ((_Q.ACCURATE, 0), (_Q.DEADLY, 0)),
    ),
    _w("Phase Pistol", "Ranged", 3, "1H", "Standard Issue"),
    _w("Particle Rifle", "Ranged", 4, "2H", "Standard Issue", (), ((_Q.ACCURATE, 0),)),
    _w("Disruptor Pistol", "Ranged", 3, "1H", "Not Available", ((_E.VICIOUS, 1),)),
    _w(
        "Disruptor Rifle",
        "Ranged",
        4,
        "2H",
        "Not Available",
        ((_E.VICIOUS, 1),),
        ((_Q.ACCURATE, 0),),
    ),
    _w(
        "Jem'Hadar Plasma Pistol",
        "Ranged",
        3,
        "1H",
        "Not Available",
        ((_E.VICIOUS, 1),),
        ((_Q.DEBILITATING, 0),),
    ),
    _w(
        "Jem'Hadar Plasma Rifle",
        "Ranged",
        4,
        "2H",
        "Not Available",
        ((_E.VICIOUS, 1),),
        ((_Q.ACCURATE, 0), (_Q.DEBILITATING, 0)),
    ),
)
"""Seed 003's personal weapons table, row for row."""


def personal_weapon(name: str) -> PersonalWeapon:
    """The row of the table named ``name`` (KeyError if there is none)."""
    for weapon in PERSONAL_WEAPONS:
        if weapon.name == name:
            return weapon
    raise KeyError(name)
