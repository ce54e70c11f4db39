"""The Conflict card's Minor Actions (seed 001 MINOR ACTIONS; seed 003 COMMON CONFLICT
MINOR ACTIONS): Aim, Draw Item, Drop Prone, Interact, Movement, Prepare, Stand. Their
parameter-free "why not" is the gate's (:mod:`bridge.engine.conflict.gate`)."""

from __future__ import annotations

from bridge.engine.conflict.catalog import CONFLICT_CARD
from bridge.engine.conflict.commands import ConflictMinor
from bridge.engine.conflict.figures import issuer
from bridge.engine.conflict.gate import conflict_why_not
from bridge.engine.conflict.ops import (
    conflict,
    figure,
    place,
    set_conflict,
    set_cturn,
    update_figure,
)
from bridge.engine.core.context import Ctx, need, refuse
from bridge.engine.state.zones import UNCONNECTED

__all__ = ["MOVEMENT_RANGE", "conflict_minor"]

MOVEMENT_RANGE = 1
"""Seed 003 MOVEMENT: "moves to any point within Medium range" (the next zone at most)."""
CARRIED_MAX = 12


def conflict_minor(ctx: Ctx, cmd: ConflictMinor) -> None:
    reason = conflict_why_not(ctx.state, cmd)
    if reason is not None:
        refuse(reason)
    now = conflict(ctx)
    actor = now.turn.actor
    assert actor is not None  # (the gate refuses a Minor Action outside a Turn)
    me = figure(ctx, actor)
    if cmd.by not in ("gm", issuer(me)):
        refuse(f"It is {me.name}'s Turn, not yours.")
    a = CONFLICT_CARD[cmd.action]
    match a.key:
        case "aim":
            update_figure(ctx, me.id, aim=True)
            ctx.say(
                f"{me.name} aims: one d20 of an attack may be re-rolled before their next Turn."
            )
        case "draw_item":
            _draw(ctx, me.id, cmd)
        case "drop_prone":
            update_figure(ctx, me.id, prone=True)
            ctx.say(f"{me.name} drops prone.")
        case "stand":
            update_figure(ctx, me.id, prone=False)
            ctx.say(f"{me.name} stands up.")
        case "interact":
            ctx.say(f"{me.name} interacts: {cmd.note or 'with the environment'}.")
        case "prepare":
            set_cturn(ctx, prepared=True)
            ctx.say(f"{me.name} prepares for a Task.")
        case _:  # movement
            _move(ctx, me.id, cmd)
    turn = conflict(ctx).turn
    set_cturn(ctx, minors_used=(*turn.minors_used, a.key))


def _move(ctx: Ctx, actor: str, cmd: ConflictMinor) -> None:
    """Seed 003 MOVEMENT: within Medium range (this zone or the next); the gate refuses it
    with an enemy within Reach or after Sprint."""
    now = conflict(ctx)
    zone = cmd.zone or now.zone_of(actor)
    if zone not in now.zones.zones:
        refuse(f"There is no zone '{zone}' on the map.")
    distance = now.zones.distance(now.zone_of(actor), zone)
    if distance >= UNCONNECTED or distance > MOVEMENT_RANGE:
        refuse(f"{zone} is beyond Medium range: Movement reaches the next zone at most.")
    if cmd.zone is None and cmd.beside is None:
        need("Movement needs where to: a zone, or someone to stand beside.")
    place(ctx, actor, zone, cmd.beside)
    me = figure(ctx, actor)
    beside = f", beside {figure(ctx, cmd.beside).name}" if cmd.beside else ""
    ctx.say(f"{me.name} moves to {zone}{beside}.")


def _draw(ctx: Ctx, actor: str, cmd: ConflictMinor) -> None:
    """Seed 003 DRAW ITEM: draw a weapon carried, or pick up an item within Reach (one the
    figure does not carry is picked up)."""
    me = figure(ctx, actor)
    if cmd.weapon is None:
        need("Draw Item needs the weapon to draw or pick up.")
    if cmd.pick_up or me.weapon(cmd.weapon) is None:  # (one not carried is picked up)
        now = conflict(ctx)
        here = now.zone_of(actor)
        for i, item in enumerate(now.ground):
            if item.weapon.name == cmd.weapon and item.zone == here and item.huddle == me.huddle:
                if len(me.weapons) >= CARRIED_MAX:
                    refuse(f"{me.name} carries as much as they can.")
                set_conflict(ctx, ground=now.ground[:i] + now.ground[i + 1 :])
                update_figure(ctx, actor, weapons=(*me.weapons, item.weapon), wielding=cmd.weapon)
                ctx.say(f"{me.name} picks up {cmd.weapon}.")
                return
        if not cmd.pick_up:
            refuse(f"{me.name} carries no {cmd.weapon}, and none lies on the ground within Reach.")
        refuse(f"There is no {cmd.weapon} on the ground within Reach.")
    if me.weapon(cmd.weapon) is None:
        refuse(f"{me.name} carries no {cmd.weapon}.")
    if me.wielding == cmd.weapon:
        refuse(f"{cmd.weapon} is already in hand.")
    update_figure(ctx, actor, wielding=cmd.weapon)
    ctx.say(f"{me.name} draws {cmd.weapon}.")
