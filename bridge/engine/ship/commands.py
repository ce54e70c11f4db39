"""The ship battle's Commands: a Turn, a station card's Minor Action or Task, its roll's
spends and damage, the Immediate spends, Determination, a readied Task, and the GM's
hand on the ship battle (the next Task's Difficulty, the Round, the scene, the ships,
the seats and the map).

``by`` names who issues it: ``"gm"`` or a character id. GM-only Commands say so with
``gm_only``; the Session refuses them from anyone else.
"""

from typing import Annotated, ClassVar, Literal

from pydantic import Field

from bridge.engine.core.command import BaseCommand as _Command
from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import CHARACTERS_MAX, Side
from bridge.engine.state.spends import Spends
from bridge.engine.state.zones import ZoneMap
from bridge.model.ship import Ship
from bridge.rules.stats import Attribute, CrewQuality, Department, System
from bridge.rules.task import MAX_POOL, Purchase
from bridge.rules.text import Key, Line, Name, Title

__all__ = [
    "AddShip",
    "AdjustDifficulty",
    "ApplyDamage",
    "AttemptTask",
    "EndRound",
    "EndScene",
    "EndTurn",
    "Inspiration",
    "MinorAction",
    "MoveShip",
    "NpcActsFirst",
    "ResolveTask",
    "SetSeats",
    "SetZones",
    "ShipCommand",
    "SpendDetermination",
    "SpendMomentum",
    "StartTurn",
    "TriggerReady",
    "Withdraw",
]


class StartTurn(_Command):
    """Begin a Turn: a player character, or (GM) an NPC ship."""

    type: Literal["start_turn"] = "start_turn"
    actor: Key


class EndTurn(_Command):
    """End the current Turn; optionally Keep the Initiative."""

    type: Literal["end_turn"] = "end_turn"
    keep_initiative: bool = False
    with_threat: bool = Field(default=False, description="Players pay by adding to Threat")


class MinorAction(_Command):
    type: Literal["minor"] = "minor"
    action: Key
    system: System | None = None
    station: Station | None = None
    note: Line = ""


class AttemptTask(_Command):
    """Attempt a Task from a station card; with ``spends`` it resolves at once."""

    type: Literal["task"] = "task"
    action: Key
    station: Station | None = None
    override: bool = False
    attribute: Attribute | None = None
    discipline: Department | None = None
    focus: bool = False
    focus_name: Name | None = Field(
        default=None, description="Which of the officer's Focuses applies"
    )
    bought: tuple[Purchase, ...] = Field(default=(), max_length=MAX_POOL)
    value: Line | None = None
    ship_assist: bool = True
    roll: bool = True
    target: Key | None = None
    weapon: Key | None = None
    system: System | None = None
    zone: Key | None = None
    difficulty_choice: int | None = Field(default=None, ge=1, le=3)
    salvo: bool = False
    extra_power: int = Field(default=0, ge=0, le=10)
    array_mode: Literal["area", "spread"] = "spread"
    readied: Key | None = None
    note: Line = ""
    avoid_hazard: bool = Field(
        default=False, description="The Task avoids a hazard the ship has charted (-2)"
    )
    opposition: CrewQuality | None = Field(
        default=None, description="Deploy Security: the intruders' quality (Proficient if None)"
    )
    opposition_difficulty: int = Field(
        default=1, ge=0, le=5, description="The opposing Task's Difficulty (normally 1)"
    )
    spends: Spends | None = None


class ResolveTask(_Command):
    """Spend Momentum on the rolled Task and apply its effect.

    With ``hold_damage`` an attack that hits rolls its damage dice and holds them for
    the attacker to see (and re-roll) before they land: :class:`ApplyDamage` lands them.
    Without it the damage lands at once, as a Command saved before this step did.
    """

    type: Literal["resolve"] = "resolve"
    spends: Spends = Spends()
    hold_damage: bool = Field(
        default=False,
        description="An attack's damage dice wait for Re-Roll Damage and ApplyDamage",
    )


class ApplyDamage(_Command):
    """Land an attack's held damage, first re-rolling the chosen challenge dice (seed 001
    Re-Roll Damage, 1 Momentum; an NPC pays 1 Threat) when ``reroll`` names any."""

    type: Literal["apply_damage"] = "apply_damage"
    reroll: tuple[int, ...] = Field(
        default=(), max_length=40, description="Indices (from 0) of the dice to re-roll"
    )


class Inspiration(_Command):
    """Moment of Inspiration: spend Determination to re-roll the pending Task's dice."""

    type: Literal["inspiration"] = "inspiration"
    value: Line


class SpendMomentum(_Command):
    """Immediate Momentum spends (NPC side: Threat)."""

    type: Literal["spend"] = "spend"
    spend: Literal[
        "extra_minor", "swift_task", "create_problem", "create_advantage", "obtain_information"
    ]
    amount: int = Field(default=1, ge=1, le=3)
    name: Title = ""
    with_threat: bool = Field(
        default=False, description="Players pay an Immediate spend by adding to Threat"
    )
    remove_complication: bool = Field(
        default=False,
        description="Create Advantage removes the Complication ``name`` instead (seed 001)",
    )


class SpendDetermination(_Command):
    """Surge of Activity (a second Task, +1 Difficulty) or Make It So (an Advantage)."""

    type: Literal["determination"] = "determination"
    character: Key
    use: Literal["second_task", "make_it_so"]
    value: Line
    name: Title = ""


class TriggerReady(_Command):
    """A Readied character's trigger happens: they interrupt to attempt their Task."""

    type: Literal["trigger_ready"] = "trigger_ready"
    character: Key


class NpcActsFirst(_Command):
    gm_only: ClassVar[bool] = True
    type: Literal["npc_first"] = "npc_first"


class AdjustDifficulty(_Command):
    """The GM sets a modifier on the next Task's Difficulty and, if given, widens its
    complication range (1: a 20 only; 5: 16-20)."""

    gm_only: ClassVar[bool] = True
    type: Literal["adjust_difficulty"] = "adjust_difficulty"
    amount: int = Field(default=0, ge=-5, le=5)
    complication_range: int | None = Field(default=None, ge=1, le=5)
    reason: Title = ""


class MoveShip(_Command):
    gm_only: ClassVar[bool] = True
    type: Literal["move_ship"] = "move_ship"
    ship: Key
    zone: Key


class EndRound(_Command):
    gm_only: ClassVar[bool] = True
    type: Literal["end_round"] = "end_round"


class EndScene(_Command):
    gm_only: ClassVar[bool] = True
    type: Literal["end_scene"] = "end_scene"


class Withdraw(_Command):
    """A ship retreats from the battle."""

    gm_only: ClassVar[bool] = True
    type: Literal["withdraw"] = "withdraw"
    ship: Key


class AddShip(_Command):
    """Encounter setup: bring a ship into the battle on a side, in a zone."""

    gm_only: ClassVar[bool] = True
    type: Literal["add_ship"] = "add_ship"
    ship: Ship
    side: Side
    zone: Key


class SetSeats(_Command):
    """Encounter setup: who sits at which station (one officer may hold several)."""

    gm_only: ClassVar[bool] = True
    type: Literal["set_seats"] = "set_seats"
    seats: dict[Station, Annotated[tuple[Key, ...], Field(max_length=CHARACTERS_MAX)]] = Field(
        max_length=len(Station)
    )


class SetZones(_Command):
    """Encounter setup: the zone map (zones, links, where each ship is)."""

    gm_only: ClassVar[bool] = True
    type: Literal["set_zones"] = "set_zones"
    zones: ZoneMap


ShipCommand = (
    StartTurn
    | EndTurn
    | MinorAction
    | AttemptTask
    | ResolveTask
    | ApplyDamage
    | Inspiration
    | SpendMomentum
    | SpendDetermination
    | TriggerReady
    | NpcActsFirst
    | AdjustDifficulty
    | MoveShip
    | EndRound
    | EndScene
    | Withdraw
    | AddShip
    | SetSeats
    | SetZones
)
"""Any Command of the ship battle."""
