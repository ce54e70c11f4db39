"""Who may issue a Command from a seat: the host's check before the engine's own.

The engine already refuses GM-only Commands from players and a player starting another
character's Turn; this adds what it does not check yet (ending someone else's Turn,
resolving someone else's rolled Task), so the network stays safe until the engine's
own seat rights cover everything.
"""

from __future__ import annotations

from bridge.engine.commands import Command
from bridge.engine.encounter import Encounter

__all__ = ["seat_refusal"]

_OWN_PENDING = frozenset({"resolve", "inspiration"})


def seat_refusal(state: Encounter, command: Command, character: str) -> str | None:
    """Why ``character``'s player may not issue ``command`` now, or ``None``."""
    turn = state.turn
    if command.type == "end_turn" and turn.actor not in (None, character):
        return f"Only {state.name_of(turn.actor or '')}'s player can end their Turn."
    if (
        command.type in _OWN_PENDING
        and state.pending is not None
        and state.pending.actor != character
    ):
        return f"That rolled Task belongs to {state.name_of(state.pending.actor)}."
    return None
