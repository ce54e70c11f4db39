"""A simple helmsman for NPC ships (and benchmark crews): suggests the next Command.

It plays plainly: restore an Impacted system, fire the weapon with the most dice at the
nearest enemy, otherwise keep the shields and Power up. The GM can take or ignore the
suggestion; the benchmark lets it play whole battles.
"""

from __future__ import annotations

from collections.abc import Callable

from bridge.engine.catalog import Station
from bridge.engine.commands import (
    AttemptTask,
    Command,
    EndTurn,
    MinorAction,
    ResolveTask,
    StartTurn,
)
from bridge.engine.encounter import Encounter
from bridge.engine.turns import waiting
from bridge.rules.stats import System
from bridge.rules.weapons import WeaponKind

__all__ = ["suggest"]

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
        return ResolveTask(by=_by(state, state.pending.actor))
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
        for option in _task_options(state, actor, ship_id):
            if check(option) is None:
                return option
    return EndTurn(by=by)
