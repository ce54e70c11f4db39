"""The GM's hand on the ship battle (the next Task, NPCs first, values by path, ships,
seats, the map, the house rules) and the ship's Immediate spends of Momentum, Threat
and Determination."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from bridge.engine.core.commands import SetHouseRules, SetValue
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.ship.commands import AddShip, MoveShip, SetSeats, SetZones, Withdraw
from bridge.engine.ship.turns import check_outcome
from bridge.engine.state.encounter import Encounter
from bridge.model.validation import describe_validation_error

__all__ = [
    "add_ship",
    "move_ship",
    "set_house_rules",
    "set_seats",
    "set_value",
    "set_zones",
    "withdraw",
]


def _set_path(data: dict[str, Any], path: list[str], value: object) -> None:
    node: Any = data
    for i, part in enumerate(path[:-1]):
        if not isinstance(node, dict) or part not in node:
            refuse(f"'{'.'.join(path[: i + 1])}' is not a value in this encounter.")
        node = node[part]
    if not isinstance(node, dict) or path[-1] not in node:
        refuse(f"'{'.'.join(path)}' is not a value in this encounter.")
    old = node[path[-1]]
    if isinstance(old, dict | list):
        refuse(f"'{'.'.join(path)}' is a group of values: name one of them.")
    if old is not None and value is not None and type(old) is not type(value):
        refuse(f"{'.'.join(path)} is {_kind(old)}: {value!r} is {_kind(value)}.")
    node[path[-1]] = value


def _kind(value: object) -> str:
    if isinstance(value, bool):
        return "yes or no (true or false)"
    if isinstance(value, int):
        return "a whole number"
    return "text" if isinstance(value, str) else "empty"


def set_value(ctx: Ctx, cmd: SetValue) -> None:
    """Edit any value; the whole encounter is validated again, so nothing invalid lands.

    The value lands as given or not at all: a yes/no is not a number (``True`` is not
    Scale 1), nor is the text "3".
    """
    data = ctx.state.model_dump(mode="json")
    parts = cmd.path.split(".")
    _set_path(data, parts, cmd.value)
    try:
        state = Encounter.model_validate(data)
    except ValidationError as exc:
        refuse(f"{cmd.path} cannot be {cmd.value!r}: {describe_validation_error(exc)}")
    if cmd.value is not None:  # (None may stand for a default: "at maximum")
        landed: Any = state.model_dump(mode="json")
        for part in parts:
            landed = landed[part]
        if type(landed) is not type(cmd.value) or landed != cmd.value:
            refuse(f"{cmd.path} is {_kind(landed)}: {cmd.value!r} is {_kind(cmd.value)}.")
    ctx.state = state
    ctx.say(f"GM sets {cmd.path} to {cmd.value!r}.")
    check_outcome(ctx)


def move_ship(ctx: Ctx, cmd: MoveShip) -> None:
    ctx.ship(cmd.ship)
    if cmd.zone not in ctx.state.zones.zones:
        refuse(f"There is no zone '{cmd.zone}' on the map.")
    ctx.set(zones=ctx.state.zones.move(cmd.ship, cmd.zone))
    ctx.say(f"GM moves {ctx.ship_name(cmd.ship)} to {cmd.zone}.")


def withdraw(ctx: Ctx, cmd: Withdraw) -> None:
    ship = ctx.ship(cmd.ship)
    if cmd.ship in ctx.state.retreated or ship.destroyed:
        refuse(f"{ship.name} is already out of the fight.")
    if ctx.turn.actor_ship == cmd.ship or (
        ctx.state.pending and ctx.state.pending.ship == cmd.ship
    ):
        refuse(f"{ship.name} is acting: end its Turn first.")
    ctx.set(retreated=(*ctx.state.retreated, cmd.ship))
    ctx.say(f"{ship.name} withdraws from the battle.")
    check_outcome(ctx)


def _revalidate(ctx: Ctx, what: str, **changes: object) -> None:
    """Replace parts of the encounter and validate the whole, or refuse naming the field."""
    data = ctx.state.model_dump()
    data.update(changes)
    try:
        ctx.state = Encounter.model_validate(data)
    except ValidationError as exc:
        refuse(f"{what}: {describe_validation_error(exc)}")


def add_ship(ctx: Ctx, cmd: AddShip) -> None:
    ship_id = cmd.ship.id
    base, n = ship_id, 2
    while ship_id in ctx.state.ships:
        ship_id, n = f"{base}-{n}", n + 1
    ship = cmd.ship.model_copy(update={"id": ship_id})
    if cmd.side == "npc" and ctx.state.house_rules.npc_whole_ship_breaches:
        ship = ship.model_copy(update={"breach_mode": "whole_ship"})
    zones = ctx.state.zones.model_dump()
    zones["positions"] = {**zones["positions"], ship_id: cmd.zone}
    _revalidate(
        ctx,
        f"Adding {ship.name}",
        ships={**ctx.state.model_dump()["ships"], ship_id: ship.model_dump()},
        sides={**ctx.state.sides, ship_id: cmd.side},
        zones=zones,
    )
    if cmd.side == "npc":
        left = {**ctx.turn.npc_turns_left, ship_id: ship.scale}
        allowed = {**ctx.turn.npc_turns_allowed, ship_id: ship.scale}
        ctx.set_turn(npc_turns_left=left, npc_turns_allowed=allowed)
    ctx.say(f"{ship.name} joins the battle ({cmd.side}) in {cmd.zone}.")


def set_seats(ctx: Ctx, cmd: SetSeats) -> None:
    if ctx.turn.actor is not None:
        refuse("Change seats between Turns.")
    seats = {k.value: v for k, v in cmd.seats.items() if v}
    _revalidate(ctx, "Seats", seats=seats)
    ctx.say(
        "GM seats the crew: "
        + "; ".join(
            f"{s.label}: {', '.join(ctx.state.characters[c].name for c in crew)}"
            for s, crew in ctx.state.seats.items()
        )
    )


def set_zones(ctx: Ctx, cmd: SetZones) -> None:
    _revalidate(ctx, "Zones", zones=cmd.zones.model_dump())
    ctx.say(f"GM redraws the map: {', '.join(cmd.zones.zones)}.")


def set_house_rules(ctx: Ctx, cmd: SetHouseRules) -> None:
    before = ctx.state.house_rules
    ctx.set(house_rules=cmd.rules)
    ctx.say("GM changes the house rules.")
    whole = cmd.rules.npc_whole_ship_breaches
    if (
        whole != before.npc_whole_ship_breaches
        and cmd.rules.npc_breach_rule_reaches_ships_in_battle
    ):
        mode = "whole_ship" if whole else "per_system"
        for ship_id, side in ctx.state.sides.items():
            if side == "npc":
                ctx.update_ship(ship_id, breach_mode=mode)
        ctx.say(f"NPC ships in the battle now count breaches {mode.replace('_', ' ')}.")
