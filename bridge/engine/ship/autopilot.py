"""A simple helmsman for NPC ships (and benchmark crews): suggests the next Command.

It plays plainly: restore an Impacted system, then take the Task worth most by its exact
odds (an attack that is likely to hit before anything else; an attack it would almost
surely miss is not worth a Turn; when no weapon reaches the enemy, closing to range comes
next), otherwise keep the shields and Power up. The GM can take or ignore the suggestion,
or have it play an NPC ship's whole Turn (:func:`play_npc_turn`); the benchmark lets it
play whole battles.
"""

from __future__ import annotations

from collections.abc import Callable

from bridge.engine.core.autopilot import AutopilotTurn, TurnLoop, run_turn
from bridge.engine.core.commands import ApplyDamage, EndTurn, ResolveTask, StartTurn
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask, MinorAction, ShipCommand
from bridge.engine.ship.tasks import preview_ship_task
from bridge.engine.ship.turns import waiting
from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import Encounter
from bridge.rules.odds import task_odds
from bridge.rules.stats import System
from bridge.rules.task import MAX_BOUGHT_DICE, purchase_cost
from bridge.rules.weapons import WeaponKind

__all__ = [
    "NPCS_ONLY",
    "AutopilotTurn",
    "npcs_only",
    "play_npc_turn",
    "suggest",
    "suggest_for_npcs",
]

NPCS_ONLY = "The autopilot plays the NPC ships only: it is the players' move."
ATTACK_WEIGHT = 3.0
"""How much more a likely hit is worth to an NPC ship than keeping its shields and Power."""
HOPELESS = 0.2
"""Below this chance of success a Task is not worth the Turn (the ship does something else)."""
CLOSING_WEIGHT = 2.0
"""What a move that brings the enemy within a weapon's range is worth (only offered when
no weapon reaches): more than Rally or Evasive Action, less than a likely hit."""
NEARER_WEIGHT = 1.5
"""What a move that only brings the enemy nearer is worth."""
THREAT_PRICE = 0.05
"""What one point of Threat spent is worth against a Task's weight: an NPC ship buys dice
for an attack (RULES-NOTES: NPCs buy dice with Threat) when the better odds are worth
more than the Threat they cost."""
THREAT_KEPT = 2
"""The Threat the autopilot never spends on dice: the GM's to spend."""

Check = Callable[[ShipCommand], str | None]


def _by(state: Encounter, actor: str) -> str:
    return actor if actor in state.characters else "gm"


def _nearest_enemy(state: Encounter, ship: str) -> str | None:
    side = state.sides[ship]
    enemies = [s for s in state.active_ships("npc" if side == "player" else "player")]
    if not enemies:
        return None
    return min(enemies, key=lambda e: state.zones.ship_distance(ship, e))


_CLOSING = ("maneuver", "impulse")
Option = tuple[AttemptTask, float]
"""A Task the autopilot may take and its weight (what a success is worth to it)."""


def _closing_moves(
    state: Encounter, by: str, ship_id: str, target: str, reach: int
) -> list[Option]:
    """Maneuver or Impulse toward ``target`` when no weapon it can fire reaches it
    (RULES-NOTES Ranges: Maneuver moves one zone, Impulse two): to the zone nearest it,
    worth most when the move brings it within ``reach`` (zones)."""
    zones = state.zones
    here, there = zones.positions[ship_id], zones.positions[target]
    now = zones.distance(here, there)
    if reach < 0 or now <= reach:
        return []
    moves: list[Option] = []
    for key, span in zip(_CLOSING, (1, 2), strict=True):
        reachable = [z for z in zones.zones if 0 < zones.distance(here, z) <= span]
        if not reachable:
            continue
        best = min(reachable, key=lambda z: (zones.distance(z, there), zones.distance(here, z), z))
        after = zones.distance(best, there)
        if after < now:
            weight = CLOSING_WEIGHT if after <= reach else NEARER_WEIGHT
            moves.append((AttemptTask(by=by, action=key, station=Station.HELM, zone=best), weight))
    return moves


def _fires_once_near(state: Encounter, ship_id: str, target: str, fire: AttemptTask) -> bool:
    """Whether ``fire``, refused now, would be accepted with the ship in its target's zone
    (the house rule that refuses attacks beyond a weapon's range)."""
    zones = state.zones
    near = state.model_copy(update={"zones": zones.move(ship_id, zones.positions[target])})
    return not isinstance(preview_ship_task(near, fire), str)


def _bought_dice(state: Encounter, actor: str, fire: AttemptTask, check: Check) -> list[Option]:
    """An NPC ship's attack with 1, 2 or 3 dice bought with Threat (their price 1, 3, 6;
    RULES-NOTES), each as far as the pool allows above :data:`THREAT_KEPT` (its worth is
    less the Threat's: see :func:`_worth`)."""
    if actor in state.characters:
        return []
    options: list[Option] = []
    for count in range(1, MAX_BOUGHT_DICE + 1):
        bought = fire.model_copy(update={"bought": ("threat",) * count})
        if state.threat.value - _threat_spent(bought) < THREAT_KEPT:
            break
        if check(bought) is None:
            options.append((bought, ATTACK_WEIGHT))
    return options


def _threat_spent(option: AttemptTask) -> int:
    """The Threat an NPC's ``option`` spends on bought dice."""
    return purchase_cost(option.bought, "npc").threat_spent


def _task_options(state: Encounter, actor: str, ship_id: str, check: Check) -> list[Option]:
    """The Tasks worth weighing, each with its weight, that ``check`` accepts."""
    by = _by(state, actor)
    ship = state.ships[ship_id]
    stations = state.stations_of(actor) if actor in state.characters else tuple(Station)
    options: list[Option] = []
    target = _nearest_enemy(state, ship_id)
    reach = -1  # the longest range of a weapon it can fire now
    if Station.TACTICAL in stations and target is not None:
        weapons = sorted(
            (w for w in ship.weapons if w.kind is not WeaponKind.TRACTOR),
            key=lambda w: -ship.weapon_damage(w),
        )
        for w in weapons:
            fire = AttemptTask(
                by=by,
                action="fire_weapon",
                station=Station.TACTICAL,
                weapon=w.name,
                target=target,
                focus=True,
            )
            if check(fire) is None:
                options.append((fire, ATTACK_WEIGHT))
                # A die shows 5/6 of a point of damage on average: dice are bought only
                # for a weapon whose hit would get through the target's Resistance (a
                # torpedo's three dice against Resistance 6 cost 6 Threat for nothing).
                if ship.weapon_damage(w) * 5 / 6 > state.ships[target].resistance:
                    options += _bought_dice(state, actor, fire, check)
                reach = max(reach, int(w.range))
            elif _fires_once_near(state, ship_id, target, fire):  # refused for the range
                reach = max(reach, int(w.range))
    if Station.HELM in stations and target is not None and actor not in state.characters:
        options += _closing_moves(state, by, ship_id, target, reach)
    plain: list[AttemptTask] = []
    if Station.OPERATIONS in stations or Station.SCIENCE in stations:
        station = Station.OPERATIONS if Station.OPERATIONS in stations else Station.SCIENCE
        if ship.shields_now < ship.shields_max:
            plain.append(AttemptTask(by=by, action="regenerate_shields", station=station))
        if ship.power_now < ship.power_capacity:
            plain.append(AttemptTask(by=by, action="power_management", station=station))
    if Station.SCIENCE in stations and target is not None:
        plain.append(
            AttemptTask(by=by, action="scan_for_weakness", station=Station.SCIENCE, target=target)
        )
    if Station.HELM in stations:
        plain.append(AttemptTask(by=by, action="evasive_action", station=Station.HELM))
    if Station.COMMAND in stations:
        plain.append(AttemptTask(by=by, action="rally", station=Station.COMMAND))
    plain.append(AttemptTask(by=by, action="pass"))
    options += [(o, 1.0) for o in plain]
    return [(o, w) for o, w in options if o.action == "fire_weapon" or check(o) is None]


def suggest(state: Encounter, check: Check) -> ShipCommand | None:
    """The next Command for whoever is to act, or ``None`` when the battle is over.

    ``check`` tells whether a Command would be refused (``Session.check``).
    """
    if state.ended:
        return None
    turn = state.turn
    if state.pending is not None:
        by = _by(state, state.pending.actor)
        return ApplyDamage(by=by) if state.pending.damage else ResolveTask(by=by)
    actor = turn.actor
    if actor is None:
        candidates = waiting(state, turn.side)
        return StartTurn(by=_by(state, candidates[0]), actor=candidates[0]) if candidates else None
    ship_id = turn.actor_ship or state.player_ship
    ship = state.ships[ship_id]
    by = _by(state, actor)
    if not turn.minors_used:
        for system in System:
            if ship.damage[system].impact:
                restore = MinorAction(by=by, action="restore", system=system)
                if check(restore) is None:
                    return restore
    if turn.tasks_taken == 0:
        best = _best_task(state, _task_options(state, actor, ship_id, check))
        if best is not None:
            return best
    return EndTurn(by=by)


def _worth(state: Encounter, option: AttemptTask, weight: float) -> float:
    """The chance of success times the option's weight (attacks most, then closing to
    range), less the Threat it spends on dice; a hopeless Task, or Pass, nothing."""
    if option.action == "pass":
        return 0.0
    plan = preview_ship_task(state, option)
    if isinstance(plan, str):
        return -1.0
    p = task_odds(plan.spec).p_success
    if p < HOPELESS:
        return 0.0
    return p * weight - _threat_spent(option) * THREAT_PRICE


def _best_task(state: Encounter, options: list[Option]) -> AttemptTask | None:
    """The option worth most (card order breaks ties); None if none is worth it."""
    scored = [(_worth(state, o, w), o) for o, w in options]
    worth, best = max(scored, key=lambda pair: pair[0], default=(0.0, None))
    return best if worth > 0 else None


def npcs_only(state: Encounter) -> str | None:
    """Why the GM's autopilot cannot step now (no NPC ship is to act), or None. Cheap:
    the windows ask it on every change."""
    if state.ended:
        return f"The battle is over: {state.outcome}"
    pending = state.pending
    actor = pending.actor if pending is not None else state.turn.actor
    if actor is None and state.turn.side != "npc":
        return NPCS_ONLY
    if actor is not None and actor not in state.ships:
        return NPCS_ONLY
    return None


def suggest_for_npcs(state: Encounter, check: Check) -> ShipCommand | str:
    """``suggest`` when an NPC ship is to act (or its roll waits), else why not."""
    reason = npcs_only(state)
    if reason is not None:
        return reason
    command = suggest(state, check)
    return NPCS_ONLY if command is None else command


def _step_words(before: Encounter, command: ShipCommand, after: Encounter) -> str | None:
    """One step of a Turn as the GM reads it (``None``: nothing worth saying)."""
    if isinstance(command, MinorAction):
        what = CATALOG[command.action].name
        return f"{what} {command.system.label}" if command.system is not None else what
    if isinstance(command, AttemptTask):
        words = CATALOG[command.action].name
        if command.weapon:
            words += f" ({command.weapon})"
        if command.target and command.target in after.ships:
            words += f" at {after.ships[command.target].name}"
        if command.zone and command.action in ("maneuver", "impulse", "warp"):
            words += f" to {command.zone}"
        pending = after.pending
        if pending is not None:
            result = pending.result
            words += ": " + (
                "success"
                if result.success
                else f"failed ({result.successes} of {result.spec.difficulty})"
            )
        return words
    if isinstance(command, EndTurn):
        return "ends its Turn"
    return None


def play_npc_turn(
    state: Encounter,
    check: Check,
    submit: Callable[[ShipCommand], Encounter | None],
    limit: int = 12,
    chosen: str | None = None,
) -> AutopilotTurn | str:
    """Play the rest of an NPC ship's Turn (all of it, when none is under way): start it,
    restore, attempt and resolve its Task, end it. ``submit`` applies one Command and
    returns the new state (``None`` if it was refused). ``chosen``: the NPC ship the GM
    picked to act next, started when no Turn is under way and it may act (else the
    autopilot picks). Returns what the Turn did, or why nothing could be done. At most
    ``limit`` Commands."""
    first = suggest_for_npcs(state, check)
    if isinstance(first, str):
        return first
    if isinstance(first, StartTurn) and chosen and chosen != first.actor:
        pick = StartTurn(actor=chosen)
        if chosen in state.ships and state.sides.get(chosen) == "npc" and check(pick) is None:
            first = pick
    ship = state.turn.actor or (first.actor if isinstance(first, StartTurn) else None)
    if ship is None and state.pending is not None:
        ship = state.pending.actor
    if ship is None or ship not in state.ships:
        return NPCS_ONLY

    def next_step(now: Encounter) -> ShipCommand | None:
        command = suggest_for_npcs(now, check)
        return None if isinstance(command, str) else command

    def going(now: Encounter) -> bool:
        return not now.ended and (now.turn.actor == ship or now.pending is not None)

    after, steps = run_turn(state, first, submit, TurnLoop(next_step, _step_words, going), limit)
    return AutopilotTurn(actor=ship, name=after.ships[ship].name, steps=steps)
