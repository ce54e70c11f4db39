"""The gate of the Commands both battles take: why one is refused before its parameters
are looked at (ending a Turn, a spend, the NPCs first, the Round, a roll's resolution and
damage, Determination, a readied Task), one answer for either battle. A Turn's start is
each battle's own (who may take one differs: an officer, an NPC ship, a figure)."""

from __future__ import annotations

from bridge.engine.core.command import BaseCommand
from bridge.engine.core.commands import (
    ApplyDamage,
    EndRound,
    EndTurn,
    Inspiration,
    NpcActsFirst,
    ResolveTask,
    SpendDetermination,
    SpendMomentum,
    TriggerReady,
)
from bridge.engine.core.resolution import determination_refusal, trigger_refusal
from bridge.engine.core.spending import npc_first_refusal, spend_refusal
from bridge.engine.core.theatre import Theatre
from bridge.engine.core.turn_order import end_round_refusal, end_turn_refusal
from bridge.engine.state.encounter import Encounter

__all__ = ["played_refusal"]


def played_refusal(state: Encounter, theatre: Theatre, command: BaseCommand) -> str | None:
    """Why ``command``, one both battles take, is refused in ``theatre`` before its
    parameters, or None (any other Command: None)."""
    pending = theatre.pending(state)
    match command:
        case EndTurn():
            return end_turn_refusal(state, theatre, command)
        case SpendMomentum():
            return spend_refusal(state, theatre, command)
        case NpcActsFirst():
            return npc_first_refusal(state, theatre)
        case EndRound():
            return end_round_refusal(state, theatre)
        case TriggerReady():
            return trigger_refusal(state, theatre, command.actor)
        case SpendDetermination():
            return determination_refusal(state, theatre, command)
        case ResolveTask():
            if pending is None:
                return "There is no rolled Task to resolve."
            if pending.damage is not None:
                return "The damage dice are rolled: apply the damage (re-rolling any dice first)."
            return None
        case ApplyDamage():
            if pending is None or pending.damage is None:
                return "No attack's damage dice are waiting to land."
            return None
        case Inspiration():
            if pending is None:
                return "There is no rolled Task to re-roll."
            if pending.damage is not None:
                return (
                    "The Task is resolved and its damage rolled: its dice cannot be re-rolled now."
                )
            return None
        case _:
            return None
