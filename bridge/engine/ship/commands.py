"""The ship battle's own Commands: a station card's Minor Action or Task, and the GM's
hand on the ship battle (the scene, the ships, the seats and the map). What both
battles do (a Turn, the spends, a roll's resolution) is in
:mod:`bridge.engine.core.commands`.

``by`` names who issues it: ``"gm"`` or a character id. GM-only Commands say so with
``gm_only``; the Session refuses them from anyone else.
"""

from typing import Annotated, Literal

from pydantic import Field

from bridge.engine.core.command import BaseCommand as _Command
from bridge.engine.core.command import GmCommand
from bridge.engine.core.commands import PlayedCommand, TaskCommand
from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import CHARACTERS_MAX
from bridge.engine.state.turn import Side
from bridge.engine.state.zones import ZoneMap
from bridge.model.ship import Ship
from bridge.rules.stats import CrewQuality, System
from bridge.rules.text import Key, Line

__all__ = [
    "AddShip",
    "AttemptTask",
    "EndScene",
    "MinorAction",
    "MoveShip",
    "SetSeats",
    "SetZones",
    "ShipCommand",
    "Withdraw",
]


class MinorAction(_Command):
    type: Literal["minor"] = "minor"
    action: Key
    system: System | None = None
    station: Station | None = None
    note: Line = ""


class AttemptTask(TaskCommand):
    """Attempt a Task from a station card; with ``spends`` it resolves at once."""

    type: Literal["task"] = "task"
    station: Station | None = None
    override: bool = False
    ship_assist: bool = True
    system: System | None = None
    difficulty_choice: int | None = Field(default=None, ge=1, le=3)
    salvo: bool = False
    extra_power: int = Field(default=0, ge=0, le=10)
    array_mode: Literal["area", "spread"] = "spread"
    avoid_hazard: bool = Field(
        default=False, description="The Task avoids a hazard the ship has charted (-2)"
    )
    opposition: CrewQuality | None = Field(
        default=None, description="Deploy Security: the intruders' quality (Proficient if None)"
    )
    opposition_difficulty: int = Field(
        default=1, ge=0, le=5, description="The opposing Task's Difficulty (normally 1)"
    )


class MoveShip(GmCommand):
    type: Literal["move_ship"] = "move_ship"
    ship: Key
    zone: Key


class EndScene(GmCommand):
    type: Literal["end_scene"] = "end_scene"


class Withdraw(GmCommand):
    """A ship retreats from the battle."""

    type: Literal["withdraw"] = "withdraw"
    ship: Key


class AddShip(GmCommand):
    """Encounter setup: bring a ship into the battle on a side, in a zone."""

    type: Literal["add_ship"] = "add_ship"
    ship: Ship
    side: Side
    zone: Key


class SetSeats(GmCommand):
    """Encounter setup: who sits at which station (one officer may hold several)."""

    type: Literal["set_seats"] = "set_seats"
    seats: dict[Station, Annotated[tuple[Key, ...], Field(max_length=CHARACTERS_MAX)]] = Field(
        max_length=len(Station)
    )


class SetZones(GmCommand):
    """Encounter setup: the zone map (zones, links, where each ship is)."""

    type: Literal["set_zones"] = "set_zones"
    zones: ZoneMap


ShipCommand = (
    PlayedCommand
    | MinorAction
    | AttemptTask
    | MoveShip
    | EndScene
    | Withdraw
    | AddShip
    | SetSeats
    | SetZones
)
"""Any Command the ship battle takes (those both battles take among them)."""
