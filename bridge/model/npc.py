"""Non-player characters of a personal conflict: Minor, Notable and Major, their weapons,
armour and special abilities (seed 003 NPC SPECIAL ABILITIES; RULES-NOTES "Personal
conflict" for the tiers' Stress and Avoid Injury, which the GM may change per NPC)."""

from __future__ import annotations

from typing import Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bridge.model.character import (
    ARMOUR_MAX,
    PERSONAL_WEAPONS_MAX,
    RESOLUTE,
    Attributes,
    Character,
    Disciplines,
    has_talent,
)
from bridge.rules.injury import stress_max
from bridge.rules.npc_abilities import NpcAbilityKind, NpcTier
from bridge.rules.personal_gear import PersonalEffect, PersonalQuality, PersonalWeapon
from bridge.rules.stats import Attribute
from bridge.rules.text import ID_MAX, Label, Line, Name, Text

__all__ = ["ABILITIES_MAX", "Npc", "NpcAbility", "npc_from_character"]

ABILITIES_MAX = 12
"""Special abilities one NPC may have."""
FOCUSES_MAX = 12


class NpcAbility(BaseModel):
    """One special ability: its kind, its X, the Attribute (Extraordinary Attribute) and
    what it names (Immune to what, which weakness)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    kind: NpcAbilityKind
    rating: int = Field(default=0, ge=0, le=10, description="The X of a rated ability")
    attribute: Attribute | None = Field(
        default=None, description="Extraordinary Attribute: which Attribute"
    )
    note: Line = Field(default="", description="Immune to what; the weakness; anything else")

    @model_validator(mode="after")
    def _complete(self) -> Self:
        if self.kind is NpcAbilityKind.EXTRAORDINARY_ATTRIBUTE and self.attribute is None:
            raise ValueError("attribute: Extraordinary Attribute names its Attribute")
        if self.kind.rated and self.rating < 1:
            raise ValueError(f"rating: {self.kind.label} needs an X of at least 1")
        return self

    def describe(self) -> str:
        label = self.kind.label
        if self.kind is NpcAbilityKind.EXTRAORDINARY_ATTRIBUTE and self.attribute is not None:
            label = f"Extraordinary {self.attribute.label} {self.rating}"
        elif self.kind is NpcAbilityKind.IMMUNE:
            label = f"Immune to {self.note or 'X'}"
        elif self.kind.rated:
            label = label.replace(" X", f" {self.rating}")
        if self.note and self.kind is not NpcAbilityKind.IMMUNE:
            label += f" ({self.note})"
        return label


class Npc(BaseModel):
    """An NPC stat block for fights on foot (a library template or one in a battle)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, max_length=ID_MAX, pattern=r"^[A-Za-z0-9_.-]+$")
    name: Name
    species: Label = ""
    tier: NpcTier = NpcTier.MINOR
    attributes: Attributes = Attributes(
        control=8, daring=8, fitness=8, insight=8, presence=8, reason=8
    )
    disciplines: Disciplines = Disciplines(
        command=1, conn=1, engineering=1, security=2, science=1, medicine=1
    )
    focuses: tuple[Name, ...] = Field(default=(), max_length=FOCUSES_MAX)
    talents: tuple[Name, ...] = Field(default=(), max_length=12)
    weapons: tuple[PersonalWeapon, ...] = Field(default=(), max_length=PERSONAL_WEAPONS_MAX)
    armour: int = Field(default=0, ge=0, le=ARMOUR_MAX)
    abilities: tuple[NpcAbility, ...] = Field(default=(), max_length=ABILITIES_MAX)
    stress: int | None = Field(
        default=None,
        ge=0,
        le=40,
        description="[default] None: by tier (a Minor NPC has none; a Notable or Major NPC "
        "Fitness + Security); a number is the GM's own",
    )
    avoid_injury: bool | None = Field(
        default=None,
        description="[default] None: by tier (a Minor NPC cannot Avoid an Injury; a Notable "
        "or Major one may, once per scene, paying Threat); true or false is the GM's own",
    )
    description: Text = ""

    # -- derived ------------------------------------------------------------------------
    @property
    def stress_max(self) -> int:
        """RULES-NOTES [default]: a Minor NPC has no Stress; a Notable or Major one has
        Fitness + Security (+3 Resolute). The GM's own figure, when set, stands."""
        if self.stress is not None:
            return self.stress
        if self.tier is NpcTier.MINOR:
            return 0
        resolute = has_talent(self.talents, RESOLUTE)
        return stress_max(self.attributes.fitness, self.disciplines.security, resolute)

    @property
    def may_avoid_injury(self) -> bool:
        """RULES-NOTES [default]: Notable and Major NPCs may Avoid an Injury, Minor ones not."""
        if self.avoid_injury is not None:
            return self.avoid_injury
        return self.tier is not NpcTier.MINOR

    def ability(self, kind: NpcAbilityKind) -> NpcAbility | None:
        return next((a for a in self.abilities if a.kind is kind), None)

    def has(self, kind: NpcAbilityKind) -> bool:
        return self.ability(kind) is not None

    def rating(self, kind: NpcAbilityKind) -> int:
        ability = self.ability(kind)
        return ability.rating if ability is not None else 0

    def automatic_successes(self, attribute: Attribute) -> int:
        """Extraordinary Attribute X: X automatic successes on Tasks using it."""
        return sum(
            a.rating
            for a in self.abilities
            if a.kind is NpcAbilityKind.EXTRAORDINARY_ATTRIBUTE and a.attribute is attribute
        )

    @property
    def resistance(self) -> int:
        """Armour plus Machine X."""
        return self.armour + self.rating(NpcAbilityKind.MACHINE)

    def immune_to(self, what: PersonalEffect | PersonalQuality | str) -> bool:
        """Whether an Immune to X names ``what`` (Knockdown, Non-lethal...)."""
        words = {str(what).casefold(), str(what).casefold().replace("nonlethal", "non-lethal")}
        for a in self.abilities:
            if a.kind is NpcAbilityKind.IMMUNE:
                named = {n.strip().casefold() for n in a.note.replace(";", ",").split(",")}
                if words & named:
                    return True
        return False


def npc_from_character(character: Character, tier: NpcTier = NpcTier.MAJOR) -> Npc:
    """A character of the library as an NPC (a Major NPC follows the players' rules)."""
    return Npc(
        id=character.id,
        name=character.name,
        tier=tier,
        attributes=character.attributes,
        disciplines=character.disciplines,
        focuses=character.focuses[:FOCUSES_MAX],
        talents=character.talents[:12],
        weapons=character.weapons,
        armour=character.armour,
    )
