"""What a card entry is, and the five bridge stations: the types every card's catalogue
(the five station cards, the Conflict card) and the battle's seats are made of."""

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, ConfigDict

from bridge.rules.stats import Attribute, Department, System

__all__ = ["ALL_STATIONS", "ActionDef", "Station"]


class Station(StrEnum):
    """The five bridge stations, each with its own reference card."""

    COMMAND = "command"
    HELM = "helm"
    TACTICAL = "tactical"
    OPERATIONS = "operations"
    SCIENCE = "science"

    @property
    def label(self) -> str:
        return _TITLES[self]


_TITLES = {
    Station.COMMAND: "Command",
    Station.HELM: "Helm and Navigation",
    Station.TACTICAL: "Security and Tactical",
    Station.OPERATIONS: "Communications and Internal Systems",
    Station.SCIENCE: "Sensors and Science",
}

ALL_STATIONS = tuple(Station)


class ActionDef(BaseModel):
    """One card entry: a Minor Action or a Task."""

    model_config = ConfigDict(frozen=True)

    key: str
    name: str
    kind: Literal["minor", "task"]
    stations: tuple[Station, ...]
    text: str
    group: str = ""
    attributes: tuple[Attribute, ...] = ()
    disciplines: tuple[Department, ...] = ()
    assist: tuple[System, Department] | None = None
    difficulty: int | None = None
    difficulty_note: str = ""
    power: int = 0
    power_note: str = ""
    succeed_at_cost: bool = False
    momentum: str = ""
    momentum_cost: int = 0
    uses: System | None = None
    rolled: bool = True
    narrative: bool = False

    @property
    def shared(self) -> bool:
        return self.stations == ALL_STATIONS

    @property
    def difficulty_text(self) -> str:
        if self.difficulty_note:
            return self.difficulty_note
        return "-" if self.difficulty is None else str(self.difficulty)

    @property
    def assist_text(self) -> str:
        if self.assist is None:
            return ""
        return f"{self.assist[0].label} + {self.assist[1].label}"

    @property
    def roll_text(self) -> str:
        if not self.attributes:
            return ""
        attrs = " or ".join(a.label for a in self.attributes)
        discs = " or ".join(d.label for d in self.disciplines)
        return f"{attrs} + {discs}"
