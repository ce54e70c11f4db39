"""The ICON system (Last Unicorn Games' Star Trek RPGs): seeds 000 and 002.

Roll d6s equal to the Attribute (edges add or remove dice); one is the Drama Die. The
highest die plus the skill is the Test Result. A Drama Die 6 adds the next highest die
too; a single die that shows 6 is rolled once more and added. A Drama Die 1 with every
other die also 1 is a dramatic failure. Equal to the Difficulty: a marginal success;
6 or more over: dramatic success; 6 or more short: dramatic failure. Each action after
the first in a round is +1 Difficulty; a dodge or parry, which has no Difficulty of its
own, takes the penalty off its result instead (seed 002 Multiple Actions).

Readings where the seeds leave a choice (RULES-NOTES does not decide them; the dice
tray's help says the same):

- A lone Drama Die (one die rolled) showing 1 is a dramatic failure: seed 002, "If all
  other dice also rolled 1's, then a dramatic failure has occurred"; there is no other
  die to save it.
- All ones are a dramatic failure even when the skill would beat the Difficulty (the
  same line of seed 002 sets no condition on the total); courage cannot save them.
- A result equal to the Difficulty succeeds, marginally (seed 002: "he's succeeded, but
  just barely").
- Courage points are spent after the roll only when they turn a failure into a success
  (seed 002: "he can add them after he rolls the dice and determines that, without
  courage points, he would fail the test"), and no more than it takes.
"""

from enum import StrEnum
from fractions import Fraction
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bridge.rules.dice import Dice
from bridge.rules.errors import RuleViolation

__all__ = [
    "COURAGE_PER_ROUND",
    "IconCategory",
    "IconOdds",
    "IconOutcome",
    "IconResult",
    "IconTest",
    "combined_test",
    "courage_needed",
    "effective_difficulty",
    "extended_test",
    "icon_odds",
    "initiative_order",
    "opposed_test",
    "roll_icon",
    "spend_courage",
]

COURAGE_PER_ROUND = 4
DRAMATIC_MARGIN = 6


class IconCategory(StrEnum):
    """The Difficulty ladder (seed 000 DIFFICULTY table)."""

    AUTOMATIC = "automatic"
    ROUTINE = "routine"
    MODERATE = "moderate"
    CHALLENGING = "challenging"
    DIFFICULT = "difficult"
    NEARLY_IMPOSSIBLE = "nearly_impossible"

    @property
    def numbers(self) -> tuple[int, ...]:
        return _LADDER[self]

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").capitalize()

    @classmethod
    def of(cls, difficulty: int) -> "IconCategory":
        for category in reversed(list(cls)):
            if difficulty >= category.numbers[0]:
                return category
        return cls.AUTOMATIC


_LADDER = {
    IconCategory.AUTOMATIC: (0,),
    IconCategory.ROUTINE: (3, 4, 5),
    IconCategory.MODERATE: (6, 7, 8),
    IconCategory.CHALLENGING: (9, 10, 11),
    IconCategory.DIFFICULT: (12, 13, 14),
    IconCategory.NEARLY_IMPOSSIBLE: (15, 16, 17, 18),
}


def effective_difficulty(base: int, modifier: int = 0, actions: int = 1) -> int:
    """Difficulty after modifiers and the multiple action penalty (+1 per action after
    the first, seed 002); never below 2 once modified, 0 stays automatic (seed 000)."""
    if base == 0 and modifier == 0 and actions <= 1:
        return 0
    if actions < 1:
        raise RuleViolation("A character takes at least one action in a round.")
    return max(base + modifier + (actions - 1), 2)


class IconTest(BaseModel):
    """One ICON test: Attribute dice, skill (0 for an attribute test), edge, Difficulty."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    attribute: int = Field(ge=1, le=12, description="Attribute: the number of dice")
    skill: int = Field(default=0, ge=0, le=12, description="0 for an attribute test")
    edge: int = Field(default=0, ge=-6, le=6, description="+/- dice")
    difficulty: int = Field(default=7, ge=0, le=40)
    modifier: int = Field(default=0, ge=-20, le=20)
    actions: int = Field(default=1, ge=1, le=10, description="Actions declared this round")
    reaction: bool = Field(
        default=False,
        description="A dodge or parry: the multiple action penalty comes off the result",
    )

    @property
    def dice(self) -> int:
        """Dice rolled: the Attribute plus the edge, at least one."""
        return max(self.attribute + self.edge, 1)

    @property
    def penalty(self) -> int:
        """What a dodge or parry loses from its result (seed 002 Multiple Actions: "In the
        case of dodging or parrying actions, which don't involve a difficulty, subtract
        the difficulty penalty from the test result"); 0 for any other test."""
        return self.actions - 1 if self.reaction else 0

    @property
    def target(self) -> int:
        actions = 1 if self.reaction else self.actions
        return effective_difficulty(self.difficulty, self.modifier, actions)


IconOutcome = Literal[
    "automatic", "dramatic success", "success", "marginal success", "failure", "dramatic failure"
]


class IconResult(BaseModel):
    """A rolled ICON test."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    test: IconTest
    drama: int
    others: tuple[int, ...]
    reroll: int | None = None
    courage: int = 0

    @property
    def all_ones(self) -> bool:
        return self.drama == 1 and all(d == 1 for d in self.others)

    @property
    def dice_total(self) -> int:
        """The dice's part of the Test Result."""
        if not self.others:
            return self.drama + (self.reroll or 0)
        if self.drama == 6:
            return 6 + max(self.others)
        return max(self.drama, *self.others)

    @property
    def total(self) -> int:
        return self.dice_total + self.test.skill + self.courage - self.test.penalty

    @property
    def margin(self) -> int:
        return self.total - self.test.target

    @property
    def outcome(self) -> IconOutcome:
        target = self.test.target
        if target == 0:
            return "automatic"
        if self.all_ones:
            return "dramatic failure"
        margin = self.total - target
        if margin >= DRAMATIC_MARGIN:
            return "dramatic success"
        if margin > 0:
            return "success"
        if margin == 0:
            return "marginal success"
        if margin <= -DRAMATIC_MARGIN:
            return "dramatic failure"
        return "failure"

    @property
    def succeeded(self) -> bool:
        return self.outcome in ("automatic", "dramatic success", "success", "marginal success")

    def describe(self) -> str:
        dice = f"Drama {self.drama}" + (f"+{self.reroll}" if self.reroll else "")
        if self.others:
            dice += f", {', '.join(map(str, self.others))}"
        skill = f" + skill {self.test.skill}" if self.test.skill else ""
        courage = f" + {self.courage} courage" if self.courage else ""
        penalty = f" - {self.test.penalty} (actions)" if self.test.penalty else ""
        return (
            f"ICON [{dice}] = {self.dice_total}{skill}{courage}{penalty} = {self.total} vs "
            f"{self.test.target}: {self.outcome}"
        )


def roll_icon(test: IconTest, dice: Dice) -> IconResult:
    """Roll the test: the Drama Die first, then the others."""
    drama = dice.d6()
    others = tuple(dice.d6() for _ in range(test.dice - 1))
    reroll = dice.d6() if test.dice == 1 and drama == 6 else None
    return IconResult(test=test, drama=drama, others=others, reroll=reroll)


def spend_courage(result: IconResult, points: int, spent_this_round: int = 0) -> IconResult:
    """Courage points after the roll: +1 each, at most 4 in a round (seed 002)."""
    if points < 0:
        raise RuleViolation("Courage points cannot be negative.")
    if spent_this_round + result.courage + points > COURAGE_PER_ROUND:
        raise RuleViolation(f"At most {COURAGE_PER_ROUND} courage points can be spent in a round.")
    return result.model_copy(update={"courage": result.courage + points})


def courage_needed(result: IconResult, available: int) -> int:
    """The courage points worth spending: just enough to turn a failure into a success,
    if ``available`` reach that far; else none (all ones cannot be saved)."""
    if available < 0 or available > COURAGE_PER_ROUND:
        raise RuleViolation(f"Courage points are 0 to {COURAGE_PER_ROUND} in a round.")
    if result.succeeded or result.all_ones:
        return 0
    short = result.test.target - result.total
    return short if short <= available else 0


class OpposedIcon(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    winner: Literal["initiator", "opponent"]
    margin: int
    dramatic: bool
    reason: str


def opposed_test(initiator: IconResult, opponent: IconResult) -> OpposedIcon:
    """Higher result wins; a tie goes to the higher Drama Die, then to the initiator.
    Winning by 6 or more is a dramatic success; the loser suffers no dramatic failure."""
    a, b = initiator.total, opponent.total
    if a != b:
        winner: Literal["initiator", "opponent"] = "initiator" if a > b else "opponent"
        reason = "higher test result"
    elif initiator.drama != opponent.drama:
        winner = "initiator" if initiator.drama > opponent.drama else "opponent"
        reason = "tie: higher Drama Die"
    else:
        winner, reason = "initiator", "tie: the initiator wins"
    margin = abs(a - b)
    return OpposedIcon(
        winner=winner, margin=margin, dramatic=margin >= DRAMATIC_MARGIN, reason=reason
    )


class ExtendedProgress(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    goal: int
    turns: tuple[int, ...] = ()
    setback: bool = False

    @property
    def total(self) -> int:
        return sum(self.turns)

    @property
    def done(self) -> bool:
        return self.total >= self.goal


def extended_test(progress: ExtendedProgress, result: IconResult) -> ExtendedProgress:
    """Add one turn's result to the cumulative total (seed 002 Extended Tests); a
    dramatic failure is a setback the Narrator rules on (lost turn or a restart)."""
    if progress.done:
        raise RuleViolation("The extended test is already complete.")
    return progress.model_copy(
        update={
            "turns": (*progress.turns, result.total),
            "setback": progress.setback or result.outcome == "dramatic failure",
        }
    )


class CombinedResult(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    total: int
    base: int
    bonus: int
    setback: bool


def combined_test(results: list[IconResult]) -> CombinedResult:
    """The best result is the base; each other success adds 1, a dramatic success 2;
    any dramatic failure means a setback (seed 002 Combined Tests)."""
    if not results:
        raise RuleViolation("A combined test needs at least one participant.")
    ordered = sorted(results, key=lambda r: r.total, reverse=True)
    base = ordered[0].total
    bonus = sum(
        2 if r.outcome == "dramatic success" else 1 if r.succeeded else 0 for r in ordered[1:]
    )
    setback = any(r.outcome == "dramatic failure" for r in results)
    return CombinedResult(total=base + bonus, base=base, bonus=bonus, setback=setback)


def initiative_order(results: dict[str, IconResult]) -> list[str]:
    """Highest initiative first; ties to the higher Drama Die (no courage allowed)."""
    if any(r.courage for r in results.values()):
        raise RuleViolation("Courage points cannot raise an initiative test.")
    return sorted(results, key=lambda k: (results[k].total, results[k].drama), reverse=True)


class IconOdds(BaseModel):
    model_config = ConfigDict(frozen=True, defer_build=True)

    p_success: float
    p_dramatic_success: float
    p_dramatic_failure: float
    distribution: dict[int, float]


def _distribution(n: int) -> dict[tuple[int, bool], Fraction]:
    """Exact distribution of (dice total, all ones) for ``n`` dice."""
    out: dict[tuple[int, bool], Fraction] = {}
    sixth = Fraction(1, 6)
    if n == 1:
        for d in range(1, 6):
            out[(d, d == 1)] = sixth
        for r in range(1, 7):
            out[(6 + r, False)] = out.get((6 + r, False), 0) + sixth * sixth
        return out
    k = n - 1

    def p_max(m: int) -> Fraction:
        return Fraction(m**k - (m - 1) ** k, 6**k)

    for drama in range(1, 7):
        for m in range(1, 7):
            p = sixth * p_max(m)
            value = 6 + m if drama == 6 else max(drama, m)
            key = (value, drama == 1 and m == 1)
            out[key] = out.get(key, Fraction(0)) + p
    return out


def icon_odds(test: IconTest, courage: int = 0) -> IconOdds:
    """Exact P(success), P(dramatic success), P(dramatic failure) of a test, with up to
    ``courage`` points spent after the roll when they turn a failure into a success."""
    if not 0 <= courage <= COURAGE_PER_ROUND:
        raise RuleViolation(f"Courage points are 0 to {COURAGE_PER_ROUND} in a round.")
    target = test.target
    dist = _distribution(test.dice)
    success = dramatic = fail = Fraction(0)
    totals: dict[int, Fraction] = {}
    for (value, ones), p in dist.items():
        total = value + test.skill - test.penalty
        totals[total] = totals.get(total, Fraction(0)) + p
        if target == 0:
            success += p
            continue
        margin = total - target
        if ones:
            fail += p
        elif margin + courage >= 0:
            success += p
            if margin >= DRAMATIC_MARGIN:
                dramatic += p
        elif margin <= -DRAMATIC_MARGIN:
            fail += p
    return IconOdds(
        p_success=float(success),
        p_dramatic_success=float(dramatic),
        p_dramatic_failure=float(fail),
        distribution={k: float(v) for k, v in sorted(totals.items())},
    )
