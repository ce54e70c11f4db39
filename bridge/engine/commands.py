"""The Command union: every change to a battle, as a serialisable pydantic value, whichever
card it comes from (the ship battle's, the personal conflict's, or any battle's).

``by`` names who issues it: ``"gm"`` or a character id. GM-only Commands say so with
``gm_only``; the Session refuses them from anyone else.
"""

from functools import cache
from typing import Annotated

from pydantic import Field, TypeAdapter

from bridge.engine.conflict.commands import (
    ConflictCommand,
)
from bridge.engine.core.commands import (
    AddCharacter,
    AddTrait,
    AdjustPool,
    BeginSession,
    PlayedCommand,
    RemoveTrait,
    SetHouseRules,
    SetValue,
    TrayRoll,
    ValueComplication,
)
from bridge.engine.ship.commands import (
    AddShip,
    AttemptTask,
    EndScene,
    MinorAction,
    MoveShip,
    SetSeats,
    SetZones,
    Withdraw,
)

__all__ = ["Command", "command_adapter", "parse_command", "upgrade_command"]


Command = Annotated[
    # the Commands both battles take, then the ship battle's own and the GM's, then the
    # personal conflict's (its union names the shared ones again: a union keeps each once)
    PlayedCommand
    | MinorAction
    | AttemptTask
    | ValueComplication
    | BeginSession
    | SetValue
    | AdjustPool
    | MoveShip
    | AddTrait
    | RemoveTrait
    | EndScene
    | Withdraw
    | SetHouseRules
    | AddShip
    | AddCharacter
    | SetSeats
    | SetZones
    | TrayRoll
    | ConflictCommand,
    Field(discriminator="type"),
]


@cache
def command_adapter() -> TypeAdapter[Command]:
    """The validator for the Command union (built on first use)."""
    return TypeAdapter(Command)


def parse_command(data: str | bytes) -> Command:
    """A Command from its JSON form, strictly: no number or flag taken from a string, a
    float or another type (as the schema says)."""
    return command_adapter().validate_json(data, strict=True)


_SHARED = {
    "conflict_start_turn": "start_turn",
    "conflict_end_turn": "end_turn",
    "conflict_resolve": "resolve",
    "conflict_apply_damage": "apply_damage",
    "conflict_spend": "spend",
    "conflict_second_task": "determination",
    "conflict_trigger_ready": "trigger_ready",
    "conflict_npc_first": "npc_first",
    "conflict_adjust": "adjust_difficulty",
    "conflict_end_round": "end_round",
}
"""The personal conflict's Commands that became the shared ones (``where="conflict"``)."""


def upgrade_command(data: object) -> object:
    """A Command as a journal written before the two battles shared their Commands holds
    it, in today's shape (anything else as it is): the personal conflict's own Turn,
    spends, resolution, damage, Determination, readied Task, NPCs first, next Task and
    Round take the shared Commands with ``where="conflict"`` (a figure is their
    ``actor``); its re-roll is Aim or a Moment of Inspiration; a readied ship Task's
    trigger names its ``actor``."""
    if not isinstance(data, dict):
        return data
    kind = data.get("type")
    if kind == "trigger_ready" and "character" in data and "actor" not in data:
        return {**{k: v for k, v in data.items() if k != "character"}, "actor": data["character"]}
    if kind == "conflict_reroll":
        rest = {k: v for k, v in data.items() if k not in ("type", "how", "dice", "value")}
        if data.get("how") == "inspiration":
            return {**rest, "type": "inspiration", "where": "conflict", "value": data.get("value")}
        return {**rest, "type": "aim", "dice": data.get("dice", [])}
    if not isinstance(kind, str) or kind not in _SHARED:
        return data
    out = {k: v for k, v in data.items() if k != "figure"}
    out |= {"type": _SHARED[kind], "where": "conflict"}
    if "figure" in data:
        out["actor"] = data["figure"]
    if kind == "conflict_second_task":
        out["use"] = "second_task"
    return out
