"""House-rule settings: every [default] rule of RULES-NOTES, with its default.

Stored with the encounter, so a GM's table keeps its own reading of the rules.
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["HouseRules"]


class HouseRules(BaseModel):
    """The GM's choices where the rules are unclear or disputed."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    ship_assist_focus: bool = Field(
        default=True,
        description="The ship's assist die counts as having a Focus (2 successes at or "
        "under the Department).",
    )
    energy_weapon_power_cost: int = Field(
        default=1, ge=0, le=3, description="Power spent to fire an energy weapon."
    )
    extra_power_damage: bool = Field(
        default=True,
        description="An attacker may spend extra Power on an energy weapon for +1 damage each.",
    )
    range_penalty_per_band: int = Field(
        default=1,
        ge=0,
        le=3,
        description="Difficulty added per range band beyond the weapon's range.",
    )
    npc_whole_ship_breaches: bool = Field(
        default=True,
        description="NPC ships count breaches for the whole ship (the GM can switch a ship "
        "to per-system breaches).",
    )
    npc_breach_rule_reaches_ships_in_battle: bool = Field(
        default=True,
        description="[default] Changing the NPC breach rule also changes the NPC ships "
        "already in the battle.",
    )
    missed_attack_uses_scan: bool = Field(
        default=True,
        description="[default] A missed attack uses up Scan for Weakness (it was for "
        '"the next attack").',
    )
    impact_blocks_assist: bool = Field(
        default=True,
        description="[default] An Impacted system gives no assist die until Restored "
        '(RULES-NOTES: "unusable").',
    )
    swift_task_immediate: bool = Field(
        default=False,
        description="[default] Swift Task is an Immediate spend, so a player may pay it by "
        "adding to Threat. The card back marks it neither Immediate nor Repeatable: off by "
        "default.",
    )
    npc_act_first_threat: int = Field(
        default=2, ge=0, le=6, description="Threat the GM spends to have an NPC act first."
    )
    keep_initiative_cost: int = Field(
        default=2, ge=0, le=6, description="Momentum (NPC: Threat) to Keep the Initiative."
    )
    engines_destroyed_redirect_to_structure: bool = Field(
        default=True,
        description="Hits to destroyed Engines go to Structure (the rules name no target).",
    )
    power_overdraw: Literal["complication", "refuse"] = Field(
        default="complication",
        description="A Task needing more Power than the ship has: allowed with a "
        "Complication, or refused.",
    )
    resolution: Literal["sta", "icon", "d6"] = Field(
        default="sta",
        description="Which dice resolve station Tasks: STA 2d20, or ICON / OpenD6 through "
        "the conversion below.",
    )
    icon_ladder: tuple[int, int, int, int, int, int] = Field(
        default=(0, 4, 7, 10, 13, 16),
        description="ICON Difficulty for STA Difficulty 0..5 (Automatic, Routine, Moderate, "
        "Challenging, Difficult, Nearly Impossible).",
    )
    d6_ladder: tuple[int, int, int, int, int, int] = Field(
        default=(0, 8, 13, 18, 25, 31),
        description="OpenD6 difficulty for STA Difficulty 0..5 (Automatic, Easy, Moderate, "
        "Difficult, Very Difficult, Heroic).",
    )
    icon_margin_per_momentum: int = Field(
        default=3, ge=1, le=10, description="ICON: points over the Difficulty per Momentum."
    )
    d6_margin_per_momentum: int = Field(
        default=5, ge=1, le=20, description="OpenD6: points over the difficulty per Momentum."
    )
    prone_ranged_difficulty: int = Field(
        default=1,
        ge=0,
        le=3,
        description="[default] Personal conflict: Difficulty added to ranged attacks against "
        "a prone character.",
    )
    prone_melee_difficulty: int = Field(
        default=-1,
        ge=-3,
        le=0,
        description="[default] Personal conflict: Difficulty added to melee attacks against a "
        "prone character (minimum 0).",
    )
    secondary_within_reach: bool = Field(
        default=True,
        description="[default] Personal conflict: Secondary Target and Area pick their "
        "further targets within Reach of the first (off: within Close range).",
    )
    cover_against_melee: bool = Field(
        default=True,
        description="[Bridge's reading] Cover dice count against melee attacks too (the "
        "rules do not single melee out).",
    )
    npc_hidden_until_revealed: bool = Field(
        default=True,
        description="[house rule] An NPC's Stress and special abilities are the GM's until "
        "the GM reveals them.",
    )
    d6_critical: Literal["cancel_highest", "complication"] = Field(
        default="complication",
        description="OpenD6 Wild Die Critical Failure: cancel the highest die, or a Complication.",
    )
