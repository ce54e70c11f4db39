"""The starship Momentum spends, as data: cost, Immediate or not, Repeatable or not.

Seed 001, the back of every card (COMBAT MOMENTUM (STARSHIP)): "Immediate uses can be
used outside of a successful Task paid for out of the Group Pool or by adding to Threat."
The card back Bridge shows and the engine's refusal read this one table, so they cannot
disagree about which spends a player may pay by adding to Threat.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bridge.model.house_rules import HouseRules

__all__ = ["MOMENTUM_SPENDS", "SPENDS_BY_KEY", "SpendDef", "is_immediate", "threat_refusal"]


class SpendDef(BaseModel):
    """One Momentum spend of the card back."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    name: str
    cost: str
    immediate: bool = False
    repeatable: bool = False
    effect: str
    house_rule: str = ""
    """A house rule (a field of HouseRules) that, when on, makes the spend Immediate."""

    def marks(self, rules: HouseRules | None = None) -> str:
        """The card's letters: ``I``, ``R``, ``I, R`` or nothing (a house rule's I shown)."""
        letters = ["I"] if is_immediate(self.key, rules) else []
        if self.repeatable:
            letters.append("R")
        return ", ".join(letters)


MOMENTUM_SPENDS: tuple[SpendDef, ...] = (
    SpendDef(
        key="create_opportunity",
        name="Create Opportunity",
        cost="1/2/3",
        immediate=True,
        repeatable=True,
        effect="One more d20 per purchase (1, 3, 6 in all).",
    ),
    SpendDef(
        key="create_problem",
        name="Create Problem",
        cost="2",
        immediate=True,
        repeatable=True,
        effect="An enemy Task is +1 Difficulty (at most +3).",
    ),
    SpendDef(
        key="obtain_information",
        name="Obtain Information",
        cost="1",
        repeatable=True,
        effect="Ask the GM one question; the answer is true.",
    ),
    SpendDef(
        key="create_advantage",
        name="Create Advantage",
        cost="2",
        effect="Establish an Advantage, or remove a Complication.",
    ),
    SpendDef(
        key="keep_initiative",
        name="Keep the Initiative",
        cost="2",
        immediate=True,
        effect="An ally acts next, not the enemy; not twice in a row.",
    ),
    SpendDef(
        key="extra_minor",
        name="Extra Minor Action",
        cost="1",
        immediate=True,
        repeatable=True,
        effect="Take one more Minor Action (each once a Turn).",
    ),
    SpendDef(
        key="bonus_damage",
        name="Bonus Damage",
        cost="1",
        repeatable=True,
        effect="+1 damage on a successful attack.",
    ),
    SpendDef(
        key="penetration",
        name="Penetration",
        cost="1",
        repeatable=True,
        effect="The attack ignores 2 Resistance.",
    ),
    SpendDef(
        key="reroll_damage",
        name="Re-Roll Damage",
        cost="1",
        effect="Re-roll any challenge dice of the attack.",
    ),
    SpendDef(
        key="devastating",
        name="Devastating Attack",
        cost="2",
        effect="Another system takes half the damage, rounded up.",
    ),
    SpendDef(
        key="swift_task",
        name="Swift Task",
        cost="2",
        effect="A second Task this Turn at +1 Difficulty.",
        house_rule="swift_task_immediate",
    ),
    SpendDef(
        key="power_loss",
        name="Power Loss",
        cost="1",
        repeatable=True,
        effect="The target loses 1 Power.",
    ),
)
"""Seed 001 COMBAT MOMENTUM (STARSHIP), in the card's order (worded afresh)."""

SPENDS_BY_KEY: dict[str, SpendDef] = {s.key: s for s in MOMENTUM_SPENDS}


def is_immediate(key: str, rules: HouseRules | None = None) -> bool:
    """Whether the spend ``key`` is Immediate (the card's mark, or a house rule's)."""
    spend = SPENDS_BY_KEY[key]
    if spend.immediate:
        return True
    return bool(spend.house_rule and rules is not None and getattr(rules, spend.house_rule))


def threat_refusal(key: str, rules: HouseRules | None = None) -> str | None:
    """Why a player may not pay the spend ``key`` by adding to Threat, or ``None``."""
    if is_immediate(key, rules):
        return None
    name = SPENDS_BY_KEY[key].name
    return (
        f"{name} is not an Immediate spend: only Immediate spends may be paid by adding to "
        "Threat (the card back). Spend Momentum on it."
    )
