"""One answer to "why not": the engine refuses with it, the windows disable with it.

:func:`why_not` judges a Command without its parameters (who issues it, whose Turn it
is, what the Turn has used, the pools, the ship's systems, the figure's state). The
Session asks it before any handler runs, so a window that shows a control enabled
exactly when ``why_not`` is ``None`` never disagrees with the engine; a parameter the
user has not chosen yet (a target, a system) is the only later refusal, and it is a
:class:`~bridge.engine.core.context.MissingParameter`.

It checks the issuer's right (:mod:`bridge.engine.authority`), then hands the Command to
its battle's gate: the personal conflict's or the ship battle's, which waits while a
personal conflict pauses it.
"""

from __future__ import annotations

from bridge.engine.authority import issuer_refusal
from bridge.engine.commands import Command
from bridge.engine.conflict.gate import conflict_why_not
from bridge.engine.core.command import BaseCommand
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.gate import ship_why_not
from bridge.engine.ship.tasks import TaskPlan, preview_ship_task
from bridge.engine.state.encounter import Encounter, away_characters

__all__ = ["PAUSED", "SHIP_TURN_PLAY", "preview_task", "ship_refusal", "why_not"]

SHIP_TURN_PLAY = frozenset(
    {
        "start_turn",
        "end_turn",
        "minor",
        "task",
        "resolve",
        "apply_damage",
        "inspiration",
        "spend",
        "trigger_ready",
        "npc_first",
        "end_round",
    }
)
"""The ship battle's Turn-by-Turn Commands: they wait while a personal conflict pauses it."""
PAUSED = "The ship battle waits while the personal conflict runs (the GM ends it to return)."


def ship_refusal(state: Encounter, command: BaseCommand) -> str | None:
    """Why a ship battle Command waits for the personal conflict, or None."""
    conflict = state.conflict
    kind = getattr(command, "type", "")
    if conflict is None:
        return None
    if kind == "end_scene":
        return "End the personal conflict first: its scene ends with it."
    if kind not in SHIP_TURN_PLAY:
        return None
    if conflict.pause_ship:
        return PAUSED
    if kind == "start_turn":
        actor = getattr(command, "actor", "")
        if actor in away_characters(state):
            return f"{state.name_of(actor)} is in the personal conflict, off the bridge."
    return None


def why_not(state: Encounter, command: Command) -> str | None:
    """Why ``command`` is refused before its parameters are looked at, or ``None``."""
    reason = issuer_refusal(state, command)
    if reason is not None:
        return reason
    if command.on_foot:
        return conflict_why_not(state, command)
    paused = ship_refusal(state, command)
    if paused is not None:
        return paused
    return ship_why_not(state, command)


def preview_task(state: Encounter, cmd: AttemptTask) -> TaskPlan | str:
    """The plan for the station Task ``cmd`` in ``state``, or why the gate or the Task's
    rules would refuse it (its dice and its own Threat paid on a throwaway copy)."""
    reason = why_not(state, cmd)
    return reason if reason is not None else preview_ship_task(state, cmd)
