"""Challenge dice (the damage dice of STA): seed 001 ROLL DAMAGE, RULES-NOTES "Damage".

Faces: 1 = 1 damage, 2 = 2, 3-4 = 0, 5-6 = 1 and an Effect.
"""

import re
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, computed_field

from bridge.rules.dice import Dice
from bridge.rules.errors import RuleViolation

__all__ = [
    "CHALLENGE_DICE_MAX",
    "ROLL_TEXT",
    "ChallengeDie",
    "ChallengeRoll",
    "ChallengeShows",
    "challenge_face",
    "challenge_faces",
    "challenge_odds",
    "roll_challenge",
]


def challenge_face(d6: int) -> tuple[int, bool]:
    """Damage and whether an Effect shows, for a d6 face."""
    if not 1 <= d6 <= 6:
        raise ValueError(f"a d6 cannot show {d6}")
    return {1: (1, False), 2: (2, False), 3: (0, False), 4: (0, False)}.get(d6, (1, True))


ChallengeShows = Literal["1", "2", "blank", "effect"]
"""What a challenge die's face counts for: 1 or 2 damage, none, or 1 and an Effect."""


class ChallengeDie(BaseModel):
    """One challenge die."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    face: int = Field(ge=1, le=6)
    rerolled_from: int | None = Field(default=None, ge=1, le=6)

    @property
    def damage(self) -> int:
        return challenge_face(self.face)[0]

    @property
    def effect(self) -> bool:
        return challenge_face(self.face)[1]

    @computed_field(  # type: ignore[prop-decorator]
        description="What the face counts for: 1 or 2 damage, blank (none), or effect "
        "(1 damage and an Effect); sent with the face, read only"
    )
    @property
    def shows(self) -> ChallengeShows:
        if self.effect:
            return "effect"
        return "blank" if self.damage == 0 else ("2" if self.damage == 2 else "1")

    @property
    def symbol(self) -> str:
        return {0: "-", 1: "1", 2: "2"}[self.damage] + ("E" if self.effect else "")


CHALLENGE_DICE_MAX = 60
"""The most challenge dice one roll holds (an attack rolls a dozen or so; the dice tray 40)."""


class ChallengeRoll(BaseModel):
    """A pool of challenge dice."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    dice: tuple[ChallengeDie, ...] = Field(max_length=CHALLENGE_DICE_MAX)

    @property
    def total(self) -> int:
        return sum(d.damage for d in self.dice)

    @property
    def effects(self) -> int:
        return sum(1 for d in self.dice if d.effect)

    def reroll(self, indices: list[int] | tuple[int, ...], dice: Dice) -> "ChallengeRoll":
        """Re-roll the chosen dice (Re-Roll Damage Momentum spend)."""
        new = list(self.dice)
        for i in sorted(set(indices)):
            if not 0 <= i < len(new):
                raise RuleViolation(f"There is no challenge die number {i + 1} to re-roll.")
            new[i] = ChallengeDie(face=dice.d6(), rerolled_from=new[i].face)
        return ChallengeRoll(dice=tuple(new))

    def describe(self) -> str:
        faces = " ".join(d.symbol for d in self.dice)
        return f"[{faces}] = {self.total} damage, {self.effects} Effect(s)"


def roll_challenge(count: int, dice: Dice) -> ChallengeRoll:
    """Roll ``count`` challenge dice."""
    if count < 0:
        raise RuleViolation("A negative number of challenge dice cannot be rolled.")
    return ChallengeRoll(dice=tuple(ChallengeDie(face=dice.d6()) for _ in range(count)))


def challenge_odds(count: int) -> tuple[float, float]:
    """The damage ``count`` challenge dice deal on average, and the chance that at least
    one shows an Effect (each face 1..6 equally likely: 1, 2, 0, 0, 1 + Effect, 1 + Effect)."""
    if count < 0:
        raise RuleViolation("A negative number of challenge dice cannot be rolled.")
    mean = sum(challenge_face(f)[0] for f in range(1, 7)) / 6
    return count * mean, 1 - (4 / 6) ** count


ROLL_TEXT = re.compile(r"\[((?:(?:1E|[12-]) ?)+)\](?= = \d+ damage)")
"""A challenge roll as :meth:`ChallengeRoll.describe` writes it: ``[2 1 - 1E] = 4 damage``."""
_SYMBOL_FACE = {"1": 1, "2": 2, "-": 3, "1E": 5}


def challenge_faces(text: str) -> list[tuple[ChallengeDie, ...]]:
    """Every challenge roll written in ``text`` (a log line), as dice: one face for each
    symbol (a blank is read as a 3, an Effect as a 5)."""
    return [
        tuple(ChallengeDie(face=_SYMBOL_FACE[s]) for s in m.group(1).split())
        for m in ROLL_TEXT.finditer(text)
    ]
