"""Player characters: Attributes, Disciplines, Focuses, Values and Determination, and what
they carry into a fight on foot (personal weapons, armour; the Resolute talent's Stress)."""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bridge.model.pools import Determination
from bridge.rules.errors import RuleViolation
from bridge.rules.injury import stress_max
from bridge.rules.personal_gear import PersonalWeapon
from bridge.rules.stats import Attribute, Department
from bridge.rules.task import Roller
from bridge.rules.text import ID_MAX, Label, Name, ValueText

__all__ = [
    "ARMOUR_MAX",
    "PERSONAL_WEAPONS_MAX",
    "RESOLUTE",
    "Attributes",
    "Character",
    "CharacterValue",
    "Disciplines",
    "StationName",
    "has_talent",
]

FOCUSES_MAX = 30
"""Focuses one officer may have (a main character has six)."""
VALUES_MAX = 12
"""Values one officer may hold (a main character has four)."""
TALENTS_MAX = 20
"""Talents one officer may have."""
PERSONAL_WEAPONS_MAX = 8
"""Personal weapons one officer may carry."""
ARMOUR_MAX = 10
"""Static Resistance armour may give (body armour gives 1 to 3)."""
RESOLUTE = "Resolute"
"""The talent that adds 3 to Stress (RULES-NOTES "Personal conflict")."""


def has_talent(talents: tuple[str, ...], name: str) -> bool:
    """Whether ``name`` is among ``talents`` (letter case and spaces around aside)."""
    wanted = name.strip().casefold()
    return any(t.strip().casefold() == wanted for t in talents)


StationName = Literal["command", "helm", "tactical", "operations", "science"]
"""A bridge station by its saved name (the values of ``bridge.engine.state.cards.Station``)."""


class Attributes(BaseModel):
    """Attribute ratings (7..12 for main characters; NPCs may go lower)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    control: int = Field(default=9, ge=1, le=16)
    daring: int = Field(default=9, ge=1, le=16)
    fitness: int = Field(default=9, ge=1, le=16)
    insight: int = Field(default=9, ge=1, le=16)
    presence: int = Field(default=9, ge=1, le=16)
    reason: int = Field(default=9, ge=1, le=16)

    def __getitem__(self, attribute: Attribute) -> int:
        return int(getattr(self, attribute.value))


class Disciplines(BaseModel):
    """Discipline ratings (1..5 for main characters)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    command: int = Field(default=2, ge=0, le=6)
    conn: int = Field(default=2, ge=0, le=6)
    engineering: int = Field(default=2, ge=0, le=6)
    security: int = Field(default=2, ge=0, le=6)
    science: int = Field(default=2, ge=0, le=6)
    medicine: int = Field(default=2, ge=0, le=6)

    def __getitem__(self, department: Department) -> int:
        return int(getattr(self, department.value))


class CharacterValue(BaseModel):
    """A Value statement; once challenged it is crossed out until the mission ends."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    text: ValueText
    challenged: bool = False


class Character(BaseModel):
    """A player character as the bridge needs them."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1, max_length=ID_MAX, pattern=r"^[A-Za-z0-9_.-]+$")
    name: Name
    rank: Label = ""
    attributes: Attributes = Attributes()
    disciplines: Disciplines = Disciplines()
    focuses: tuple[Name, ...] = Field(default=(), max_length=FOCUSES_MAX)
    values: tuple[CharacterValue, ...] = Field(default=(), max_length=VALUES_MAX)
    talents: tuple[Name, ...] = Field(
        default=(),
        max_length=TALENTS_MAX,
        description="Talent names (the bridge applies none itself)",
    )
    determination: Determination = Determination()
    value_challenged_this_session: bool = False
    usual_station: StationName | None = Field(
        default=None, description="The station this officer usually holds; None: any."
    )
    weapons: tuple[PersonalWeapon, ...] = Field(
        default=(),
        max_length=PERSONAL_WEAPONS_MAX,
        description="Personal weapons carried (an Unarmed Strike needs none)",
    )
    armour: int = Field(
        default=0, ge=0, le=ARMOUR_MAX, description="Static Resistance of armour worn"
    )

    @property
    def resolute(self) -> bool:
        """Whether the officer has the Resolute talent (+3 Stress)."""
        return has_talent(self.talents, RESOLUTE)

    @property
    def stress_max(self) -> int:
        """RULES-NOTES: Stress is Fitness + Security; the Resolute talent adds 3."""
        return stress_max(self.attributes.fitness, self.disciplines.security, self.resolute)

    def roller(self, attribute: Attribute, discipline: Department, focus: bool) -> Roller:
        """The target number and Focus for Attribute + Discipline."""
        return Roller.of(self.attributes[attribute], self.disciplines[discipline], focus)

    def usable_value(self, text: str) -> CharacterValue:
        """The named, not crossed-out Value, or a :class:`RuleViolation`."""
        for value in self.values:
            if value.text == text:
                if value.challenged:
                    raise RuleViolation(f"The Value “{text}” has been challenged and crossed out.")
                return value
        raise RuleViolation(f"{self.name} has no Value “{text}”.")

    def spend_determination(self, value: str) -> "Character":
        """Spend one Determination citing a Value that helps."""
        self.usable_value(value)
        return self.model_copy(update={"determination": self.determination.spend(1)})

    def comply_with_value(self, value: str) -> "Character":
        """A Value hinders the Task: take a Complication, regain one Determination."""
        self.usable_value(value)
        return self.model_copy(update={"determination": self.determination.gain(1)})

    def challenge_value(self, value: str) -> "Character":
        """Once per session: challenge a hindering Value, gain one Determination, cross it out."""
        if self.value_challenged_this_session:
            raise RuleViolation(f"{self.name} has already challenged a Value this session.")
        self.usable_value(value)
        values = tuple(
            v.model_copy(update={"challenged": True}) if v.text == value else v for v in self.values
        )
        return self.model_copy(
            update={
                "values": values,
                "determination": self.determination.gain(1),
                "value_challenged_this_session": True,
            }
        )
