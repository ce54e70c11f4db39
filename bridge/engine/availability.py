"""Why a card entry cannot be used right now: the reasons a station window shows."""

from __future__ import annotations

from bridge.engine.catalog import ActionDef, Station
from bridge.engine.encounter import Encounter

__all__ = ["action_unavailable", "turn_unavailable"]


def turn_unavailable(state: Encounter, actor: str) -> str | None:
    """Why ``actor`` cannot act now (``None`` when it is their Turn or interrupt)."""
    if state.ended:
        return f"The battle is over: {state.outcome}"
    turn = state.turn
    if turn.interrupt == actor:
        return None
    if turn.actor is None:
        return "Not your Turn: start a Turn first."
    if turn.actor != actor:
        return f"Not your Turn: {state.name_of(turn.actor)} is acting."
    return None


def action_unavailable(
    state: Encounter, actor: str, station: Station, action: ActionDef
) -> str | None:
    """The reason a card entry is disabled for ``actor`` at ``station``, or ``None``."""
    reason = turn_unavailable(state, actor)
    if reason is not None:
        return reason
    turn = state.turn
    if state.pending is not None:
        return "A rolled Task is waiting for its Momentum spends."
    ship = state.ships[turn.actor_ship or state.player_ship]
    if action.kind == "minor":
        if turn.interrupt == actor:
            return "An interrupting Task has no Minor Action."
        if action.key in turn.minors_used:
            return f"{action.name} was already taken this Turn."
        if len(turn.minors_used) >= turn.minor_allowance:
            return "Minor Action already used: spend 1 Momentum for an Extra Minor Action."
        if station not in action.stations:
            return f"Only at {action.stations[0].label}."
        return None
    if turn.interrupt != actor and turn.tasks_taken >= turn.task_allowance:
        return "Task already attempted this Turn: Swift Task (2 Momentum) or Determination."
    if action.key == "direct" and turn.direct_used:
        return "Direct is used once per scene."
    if action.uses is not None:
        blocked = ship.system_usable(action.uses)
        if blocked is not None:
            return blocked
    need = action.power
    if need and ship.power_now < need and state.house_rules.power_overdraw == "refuse":
        return f"Not enough Power: needs {need}, {ship.power_now} left."
    return None
