"""What the two battles' Turns and rolls share: whose Turn it is and what it has used, an
Assist (or Direct) waiting for its ally's Task, and a rolled Task waiting for its spends
and an attack's damage. The ship battle's Turn and roll (:mod:`bridge.engine.state.encounter`)
and the personal conflict's (:mod:`bridge.engine.state.conflict`) add only what is theirs."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from bridge.engine.state.spends import HeldDamage
from bridge.rules.task import TaskResult
from bridge.rules.text import ID_MAX, Key

__all__ = [
    "DIFFICULTY_ITEMS_MAX",
    "MINORS_MAX",
    "ROUND_MAX",
    "TURNS_MAX",
    "AssistOffer",
    "Id",
    "Rolled",
    "Side",
    "TurnBase",
]

Side = Literal["player", "npc"]
Id = Annotated[str, Field(max_length=ID_MAX)]
"""An actor's id (a ship's, a character's or a figure's), as a reference."""
ROUND_MAX = 999
TURNS_MAX = 1000
"""Turns one Round may hold (every NPC ship takes one per point of Scale)."""
MINORS_MAX = 50
DIFFICULTY_ITEMS_MAX = 30
MINOR_ALLOWANCE_MAX = 10
TASKS_PER_TURN_MAX = 2
"""A Turn holds at most two Tasks (Swift Task or Determination add the second)."""


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class TurnBase(_Frozen):
    """Who is acting and what their Turn has used (RULES-NOTES "Turn order"; seed 001
    COMBAT ACTIONS: one Minor Action and one Task, each Minor Action once a Turn)."""

    round: int = Field(default=1, ge=1, le=ROUND_MAX)
    turn_id: int = Field(default=0, ge=0, le=10**9)
    side: Side = "player"
    actor: Id | None = None
    acted: tuple[Id, ...] = Field(default=(), max_length=TURNS_MAX)
    minors_used: tuple[Key, ...] = Field(default=(), max_length=MINORS_MAX)
    minor_allowance: int = Field(default=1, ge=1, le=MINOR_ALLOWANCE_MAX)
    task_allowance: int = Field(default=1, ge=1, le=TASKS_PER_TURN_MAX)
    prepared: bool = False
    kept_initiative: bool = False
    any_turn_this_round: bool = False
    interrupt: Id | None = None
    directed_by: Id | None = Field(
        default=None,
        description="Who directed the interrupting actor's Task (Direct); None when the "
        "interruption is a readied Task",
    )
    direct_used: bool = False
    npc_direct_used: bool = Field(
        default=False, description="Seed 003: one Direct on each side; the NPCs' this scene"
    )
    create_problem: dict[Side, Annotated[int, Field(ge=0, le=3)]] = Field(
        default_factory=dict, max_length=2
    )
    gm_difficulty: int = Field(default=0, ge=-5, le=5)
    gm_complication: int = Field(default=0, ge=0, le=5, description="0: the GM set none")
    passed: bool = False

    @property
    def now(self) -> str | None:
        """Who attempts the next Task: the interrupting actor, or the Turn's own."""
        return self.interrupt or self.actor


class AssistOffer(_Frozen):
    """An Assist (or Direct) waiting for its ally's next Task."""

    assister: Id
    target: Id
    attribute: Key
    discipline: Key
    focus: bool = False
    source: Literal["assist", "direct"] = "assist"


class Rolled(_Frozen):
    """A rolled Task waiting for its Momentum spends (and, for an attack that hits, its
    damage dice, held to be seen and re-rolled before they land)."""

    actor: Id
    action: Key
    result: TaskResult
    difficulty_items: tuple[tuple[Annotated[str, Field(max_length=200)], int], ...] = Field(
        default=(), max_length=DIFFICULTY_ITEMS_MAX
    )
    interrupt: bool = False
    damage: HeldDamage | None = None
    """An attack's damage dice, rolled at RESOLVE and waiting to land (ApplyDamage)."""
