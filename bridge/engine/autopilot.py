"""A simple helmsman for NPC ships (and benchmark crews): suggests the next Command.

It plays plainly: restore an Impacted system, then take the Task worth most by its exact
odds (an attack that is likely to hit before anything else; an attack it would almost
surely miss is not worth a Turn), otherwise keep the shields and Power up. The GM can
take or ignore the suggestion; the benchmark lets it play whole battles.
"""

from __future__ import annotations

from collections.abc import Callable

from bridge.engine.catalog import Station
from bridge.engine.commands import (
    ApplyDamage,
    AttemptTask,
    Command,
    EndTurn,
    MinorAction,
    ResolveTask,
    StartTurn,
)
from bridge.engine.encounter import Encounter
from bridge.engine.tasks import preview_task
from bridge.engine.turns import waiting
from bridge.rules.odds import task_odds
from bridge.rules.stats import System
from bridge.rules.weapons import WeaponKind

__all__ = ["NPCS_ONLY", "npcs_only", "suggest", "suggest_for_npcs"]

NPCS_ONLY = "The autopilot plays the NPC ships only: it is the players' move."
ATTACK_WEIGHT = 3.0
"""How much more a likely hit is worth to an NPC ship than keeping its shields and Power."""
HOPELESS = 0.2
"""Below this chance of success a Task is not worth the Turn (the ship does something else)."""

Check = Callable[[Command], str | None]


def _by(state: Encounter, actor: str) -> str:
    return actor if actor in state.characters else "gm"


def _nearest_enemy(state: Encounter, ship: str) -> str | None:
    side = state.sides[ship]
    enemies = [s for s in state.active_ships("npc" if side == "player" else "player")]
    if not enemies:
        return None
    return min(enemies, key=lambda e: state.zones.ship_distance(ship, e))


def _task_options(state: Encounter, actor: str, ship_id: str) -> list[AttemptTask]:
    by = _by(state, actor)
    ship = state.ships[ship_id]
    stations = state.stations_of(actor) if actor in state.characters else tuple(Station)
    options: list[AttemptTask] = []
    target = _nearest_enemy(state, ship_id)
    if Station.TACTICAL in stations and target is not None:
        weapons = sorted(
            (w for w in ship.weapons if w.kind is not WeaponKind.TRACTOR),
            key=lambda w: -ship.weapon_damage(w),
        )
        options += [
            AttemptTask(
                by=by,
                action="fire_weapon",
                station=Station.TACTICAL,
                weapon=w.name,
                target=target,
                focus=True,
            )
            for w in weapons
        ]
    if Station.OPERATIONS in stations or Station.SCIENCE in stations:
        station = Station.OPERATIONS if Station.OPERATIONS in stations else Station.SCIENCE
        if ship.shields_now < ship.shields_max:
            options.append(AttemptTask(by=by, action="regenerate_shields", station=station))
        if ship.power_now < ship.power_capacity:
            options.append(AttemptTask(by=by, action="power_management", station=station))
    if Station.SCIENCE in stations and target is not None:
        options.append(
            AttemptTask(by=by, action="scan_for_weakness", station=Station.SCIENCE, target=target)
        )
    if Station.HELM in stations:
        options.append(AttemptTask(by=by, action="evasive_action", station=Station.HELM))
    if Station.COMMAND in stations:
        options.append(AttemptTask(by=by, action="rally", station=Station.COMMAND))
    options.append(AttemptTask(by=by, action="pass"))
    return options


def suggest(state: Encounter, check: Check) -> Command | None:
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
        best = _best_task(state, [o for o in _task_options(state, actor, ship_id) if not check(o)])
        if best is not None:
            return best
    return EndTurn(by=by)


def _worth(state: Encounter, option: AttemptTask) -> float:
    """The chance of success, weighted: attacks count most; a hopeless Task nothing."""
    if option.action == "pass":
        return 0.0
    plan = preview_task(state, option)
    if isinstance(plan, str):
        return -1.0
    p = task_odds(plan.spec).p_success
    if p < HOPELESS:
        return 0.0
    return p * (ATTACK_WEIGHT if option.action == "fire_weapon" else 1.0)


def _best_task(state: Encounter, options: list[AttemptTask]) -> AttemptTask | None:
    """The accepted option worth most (card order breaks ties); None if none is worth it."""
    scored = [(_worth(state, o), o) for o in options]
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


def suggest_for_npcs(state: Encounter, check: Check) -> Command | str:
    """``suggest`` when an NPC ship is to act (or its roll waits), else why not."""
    reason = npcs_only(state)
    if reason is not None:
        return reason
    command = suggest(state, check)
    return NPCS_ONLY if command is None else command
