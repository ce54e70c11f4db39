"""The personal conflict's own Commands (the Conflict card of seed 001; seed 003's
conflict tables): the GM's setup and edits, a figure's Minor Actions, Tasks and Aim, and
the decisions a hit asks for. A Turn, the spends and a roll's resolution are the
Commands both battles take (:mod:`bridge.engine.core.commands`, ``where="conflict"``).
They join the one Command union (:data:`bridge.engine.commands.Command`), so the Session
applies, journals, undoes and replays them like every other.

A player issues a Command for the figure of the officer they hold (``by`` = the
character id); the GM issues any, and alone those marked ``gm_only`` and every NPC's.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from bridge.engine.core.command import BaseCommand, GmCommand
from bridge.engine.core.commands import PlayedCommand, TaskCommand
from bridge.engine.state.conflict import FIGURES_MAX
from bridge.engine.state.zones import ZONES_MAX, ZoneMap
from bridge.model.npc import Npc
from bridge.rules.personal_gear import PersonalEffect
from bridge.rules.task import MAX_POOL
from bridge.rules.text import Key, Line, Title, TitleName, ZoneName

__all__ = [
    "CONFLICT_TYPES",
    "AddFigure",
    "Aim",
    "AvoidInjury",
    "ConflictCommand",
    "ConflictMinor",
    "ConflictTask",
    "EndConflict",
    "MoveFigure",
    "NpcPlacement",
    "OfficerPlacement",
    "ResistKnockdown",
    "RevealFigure",
    "SetZoneTerrain",
    "StartConflict",
    "StrayHit",
    "WithdrawFigure",
]

Huddle = Annotated[int, Field(ge=0, le=999)]


class _Command(BaseCommand):
    """A Command of the personal conflict alone."""

    foot_only: ClassVar[bool] = True


class _Part(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class OfficerPlacement(_Part):
    """An officer of the crew who is there, and where they stand."""

    character: Key
    zone: Key
    huddle: Huddle = Field(default=0, description="Same non-zero number: within Reach")


class NpcPlacement(_Part):
    """NPCs from a template: how many, on which side, where; numbered when more than one."""

    npc: Npc
    side: Literal["player", "npc"] = "npc"
    zone: Key
    huddle: Huddle = 0
    count: int = Field(default=1, ge=1, le=20)
    leader: bool = Field(default=False, description="The first of them may Direct its side")


# -- the GM's setup ------------------------------------------------------------------------
class StartConflict(_Command, GmCommand):
    """Begin a personal conflict in this battle: the map, its Cover and darkness, the
    officers present and the NPCs. The ship battle waits (``pause_ship``) or runs beside
    it; as a scene of its own (``own_scene``) the battle's scene ends as it starts and
    again as it ends."""

    type: Literal["start_conflict"] = "start_conflict"
    name: TitleName = "Personal conflict"
    zones: ZoneMap = Field(description="Zones and links; ``positions`` stays empty")
    cover: dict[ZoneName, Annotated[int, Field(ge=0, le=4)]] = Field(
        default_factory=dict, max_length=ZONES_MAX
    )
    darkness: dict[ZoneName, Annotated[int, Field(ge=0, le=3)]] = Field(
        default_factory=dict, max_length=ZONES_MAX
    )
    officers: tuple[OfficerPlacement, ...] = Field(default=(), max_length=FIGURES_MAX)
    npcs: tuple[NpcPlacement, ...] = Field(default=(), max_length=FIGURES_MAX)
    leader: Key | None = Field(
        default=None, description="The officer who may Direct (default: the Command seat's)"
    )
    pause_ship: bool = True
    own_scene: bool = False
    drawn: bool = Field(default=True, description="Everyone starts with a weapon in hand")


class EndConflict(_Command, GmCommand):
    """End the personal conflict and return to the ship: its scene ends (a lethally
    Injured figure not stabilised dies; RULES-NOTES)."""

    type: Literal["end_conflict"] = "end_conflict"


class AddFigure(_Command, GmCommand):
    """Bring an officer or NPCs into the running conflict."""

    type: Literal["add_figure"] = "add_figure"
    officer: OfficerPlacement | None = None
    npcs: NpcPlacement | None = None
    drawn: bool = True


class WithdrawFigure(_Command, GmCommand):
    """A figure leaves the fight (flees, is beamed out)."""

    type: Literal["withdraw_figure"] = "withdraw_figure"
    figure: Key


class MoveFigure(_Command, GmCommand):
    """The GM moves a figure (as ships are moved): to ``zone``, within Reach of ``beside``
    or of no one."""

    type: Literal["move_figure"] = "move_figure"
    figure: Key
    zone: Key
    beside: Key | None = None


class SetZoneTerrain(_Command, GmCommand):
    """The GM sets a zone's Cover dice (0-4) and darkness (+0 to +3 Difficulty)."""

    type: Literal["zone_terrain"] = "zone_terrain"
    zone: Key
    cover: int = Field(default=0, ge=0, le=4)
    darkness: int = Field(default=0, ge=0, le=3)


class RevealFigure(_Command, GmCommand):
    """[house rule] Show (or hide again) an NPC's Stress and abilities to the players."""

    type: Literal["reveal_figure"] = "reveal_figure"
    figure: Key
    revealed: bool = True


class StrayHit(_Command, GmCommand):
    """Seed 003: a ranged attack's Complication "may indicate that one of those other
    creatures are struck by the attack as well": the GM names one, or none."""

    type: Literal["stray_hit"] = "stray_hit"
    figure: Key | None = None


# -- a figure's Turn -----------------------------------------------------------------------


class ConflictMinor(_Command):
    """A Minor Action of the Conflict card (key in ``CONFLICT_CARD``)."""

    type: Literal["conflict_minor"] = "conflict_minor"
    action: Key
    weapon: Key | None = Field(default=None, description="Draw Item: the weapon to draw")
    pick_up: bool = Field(default=False, description="Draw Item: from the ground within Reach")
    zone: Key | None = Field(default=None, description="Movement: where to")
    beside: Key | None = Field(default=None, description="Movement: end within Reach of whom")
    note: Line = ""


class ConflictTask(TaskCommand):
    """Attempt a Task of the Conflict card; with ``spends`` it resolves at once."""

    foot_only: ClassVar[bool] = True
    type: Literal["conflict_task"] = "conflict_task"
    lethal: bool = Field(default=False, description="Attack: Lethal (undeclared: Non-lethal)")
    charge: PersonalEffect | None = Field(
        default=None, description="Attack with a Charge weapon after Prepare: the effect added"
    )
    also: tuple[Key, ...] = Field(
        default=(),
        max_length=FIGURES_MAX,
        description="Area: the further targets within Close range, nearest first",
    )
    weakness: bool = Field(
        default=False, description="Attack: uses a weakness the GM named (Specific Weakness)"
    )
    beside: Key | None = Field(default=None, description="Sprint: end within Reach of whom")
    difficulty_choice: int | None = Field(
        default=None, ge=0, le=5, description="Other Tasks: the Difficulty the GM set"
    )
    complication: Title | None = Field(
        default=None, description="Create Advantage: remove this Complication instead"
    )


class Aim(_Command):
    """Aim's re-roll of the rolled attack (seed 003: "re-roll a single d20 made on an
    Attack before the start of their next Turn"; any number with an Accurate weapon)."""

    type: Literal["aim"] = "aim"
    dice: tuple[int, ...] = Field(
        default=(), max_length=MAX_POOL, description="Indices (from 0) of the d20s"
    )


class AvoidInjury(_Command):
    """Seed 003 Avoid Injury (Immediate, once per scene): pay Momentum (an NPC Threat), add
    it to Threat, or suffer a Complication; ``none`` takes the Injury."""

    type: Literal["avoid_injury"] = "avoid_injury"
    figure: Key
    pay: Literal["momentum", "threat", "complication", "none"] = "momentum"


class ResistKnockdown(_Command):
    """Seed 003 KNOCKDOWN: resist being knocked prone by adding Threat equal to the Effects
    (an NPC spends it), or not."""

    type: Literal["resist_knockdown"] = "resist_knockdown"
    figure: Key
    resist: bool = True


ConflictCommand = (
    PlayedCommand
    | StartConflict
    | EndConflict
    | AddFigure
    | WithdrawFigure
    | MoveFigure
    | SetZoneTerrain
    | RevealFigure
    | StrayHit
    | ConflictMinor
    | ConflictTask
    | Aim
    | AvoidInjury
    | ResistKnockdown
)
"""Any Command the personal conflict takes (those both battles take among them)."""

CONFLICT_TYPES = frozenset(
    {
        "start_conflict",
        "end_conflict",
        "add_figure",
        "withdraw_figure",
        "move_figure",
        "zone_terrain",
        "reveal_figure",
        "stray_hit",
        "conflict_minor",
        "conflict_task",
        "aim",
        "avoid_injury",
        "resist_knockdown",
    }
)
"""The ``type`` of every Command of the personal conflict alone (the Commands both battles
take say which they play in with ``where``)."""
"""Every personal conflict Command's ``type``."""
