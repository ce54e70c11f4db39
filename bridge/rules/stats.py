"""The vocabulary of starship statistics: Systems, Departments, crew quality."""

from __future__ import annotations

from enum import StrEnum

__all__ = ["SYSTEM_HIT_TABLE", "Attribute", "CrewQuality", "Department", "System", "system_hit"]


class System(StrEnum):
    """The six starship Systems (RULES-NOTES "Ship statistics")."""

    COMMUNICATIONS = "communications"
    COMPUTERS = "computers"
    ENGINES = "engines"
    SENSORS = "sensors"
    STRUCTURE = "structure"
    WEAPONS = "weapons"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class Department(StrEnum):
    """The six Departments, which double as the characters' Disciplines."""

    COMMAND = "command"
    CONN = "conn"
    ENGINEERING = "engineering"
    SECURITY = "security"
    SCIENCE = "science"
    MEDICINE = "medicine"

    @property
    def label(self) -> str:
        return self.value.capitalize()


class CrewQuality(StrEnum):
    """NPC starship crew quality with its Attribute and Discipline (seed 003)."""

    BASIC = "basic"
    PROFICIENT = "proficient"
    TALENTED = "talented"
    EXCEPTIONAL = "exceptional"

    @property
    def attribute(self) -> int:
        return _CREW_SCORES[self][0]

    @property
    def discipline(self) -> int:
        return _CREW_SCORES[self][1]

    @property
    def label(self) -> str:
        return self.value.capitalize()


_CREW_SCORES = {
    CrewQuality.BASIC: (8, 1),
    CrewQuality.PROFICIENT: (9, 2),
    CrewQuality.TALENTED: (10, 3),
    CrewQuality.EXCEPTIONAL: (11, 4),
}


SYSTEM_HIT_TABLE: tuple[tuple[int, int, System], ...] = (
    (1, 1, System.COMMUNICATIONS),
    (2, 2, System.COMPUTERS),
    (3, 6, System.ENGINES),
    (7, 9, System.SENSORS),
    (10, 17, System.STRUCTURE),
    (18, 20, System.WEAPONS),
)
"""Seed 003 STARSHIP DAMAGE: the d20 faces (from, to) that hit each System."""


def system_hit(d20: int) -> System:
    """The System a d20 hits (seed 003 STARSHIP DAMAGE table)."""
    for low, high, system in SYSTEM_HIT_TABLE:
        if low <= d20 <= high:
            return system
    raise ValueError(f"a d20 cannot show {d20}")


class Attribute(StrEnum):
    """The six character Attributes."""

    CONTROL = "control"
    DARING = "daring"
    FITNESS = "fitness"
    INSIGHT = "insight"
    PRESENCE = "presence"
    REASON = "reason"

    @property
    def label(self) -> str:
        return self.value.capitalize()
