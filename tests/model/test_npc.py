"""NPCs for fights on foot and armed officers (RULES-NOTES "Personal conflict"; seed 003
NPC SPECIAL ABILITIES)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bridge.engine.demo import demo_encounter
from bridge.model.character import Character
from bridge.model.npc import Npc, NpcAbility, npc_from_character
from bridge.rules.npc_abilities import NpcAbilityKind, NpcTier
from bridge.rules.personal_gear import PersonalEffect, PersonalQuality
from bridge.rules.stats import Attribute


def test_an_officers_stress_is_fitness_plus_security_and_resolute_adds_three() -> None:
    """RULES-NOTES [known]: Stress is Fitness + Security (the Resolute talent adds 3)."""
    crew = demo_encounter().characters
    assert crew["reyes"].stress_max == 8 + 3
    assert crew["kell"].resolute and crew["kell"].stress_max == 10 + 5 + 3
    again = crew["kell"].model_copy(update={"talents": (" resolute ",)})
    assert again.stress_max == 18  # (the talent's name in any case)


def test_the_demo_officers_carry_the_weapons_their_role_would() -> None:
    crew = demo_encounter().characters
    assert [w.name for w in crew["kell"].weapons] == [
        "Phaser Type-3 (phaser rifle)",
        "Phaser Type-2",
    ]
    assert [w.name for w in crew["reyes"].weapons] == ["Phaser Type-2"]
    assert all(c.weapons for c in crew.values())


@pytest.mark.parametrize(
    ("tier", "stress", "avoid"),
    [(NpcTier.MINOR, 0, False), (NpcTier.NOTABLE, 11, True), (NpcTier.MAJOR, 11, True)],
)
def test_the_tiers_stress_and_avoid_injury_defaults(
    tier: NpcTier, stress: int, avoid: bool
) -> None:
    """RULES-NOTES [default]: a Minor NPC has no Stress and cannot Avoid Injury; a Notable
    NPC has Fitness + Security and may; a Major NPC follows the players' rules."""
    npc = Npc(id="x", name="X", tier=tier)  # Fitness 8 + Security 2 ... by default
    npc = npc.model_copy(update={"attributes": npc.attributes.model_copy(update={"fitness": 9})})
    assert (npc.stress_max, npc.may_avoid_injury) == (stress, avoid)


def test_the_gm_changes_the_defaults_per_npc() -> None:
    """RULES-NOTES [default]: "The GM can change each per NPC"."""
    npc = Npc(id="x", name="X", tier=NpcTier.MINOR, stress=4, avoid_injury=True)
    assert (npc.stress_max, npc.may_avoid_injury) == (4, True)
    notable = Npc(id="y", name="Y", tier=NpcTier.NOTABLE, avoid_injury=False)
    assert not notable.may_avoid_injury


def test_abilities_read_their_x() -> None:
    """Seed 003: Extraordinary Attribute X, Machine X (Resistance X), Immune to X."""
    npc = Npc(
        id="x",
        name="X",
        armour=1,
        abilities=(
            NpcAbility(
                kind=NpcAbilityKind.EXTRAORDINARY_ATTRIBUTE, attribute=Attribute.DARING, rating=2
            ),
            NpcAbility(kind=NpcAbilityKind.MACHINE, rating=3),
            NpcAbility(kind=NpcAbilityKind.IMMUNE, note="Knockdown, non-lethal"),
        ),
    )
    assert npc.automatic_successes(Attribute.DARING) == 2
    assert npc.automatic_successes(Attribute.CONTROL) == 0
    assert npc.resistance == 4
    assert npc.immune_to(PersonalEffect.KNOCKDOWN) and npc.immune_to(PersonalQuality.NONLETHAL)
    assert not npc.immune_to(PersonalEffect.VICIOUS)
    assert [a.describe() for a in npc.abilities] == [
        "Extraordinary Daring 2",
        "Machine 3",
        "Immune to Knockdown, non-lethal",
    ]


def test_an_ability_missing_its_x_or_attribute_is_refused() -> None:
    with pytest.raises(ValidationError, match="names its Attribute"):
        NpcAbility(kind=NpcAbilityKind.EXTRAORDINARY_ATTRIBUTE, rating=1)
    with pytest.raises(ValidationError, match="needs an X"):
        NpcAbility(kind=NpcAbilityKind.FAST_RECOVERY)


def test_a_library_character_becomes_a_major_npc() -> None:
    kell: Character = demo_encounter().characters["kell"]
    npc = npc_from_character(kell)
    assert npc.tier is NpcTier.MAJOR and npc.stress_max == kell.stress_max
    assert npc.weapons == kell.weapons
