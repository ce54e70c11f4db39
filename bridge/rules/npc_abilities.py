"""Seed 003 NPC SPECIAL ABILITIES, as data in Bridge's own words, and NPC tiers."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["NpcAbilityKind", "NpcTier"]


class NpcTier(StrEnum):
    """Minor, Notable and Major NPCs (RULES-NOTES "Personal conflict")."""

    MINOR = "minor"
    NOTABLE = "notable"
    MAJOR = "major"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class NpcAbilityKind(StrEnum):
    """The special abilities of seed 003; ``rated`` ones carry an X."""

    EXTRAORDINARY_ATTRIBUTE = "extraordinary_attribute"
    FAST_RECOVERY = "fast_recovery"
    IMMUNE = "immune"
    INVULNERABLE = "invulnerable"
    SPECIFIC_WEAKNESS = "specific_weakness"
    STAGGERED = "staggered"
    WRATHFUL = "wrathful"
    MACHINE = "machine"
    MENACING = "menacing"
    NIGHT_VISION = "night_vision"
    THREATENING = "threatening"

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def rated(self) -> bool:
        return self in _RATED

    @property
    def text(self) -> str:
        return _TEXT[self]


_LABELS = {
    NpcAbilityKind.EXTRAORDINARY_ATTRIBUTE: "Extraordinary Attribute X",
    NpcAbilityKind.FAST_RECOVERY: "Fast Recovery X",
    NpcAbilityKind.IMMUNE: "Immune to X",
    NpcAbilityKind.INVULNERABLE: "Invulnerable",
    NpcAbilityKind.SPECIFIC_WEAKNESS: "Specific Weakness",
    NpcAbilityKind.STAGGERED: "Staggered",
    NpcAbilityKind.WRATHFUL: "Wrathful",
    NpcAbilityKind.MACHINE: "Machine X",
    NpcAbilityKind.MENACING: "Menacing",
    NpcAbilityKind.NIGHT_VISION: "Night Vision",
    NpcAbilityKind.THREATENING: "Threatening X",
}
_RATED = frozenset(
    {
        NpcAbilityKind.EXTRAORDINARY_ATTRIBUTE,
        NpcAbilityKind.FAST_RECOVERY,
        NpcAbilityKind.MACHINE,
        NpcAbilityKind.THREATENING,
    }
)
_TEXT = {
    NpcAbilityKind.EXTRAORDINARY_ATTRIBUTE: "X automatic successes on every Task using that "
    "Attribute, on top of those the dice roll.",
    NpcAbilityKind.FAST_RECOVERY: "At the start of each of its Turns it regains X Stress (up "
    "to its maximum); if it is Injured then, it may spend 2 Threat to remove the Injury "
    "instead.",
    NpcAbilityKind.IMMUNE: "Unaffected by the conditions and effects named (Bridge plays "
    "Knockdown and Non-lethal attacks; the GM rules on the rest).",
    NpcAbilityKind.INVULNERABLE: "Cannot be Injured in any way; it is attacked, damaged and "
    "loses Stress as usual.",
    NpcAbilityKind.SPECIFIC_WEAKNESS: "An attack that uses its weakness overcomes its "
    "invulnerability.",
    NpcAbilityKind.STAGGERED: "Cannot be Injured: an Injury instead costs it every Task and "
    "Minor Action of its next Turn (not cumulative).",
    NpcAbilityKind.WRATHFUL: "An Injury it would suffer instead adds 2 to Threat.",
    NpcAbilityKind.MACHINE: "A machine or cyborg: Resistance X; -2 Difficulty to resist heat "
    "and cold; immune to suffocation, vacuum, starvation and thirst.",
    NpcAbilityKind.MENACING: "When it enters a scene, 1 Threat is added to the pool.",
    NpcAbilityKind.NIGHT_VISION: "Darkness adds nothing to the Difficulty of its Tasks.",
    NpcAbilityKind.THREATENING: "Begins each scene with X Threat of its own, spent only for "
    "itself.",
}
