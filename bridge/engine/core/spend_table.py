"""The Momentum spends, as data: cost, Immediate or not, Repeatable or not; one definition
for every spend, and each card's back as a table of the spends it names.

Seed 001, the back of every card (COMBAT MOMENTUM (STARSHIP) and (PERSONAL)): "Immediate
uses can be used outside of a successful Task paid for out of the Group Pool or by adding
to Threat." The card back Bridge shows and the engine's refusals read these tables, so they
cannot disagree about which spends a card names or which a player may pay by adding to
Threat.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict

from bridge.engine.state.spends import Spends
from bridge.model.house_rules import HouseRules

__all__ = ["COMMON_SPENDS", "SpendDef", "SpendTable"]


class SpendDef(BaseModel):
    """One Momentum spend of a card's back."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    name: str
    cost: str
    immediate: bool = False
    repeatable: bool = False
    effect: str
    house_rule: str = ""
    """A house rule (a field of HouseRules) that, when on, makes the spend Immediate."""

    def is_immediate(self, rules: HouseRules | None = None) -> bool:
        """Immediate by the card's mark, or by a house rule that is on."""
        return self.immediate or bool(
            self.house_rule and rules is not None and getattr(rules, self.house_rule)
        )

    def marks(self, rules: HouseRules | None = None) -> str:
        """The card's letters: ``I``, ``R``, ``I, R`` or nothing (a house rule's I shown)."""
        letters = ["I"] if self.is_immediate(rules) else []
        if self.repeatable:
            letters.append("R")
        return ", ".join(letters)


def _spend(key: str, name: str, cost: str, effect: str, **marks: object) -> SpendDef:
    return SpendDef.model_validate(
        {"key": key, "name": name, "cost": cost, "effect": effect, **marks}
    )


COMMON_SPENDS: dict[str, SpendDef] = {
    s.key: s
    for s in (
        _spend(
            "create_opportunity",
            "Create Opportunity",
            "1/2/3",
            "One more d20 per purchase (1, 3, 6 in all).",
            immediate=True,
            repeatable=True,
        ),
        _spend(
            "create_problem",
            "Create Problem",
            "2",
            "An enemy Task is +1 Difficulty (at most +3).",
            immediate=True,
            repeatable=True,
        ),
        _spend(
            "obtain_information",
            "Obtain Information",
            "1",
            "Ask the GM one question; the answer is true.",
            repeatable=True,
        ),
        _spend(
            "create_advantage",
            "Create Advantage",
            "2",
            "Establish an Advantage, or remove a Complication.",
        ),
        _spend(
            "keep_initiative",
            "Keep the Initiative",
            "2",
            "An ally acts next, not the enemy; not twice in a row.",
            immediate=True,
        ),
        _spend(
            "extra_minor",
            "Extra Minor Action",
            "1",
            "Take one more Minor Action (each once a Turn).",
            immediate=True,
            repeatable=True,
        ),
        _spend(
            "bonus_damage",
            "Bonus Damage",
            "1",
            "+1 damage on a successful attack.",
            repeatable=True,
        ),
        _spend(
            "penetration",
            "Penetration",
            "1",
            "The attack ignores 2 Resistance.",
            repeatable=True,
        ),
        _spend(
            "reroll_damage",
            "Re-Roll Damage",
            "1",
            "Re-roll any challenge dice of the attack.",
        ),
        _spend(
            "swift_task",
            "Swift Task",
            "2",
            "A second Task this Turn at +1 Difficulty.",
            house_rule="swift_task_immediate",
        ),
    )
}
"""The spends both cards' backs name (seed 001), worded afresh."""

_RESOLVED = frozenset({"extra", "obtain_information", "create_advantage", "remove_complication"})
"""The fields of :class:`Spends` every card's resolved Task may take."""


@dataclass(frozen=True)
class SpendTable:
    """One card's back: its spends in the card's order, and which fields of a resolved
    Task's :class:`Spends` they allow (the others are refused, in one sentence)."""

    title: str
    spends: tuple[SpendDef, ...]
    resolved: frozenset[str]
    """The :class:`Spends` fields a resolved Task of this card may take."""

    @classmethod
    def of(
        cls, title: str, order: tuple[str | SpendDef, ...], resolved: frozenset[str]
    ) -> SpendTable:
        """A card's table: each entry a common spend's key, or a spend of its own."""
        spends = tuple(COMMON_SPENDS[s] if isinstance(s, str) else s for s in order)
        return cls(title, spends, resolved | _RESOLVED)

    def __iter__(self) -> Iterator[SpendDef]:
        return iter(self.spends)

    def __len__(self) -> int:
        return len(self.spends)

    def __getitem__(self, key: str) -> SpendDef:
        for spend in self.spends:
            if spend.key == key:
                return spend
        raise KeyError(key)

    def is_immediate(self, key: str, rules: HouseRules | None = None) -> bool:
        """Whether the spend ``key`` is Immediate (the card's mark, or a house rule's)."""
        return self[key].is_immediate(rules)

    def threat_refusal(self, key: str, rules: HouseRules | None = None) -> str | None:
        """Why a player may not pay the spend ``key`` by adding to Threat, or ``None``."""
        if self.is_immediate(key, rules):
            return None
        return (
            f"{self[key].name} is not an Immediate spend: only Immediate spends may be paid "
            "by adding to Threat (the card back). Spend Momentum on it."
        )

    def refusal(self, spends: Spends) -> str | None:
        """Why a resolved Task of this card cannot take ``spends``: a spend its back does
        not name (a starship's Devastating Attack on foot, a Disarm in space)."""
        foreign = sorted(spends.taken() - self.resolved)
        if not foreign:
            return None
        names = ", ".join(name.replace("_", " ") for name in foreign)
        return f"The {self.title} card's back names no such spend: {names}."
