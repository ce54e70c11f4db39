"""Who may issue a Command: the engine's one check on the ``by`` of every Command.

The seat plan decides which characters a player holds (a player is named by their
character id); the GM holds every NPC ship and may act for anyone. Nothing outside this
module decides whether the issuer had the right.
"""

from __future__ import annotations

from bridge.engine.commands import Command
from bridge.engine.conflict.gate import conflict_issuer_refusal
from bridge.engine.core.command import player_refusal
from bridge.engine.ship.whose_turn import not_yours
from bridge.engine.state.encounter import Encounter

__all__ = ["issuer_refusal"]


def _name(state: Encounter, actor: str) -> str:
    return state.name_of(actor)


def issuer_refusal(state: Encounter, command: Command) -> str | None:
    """Why ``command.by`` may not issue ``command`` now, or ``None`` if they may.

    Judges only the issuer's right; whether the rules allow the Command is the handlers'.
    """
    by = command.by
    if by == "gm":
        return None
    basic = player_refusal(state, command)
    if basic is not None:
        return basic
    if command.on_foot:
        return conflict_issuer_refusal(state, command)
    match command.type:
        case "start_turn":
            if command.actor != by:
                who = _name(state, command.actor)
                return f"Only {who}'s own player (or the GM) can start their Turn."
        case "end_turn":
            actor = state.turn.actor
            if actor is not None and actor != by:
                return f"It is {_name(state, actor)}'s Turn: only they (or the GM) can end it."
        case "spend" | "minor":
            return not_yours(state, by, command.type)
        case "task":
            return not_yours(state, by, "task")
        case "resolve" | "inspiration" | "apply_damage":
            pending = state.pending
            if pending is not None and pending.actor != by:
                return f"The rolled Task is {_name(state, pending.actor)}'s to resolve."
        case "trigger_ready":
            if command.actor != by:
                return f"Only {_name(state, command.actor)}'s own player (or the GM) can do that."
        case "determination" | "value_complication":
            who = command.character or state.turn.actor or by
            if who != by:
                return f"Only {_name(state, who)}'s own player (or the GM) can do that."
        case _:
            pass
    return None
