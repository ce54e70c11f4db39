"""Minor Actions (seed 001: Interact, Change Position, Prepare, Restore, Raise/Lower Shields)."""

from __future__ import annotations

from bridge.engine.core.context import Ctx, need, refuse
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import MinorAction
from bridge.rules.hidden import secret

__all__ = ["minor_action"]


def minor_action(ctx: Ctx, cmd: MinorAction) -> None:
    turn = ctx.turn
    actor = turn.actor
    if actor is None or turn.actor_ship is None:
        refuse("Minor Actions are taken during a Turn: start one first.")
    if cmd.by not in ("gm", actor):
        refuse(f"It is {ctx.actor_name(actor)}'s Turn, not yours.")
    if ctx.state.pending is not None:
        refuse("Resolve the rolled Task first.")
    a = CATALOG.get(cmd.action)
    if a is None or a.kind != "minor":
        refuse(f"'{cmd.action}' is not a Minor Action.")
    if actor in ctx.state.characters:
        mine = ctx.state.stations_of(actor)
        if not any(s in a.stations for s in mine):
            refuse(f"{a.name} is on the {a.stations[0].label} card only.")
    if a.key in turn.minors_used:
        refuse(f"{a.name} has already been taken this Turn: each Minor Action once per Turn.")
    if len(turn.minors_used) >= turn.minor_allowance:
        refuse("Minor Action already used this Turn: spend 1 Momentum for an Extra Minor Action.")
    ship_id = turn.actor_ship
    ship = ctx.ship(ship_id)
    name = ctx.actor_name(actor)
    if a.key == "interact":
        ctx.say(f"{name} interacts: {cmd.note or 'with the environment'}.")
    elif a.key == "prepare":
        ctx.set_turn(prepared=True)
        ctx.say(f"{name} prepares for a Task.")
    elif a.key == "restore":
        if cmd.system is None:
            need("Restore needs the system to restore.")
        d = ship.damage[cmd.system]
        if not d.impact:
            refuse(f"{cmd.system.label} has no Impact to clear.")
        ctx.update_ship(
            ship_id, damage=ship.damage.replace(cmd.system, d.model_copy(update={"impact": False}))
        )
        ctx.say(f"{name} restores {cmd.system.label}: the Impact is cleared.")
    elif a.key == "change_position":
        if actor not in ctx.state.characters:
            refuse("Only characters change position.")
        if cmd.station is None:
            need("Change Position needs the station to move to.")
        if cmd.station in ctx.state.stations_of(actor):
            refuse(f"{name} is already at {cmd.station.label}.")
        ctx.set(pending_seats={**ctx.state.pending_seats, actor: cmd.station})
        ctx.say(f"{name} heads for {cmd.station.label}, arriving at the start of their next Turn.")
    else:
        _shields(ctx, ship_id, a.key == "raise_shields", name)
    ctx.set_turn(minors_used=(*turn.minors_used, a.key))


def _shields(ctx: Ctx, ship_id: str, up: bool, name: str) -> None:
    """Seed 001 Tactical card: raised shields return to their previous score; not both
    raised and lowered in one Round."""
    ship = ctx.ship(ship_id)
    if ship.shields_up == up:
        refuse(f"The shields are already {'up' if up else 'down'}.")
    done = ctx.turn.shields_toggled.get(ship_id)
    if done is not None:
        refuse(f"The shields were already {done} this Round: not both in one Round.")
    ctx.update_ship(ship_id, shields_up=up)
    word = "raised" if up else "lowered"
    ctx.set_turn(shields_toggled={**ctx.turn.shields_toggled, ship_id: word})
    now = secret(ship_id, f" (Shields {ctx.ship(ship_id).shields_now})")
    ctx.say(f"{name}: shields {word}{now}.")
