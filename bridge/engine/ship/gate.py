"""The ship battle's answer to "why not" (the engine's gate,
:func:`bridge.engine.gate.why_not`, asks here for the ship battle's Commands).

:func:`ship_why_not` judges a Command without its parameters (who issues it, whose Turn it
is, what the Turn has used, the pools, the ship's systems). The Session asks it before
any handler runs, so a window that shows a control enabled exactly when ``why_not`` is
``None`` never disagrees with the engine; a parameter the user has not chosen yet (a
target, a system) is the only later refusal, and it is a
:class:`~bridge.engine.core.context.MissingParameter`.
"""

from __future__ import annotations

from typing import Any

from bridge.engine.core.command import BaseCommand, player_refusal
from bridge.engine.core.commands import (
    ApplyDamage,
    EndRound,
    EndTurn,
    Inspiration,
    NpcActsFirst,
    ResolveTask,
    SpendDetermination,
    SpendMomentum,
    StartTurn,
    TriggerReady,
)
from bridge.engine.core.played import played_refusal
from bridge.engine.ship.cards import rule_of
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask, MinorAction
from bridge.engine.ship.theatre import SHIP
from bridge.engine.ship.turns import npcs_waiting, players_waiting
from bridge.engine.ship.whose_turn import not_yours
from bridge.engine.state.cards import ActionDef, Station
from bridge.engine.state.encounter import Encounter, PendingTask, away_characters
from bridge.model.ship import Ship
from bridge.rules.breaches import SystemState
from bridge.rules.stats import System

__all__ = [
    "PAUSED",
    "PLAY",
    "SHIP_TURN_PLAY",
    "ship_gate",
    "ship_issuer_refusal",
    "ship_refusal",
    "ship_why_not",
    "waiting_text",
]

PLAY = frozenset(
    {
        "start_turn",
        "end_turn",
        "minor",
        "task",
        "resolve",
        "apply_damage",
        "inspiration",
        "spend",
        "determination",
        "trigger_ready",
        "npc_first",
        "end_round",
        "withdraw",
        "move_ship",
        "adjust_difficulty",
    }
)
"""Commands that play the battle on, refused once it is over (GM edits stay allowed)."""


def ship_why_not(state: Encounter, command: BaseCommand) -> str | None:
    """Why a ship battle Command is refused before its parameters are looked at, or
    ``None`` (the issuer's right and a personal conflict's pause are the dispatcher's,
    :func:`bridge.engine.gate.why_not`)."""
    if state.ended and getattr(command, "type", "") in PLAY:
        return f"The battle is over: {state.outcome}"
    match command:
        case StartTurn():
            return _start_turn(state, command.actor)
        case MinorAction():
            return _minor(state, command)
        case AttemptTask():
            return _task(state, command)
        case (
            EndTurn()
            | SpendMomentum()
            | NpcActsFirst()
            | EndRound()
            | TriggerReady()
            | SpendDetermination()
            | ResolveTask()
            | ApplyDamage()
            | Inspiration()
        ):
            return played_refusal(state, SHIP, command)
        case _:
            return None


def waiting_text(pending: PendingTask) -> str:
    """Why no new Task can start while ``pending`` waits."""
    if pending.damage is not None:
        return "An attack's damage dice are waiting to land: apply the damage first."
    return "Another Task is waiting for its Momentum spends: resolve it first."


def _start_turn(state: Encounter, actor: str) -> str | None:
    turn = state.turn
    name = state.name_of
    if turn.actor is not None:
        return f"{name(turn.actor)} is still taking their Turn; end it first."
    if actor in state.characters:
        if turn.side != "player":
            return "It is the NPCs' Turn: the players act after them."
        if actor in turn.acted:
            return f"{name(actor)} has already taken a Turn this Round."
        if actor not in state.seated_characters():
            return f"{name(actor)} is not seated at any station."
        if actor not in players_waiting(state):
            return "The player ship is out of the battle."
        return None
    if actor in state.ships:
        if state.sides[actor] != "npc":
            return f"{name(actor)} is crewed by the players: start a character's Turn."
        if turn.side != "npc":
            return "It is the players' Turn: the NPCs act after them."
        if actor not in npcs_waiting(state):
            return f"{name(actor)} has no Turns left this Round."
        return None
    return f"There is no character or ship '{actor}'."


def _acting(state: Encounter) -> str | None:
    turn = state.turn
    if turn.actor is None or turn.actor_ship is None:
        return "Not your Turn: start a Turn first."
    return None


def _minor(state: Encounter, command: MinorAction) -> str | None:
    reason = _acting(state)
    if reason is not None:
        return "Minor Actions are taken during a Turn: start one first."
    if state.pending is not None:
        return "Resolve the rolled Task first."
    turn = state.turn
    a = CATALOG.get(command.action)
    if a is None or a.kind != "minor":
        return f"'{command.action}' is not a Minor Action."
    actor = turn.actor
    assert actor is not None and turn.actor_ship is not None
    if actor in state.characters:
        if not any(s in a.stations for s in state.stations_of(actor)):
            return f"{a.name} is on the {a.stations[0].label} card only."
        if a.key == "change_position" and not state.stations_of(actor):
            return None
    elif a.key == "change_position":
        return "Only characters change position."
    if a.key in turn.minors_used:
        return f"{a.name} has already been taken this Turn: each Minor Action once per Turn."
    if len(turn.minors_used) >= turn.minor_allowance:
        return "Minor Action already used this Turn: spend 1 Momentum for an Extra Minor Action."
    if a.key in ("raise_shields", "lower_shields"):
        ship = state.ships[turn.actor_ship]
        up = a.key == "raise_shields"
        if ship.shields_up == up:
            return f"The shields are already {'up' if up else 'down'}."
        done = turn.shields_toggled.get(turn.actor_ship)
        if done is not None:
            return f"The shields were already {done} this Round: not both in one Round."
    return None


def _task_station(state: Encounter, actor: str, a: ActionDef, cmd: AttemptTask) -> str | None:
    """The card and Override checks of :func:`bridge.engine.ship.tasks.frame_for`."""
    if actor not in state.characters:
        station: Station = cmd.station or a.stations[0]
        if station not in a.stations:
            return f"{a.name} is not on the {station.label} card."
        return None
    mine = state.stations_of(actor)
    if cmd.station is not None and cmd.station not in mine and not cmd.override:
        return f"The {cmd.station.label} station is not yours: use Override (+1 Difficulty)."
    if not cmd.override and not any(s in a.stations for s in mine):
        return (
            f"{a.name} is on the {a.stations[0].label} card, not yours: "
            "use Override (+1 Difficulty)."
        )
    return None


def _task(state: Encounter, cmd: AttemptTask) -> str | None:
    turn = state.turn
    actor = turn.interrupt or turn.actor
    if actor is None:
        return "Tasks are attempted during a Turn: start one first."
    if state.pending is not None:
        return waiting_text(state.pending)
    if turn.interrupt is None and turn.tasks_taken >= turn.task_allowance:
        if turn.tasks_taken >= 2:
            return "At most two Tasks may be attempted in a Turn."
        return (
            "A Task has already been attempted this Turn: a Swift Task (2 Momentum) or "
            "Determination allows a second one."
        )
    a = CATALOG.get(cmd.action)
    if a is None or a.kind != "task":
        return f"'{cmd.action}' is not a Task on any station card."
    if a.key == "override":
        return "Choose the Task to attempt and tick Override: it adds +1 Difficulty."
    reason = _task_station(state, actor, a, cmd)
    if reason is not None:
        return reason
    ship = state.ships[actor if actor not in state.characters else state.player_ship]
    if a.uses is not None:
        blocked = ship.system_usable(a.uses)
        close_only = rule_of(a.key).close_when_disabled
        if blocked is not None and not (close_only and _only_disabled(ship, a.uses)):
            return blocked
    return _card_rule(state, actor, ship, a)


def _only_disabled(ship: Ship, system: System) -> bool:
    return not ship.destroyed and ship.system_state(system) is SystemState.DISABLED


def _card_rule(state: Encounter, actor: str, ship: Ship, a: ActionDef) -> str | None:
    """The checks of one card entry that need no parameter: its rule's
    (:mod:`bridge.engine.ship.cards`)."""
    why_not = rule_of(a.key).why_not
    return why_not(state, actor, ship) if why_not is not None else None


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


def ship_issuer_refusal(state: Encounter, command: BaseCommand) -> str | None:
    """Why a player (``command.by``, a character id) may not issue this ship battle
    Command: they act only for their own character, on its Turn (or its directed or
    readied Task)."""
    by = command.by
    cmd: Any = command  # (each case reads its own Command's fields)
    match cmd.type:
        case "start_turn":
            if cmd.actor != by:
                who = state.name_of(cmd.actor)
                return f"Only {who}'s own player (or the GM) can start their Turn."
        case "end_turn":
            actor = state.turn.actor
            if actor is not None and actor != by:
                return f"It is {state.name_of(actor)}'s Turn: only they (or the GM) can end it."
        case "spend" | "minor":
            return not_yours(state, by, cmd.type)
        case "task":
            return not_yours(state, by, "task")
        case "resolve" | "inspiration" | "apply_damage":
            pending = state.pending
            if pending is not None and pending.actor != by:
                return f"The rolled Task is {state.name_of(pending.actor)}'s to resolve."
        case "trigger_ready":
            if cmd.actor != by:
                return f"Only {state.name_of(cmd.actor)}'s own player (or the GM) can do that."
        case "determination" | "value_complication":
            who = cmd.character or state.turn.actor or by
            if who != by:
                return f"Only {state.name_of(who)}'s own player (or the GM) can do that."
        case _:
            pass
    return None


def ship_gate(state: Encounter, command: BaseCommand) -> str | None:
    """The whole gate for a ship battle Command: the issuer's right, a personal conflict's
    pause, then the rules (:func:`ship_why_not`)."""
    if command.by != "gm":
        reason = player_refusal(state, command) or ship_issuer_refusal(state, command)
        if reason is not None:
            return reason
    return ship_refusal(state, command) or ship_why_not(state, command)
