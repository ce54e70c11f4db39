"""GM Commands and the immediate spends of Momentum, Threat and Determination."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from bridge.engine.commands import (
    AddCharacter,
    AddShip,
    AddTrait,
    AdjustDifficulty,
    AdjustPool,
    BeginSession,
    MoveShip,
    NpcActsFirst,
    RemoveTrait,
    SetHouseRules,
    SetSeats,
    SetValue,
    SetZones,
    SpendDetermination,
    SpendMomentum,
    TriggerReady,
    ValueComplication,
    Withdraw,
)
from bridge.engine.context import Ctx, refuse
from bridge.engine.encounter import DurationKind, Encounter, Side, Trait
from bridge.engine.momentum_spends import threat_refusal
from bridge.engine.turns import check_outcome
from bridge.model.pools import THREAT_MAX
from bridge.model.validation import describe_validation_error
from bridge.rules.task import complication_faces

__all__ = [
    "add_character",
    "add_ship",
    "add_trait",
    "adjust_difficulty",
    "adjust_pool",
    "move_ship",
    "npc_acts_first",
    "remove_complication",
    "remove_trait",
    "set_house_rules",
    "set_seats",
    "set_value",
    "set_zones",
    "spend_determination",
    "spend_momentum",
    "trigger_ready",
    "value_complication",
    "withdraw",
]


def npc_acts_first(ctx: Ctx, cmd: NpcActsFirst) -> None:
    """[default] The GM pays 2 Threat to have an NPC act first in the Round."""
    if ctx.turn.any_turn_this_round:
        refuse("NPCs can be sent first only before anyone has acted this Round.")
    if ctx.turn.side == "npc":
        refuse("The NPCs already act first this Round.")
    ctx.pay("npc", ctx.state.house_rules.npc_act_first_threat, "An NPC acts first")
    ctx.set_turn(side="npc")


def adjust_difficulty(ctx: Ctx, cmd: AdjustDifficulty) -> None:
    """The GM's word on the next Task: its Difficulty and its complication range."""
    rng = cmd.complication_range or 0
    ctx.set_turn(gm_difficulty=cmd.amount, gm_complication=rng)
    parts = [f"Difficulty {cmd.amount:+d}"] if cmd.amount or not rng else []
    if rng:
        parts.append(f"complication range {rng} ({complication_faces(rng)})")
    ctx.say(
        f"GM: the next Task's {' and '.join(parts)}"
        + (f" ({cmd.reason})" if cmd.reason else "")
        + "."
    )


STARTING_THREAT_PER_CHARACTER = 2
"""RULES-NOTES [known]: the GM starts each session with 2 Threat per player character."""


def begin_session(ctx: Ctx, cmd: BeginSession) -> None:
    """RULES-NOTES [known]: a session starts with 2 Threat per player character; seed
    003: Determination starts each session at 1; a Value may be challenged once a session."""
    if ctx.turn.actor is not None or ctx.state.pending is not None:
        refuse("Begin a new session between Turns.")
    players = len(ctx.state.characters)
    threat = STARTING_THREAT_PER_CHARACTER * players
    ctx.set(threat=ctx.state.threat.model_copy(update={"value": threat}))
    for character in ctx.state.characters.values():
        ctx.put_character(
            character.model_copy(
                update={
                    "determination": character.determination.model_copy(update={"value": 1}),
                    "value_challenged_this_session": False,
                }
            )
        )
    ctx.say(
        f"A new session begins: Threat {threat} (2 for each of {players} player "
        "characters); every officer's Determination is 1."
    )


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


def adjust_pool(ctx: Ctx, cmd: AdjustPool) -> None:
    if cmd.pool == "threat":
        value = ctx.state.threat.value + cmd.delta
        if value < 0:
            refuse(f"Threat cannot go below 0 (it is {ctx.state.threat.value}).")
        if value > THREAT_MAX:
            refuse(f"Threat cannot go above {THREAT_MAX}.")
        ctx.set(threat=ctx.state.threat.model_copy(update={"value": value}))
    else:
        value = ctx.state.momentum.value + cmd.delta
        if not 0 <= value <= ctx.state.momentum.cap:
            refuse(f"Momentum must stay within 0..{ctx.state.momentum.cap}.")
        ctx.set(momentum=ctx.state.momentum.model_copy(update={"value": value}))
    ctx.say(f"GM: {cmd.pool.capitalize()} {cmd.delta:+d} (now {value}).")


def move_ship(ctx: Ctx, cmd: MoveShip) -> None:
    ctx.ship(cmd.ship)
    if cmd.zone not in ctx.state.zones.zones:
        refuse(f"There is no zone '{cmd.zone}' on the map.")
    ctx.set(zones=ctx.state.zones.move(cmd.ship, cmd.zone))
    ctx.say(f"GM moves {ctx.ship_name(cmd.ship)} to {cmd.zone}.")


def add_trait(ctx: Ctx, cmd: AddTrait) -> None:
    if cmd.ship is not None:
        ctx.ship(cmd.ship)
    ctx.set(traits=(*ctx.state.traits, Trait(name=cmd.name, kind=cmd.kind, ship=cmd.ship)))
    ctx.say(f"{cmd.kind.capitalize()}: {cmd.name}.")


def remove_trait(ctx: Ctx, cmd: RemoveTrait) -> None:
    kept = tuple(t for t in ctx.state.traits if t.name != cmd.name)
    if len(kept) == len(ctx.state.traits):
        refuse(f"There is no Advantage or Complication '{cmd.name}'.")
    ctx.set(traits=kept)
    ctx.say(f"Removed: {cmd.name}.")


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


def add_character(ctx: Ctx, cmd: AddCharacter) -> None:
    if cmd.character.id in ctx.state.characters:
        refuse(f"There is already a character '{cmd.character.id}'.")
    ctx.put_character(cmd.character)
    ctx.say(f"{cmd.character.name} joins the crew.")


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


def _acting_side(ctx: Ctx, by: str) -> Side:
    actor = ctx.turn.actor
    if actor is None:
        refuse("Spend Momentum during a Turn.")
    if by not in ("gm", actor):
        refuse(f"It is {ctx.actor_name(actor)}'s Turn, not yours.")
    return ctx.side_of(actor)


def spend_momentum(ctx: Ctx, cmd: SpendMomentum) -> None:
    """Seed 001 COMBAT MOMENTUM (STARSHIP): spends outside a Task's resolution. Only the
    Immediate ones may be paid by adding to Threat (the card back)."""
    side = _acting_side(ctx, cmd.by)
    turn = ctx.turn
    if cmd.with_threat and side == "player":
        refusal = threat_refusal(cmd.spend, ctx.state.house_rules)
        if refusal is not None:
            refuse(refusal)
    if cmd.spend == "extra_minor":
        ctx.pay_or_threat(side, cmd.amount, "Extra Minor Action", cmd.with_threat)
        ctx.set_turn(minor_allowance=turn.minor_allowance + cmd.amount)
    elif cmd.spend == "swift_task":
        if turn.task_allowance >= 2:
            refuse("At most two Tasks may be attempted in a Turn.")
        ctx.pay_or_threat(side, 2, "Swift Task", cmd.with_threat)
        ctx.set_turn(task_allowance=2)
        ctx.say("A second Task this Turn, at +1 Difficulty.")
    elif cmd.spend == "create_problem":
        enemy = "npc" if side == "player" else "player"
        already = turn.create_problem.get(enemy, 0)
        if already + cmd.amount > 3:
            refuse("Create Problem adds at most +3 Difficulty to one Task.")
        ctx.pay_or_threat(side, 2 * cmd.amount, "Create Problem", cmd.with_threat)
        ctx.set_turn(create_problem={**turn.create_problem, enemy: already + cmd.amount})
        ctx.say(f"The other side's next Task is +{already + cmd.amount} Difficulty.")
    elif cmd.spend == "create_advantage":
        if cmd.remove_complication:
            ctx.pay_or_threat(side, 2, "Create Advantage", cmd.with_threat)
            remove_complication(ctx, cmd.name)
            return
        if not cmd.name:
            refuse("Name the Advantage to create.")
        ctx.pay_or_threat(side, 2, "Create Advantage", cmd.with_threat)
        ctx.set(traits=(*ctx.state.traits, Trait(name=cmd.name, kind="advantage")))
    else:
        ctx.pay_or_threat(side, cmd.amount, "Obtain Information", cmd.with_threat)
        ctx.say(f"{cmd.amount} question(s) for the GM.")


def remove_complication(ctx: Ctx, name: str) -> None:
    """Seed 001 Create Advantage: "Establish an Advantage in the scene, or remove a
    Complication"; seed 003: an Advantage "may alternatively be used to remove a
    Complication currently in play"."""
    if not name:
        refuse("Name the Complication to remove.")
    traits = ctx.state.traits
    for i, trait in enumerate(traits):
        if trait.kind == "complication" and trait.name == name:
            ctx.set(traits=traits[:i] + traits[i + 1 :])
            ctx.say(f"Create Advantage removes the Complication: {name}.")
            return
    refuse(f"There is no Complication '{name}' in play.")


def spend_determination(ctx: Ctx, cmd: SpendDetermination) -> None:
    """Seed 003 USES FOR DETERMINATION: Surge of Activity and Make It So."""
    if cmd.by not in ("gm", cmd.character):
        refuse("Only the character's own player spends their Determination.")
    character = ctx.character(cmd.character).spend_determination(cmd.value)
    if cmd.use == "second_task":
        if ctx.turn.actor != cmd.character:
            refuse("A second Task is taken during the character's own Turn.")
        if ctx.turn.task_allowance >= 2:
            refuse("At most two Tasks may be attempted in a Turn.")
        ctx.set_turn(task_allowance=2)
        ctx.say(
            f"{character.name} spends Determination ({cmd.value}): a second Task, +1 Difficulty."
        )
    else:
        if not cmd.name:
            refuse("Name the Advantage Make It So creates.")
        ctx.set(traits=(*ctx.state.traits, Trait(name=cmd.name, kind="advantage")))
        ctx.say(f"{character.name} spends Determination ({cmd.value}): Make It So - {cmd.name}.")
    ctx.put_character(character)


def value_complication(ctx: Ctx, cmd: ValueComplication) -> None:
    """Seed 001 VALUES: a hindering Value gives a Complication and 1 Determination."""
    if cmd.by not in ("gm", cmd.character):
        refuse("Only the character's own player (or the GM) can invoke their Values.")
    before = ctx.character(cmd.character)
    if cmd.challenge:
        after = before.challenge_value(cmd.value)
        ctx.say(
            f"{before.name} challenges the Value “{cmd.value}”: +1 Determination; "
            "the Value is crossed out."
        )
    else:
        after = before.comply_with_value(cmd.value)
        ctx.set(
            traits=(
                *ctx.state.traits,
                Trait(name=f"{before.name}: {cmd.value}", kind="complication"),
            )
        )
        ctx.say(f"{before.name}'s Value “{cmd.value}” causes a Complication: +1 Determination.")
    ctx.put_character(after)


def trigger_ready(ctx: Ctx, cmd: TriggerReady) -> None:
    """Seed 003 READY: when the trigger happens, the character interrupts the Turn."""
    readied = [d for d in ctx.state.durations_of(DurationKind.READY) if d.owner == cmd.character]
    if not readied:
        refuse(f"{ctx.actor_name(cmd.character)} has no readied Task.")
    if ctx.turn.interrupt is not None or ctx.state.pending is not None:
        refuse("Another Task is being resolved: wait for it.")
    ctx.set_turn(interrupt=cmd.character)
    ctx.say(f"Trigger! {ctx.actor_name(cmd.character)} interrupts: {readied[0].note}.")
