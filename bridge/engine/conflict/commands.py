"""The Commands of a personal conflict (the Conflict card of seed 001; seed 003's conflict
tables): the GM's setup and edits, and each figure's Turn, Minor Actions, Tasks, spends
and decisions. They join the one Command union (:data:`bridge.engine.commands.Command`),
so the Session applies, journals, undoes and replays them like every other.

A player issues a Command for the figure of the officer they hold (``by`` = the
character id); the GM issues any, and alone those marked ``gm_only`` and every NPC's.
"""

from __future__ import annotations

from typing import Annotated, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field

from bridge.engine.core.command import BaseCommand as _Command
from bridge.engine.state.conflict import FIGURES_MAX
from bridge.engine.state.spends import PersonalSpends
from bridge.engine.state.zones import ZONES_MAX, ZoneMap
from bridge.model.npc import Npc
from bridge.rules.personal_gear import PersonalEffect
from bridge.rules.stats import Attribute, Department
from bridge.rules.task import MAX_POOL, Purchase
from bridge.rules.text import Key, Line, Name, Title, TitleName, ZoneName

__all__ = [
    "CONFLICT_TYPES",
    "AddFigure",
    "AvoidInjury",
    "ConflictAdjustDifficulty",
    "ConflictApplyDamage",
    "ConflictCommand",
    "ConflictEndRound",
    "ConflictEndTurn",
    "ConflictMinor",
    "ConflictNpcFirst",
    "ConflictReroll",
    "ConflictResolve",
    "ConflictSecondTask",
    "ConflictSpend",
    "ConflictStartTurn",
    "ConflictTask",
    "ConflictTriggerReady",
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
class StartConflict(_Command):
    """Begin a personal conflict in this battle: the map, its Cover and darkness, the
    officers present and the NPCs. The ship battle waits (``pause_ship``) or runs beside
    it; as a scene of its own (``own_scene``) the battle's scene ends as it starts and
    again as it ends."""

    gm_only: ClassVar[bool] = True
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


class EndConflict(_Command):
    """End the personal conflict and return to the ship: its scene ends (a lethally
    Injured figure not stabilised dies; RULES-NOTES)."""

    gm_only: ClassVar[bool] = True
    type: Literal["end_conflict"] = "end_conflict"


class AddFigure(_Command):
    """Bring an officer or NPCs into the running conflict."""

    gm_only: ClassVar[bool] = True
    type: Literal["add_figure"] = "add_figure"
    officer: OfficerPlacement | None = None
    npcs: NpcPlacement | None = None
    drawn: bool = True


class WithdrawFigure(_Command):
    """A figure leaves the fight (flees, is beamed out)."""

    gm_only: ClassVar[bool] = True
    type: Literal["withdraw_figure"] = "withdraw_figure"
    figure: Key


class MoveFigure(_Command):
    """The GM moves a figure (as ships are moved): to ``zone``, within Reach of ``beside``
    or of no one."""

    gm_only: ClassVar[bool] = True
    type: Literal["move_figure"] = "move_figure"
    figure: Key
    zone: Key
    beside: Key | None = None


class SetZoneTerrain(_Command):
    """The GM sets a zone's Cover dice (0-4) and darkness (+0 to +3 Difficulty)."""

    gm_only: ClassVar[bool] = True
    type: Literal["zone_terrain"] = "zone_terrain"
    zone: Key
    cover: int = Field(default=0, ge=0, le=4)
    darkness: int = Field(default=0, ge=0, le=3)


class RevealFigure(_Command):
    """[house rule] Show (or hide again) an NPC's Stress and abilities to the players."""

    gm_only: ClassVar[bool] = True
    type: Literal["reveal_figure"] = "reveal_figure"
    figure: Key
    revealed: bool = True


class StrayHit(_Command):
    """Seed 003: a ranged attack's Complication "may indicate that one of those other
    creatures are struck by the attack as well": the GM names one, or none."""

    gm_only: ClassVar[bool] = True
    type: Literal["stray_hit"] = "stray_hit"
    figure: Key | None = None


class ConflictEndRound(_Command):
    gm_only: ClassVar[bool] = True
    type: Literal["conflict_end_round"] = "conflict_end_round"


class ConflictAdjustDifficulty(_Command):
    """The GM's word on the next Conflict card Task: Difficulty and complication range."""

    gm_only: ClassVar[bool] = True
    type: Literal["conflict_adjust"] = "conflict_adjust"
    amount: int = Field(default=0, ge=-5, le=5)
    complication_range: int | None = Field(default=None, ge=1, le=5)
    reason: Title = ""


class ConflictNpcFirst(_Command):
    """[default] The GM spends Threat to have the NPCs act first this Round."""

    gm_only: ClassVar[bool] = True
    type: Literal["conflict_npc_first"] = "conflict_npc_first"


# -- a figure's Turn -----------------------------------------------------------------------
class ConflictStartTurn(_Command):
    """Begin a figure's Turn (an officer's player, or the GM for anyone)."""

    type: Literal["conflict_start_turn"] = "conflict_start_turn"
    figure: Key


class ConflictEndTurn(_Command):
    """End the figure's Turn; optionally Keep the Initiative (2; players may add Threat)."""

    type: Literal["conflict_end_turn"] = "conflict_end_turn"
    keep_initiative: bool = False
    with_threat: bool = False


class ConflictMinor(_Command):
    """A Minor Action of the Conflict card (key in ``CONFLICT_CARD``)."""

    type: Literal["conflict_minor"] = "conflict_minor"
    action: Key
    weapon: Key | None = Field(default=None, description="Draw Item: the weapon to draw")
    pick_up: bool = Field(default=False, description="Draw Item: from the ground within Reach")
    zone: Key | None = Field(default=None, description="Movement: where to")
    beside: Key | None = Field(default=None, description="Movement: end within Reach of whom")
    note: Line = ""


class ConflictTask(_Command):
    """Attempt a Task of the Conflict card; with ``spends`` it resolves at once."""

    type: Literal["conflict_task"] = "conflict_task"
    action: Key
    attribute: Attribute | None = None
    discipline: Department | None = None
    focus: bool = False
    focus_name: Name | None = None
    bought: tuple[Purchase, ...] = Field(default=(), max_length=MAX_POOL)
    value: Line | None = None
    roll: bool = True
    target: Key | None = Field(default=None, description="The figure attacked, aided, guarded")
    weapon: Key | None = Field(default=None, description="Attack: a carried weapon's name")
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
    zone: Key | None = Field(default=None, description="Sprint: where to")
    beside: Key | None = Field(default=None, description="Sprint: end within Reach of whom")
    readied: Key | None = Field(default=None, description="Ready: the Task to attempt")
    difficulty_choice: int | None = Field(
        default=None, ge=0, le=5, description="Other Tasks: the Difficulty the GM set"
    )
    complication: Title | None = Field(
        default=None, description="Create Advantage: remove this Complication instead"
    )
    note: Line = Field(default="", description="An Advantage's name; a trigger; what is done")
    spends: PersonalSpends | None = None


class ConflictResolve(_Command):
    """Spend Momentum on the rolled Conflict card Task and apply it; an attack that hits
    with ``hold_damage`` rolls and holds its damage dice (ConflictApplyDamage lands them)."""

    type: Literal["conflict_resolve"] = "conflict_resolve"
    spends: PersonalSpends = PersonalSpends()
    hold_damage: bool = False


class ConflictApplyDamage(_Command):
    """Land the held damage, first re-rolling the dice ``reroll`` names (Re-Roll Damage,
    1 Momentum; an NPC 1 Threat)."""

    type: Literal["conflict_apply_damage"] = "conflict_apply_damage"
    reroll: tuple[int, ...] = Field(default=(), max_length=40)


class ConflictReroll(_Command):
    """Re-roll d20s of the rolled Task: Aim (one die; any number with an Accurate weapon)
    or Determination's Moment of Inspiration (all, citing a Value)."""

    type: Literal["conflict_reroll"] = "conflict_reroll"
    how: Literal["aim", "inspiration"] = "aim"
    dice: tuple[int, ...] = Field(default=(), max_length=MAX_POOL, description="Aim: indices")
    value: Line | None = None


class ConflictSpend(_Command):
    """Immediate Momentum spends (NPC side: Threat) during a figure's Turn."""

    type: Literal["conflict_spend"] = "conflict_spend"
    spend: Literal[
        "extra_minor", "swift_task", "create_problem", "create_advantage", "obtain_information"
    ]
    amount: int = Field(default=1, ge=1, le=3)
    name: Title = ""
    with_threat: bool = False
    remove_complication: bool = False


class ConflictSecondTask(_Command):
    """Determination (citing a Value): a second Task this Turn at +1 Difficulty."""

    type: Literal["conflict_second_task"] = "conflict_second_task"
    value: Line


class ConflictTriggerReady(_Command):
    """A figure's readied Task's trigger happens: it interrupts to attempt the Task."""

    type: Literal["conflict_trigger_ready"] = "conflict_trigger_ready"
    figure: Key


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
    StartConflict
    | EndConflict
    | AddFigure
    | WithdrawFigure
    | MoveFigure
    | SetZoneTerrain
    | RevealFigure
    | StrayHit
    | ConflictEndRound
    | ConflictAdjustDifficulty
    | ConflictNpcFirst
    | ConflictStartTurn
    | ConflictEndTurn
    | ConflictMinor
    | ConflictTask
    | ConflictResolve
    | ConflictApplyDamage
    | ConflictReroll
    | ConflictSpend
    | ConflictSecondTask
    | ConflictTriggerReady
    | AvoidInjury
    | ResistKnockdown
)
"""Any Command of the personal conflict."""

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
        "conflict_end_round",
        "conflict_adjust",
        "conflict_npc_first",
        "conflict_start_turn",
        "conflict_end_turn",
        "conflict_minor",
        "conflict_task",
        "conflict_resolve",
        "conflict_apply_damage",
        "conflict_reroll",
        "conflict_spend",
        "conflict_second_task",
        "conflict_trigger_ready",
        "avoid_injury",
        "resist_knockdown",
    }
)
"""Every personal conflict Command's ``type``."""
