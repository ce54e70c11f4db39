"""OpenD6 (Dresden D6): seed 004.

A die code like ``3D+2`` rolls three d6, one of them the Wild Die, and adds 2. A Wild
Die 6 is a Critical Success: add it and roll again while it shows 6. A first toss of 1
is a Critical Failure: the GM either cancels the highest die or adds the dice normally
and introduces a complication. Action dice, added after the roll, explode on every 6.

Readings where the seed leaves a choice (RULES-NOTES does not decide them; the dice
tray's help says the same):

- Cancel-highest (seed 004: "The Critical Failure cancels out the highest roll. Then the
  player adds the remaining values"): the Wild Die's 1 and the highest other die are
  both dropped; with no other die, the 1 alone is dropped. Pips and action dice stay.
- Random difficulties (seed 004: Moderate 3D-4D, Difficult 5D-6D, Very Difficult 7D-8D,
  Heroic 9D+; "don't forget to use the wild die"): the GM picks the dice within the
  range (the low end unless told); the Wild Die explodes on 6, and a first 1 simply
  counts (no one acts on a difficulty, so nothing is cancelled and no complication
  follows).
"""

import math
import re
from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bridge.rules.dice import Dice
from bridge.rules.errors import RuleViolation

__all__ = [
    "MAX_ACTION_DICE",
    "D6Category",
    "D6Odds",
    "D6Result",
    "D6Roll",
    "DieCode",
    "add_action_dice",
    "combined_action_bonus",
    "d6_odds",
    "gm_action_dice",
    "initiative_bonus",
    "opposed_d6",
    "random_difficulty",
    "related_skill_modifier",
    "roll_d6",
    "roll_initiative",
    "rushing_modifier",
]

_CODE = re.compile(r"^\s*(\d{1,2})\s*[dD]\s*(?:([+-])\s*(\d{1,2}))?\s*$")
MAX_EXPLOSIONS = 100
MAX_ACTION_DICE = 10
"""Action dice spent on one roll, at most (a bound for the odds, not a rule)."""


class DieCode(BaseModel):
    """Dice and pips: ``3D+2``. Three pips make a die (``2D+3`` is written ``3D``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    dice: int = Field(ge=0, le=30)
    pips: int = Field(default=0, ge=-2, le=30)

    @classmethod
    def parse(cls, text: str) -> "DieCode":
        match = _CODE.match(text)
        if not match:
            raise RuleViolation(f"'{text}' is not a die code like 3D, 4D+1 or 2D-1.")
        dice, sign, pips = match.groups()
        value = int(pips or 0) * (-1 if sign == "-" else 1)
        if int(dice) > 30 or not -2 <= value <= 30:
            raise RuleViolation(
                f"'{text}' is not a die code Bridge rolls (at most 30D, pips from -2)."
            )
        return cls(dice=int(dice), pips=value).normalised()

    def normalised(self) -> "DieCode":
        """Carry every three pips into a die (``2D+4`` -> ``3D+1``)."""
        if self.pips >= 3:
            return DieCode(dice=self.dice + self.pips // 3, pips=self.pips % 3)
        return self

    def plus(self, other: "DieCode") -> "DieCode":
        return DieCode(dice=self.dice + other.dice, pips=self.pips + other.pips).normalised()

    def __str__(self) -> str:
        if not self.pips:
            return f"{self.dice}D"
        return f"{self.dice}D{self.pips:+d}"


class D6Category(StrEnum):
    """Generic standard difficulties (seed 004), with the random-difficulty dice."""

    VERY_EASY = "very_easy"
    EASY = "easy"
    MODERATE = "moderate"
    DIFFICULT = "difficult"
    VERY_DIFFICULT = "very_difficult"
    HEROIC = "heroic"

    @property
    def numbers(self) -> tuple[int, int]:
        return _D6_LADDER[self][0]

    @property
    def random_dice(self) -> int:
        """The fewest dice a random difficulty of this level rolls."""
        return _D6_LADDER[self][1]

    @property
    def random_range(self) -> tuple[int, int]:
        """The dice a random difficulty of this level may roll (seed 004: Moderate
        3D-4D, Heroic 9D+, here up to 30D)."""
        return _D6_LADDER[self][1], _RANDOM_MOST.get(self, _D6_LADDER[self][1])

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").capitalize()

    @classmethod
    def of(cls, difficulty: int) -> "D6Category":
        for category in reversed(list(cls)):
            if difficulty >= category.numbers[0]:
                return category
        return cls.VERY_EASY


_D6_LADDER = {
    D6Category.VERY_EASY: ((1, 5), 1),
    D6Category.EASY: ((6, 10), 2),
    D6Category.MODERATE: ((11, 15), 3),
    D6Category.DIFFICULT: ((16, 20), 5),
    D6Category.VERY_DIFFICULT: ((21, 30), 7),
    D6Category.HEROIC: ((31, 99), 9),
}
_RANDOM_MOST = {
    D6Category.MODERATE: 4,
    D6Category.DIFFICULT: 6,
    D6Category.VERY_DIFFICULT: 8,
    D6Category.HEROIC: 30,
}
"""Seed 004 Random Difficulties: the most dice of each level (Heroic's "9D+" capped)."""
CriticalOption = Literal["cancel_highest", "complication"]


class D6Roll(BaseModel):
    """An OpenD6 roll: the skill (or attribute, untrained), bonuses and the difficulty."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    code: DieCode
    difficulty: int = Field(default=11, ge=0, le=200)
    untrained: bool = False
    untrained_modifier: int = Field(default=5, ge=0, le=20)
    preparation: int = Field(default=0, ge=0, le=3, description="+1D per doubling/aim")
    rushing: int = Field(default=0, ge=0, le=3, description="Quarters of the time cut")
    modifier: int = Field(default=0, ge=-30, le=30, description="Added to the difficulty")
    bonus: DieCode = DieCode(dice=0)
    critical: CriticalOption = "cancel_highest"
    wild_die: bool = True

    @model_validator(mode="after")
    def _some_dice(self) -> "D6Roll":
        if self.pool.dice < 1:
            raise ValueError("code: a roll needs at least one die")
        return self

    @property
    def pool(self) -> DieCode:
        """Dice rolled: the code, +1D per preparation step (max +3D), other bonuses."""
        return self.code.plus(DieCode(dice=self.preparation)).plus(self.bonus)

    @property
    def target(self) -> int:
        """Difficulty with the untrained modifier, rushing (+5 per 25% less time) and
        other modifiers."""
        if self.difficulty == 0 and not (self.untrained or self.rushing or self.modifier):
            return 0
        return max(
            self.difficulty
            + rushing_modifier(self.rushing)
            + (self.untrained_modifier if self.untrained else 0)
            + self.modifier,
            0,
        )


def rushing_modifier(quarters: int) -> int:
    """+5 Difficulty for every 25% less time (seed 004 Rushing)."""
    if quarters < 0 or quarters > 3:
        raise RuleViolation("Rushing cuts the time by 25%, 50% or 75% at most.")
    return 5 * quarters


class D6Result(BaseModel):
    """A rolled OpenD6 action."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    roll: D6Roll
    normal: tuple[int, ...]
    wild: tuple[int, ...] = ()
    action: tuple[int, ...] = ()

    @property
    def critical_failure(self) -> bool:
        return bool(self.wild) and self.wild[0] == 1

    @property
    def critical_success(self) -> bool:
        return bool(self.wild) and self.wild[0] == 6

    @property
    def cancelled(self) -> int | None:
        """The die the Critical Failure cancelled (cancel-highest option)."""
        if self.critical_failure and self.roll.critical == "cancel_highest" and self.normal:
            return max(self.normal)
        return None

    @property
    def complication(self) -> bool:
        return self.critical_failure and self.roll.critical == "complication"

    @property
    def total(self) -> int:
        pips = self.roll.pool.pips
        action = sum(self.action)
        if self.critical_failure and self.roll.critical == "cancel_highest":
            rest = sorted(self.normal)[:-1] if self.normal else []
            return sum(rest) + pips + action
        return sum(self.normal) + sum(self.wild) + pips + action

    @property
    def succeeded(self) -> bool:
        return self.total >= self.roll.target

    def describe(self) -> str:
        wild = "+".join(map(str, self.wild))
        note = ""
        if self.cancelled is not None:
            note = f" (Critical Failure: the 1 and a {self.cancelled} are cancelled)"
        elif self.complication:
            note = " (Critical Failure: a complication)"
        elif self.critical_success:
            note = " (Critical Success)"
        action = f" + action dice {'+'.join(map(str, self.action))}" if self.action else ""
        return (
            f"D6 {self.roll.pool}: [{', '.join(map(str, self.normal))} | wild {wild}]"
            f"{action} = {self.total} vs {self.roll.target}: "
            f"{'success' if self.succeeded else 'failure'}{note}"
        )


def _exploding(dice: Dice) -> tuple[int, ...]:
    faces = [dice.d6()]
    while faces[-1] == 6 and len(faces) < MAX_EXPLOSIONS:
        faces.append(dice.d6())
    return tuple(faces)


def roll_d6(roll: D6Roll, dice: Dice) -> D6Result:
    """Roll the pool: the Wild Die first (exploding on 6), then the normal dice."""
    count = roll.pool.dice
    wild = _exploding(dice) if roll.wild_die else ()
    normal = tuple(dice.d6() for _ in range(count - (1 if roll.wild_die else 0)))
    return D6Result(roll=roll, normal=normal, wild=wild)


def add_action_dice(result: D6Result, count: int, dice: Dice, damage: bool = False) -> D6Result:
    """Action dice, added after the roll, explode on every 6; never on damage."""
    if damage:
        raise RuleViolation("Action dice cannot boost a damage roll.")
    if count < 1:
        raise RuleViolation("Spend at least one action die.")
    extra: list[int] = []
    for _ in range(count):
        extra.extend(_exploding(dice))
    return result.model_copy(update={"action": (*result.action, *extra)})


def opposed_d6(initiator: D6Result, defender: D6Result) -> Literal["initiator", "defender"]:
    """The higher total wins; ties go to the defender (seed 004)."""
    return "initiator" if initiator.total > defender.total else "defender"


def related_skill_modifier(related_total: int, related_difficulty: int) -> int:
    """(total - difficulty) / 2, rounded up, at least 1; negative when the related roll
    missed (seed 004 Related Skills)."""
    diff = related_total - related_difficulty
    size = max(math.ceil(abs(diff) / 2), 1)
    return size if diff >= 0 else -size


def combined_action_bonus(helpers: int, command_total: int, command_difficulty: int) -> DieCode:
    """+1D per three characters, +1 or +2 for the extras; -1D per point the command roll
    missed by, never below 0D (seed 004 Combined Actions)."""
    if helpers < 0:
        raise RuleViolation("The number of characters combining cannot be negative.")
    bonus_pips = 3 * (helpers // 3) + helpers % 3
    missed = max(command_difficulty - command_total, 0)
    bonus_pips -= 3 * missed
    if bonus_pips <= 0:
        return DieCode(dice=0)
    return DieCode(dice=bonus_pips // 3, pips=bonus_pips % 3)


def random_difficulty(category: D6Category, dice: Dice, count: int | None = None) -> int:
    """Roll ``count`` dice (the level's fewest unless given), Wild Die included: it
    explodes on 6 and a first 1 counts as rolled (seed 004 Random Difficulties)."""
    low, high = category.random_range
    n = low if count is None else count
    if not low <= n <= high:
        raise RuleViolation(
            f"A random {category.label} difficulty rolls {low}D"
            + (f" to {high}D" if high > low else "")
            + f", not {n}D."
        )
    # "complication" adds a first 1 as rolled: the reading above (nothing is cancelled).
    roll = D6Roll(code=DieCode(dice=n), difficulty=0, critical="complication")
    return roll_d6(roll, dice).total


def initiative_bonus(dexterity: DieCode) -> int:
    """One point per Dexterity die (seed 004: 3D+2 Dexterity is +3)."""
    return dexterity.dice


def roll_initiative(dexterity: DieCode, dice: Dice, feats: int = 0) -> int:
    """d20 + the Dexterity dice + any feat bonus."""
    return dice.d20() + initiative_bonus(dexterity) + feats


def gm_action_dice(total_levels: int, players: int) -> int:
    """Total character level / number of players + 2 (seed 004: 30 / 5 + 2 = 8)."""
    if players < 1:
        raise RuleViolation("The GM's action dice need at least one player.")
    return total_levels // players + 2


class D6Odds(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    p_success: float
    p_critical_failure: float
    p_complication: float


def _add(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    out: dict[int, float] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, 0.0) + p * q
    return out


def _normal_sum_and_max(n: int) -> dict[tuple[int, int], float]:
    """Joint distribution of (sum, highest) of ``n`` plain d6."""
    states: dict[tuple[int, int], float] = {(0, 0): 1.0}
    for _ in range(n):
        nxt: dict[tuple[int, int], float] = {}
        for (s, m), p in states.items():
            for face in range(1, 7):
                key = (s + face, max(m, face))
                nxt[key] = nxt.get(key, 0.0) + p / 6
        states = nxt
    return states


def _wild_after_six(depth: int = 40) -> dict[int, float]:
    """Distribution of the Wild Die's total given a first 6 (6 + more explosions)."""
    out: dict[int, float] = {}
    for k in range(1, depth + 1):  # k sixes, then a non-six
        for last in range(1, 6):
            out[6 * k + last] = out.get(6 * k + last, 0.0) + (1 / 6) ** (k - 1) * (1 / 6)
    return out


def _action_die() -> dict[int, float]:
    """One action die: 1-5 as rolled, a 6 explodes (cut after 40 sixes in a row)."""
    return {
        **{face: 1 / 6 for face in range(1, 6)},
        **{v: q / 6 for v, q in _wild_after_six().items()},
    }


def d6_odds(roll: D6Roll, action_dice: int = 0) -> D6Odds:
    """P(total >= difficulty), to within 1e-12 (explosions are cut off after 40 sixes in
    a row), with ``action_dice`` action dice added after the roll (seed 004)."""
    if not 0 <= action_dice <= MAX_ACTION_DICE:
        raise RuleViolation(f"Action dice on one roll: 0 to {MAX_ACTION_DICE}.")
    target = roll.target
    pips = roll.pool.pips
    n = roll.pool.dice - (1 if roll.wild_die else 0)
    joint = _normal_sum_and_max(n)
    sums: dict[int, float] = {}
    for (s, _), q in joint.items():
        sums[s] = sums.get(s, 0.0) + q
    if not roll.wild_die:
        totals = sums
    else:
        plain = {face: 1 / 6 for face in range(2, 6)}
        six = {v: q / 6 for v, q in _wild_after_six().items()}
        totals = _add(sums, {**plain, **six})
        # a first toss of 1: a Critical Failure
        for (s, m), q in joint.items():
            value = s - m if roll.critical == "cancel_highest" else s + 1
            totals[value] = totals.get(value, 0.0) + q / 6
    for _ in range(action_dice):
        totals = _add(totals, _action_die())
    p = sum(q for total, q in totals.items() if total + pips >= target)
    critical = 1 / 6 if roll.wild_die else 0.0
    complication = critical if roll.critical == "complication" else 0.0
    return D6Odds(p_success=min(p, 1.0), p_critical_failure=critical, p_complication=complication)
