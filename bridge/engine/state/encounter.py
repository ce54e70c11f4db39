"""Encounter state: ships and sides, crew and seats, zones, pools, turns, durations, traits.

Everything here is an immutable pydantic model; the Session replaces the whole
:class:`Encounter` on every applied Command, so undo is a pointer swap.
"""

from enum import StrEnum
from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bridge.engine.state.cards import Station
from bridge.engine.state.conflict import Conflict
from bridge.engine.state.turn import (
    MINORS_MAX,
    ROUND_MAX,
    TASKS_PER_TURN_MAX,
    AssistOffer,
    Id,
    Rolled,
    Side,
    TurnBase,
)
from bridge.engine.state.zones import LINKS_MAX, UNCONNECTED, ZONES_MAX, ZoneMap
from bridge.model.character import Character
from bridge.model.house_rules import HouseRules
from bridge.model.pools import Momentum, Threat
from bridge.model.ship import Ship
from bridge.rules.stats import System
from bridge.rules.text import Key, Line, TitleName

__all__ = [
    "LINKS_MAX",
    "UNCONNECTED",
    "ZONES_MAX",
    "AssistOffer",
    "Duration",
    "DurationKind",
    "Encounter",
    "Expiry",
    "PendingTask",
    "Side",
    "TaskParams",
    "Trait",
    "TurnState",
    "ZoneMap",
    "away_characters",
]

SCALE_MAX = 10
SHIPS_MAX = 60
"""Ships one battle may hold (a fleet action with room to spare)."""
CHARACTERS_MAX = 60
"""Officers one battle may hold."""
DURATIONS_MAX = 500
TRAITS_MAX = 200
"""Advantages and Complications in play at once."""
ASSISTS_MAX = 60


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


_SMALL_WORDS = {"for", "of"}


class DurationKind(StrEnum):
    EVASIVE_ACTION = "evasive_action"
    ATTACK_PATTERN = "attack_pattern"
    SCAN_FOR_WEAKNESS = "scan_for_weakness"
    PLOT_COURSE = "plot_course"
    DAMAGE_REPORT = "damage_report"
    READY = "ready"
    TRACTOR_BEAM = "tractor_beam"
    PROBE = "probe"
    JAMMED = "jammed"
    CHARTED_HAZARD = "charted_hazard"

    @property
    def label(self) -> str:
        words = self.value.split("_")
        return " ".join(
            w if w in _SMALL_WORDS and i else w.capitalize() for i, w in enumerate(words)
        )


class Expiry(StrEnum):
    """When a duration ends (RULES-NOTES "Turn order": durations to track)."""

    NEXT_TASK = "next_task"  # at the owner's next Task
    NEXT_TURN = "next_turn"  # at the start of the owner's next Turn
    END_OF_NEXT_TURN = "end_of_next_turn"  # at the end of the owner's next Turn
    USED = "used"  # when consumed (or at the end of the scene)
    SCENE = "scene"  # at the end of the scene


class Duration(_Frozen):
    """An effect that lasts for a while: Evasive Action, Attack Pattern, Ready..."""

    kind: DurationKind
    ship: Id
    owner: Key = Field(description="Actor key whose Task/Turn ends it")
    expiry: Expiry
    set_in_turn: int
    value: int = 0
    target: Key | None = None
    note: Line = ""

    def describe(self) -> str:
        extra = f" ({self.note})" if self.note else ""
        return f"{self.kind.label}{extra}"


class Trait(_Frozen):
    """An Advantage or Complication in play."""

    name: TitleName
    kind: Literal["advantage", "complication"]
    ship: Id | None = None
    rolled: bool = Field(
        default=False,
        description="A Complication the dice caused (a 20): it lasts until the end of the "
        "scene, unless the GM removes it first",
    )


class TaskParams(_Frozen):
    """What a rolled Task carries from its roll to its resolution."""

    target: Key | None = None
    weapon: Key | None = None
    zone: Key | None = None
    system: System | None = None
    salvo: bool = False
    extra_power: int = Field(default=0, ge=0, le=10)
    array_mode: Literal["area", "spread"] = "spread"
    note: Line = ""
    difficulty_choice: int | None = Field(default=None, ge=1, le=3)
    attack_pattern_bonus: bool = Field(
        default=False, description="Attack Pattern on an attack already at Difficulty 1"
    )
    scan: bool = Field(default=False, description="Scan for Weakness applies to this attack")


class PendingTask(Rolled):
    """A rolled station Task waiting for its Momentum spends (and, for attacks, its damage):
    the acting ship and the station it was attempted from."""

    ship: Id
    station: Station
    params: TaskParams = TaskParams()


class TurnState(TurnBase):
    """The ship battle's Turn (RULES-NOTES "Turn order"): the acting ship, each NPC ship's
    Turns and bridge roles this Round, and the scene."""

    scene: int = Field(default=1, ge=1, le=ROUND_MAX)
    actor_ship: Id | None = None
    npc_turns_left: dict[Id, Annotated[int, Field(ge=0, le=SCALE_MAX)]] = Field(
        default_factory=dict, max_length=SHIPS_MAX
    )
    npc_turns_allowed: dict[Id, Annotated[int, Field(ge=0, le=SCALE_MAX)]] = Field(
        default_factory=dict,
        max_length=SHIPS_MAX,
        description="Turns each NPC ship had at the start of the Round (Scale less Turns "
        "lost); the GM's ledger counts Turns taken against it",
    )
    npc_roles_used: dict[Id, Annotated[tuple[Key, ...], Field(max_length=MINORS_MAX)]] = Field(
        default_factory=dict, max_length=SHIPS_MAX
    )
    tasks_taken: int = Field(default=0, ge=0, le=TASKS_PER_TURN_MAX)
    shields_toggled: dict[Id, Key] = Field(default_factory=dict, max_length=SHIPS_MAX)


class Encounter(_Frozen):
    """A whole battle."""

    name: TitleName = "Encounter"
    ships: dict[Id, Ship] = Field(max_length=SHIPS_MAX)
    sides: dict[Id, Side] = Field(max_length=SHIPS_MAX)
    player_ship: Id
    characters: dict[Id, Character] = Field(default_factory=dict, max_length=CHARACTERS_MAX)
    seats: dict[Station, Annotated[tuple[Id, ...], Field(max_length=CHARACTERS_MAX)]] = Field(
        default_factory=dict, max_length=len(Station)
    )
    pending_seats: dict[Id, Station] = Field(default_factory=dict, max_length=CHARACTERS_MAX)
    zones: ZoneMap = ZoneMap()
    momentum: Momentum = Momentum()
    threat: Threat = Threat()
    turn: TurnState = TurnState()
    durations: tuple[Duration, ...] = Field(default=(), max_length=DURATIONS_MAX)
    traits: tuple[Trait, ...] = Field(default=(), max_length=TRAITS_MAX)
    assists: tuple[AssistOffer, ...] = Field(default=(), max_length=ASSISTS_MAX)
    pending: PendingTask | None = None
    last_roll: PendingTask | None = Field(
        default=None,
        description="The last Task rolled, as it was rolled (re-rolls included): the "
        "same as `pending` while it waits for its spends, kept after it is resolved",
    )
    retreated: tuple[Id, ...] = Field(default=(), max_length=SHIPS_MAX)
    scanned: tuple[Id, ...] = Field(default=(), max_length=SHIPS_MAX)
    outcome: Annotated[str, Field(max_length=500)] | None = None
    house_rules: HouseRules = HouseRules()
    conflict: Conflict | None = Field(
        default=None, description="A personal conflict on foot, when one is running"
    )

    @model_validator(mode="after")
    def _references(self) -> Self:
        for ship_id, ship in self.ships.items():
            if ship.id != ship_id:
                raise ValueError(f"ships.{ship_id}: the ship's id is '{ship.id}'")
            if ship_id not in self.sides:
                raise ValueError(f"sides: ship '{ship_id}' has no side")
        for ship_id in self.sides:
            if ship_id not in self.ships:
                raise ValueError(f"sides.{ship_id}: no such ship")
        if self.player_ship not in self.ships:
            raise ValueError(f"player_ship: no ship '{self.player_ship}'")
        if self.sides[self.player_ship] != "player":
            raise ValueError("player_ship: the player ship must be on the player side")
        for station, crew in self.seats.items():
            for c in crew:
                if c not in self.characters:
                    raise ValueError(f"seats.{station.value}: no character '{c}'")
        for char_id, character in self.characters.items():
            if character.id != char_id:
                raise ValueError(f"characters.{char_id}: the character's id is '{character.id}'")
        for ship_id in self.ships:
            if ship_id not in self.zones.positions:
                raise ValueError(f"zones.positions: ship '{ship_id}' is in no zone")
        actors = {*self.characters, *self.ships}
        for field in ("actor", "interrupt", "directed_by"):
            who = getattr(self.turn, field)
            if who is not None and who not in actors:
                raise ValueError(f"turn.{field}: no character or ship '{who}'")
        if self.turn.actor_ship is not None and self.turn.actor_ship not in self.ships:
            raise ValueError(f"turn.actor_ship: no ship '{self.turn.actor_ship}'")
        if self.pending is not None and self.pending.actor not in actors:
            raise ValueError(f"pending.actor: no character or ship '{self.pending.actor}'")
        if self.conflict is not None:
            for fid, figure in self.conflict.figures.items():
                if figure.character is not None and figure.character not in self.characters:
                    raise ValueError(
                        f"conflict.figures.{fid}: no character '{figure.character}' in the crew"
                    )
        if self.last_roll is not None and self.last_roll.actor not in actors:
            raise ValueError(f"last_roll.actor: no character or ship '{self.last_roll.actor}'")
        return self

    # -- queries ----------------------------------------------------------------------
    def stations_of(self, character: str) -> tuple[Station, ...]:
        return tuple(s for s, crew in self.seats.items() if character in crew)

    def crew_at(self, station: Station) -> tuple[str, ...]:
        return self.seats.get(station, ())

    def active_ships(self, side: Side) -> tuple[str, ...]:
        """Ships of a side still in the fight."""
        return tuple(
            sid
            for sid, s in self.ships.items()
            if self.sides[sid] == side and not s.destroyed and sid not in self.retreated
        )

    def seated_characters(self) -> tuple[str, ...]:
        seen: list[str] = []
        for crew in self.seats.values():
            seen.extend(c for c in crew if c not in seen)
        return tuple(seen)

    def name_of(self, actor: str) -> str:
        """The display name of a character or ship id (the id itself if unknown)."""
        if actor in self.characters:
            return self.characters[actor].name
        if actor in self.ships:
            return self.ships[actor].name
        return actor

    def unscanned(self, ship_id: str) -> bool:
        """Whether ``ship_id`` is an NPC ship the crew has not scanned: its statistics are
        hidden from every player seat (a sensor contact)."""
        return self.sides.get(ship_id) == "npc" and ship_id not in self.scanned

    def unscanned_ships(self) -> frozenset[str]:
        """Every NPC ship the crew has not scanned."""
        return frozenset(sid for sid in self.ships if self.unscanned(sid))

    def durations_of(self, kind: DurationKind, ship: str | None = None) -> tuple[Duration, ...]:
        return tuple(
            d for d in self.durations if d.kind is kind and (ship is None or d.ship == ship)
        )

    @property
    def ended(self) -> bool:
        return self.outcome is not None


def away_characters(state: Encounter) -> frozenset[str]:
    """Officers fighting in a personal conflict that runs beside the ship battle: they are
    off the bridge, so they take no ship Turns until it ends (or they withdraw)."""
    conflict = state.conflict
    if conflict is None or conflict.pause_ship:
        return frozenset()
    return frozenset(
        f.character for f in conflict.figures.values() if f.character and not f.withdrawn
    )
