"""A personal conflict's state: its figures, their map, Stress and Injuries, whose Turn it
is, the rolled Task and the decisions that wait (seed 001 Conflict card; seed 003).

It lives in the battle (``Encounter.conflict``) beside the ships, immutable like the rest:
the Session replaces it whole with every Command, so undo, replay, files and the network
carry it as they carry the ship battle.
"""

from __future__ import annotations

from typing import Annotated, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bridge.engine.state.turn import ROUND_MAX, AssistOffer, Id, Rolled, Side, TurnBase
from bridge.engine.state.zones import POSITIONS_MAX, ZONES_MAX, ZoneMap
from bridge.model.npc import Npc
from bridge.rules.personal_gear import PersonalEffect, PersonalWeapon
from bridge.rules.task import TaskResult
from bridge.rules.text import ID_MAX, Key, Line, Name, Title, TitleName, ZoneName

__all__ = [
    "FIGURES_MAX",
    "Conflict",
    "ConflictParams",
    "ConflictPending",
    "ConflictTurn",
    "Decision",
    "Figure",
    "GroundItem",
    "InjuryKind",
]

FIGURES_MAX = POSITIONS_MAX
"""Figures one personal conflict holds."""
CARRIED_MAX = 12
"""Weapons a figure may carry, its own and those picked up."""
DECISIONS_MAX = 40
GROUND_MAX = 60
InjuryKind = Literal["lethal", "nonlethal"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Figure(_Frozen):
    """One person in the fight: an officer of the crew (``character``) or an NPC (``npc``),
    where they stand within their zone, and what the fight has done to them.

    Figures in the same zone with the same non-zero ``huddle`` stand within Reach of each
    other (RULES-NOTES [default]: Reach is touching distance within a zone)."""

    id: str = Field(min_length=1, max_length=ID_MAX, pattern=r"^[A-Za-z0-9_.-]+$")
    name: Name
    side: Side
    character: Id | None = Field(default=None, description="The officer's character id")
    npc: Npc | None = Field(default=None, description="The NPC's statistics")
    huddle: int = Field(default=0, ge=0, le=999, description="0: within Reach of no one")
    stress: int = Field(default=0, ge=0, le=60)
    injury: InjuryKind | None = None
    debilitated: bool = Field(default=False, description="Injured by a Debilitating weapon")
    stabilised: bool = False
    fighting_on: bool = Field(
        default=False, description="First Aid's spend: back in the fight despite the Injury"
    )
    dead: bool = False
    withdrawn: bool = False
    prone: bool = False
    avoid_injury_used: bool = False
    weapons: tuple[PersonalWeapon, ...] = Field(default=(), max_length=CARRIED_MAX)
    wielding: Key | None = Field(
        default=None, description="The weapon in hand (None: none drawn; unarmed)"
    )
    aim: bool = Field(default=False, description="Aim taken: until the start of its next Turn")
    guarded: bool = Field(
        default=False, description="Guard: attacks on it +1 until the start of its next Turn"
    )
    recover_cover: bool = Field(
        default=False,
        description="Recover: +1 Resistance per Effect on its Cover dice until its next Turn",
    )
    sprinted_round: int = Field(default=0, ge=0, le=ROUND_MAX)
    staggered: bool = Field(
        default=False, description="Staggered: no Task or Minor Action on its next Turn"
    )
    own_threat: int = Field(default=0, ge=0, le=99, description="Threatening X: its own Threat")
    revealed: bool = Field(
        default=False,
        description="[house rule] the players may see this NPC's Stress and abilities",
    )
    readied: Key | None = Field(default=None, description="A readied Task's key")
    readied_note: Line = ""

    @model_validator(mode="after")
    def _one_kind(self) -> Self:
        if (self.character is None) == (self.npc is None):
            raise ValueError("a figure is either an officer (character) or an NPC (npc)")
        if self.character is not None and self.side != "player":
            raise ValueError("an officer of the crew fights on the player side")
        return self

    @property
    def incapacitated(self) -> bool:
        """Seed 001: "An Injury incapacitates the target and they can no longer act"."""
        return self.dead or (self.injury is not None and not self.fighting_on)

    @property
    def out(self) -> bool:
        """No longer in the fight: incapacitated, dead or withdrawn."""
        return self.incapacitated or self.withdrawn

    def weapon(self, name: str | None) -> PersonalWeapon | None:
        return next((w for w in self.weapons if w.name == name), None) if name else None


class GroundItem(_Frozen):
    """A weapon on the ground (Disarm): where it lies, and within whose Reach."""

    weapon: PersonalWeapon
    zone: ZoneName
    huddle: int = Field(default=0, ge=0, le=999)


class Decision(_Frozen):
    """Something a figure's side must decide before play goes on."""

    kind: Literal["avoid_injury", "resist_knockdown", "stray_hit"]
    figure: Id = Field(
        description="Who decides: the injured or knocked figure; a stray "
        "hit's intended target (the GM picks)"
    )
    cost: int = Field(
        default=0, ge=0, le=20, description="Avoid Injury's Momentum; Knockdown's Threat"
    )
    lethal: bool = False
    debilitating: bool = False
    options: tuple[Id, ...] = Field(
        default=(), max_length=FIGURES_MAX, description="A stray hit's possible victims"
    )
    damage: int = Field(default=0, ge=0, le=200, description="A stray hit's damage")
    source: Line = ""


class ConflictParams(_Frozen):
    """What a rolled Conflict card Task carries from its roll to its resolution."""

    target: Key | None = None
    weapon: Key | None = None
    lethal: bool = False
    charge: PersonalEffect | None = None
    zone: Key | None = None
    beside: Key | None = None
    also: tuple[Key, ...] = Field(default=(), max_length=FIGURES_MAX)
    weakness: bool = False
    complication: Title | None = None
    note: Line = ""
    aimed: bool = Field(default=False, description="Aim's re-roll is used up")


class ConflictPending(Rolled):
    """A rolled Task of the Conflict card waiting for its spends (and an attack's damage):
    its parameters, and a melee attack's opposing roll."""

    params: ConflictParams = ConflictParams()
    reactive: TaskResult | None = Field(
        default=None,
        description="A melee attack's opposing roll (seed 003: opposed); compared with the "
        "attacker's when the Task is resolved, after any re-roll",
    )


class ConflictTurn(TurnBase):
    """Whose Turn it is in the personal conflict and what the Turn has used: the Tasks by
    name (a movement Task bars Movement), and whether a Stagger took the whole Turn."""

    acted: tuple[Id, ...] = Field(default=(), max_length=FIGURES_MAX)
    minors_used: tuple[Key, ...] = Field(default=(), max_length=20)
    tasks_used: tuple[Key, ...] = Field(default=(), max_length=2)
    stunned: bool = Field(
        default=False, description="Staggered: this Turn holds no Task and no Minor Action"
    )

    @property
    def tasks_taken(self) -> int:
        return len(self.tasks_used)


class Conflict(_Frozen):
    """A personal conflict: the figures, their map, the Turn, and what waits."""

    name: TitleName = "Personal conflict"
    zones: ZoneMap = Field(description="The map; ``positions`` says where each figure stands")
    cover: dict[ZoneName, Annotated[int, Field(ge=0, le=4)]] = Field(
        default_factory=dict,
        max_length=ZONES_MAX,
        description="Cover dice a zone gives (RULES-NOTES: 1-4, set by the GM)",
    )
    darkness: dict[ZoneName, Annotated[int, Field(ge=0, le=3)]] = Field(
        default_factory=dict,
        max_length=ZONES_MAX,
        description="Difficulty darkness adds to Tasks attempted in a zone (Night Vision "
        "ignores it)",
    )
    figures: dict[Id, Figure] = Field(default_factory=dict, max_length=FIGURES_MAX)
    turn: ConflictTurn = ConflictTurn()
    pending: ConflictPending | None = None
    decisions: tuple[Decision, ...] = Field(default=(), max_length=DECISIONS_MAX)
    assists: tuple[AssistOffer, ...] = Field(default=(), max_length=FIGURES_MAX)
    ground: tuple[GroundItem, ...] = Field(default=(), max_length=GROUND_MAX)
    leader: Id | None = Field(default=None, description="Who may Direct for the players")
    npc_leader: Id | None = Field(default=None, description="Who may Direct for the NPCs")
    pause_ship: bool = Field(
        default=True, description="The ship battle waits while the personal conflict runs"
    )
    own_scene: bool = Field(
        default=False,
        description="A scene of its own: starting and ending it end a scene of the battle",
    )
    outcome: Annotated[str, Field(max_length=500)] | None = None

    @model_validator(mode="after")
    def _references(self) -> Self:
        for fid, figure in self.figures.items():
            if figure.id != fid:
                raise ValueError(f"figures.{fid}: the figure's id is '{figure.id}'")
            if fid not in self.zones.positions:
                raise ValueError(f"zones.positions: figure '{fid}' stands in no zone")
        for fid in self.zones.positions:
            if fid not in self.figures:
                raise ValueError(f"zones.positions.{fid}: no such figure")
        for name in (*self.cover, *self.darkness):
            if name not in self.zones.zones:
                raise ValueError(f"cover: unknown zone '{name}'")
        for field in ("actor", "interrupt", "directed_by"):
            who = getattr(self.turn, field)
            if who is not None and who not in self.figures:
                raise ValueError(f"turn.{field}: no figure '{who}'")
        for field in ("leader", "npc_leader"):
            who = getattr(self, field)
            if who is not None and who not in self.figures:
                raise ValueError(f"{field}: no figure '{who}'")
        if self.pending is not None and self.pending.actor not in self.figures:
            raise ValueError(f"pending.actor: no figure '{self.pending.actor}'")
        for item in self.ground:
            if item.zone not in self.zones.zones:
                raise ValueError(f"ground: unknown zone '{item.zone}'")
        return self

    # -- queries ----------------------------------------------------------------------
    @property
    def ended(self) -> bool:
        return self.outcome is not None

    def zone_of(self, figure: str) -> str:
        return self.zones.positions[figure]

    def figure_of(self, character: str) -> Figure | None:
        """The figure of the officer ``character``, if they are in the fight."""
        return next((f for f in self.figures.values() if f.character == character), None)

    def side_figures(self, side: Side) -> tuple[str, ...]:
        return tuple(fid for fid, f in self.figures.items() if f.side == side)
