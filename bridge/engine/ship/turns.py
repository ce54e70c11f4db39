"""The turn controller: Turns, alternating sides, Rounds, end-of-round effects, scenes.

RULES-NOTES "Turn order" and the Conflict card (seed 001 COMBAT ACTIONS).
"""

from __future__ import annotations

from bridge.combat.attacks import hazard
from bridge.combat.damage import resolve_damage
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.state.encounter import Encounter, Expiry, away_characters
from bridge.engine.state.turn import ROUND_MAX, Side
from bridge.rules.breaches import SystemState
from bridge.rules.challenge import roll_challenge
from bridge.rules.hidden import secret
from bridge.rules.stats import System
from bridge.rules.weapons import Quality, QualityName

__all__ = [
    "apply_damage_side_effects",
    "begin_round",
    "check_outcome",
    "end_round",
    "end_scene",
    "expire",
    "owner_key",
    "players_waiting",
    "start_turn",
    "waiting",
]


def owner_key(state: Encounter, actor: str, station: str | None = None) -> str:
    """Whose Task or Turn ends a duration: a character, or an NPC ship's bridge role."""
    if actor in state.characters:
        return actor
    return f"{actor}:{station or ''}"


def players_waiting(state: Encounter) -> tuple[str, ...]:
    """Player characters who have not taken their Turn this Round."""
    if state.player_ship not in state.active_ships("player"):
        return ()
    away = away_characters(state)
    return tuple(
        c for c in state.seated_characters() if c not in state.turn.acted and c not in away
    )


def npcs_waiting(state: Encounter) -> tuple[str, ...]:
    """NPC ships with Turns left this Round."""
    return tuple(
        s
        for s in state.active_ships("npc")
        if state.turn.npc_turns_left.get(s, 0) > 0 and not state.ships[s].out_of_turns
    )


def waiting(state: Encounter, side: Side) -> tuple[str, ...]:
    return players_waiting(state) if side == "player" else npcs_waiting(state)


def begin_round(ctx: Ctx, number: int) -> None:
    """Reset the Round: NPC Turns = Scale less Turns lost to breaches last Round."""
    turns: dict[str, int] = {}
    for sid in ctx.state.active_ships("npc"):
        ship = ctx.ship(sid)
        left = 0 if ship.out_of_turns else max(ship.scale - ship.lost_turns, 0)
        if ship.lost_turns:
            ctx.say(f"{ship.name} loses {ship.lost_turns} Turn(s) this Round to breaches.")
            ctx.update_ship(sid, lost_turns=0)
        turns[sid] = left
    ctx.set_turn(
        round=number,
        side="player",
        actor=None,
        actor_ship=None,
        acted=(),
        npc_turns_left=turns,
        npc_turns_allowed=turns,
        npc_roles_used={},
        kept_initiative=False,
        any_turn_this_round=False,
        interrupt=None,
        shields_toggled={},
    )
    if not players_waiting(ctx.state):
        ctx.set_turn(side="npc")


def expire(ctx: Ctx, owner_prefix: str, expiry: Expiry) -> None:
    """End the durations of this owner (or NPC ship) that expire at this moment."""
    now = ctx.turn.turn_id
    gone = [
        d
        for d in ctx.state.durations
        if d.expiry is expiry
        and d.set_in_turn < now
        and (d.owner == owner_prefix or d.owner.startswith(f"{owner_prefix}:"))
    ]
    ctx.drop_durations(*gone)


def expire_exactly(ctx: Ctx, owner: str, expiry: Expiry) -> None:
    """End the durations owned by ``owner`` itself (not its bridge roles) that expire now."""
    now = ctx.turn.turn_id
    gone = [
        d
        for d in ctx.state.durations
        if d.expiry is expiry and d.set_in_turn < now and d.owner == owner
    ]
    ctx.drop_durations(*gone)


def start_turn(ctx: Ctx, actor: str, by: str) -> None:
    state = ctx.state
    turn = state.turn
    if state.ended:
        refuse(f"The battle is over: {state.outcome}")
    if turn.actor is not None:
        refuse(f"{ctx.actor_name(turn.actor)} is still taking their Turn; end it first.")
    if actor in state.characters:
        if by not in ("gm", actor):
            refuse("Only the character's own player (or the GM) can start their Turn.")
        if turn.side != "player":
            refuse("It is the NPCs' Turn: the players act after them.")
        if actor in turn.acted:
            refuse(f"{ctx.actor_name(actor)} has already taken a Turn this Round.")
        if actor not in state.seated_characters():
            refuse(f"{ctx.actor_name(actor)} is not seated at any station.")
        if actor not in players_waiting(state):
            refuse("The player ship is out of the battle.")
        ship = state.player_ship
    elif actor in state.ships:
        if by != "gm":
            refuse("Only the GM runs the NPC ships.")
        if state.sides[actor] != "npc":
            refuse(f"{ctx.ship_name(actor)} is crewed by the players: start a character's Turn.")
        if turn.side != "npc":
            refuse("It is the players' Turn: the NPCs act after them.")
        if actor not in npcs_waiting(state):
            refuse(f"{ctx.ship_name(actor)} has no Turns left this Round.")
        ship = actor
    else:
        refuse(f"There is no character or ship '{actor}'.")
    ctx.set_turn(
        turn_id=turn.turn_id + 1,
        actor=actor,
        actor_ship=ship,
        minors_used=(),
        minor_allowance=1,
        tasks_taken=0,
        task_allowance=1,
        prepared=False,
        any_turn_this_round=True,
        passed=False,
    )
    ctx.say(f"Round {turn.round}: {ctx.actor_name(actor)} takes a Turn.")
    if actor in state.characters:
        expire(ctx, actor, Expiry.NEXT_TURN)
    else:  # an NPC ship: its bridge roles' "next Turn" comes when that role next acts
        expire_exactly(ctx, actor, Expiry.NEXT_TURN)
    moving = ctx.state.pending_seats.get(actor)
    if moving is not None:
        seats = {s: tuple(c for c in crew if c != actor) for s, crew in ctx.state.seats.items()}
        seats[moving] = (*seats.get(moving, ()), actor)
        rest = {k: v for k, v in ctx.state.pending_seats.items() if k != actor}
        ctx.set(seats={s: c for s, c in seats.items() if c}, pending_seats=rest)
        ctx.say(f"{ctx.actor_name(actor)} arrives at {moving.label}.")


def end_round(ctx: Ctx) -> None:
    """End-of-round effects, then a new Round."""
    if ctx.turn.actor is not None:
        refuse(f"{ctx.actor_name(ctx.turn.actor)} is still taking their Turn.")
    if ctx.state.pending is not None:
        refuse("Resolve the rolled Task before ending the Round.")
    if ctx.turn.round >= ROUND_MAX:
        refuse(
            f"Round {ROUND_MAX} is the last Round Bridge counts in one scene: end the scene "
            "(Battle ▸ End scene) and play on from Round 1."
        )
    ctx.say(f"End of Round {ctx.turn.round}.")
    for sid in tuple(ctx.state.ships):
        ship = ctx.ship(sid)
        if ship.destroyed or sid in ctx.state.retreated:
            continue
        _engine_drain(ctx, sid)
        _persistent_damage(ctx, sid)
        _containment(ctx, sid)
    check_outcome(ctx)
    begin_round(ctx, ctx.turn.round + 1)
    ctx.say(f"Round {ctx.turn.round} begins.")


def _engine_drain(ctx: Ctx, sid: str) -> None:
    ship = ctx.ship(sid)
    if not ship.per_system:
        return
    state = ship.system_state(System.ENGINES)
    drain = {SystemState.DAMAGED: 1, SystemState.DISABLED: 2}.get(state, 0)
    if drain and ship.power_now:
        after = max(ship.power_now - drain, 0)
        ctx.update_ship(sid, power=after)
        drained = secret(sid, f"drain {drain} Power (now {after})", "drain its Power")
        ctx.say(f"{ship.name}: {state.label} Engines {drained}.")


def _persistent_damage(ctx: Ctx, sid: str) -> None:
    ship = ctx.ship(sid)
    if not ship.persistent:
        return
    remaining = []
    for p in ship.persistent:
        outcome = resolve_damage(
            hazard(f"Persistent damage ({p.source})", 0, flat_damage=p.amount),
            ctx.ship(sid),
            ctx.dice,
            house=ctx.state.house_rules,
        )
        ctx.put_ship(outcome.ship)
        apply_damage_side_effects(ctx, sid, outcome.report.crew_injured)
        ctx.log.extend(outcome.report.steps)
        if p.rounds > 1:
            remaining.append(p.model_copy(update={"rounds": p.rounds - 1}))
    ctx.update_ship(sid, persistent=tuple(remaining))


def _containment(ctx: Ctx, sid: str) -> None:
    """[known] Engines destroyed: roll 1, 2, 3... Challenge Dice on successive Rounds;
    any Effect and the ship explodes (3 + Scale ▲ Piercing 2 to every ship at Close)."""
    ship = ctx.ship(sid)
    n = ship.core_breach_checks
    if n <= 0:
        return
    roll = roll_challenge(n, ctx.dice)
    ctx.say(f"{ship.name} warp core containment check: {roll.describe()}.")
    if not roll.effects:
        ctx.update_ship(sid, core_breach_checks=min(n + 1, 20))
        return
    ctx.update_ship(sid, destroyed=True, core_breach_checks=0)
    ctx.say(f"{ship.name}'s warp core breaches: the ship EXPLODES.")
    blast = hazard(
        f"{ship.name} warp core explosion",
        3 + ship.scale,
        Quality(name=QualityName.PIERCING, rating=2),
    )
    zone = ctx.state.zones.positions[sid]
    for other in ctx.state.ships:
        if other == sid or ctx.state.zones.positions[other] != zone:
            continue
        if ctx.ship(other).destroyed:
            continue
        outcome = resolve_damage(blast, ctx.ship(other), ctx.dice, house=ctx.state.house_rules)
        ctx.put_ship(outcome.ship)
        apply_damage_side_effects(ctx, other, outcome.report.crew_injured)
        ctx.log.extend(outcome.report.steps)


def apply_damage_side_effects(ctx: Ctx, ship_id: str, crew_injured: bool) -> None:
    """What the engine adds to a hit: an NPC ship whose crew is hurt loses a Turn."""
    if crew_injured and ctx.state.sides[ship_id] == "npc":
        ship = ctx.ship(ship_id)
        ctx.update_ship(ship_id, lost_turns=min(ship.lost_turns + 1, ship.scale))
        ctx.say(f"{ship.name} loses a Turn next Round to crew casualties.")


def check_outcome(ctx: Ctx) -> None:
    """The battle ends when a side has no ship left in the fight."""
    if ctx.state.ended:
        return
    if not ctx.state.active_ships("npc"):
        ctx.set(outcome="Victory: no NPC ship is left in the fight.")
    elif not ctx.state.active_ships("player"):
        ctx.set(outcome="Defeat: the player ship is out of the fight.")
    else:
        return
    ctx.say(f"The battle is over. {ctx.state.outcome}")


def end_scene(ctx: Ctx) -> None:
    """[known] Scene end: Momentum -1, every ship's Power refills; scene effects end."""
    if ctx.state.pending is not None:
        refuse("Resolve the rolled Task before ending the scene.")
    if ctx.turn.scene >= ROUND_MAX:
        refuse(
            f"Scene {ROUND_MAX} is the last scene Bridge counts in one battle: save this "
            "battle and go on in a new one."
        )
    ctx.set(momentum=ctx.state.momentum.scene_end())
    for sid, ship in ctx.state.ships.items():
        if not ship.destroyed:
            ctx.update_ship(sid, power=ship.power_capacity, out_of_turns=False)
    ctx.set(
        durations=(),
        assists=(),
        traits=tuple(
            t
            for t in ctx.state.traits
            if t.kind == "complication" and t.ship is None and not t.rolled
        ),
    )
    ctx.set_turn(
        scene=ctx.turn.scene + 1,
        direct_used=False,
        npc_direct_used=False,
        turn_id=ctx.turn.turn_id,
        actor=None,
        actor_ship=None,
        create_problem={},
        gm_difficulty=0,
    )
    begin_round(ctx, 1)
    ctx.say(f"Scene {ctx.turn.scene} begins: Momentum {ctx.state.momentum.value}, Power restored.")
