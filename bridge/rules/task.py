"""The 2d20 task roll: description, resolution with given dice, and re-rolls.

Sources: seed 001 (Rules Summary, Buying Extra Dice, Values), seed 003 (Complication
Range, Improving the Odds, Uses for Determination), RULES-NOTES "Task roll".
"""

from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bridge.rules.dice import Dice
from bridge.rules.errors import RuleViolation
from bridge.rules.stats import CrewQuality
from bridge.rules.text import Key, Line

__all__ = [
    "BOUGHT_DIE_COSTS",
    "COMPLICATION_RANGE_MAX",
    "DETERMINATION_DIE_FACE",
    "MAX_BOUGHT_DICE",
    "MAX_POOL",
    "Assist",
    "DieRoll",
    "Purchase",
    "PurchaseCost",
    "Roller",
    "TaskResult",
    "TaskSpec",
    "complication_faces",
    "complication_from",
    "moment_of_inspiration",
    "purchase_cost",
    "reroll",
    "resolve_task",
    "score_die",
]

BOUGHT_DIE_COSTS = (1, 2, 3)
"""Seed 003 IMPROVING THE ODDS: "The first bonus die costs 1 Momentum, the second costs 2,
and the third costs 3" (Threat pays the same price)."""
MAX_BOUGHT_DICE = len(BOUGHT_DIE_COSTS)
MAX_POOL = 5
MAX_ASSISTS = 30
"""Assisting dice one Task may take (every officer, the ship and a crew, with room)."""
DETERMINATION_DIE_FACE = 1
"""Seed 003: a die bought with Determination "is considered to have already rolled a 1"."""
COMPLICATION_RANGE_MAX = 5
"""Seed 003 COMPLICATION RANGE TABLE: ranges 1 to 5."""


def complication_from(complication_range: int) -> int:
    """The lowest d20 face that is a Complication (seed 003 COMPLICATION RANGE TABLE:
    range 1 is a 20 only, range 5 is 16-20)."""
    if not 1 <= complication_range <= COMPLICATION_RANGE_MAX:
        raise ValueError(f"a complication range is 1..{COMPLICATION_RANGE_MAX}")
    return 21 - complication_range


def complication_faces(complication_range: int) -> str:
    """The faces that are Complications, as the table writes them: "20", "19-20"."""
    low = complication_from(complication_range)
    return "20" if low == 20 else f"{low}-20"


Purchase = Literal["determination", "momentum", "threat"]
Side = Literal["player", "npc"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class Roller(_Frozen):
    """Who rolls: a target number and, with a Focus, the Discipline that doubles.

    ``focus`` is the Discipline rating when a Focus applies, or ``None``. Without a
    Focus a 1 scores two successes; with one, any die at or under the Discipline
    does (and a 1 always does).
    """

    target: int = Field(
        ge=0,
        le=40,
        description="Attribute + Discipline (0: not known, as a crew sees an unscanned NPC "
        "ship's roll)",
    )
    focus: int | None = Field(default=None, ge=0, le=20)
    discipline: int | None = Field(default=None, ge=0, le=20, description="When known")

    @classmethod
    def of(cls, attribute: int, discipline: int, focus: bool = False) -> "Roller":
        """A character rolling Attribute + Discipline, with or without a Focus."""
        return cls(
            target=attribute + discipline,
            focus=discipline if focus else None,
            discipline=discipline,
        )

    @property
    def critical_at(self) -> int:
        """Highest face that scores two successes."""
        return max(self.focus or 1, 1)


class Assist(_Frozen):
    """One assisting d20: another character, the ship, or an NPC crew."""

    source: Literal["character", "ship", "crew"]
    name: Key
    roller: Roller

    @classmethod
    def character(cls, name: str, attribute: int, discipline: int, focus: bool = False) -> "Assist":
        return cls(source="character", name=name, roller=Roller.of(attribute, discipline, focus))

    @classmethod
    def ship(cls, system: int, department: int, focus: bool = True, name: str = "Ship") -> "Assist":
        """The ship assists with System + Department; Focus per the house rule."""
        return cls(source="ship", name=name, roller=Roller.of(system, department, focus))

    @classmethod
    def crew(cls, quality: CrewQuality, name: str = "Crew") -> "Assist":
        """An NPC crew of the given quality; such dice count as having a Focus."""
        return cls(
            source="crew",
            name=f"{name} ({quality.label})",
            roller=Roller.of(quality.attribute, quality.discipline, focus=True),
        )


class PurchaseCost(_Frozen):
    """What the bought dice cost, per pool."""

    model_config = ConfigDict(defer_build=True)

    momentum: int = 0
    threat_added: int = 0
    threat_spent: int = 0
    determination: int = 0


def purchase_cost(bought: tuple[Purchase, ...], side: Side = "player") -> PurchaseCost:
    """The price of bought dice: the n-th bought die costs n (1, 2, 3).

    The Determination die is always first and is paid with one Determination, not
    Momentum. A player pays Momentum, or adds to Threat at the same price; an NPC
    pays Threat from the pool.
    """
    momentum = threat = determination = 0
    if len(bought) > MAX_BOUGHT_DICE:
        raise RuleViolation(f"At most {MAX_BOUGHT_DICE} dice can be bought for a Task.")
    for position, purchase in enumerate(bought):
        price = BOUGHT_DIE_COSTS[position]
        if purchase == "determination":
            determination += 1
        elif purchase == "momentum":
            momentum += price
        else:
            threat += price
    if side == "npc":
        return PurchaseCost(threat_spent=threat + momentum, determination=determination)
    return PurchaseCost(momentum=momentum, threat_added=threat, determination=determination)


class TaskSpec(_Frozen):
    """Everything that decides a task roll before the dice land."""

    lead: Roller
    difficulty: int = Field(default=1, ge=0, le=10)
    complication_range: int = Field(default=1, ge=1, le=COMPLICATION_RANGE_MAX)
    base_dice: int = Field(default=2, ge=1, le=MAX_POOL)
    bought: tuple[Purchase, ...] = Field(default=(), max_length=MAX_POOL)
    assists: tuple[Assist, ...] = Field(default=(), max_length=MAX_ASSISTS)
    side: Side = "player"
    succeed_at_cost: bool = False
    automatic: int = Field(
        default=0,
        ge=0,
        le=5,
        description="Successes scored without dice (seed 003 NPC special abilities: "
        "Extraordinary Attribute X)",
    )
    value: Line | None = Field(default=None, description="The Value a Determination spend cites")

    @model_validator(mode="after")
    def _check_pool(self) -> Self:
        if len(self.bought) > MAX_BOUGHT_DICE:
            raise ValueError(
                f"bought: at most {MAX_BOUGHT_DICE} dice can be bought for a Task "
                f"(asked for {len(self.bought)})"
            )
        if self.lead_dice > MAX_POOL:
            raise ValueError(
                f"bought: a Task rolls at most {MAX_POOL} dice; with {self.base_dice} base dice "
                f"a {self.lead_dice}th die cannot be added"
            )
        if "determination" in self.bought:
            if self.bought.index("determination") != 0 or self.bought.count("determination") > 1:
                raise ValueError(
                    "bought: the Determination die must be the first die bought, and only one"
                )
            if not self.value:
                raise ValueError("value: spending Determination needs an applicable Value")
            if self.side == "npc":
                raise ValueError("bought: NPCs have no Determination to spend")
        if self.side == "npc" and "momentum" in self.bought:
            raise ValueError("bought: NPCs buy dice with Threat, not Momentum")
        return self

    @property
    def lead_dice(self) -> int:
        """Dice in the lead pool, the Determination die included."""
        return self.base_dice + len(self.bought)

    @property
    def has_determination_die(self) -> bool:
        return "determination" in self.bought

    @property
    def cost(self) -> PurchaseCost:
        return purchase_cost(self.bought, self.side)

    def buy(self, purchase: Purchase) -> "TaskSpec":
        """This spec with one more bought die, or a :class:`RuleViolation` saying why not."""
        if len(self.bought) >= MAX_BOUGHT_DICE or self.lead_dice >= MAX_POOL:
            raise RuleViolation(
                f"No more dice can be bought: a Task rolls at most {MAX_POOL} dice "
                f"and at most {MAX_BOUGHT_DICE} of them are bought."
            )
        if purchase == "determination":
            if self.bought:
                raise RuleViolation("The Determination die must be the first die bought.")
            if not self.value:
                raise RuleViolation("Spending Determination needs an applicable Value.")
        return self.model_copy(update={"bought": (*self.bought, purchase)})


DieKind = Literal["lead", "determination", "assist"]


class DieRoll(_Frozen):
    """One d20 of a task roll and what it scored."""

    value: int = Field(ge=1, le=20)
    kind: DieKind
    owner: Key
    successes: int = Field(ge=0, le=2)
    critical: bool
    complication: bool
    rerolled_from: int | None = Field(default=None, ge=1, le=20)


def score_die(value: int, roller: Roller, complication_range: int) -> tuple[int, bool]:
    """Successes (0, 1 or 2) and whether the face is a complication."""
    successes = 0
    if value <= roller.target:
        successes = 2 if value <= roller.critical_at else 1
    return successes, value >= complication_from(complication_range)


class TaskResult(_Frozen):
    """A resolved task: every die, the successes, and what they bought."""

    spec: TaskSpec
    dice: tuple[DieRoll, ...] = Field(max_length=MAX_POOL + MAX_ASSISTS)
    rolled: bool = True
    lead_successes: int
    assist_successes: int
    assists_count: bool
    successes: int
    complications: int
    success: bool
    succeeded_at_cost: bool
    momentum: int = Field(description="Successes above the Difficulty (Threat for an NPC side)")
    rerolls: int = 0

    @property
    def generates(self) -> Literal["momentum", "threat"]:
        """The pool the excess successes go to."""
        return "threat" if self.spec.side == "npc" else "momentum"

    def describe(self) -> str:
        """One line a player reads: dice, successes, outcome."""
        if not self.rolled:
            return "Difficulty 0: success without a roll."
        faces = ", ".join(_face(d) for d in self.dice)
        outcome = "success" if self.success else "failure"
        if self.succeeded_at_cost:
            outcome = "success at cost"
        extra = f", {self.momentum} {self.generates}" if self.momentum else ""
        comp = f", {_count(self.complications, 'complication')}" if self.complications else ""
        auto = f" +{self.spec.automatic} automatic" if self.spec.automatic else ""
        return (
            f"[{faces}]{auto} {_count(self.successes, 'success', 'successes')} vs Difficulty "
            f"{self.spec.difficulty}: {outcome}{extra}{comp}"
        )


def _count(n: int, one: str, many: str | None = None) -> str:
    """``1 success``, ``2 successes``: the word agrees with the number."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def _face(d: DieRoll) -> str:
    marks = "*" if d.critical else ""
    marks += "!" if d.complication else ""
    prefix = "A" if d.kind == "assist" else ("D" if d.kind == "determination" else "")
    return f"{prefix}{d.value}{marks}"


def _tally(spec: TaskSpec, dice: tuple[DieRoll, ...], rerolls: int) -> TaskResult:
    lead = sum(d.successes for d in dice if d.kind != "assist") + spec.automatic
    assist = sum(d.successes for d in dice if d.kind == "assist")
    assists_count = lead >= 1
    successes = lead + (assist if assists_count else 0)
    complications = sum(1 for d in dice if d.complication)
    success = successes >= spec.difficulty
    at_cost = not success and spec.succeed_at_cost
    if at_cost:
        complications += 1
    return TaskResult(
        spec=spec,
        dice=dice,
        lead_successes=lead,
        assist_successes=assist,
        assists_count=assists_count,
        successes=successes,
        complications=complications,
        success=success or at_cost,
        succeeded_at_cost=at_cost,
        momentum=max(successes - spec.difficulty, 0) if success else 0,
        rerolls=rerolls,
    )


def _roll_die(value: int, kind: DieKind, owner: str, roller: Roller, spec: TaskSpec) -> DieRoll:
    successes, complication = score_die(value, roller, spec.complication_range)
    if kind == "determination":
        complication = False
    return DieRoll(
        value=value,
        kind=kind,
        owner=owner,
        successes=successes,
        critical=successes == 2,
        complication=complication,
    )


def resolve_task(spec: TaskSpec, dice: Dice, *, roll: bool = True) -> TaskResult:
    """Roll and score a task.

    With ``roll=False`` a Difficulty 0 task succeeds without dice and generates no
    Momentum (seed 001: "Difficulty 0 needs no roll unless the player wants
    Momentum"); any other Difficulty must be rolled.
    """
    if not roll:
        if spec.difficulty > 0:
            raise RuleViolation(f"A Difficulty {spec.difficulty} Task must be rolled.")
        return TaskResult(
            spec=spec,
            dice=(),
            rolled=False,
            lead_successes=0,
            assist_successes=0,
            assists_count=False,
            successes=0,
            complications=0,
            success=True,
            succeeded_at_cost=False,
            momentum=0,
        )
    rolls: list[DieRoll] = []
    lead_rolled = spec.lead_dice
    if spec.has_determination_die:
        rolls.append(
            _roll_die(DETERMINATION_DIE_FACE, "determination", "Determination", spec.lead, spec)
        )
        lead_rolled -= 1
    rolls.extend(_roll_die(dice.d20(), "lead", "lead", spec.lead, spec) for _ in range(lead_rolled))
    rolls.extend(_roll_die(dice.d20(), "assist", a.name, a.roller, spec) for a in spec.assists)
    return _tally(spec, tuple(rolls), 0)


def _roller_for(spec: TaskSpec, die: DieRoll) -> Roller:
    if die.kind != "assist":
        return spec.lead
    return next(a.roller for a in spec.assists if a.name == die.owner)


def reroll(result: TaskResult, indices: list[int] | tuple[int, ...], dice: Dice) -> TaskResult:
    """Re-roll the chosen dice (by index in ``result.dice``), keeping the new faces.

    Used by Aim-like effects and by Moment of Inspiration. The Determination die
    already shows a 1 and cannot be re-rolled.
    """
    if not result.rolled:
        raise RuleViolation("There are no dice to re-roll: the Task was not rolled.")
    chosen = sorted(set(indices))
    for i in chosen:
        if not 0 <= i < len(result.dice):
            raise RuleViolation(f"There is no die number {i + 1} to re-roll.")
        if result.dice[i].kind == "determination":
            raise RuleViolation("The Determination die already shows a 1; it is not re-rolled.")
    new = list(result.dice)
    for i in chosen:
        old = new[i]
        roller = _roller_for(result.spec, old)
        fresh = _roll_die(dice.d20(), old.kind, old.owner, roller, result.spec)
        new[i] = fresh.model_copy(update={"rerolled_from": old.value})
    return _tally(result.spec, tuple(new), result.rerolls + 1)


def moment_of_inspiration(result: TaskResult, dice: Dice) -> TaskResult:
    """Determination's Moment of Inspiration: re-roll all the character's own dice.

    Needs an applicable Value on the spec (seed 003 Uses for Determination).
    """
    if not result.spec.value:
        raise RuleViolation("Moment of Inspiration needs an applicable Value.")
    own = [i for i, d in enumerate(result.dice) if d.kind == "lead"]
    return reroll(result, own, dice)
