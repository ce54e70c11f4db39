"""What an actor may do off the station cards' faces in the ship battle: the Turn's
controls every battle shares (:func:`bridge.engine.core.controls.turn_controls`), judged
by the ship's gate, with the spends a success of the waiting station Task allows (seed
001 card backs)."""

from __future__ import annotations

from bridge.engine.core.controls import Controls, turn_controls
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.forms import task_spends
from bridge.engine.ship.gate import ship_gate
from bridge.engine.ship.theatre import SHIP
from bridge.engine.state.encounter import Encounter

__all__ = ["ship_controls"]


def ship_controls(state: Encounter, actor: str) -> Controls:
    """Every control of a Turn for ``actor`` (an officer, or the GM's NPC ship)."""
    pending = state.pending
    mine = pending is not None and pending.actor == actor
    spends = task_spends(CATALOG[pending.action]) if mine and pending is not None else ()
    return turn_controls(state, SHIP, actor, ship_gate, spends)
