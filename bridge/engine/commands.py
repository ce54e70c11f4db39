"""The Command union: every change to a battle, as a serialisable pydantic value, whichever
card it comes from (the ship battle's, the personal conflict's, or any battle's).

``by`` names who issues it: ``"gm"`` or a character id. GM-only Commands say so with
``gm_only``; the Session refuses them from anyone else.
"""

from functools import cache
from typing import Annotated

from pydantic import Field, TypeAdapter

from bridge.engine.conflict.commands import (
    AddFigure,
    AvoidInjury,
    ConflictAdjustDifficulty,
    ConflictApplyDamage,
    ConflictEndRound,
    ConflictEndTurn,
    ConflictMinor,
    ConflictNpcFirst,
    ConflictReroll,
    ConflictResolve,
    ConflictSecondTask,
    ConflictSpend,
    ConflictStartTurn,
    ConflictTask,
    ConflictTriggerReady,
    EndConflict,
    MoveFigure,
    ResistKnockdown,
    RevealFigure,
    SetZoneTerrain,
    StartConflict,
    StrayHit,
    WithdrawFigure,
)
from bridge.engine.core.commands import (
    AddCharacter,
    AddTrait,
    AdjustPool,
    BeginSession,
    RemoveTrait,
    SetHouseRules,
    SetValue,
    TrayRoll,
    ValueComplication,
)
from bridge.engine.ship.commands import (
    AddShip,
    AdjustDifficulty,
    ApplyDamage,
    AttemptTask,
    EndRound,
    EndScene,
    EndTurn,
    Inspiration,
    MinorAction,
    MoveShip,
    NpcActsFirst,
    ResolveTask,
    SetSeats,
    SetZones,
    SpendDetermination,
    SpendMomentum,
    StartTurn,
    TriggerReady,
    Withdraw,
)

__all__ = ["Command", "command_adapter", "parse_command"]


Command = Annotated[
    StartTurn
    | EndTurn
    | MinorAction
    | AttemptTask
    | ResolveTask
    | ApplyDamage
    | Inspiration
    | SpendMomentum
    | SpendDetermination
    | ValueComplication
    | TriggerReady
    | NpcActsFirst
    | AdjustDifficulty
    | BeginSession
    | SetValue
    | AdjustPool
    | MoveShip
    | AddTrait
    | RemoveTrait
    | EndRound
    | EndScene
    | Withdraw
    | SetHouseRules
    | AddShip
    | AddCharacter
    | SetSeats
    | SetZones
    | TrayRoll
    | StartConflict
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
    | ResistKnockdown,
    Field(discriminator="type"),
]


@cache
def command_adapter() -> TypeAdapter[Command]:
    """The validator for the Command union (built on first use)."""
    return TypeAdapter(Command)


def parse_command(data: str | bytes) -> Command:
    """A Command from its JSON form."""
    return command_adapter().validate_json(data)
