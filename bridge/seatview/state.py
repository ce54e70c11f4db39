"""The battle as a seat sees it: sensor contacts for unscanned NPC ships, their crews'
rolls without their numbers, and in a personal conflict an unrevealed NPC figure without
its Stress, statistics or special abilities ([house rule], the GM may turn it off).

What a crew sees of an NPC ship it has not scanned is what a contact list shows: its
name, class and Scale, where it is, whether its shields are up, its breaches (the
systems hit and their state), the Turns it loses, Persistent damage and warp core
checks, whether it is destroyed. Its statistics are hidden until a scan: systems,
departments, weapons, talents, crew quality, Shields, Power, Resistance, modulation.
When such a ship rolls, the crew sees the Task, its Difficulty and breakdown, the dice's
faces and what each scored, and the outcome; not the crew's target numbers nor its assist
dice's, nor the weapon's name (only its kind), nor extra Power spent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar, cast

from bridge.engine import Conflict, Encounter, PendingTask, hidden_from_players
from bridge.model.npc import Npc
from bridge.model.ship import Ship
from bridge.rules.task import Assist, Roller, TaskResult
from bridge.seatview.seat import Seat

__all__ = ["Memo", "contact", "redact_conflict", "seat_view", "seen_roll"]

T = TypeVar("T")
_UNKNOWN = Roller(target=0)
"""A roller whose numbers the seat may not see."""


def contact(ship: Ship) -> Ship:
    """``ship`` as a crew that has not scanned it sees it: a sensor contact."""
    return Ship(
        id=ship.id,
        name=ship.name,
        ship_class=ship.ship_class,
        scale=ship.scale,
        small_craft=ship.small_craft,
        breach_mode=ship.breach_mode,
        shields_up=ship.shields_up,
        damage=ship.damage,
        lost_turns=ship.lost_turns,
        out_of_turns=ship.out_of_turns,
        core_breach_checks=ship.core_breach_checks,
        persistent=ship.persistent,
        destroyed=ship.destroyed,
        contact=True,
    )


def _redacted_npc(npc: Npc) -> Npc:
    """An NPC as the players see it before the GM reveals it: its name, tier, weapons and
    description; no statistics from which its Stress follows, and no abilities."""
    return Npc(
        id=npc.id,
        name=npc.name,
        species=npc.species,
        tier=npc.tier,
        weapons=npc.weapons,
        description=npc.description,
        stress=0,
        avoid_injury=False,
    )


def redact_conflict(state: Encounter) -> Conflict | None:
    """The personal conflict as the players receive it ([house rule]: an unrevealed NPC's
    Stress and special abilities are the GM's): such figures keep where they stand, their
    Injuries and weapons, but show Stress 0 and no statistics or abilities. ``None`` when no
    conflict runs; the same object when nothing is hidden."""
    now = state.conflict
    if now is None:
        return None
    hidden = {
        fid: f.model_copy(update={"npc": _redacted_npc(f.npc), "stress": 0, "own_threat": 0})
        for fid, f in now.figures.items()
        if f.npc is not None and hidden_from_players(state, f)
    }
    if not hidden:
        return now
    update: dict[str, object] = {"figures": {**now.figures, **hidden}}
    pending = now.pending
    if pending is not None:
        seen: dict[str, object] = {}
        if pending.actor in hidden:
            seen["result"] = _unseen(pending.result)
        if pending.reactive is not None and pending.params.target in hidden:
            seen["reactive"] = _unseen(pending.reactive)
        if seen:
            update["pending"] = pending.model_copy(update=seen)
    return now.model_copy(update=update)


def _unseen(result: TaskResult) -> TaskResult:
    """A roll as a seat that may not see the roller's numbers sees it: the dice and the
    outcome, no target number, Focus or Discipline (its own nor its assistants')."""
    spec = result.spec.model_copy(
        update={
            "lead": _UNKNOWN,
            "assists": tuple(
                Assist(source=a.source, name=a.name, roller=_UNKNOWN) for a in result.spec.assists
            ),
        }
    )
    return result.model_copy(update={"spec": spec})


def seen_roll(roll: PendingTask, ship: Ship) -> PendingTask:
    """An unscanned NPC ship's rolled Task (``ship`` is the one that rolled) as the crew
    sees it: the dice and the outcome, not the crew's numbers nor the weapon's name."""
    result = _unseen(roll.result)
    params = roll.params
    weapon = ship.weapon(params.weapon) if params.weapon else None
    shown = params.model_copy(
        update={
            "weapon": weapon.kind.label if weapon is not None else params.weapon,
            "extra_power": 0,
        }
    )
    return roll.model_copy(update={"result": result, "params": shown})


Memo = dict[str, tuple[object, object]]
"""What :func:`seat_view` made of each part last time: (the part, what the seat saw)."""


def _remember(memo: Memo | None, key: str, part: T, make: Callable[[T], T]) -> T:
    """``make(part)``, or the very object made last time from this very ``part``."""
    known = memo.get(key) if memo is not None else None
    if known is not None and known[0] is part:
        return cast(T, known[1])
    made = make(part)
    if memo is not None:
        memo[key] = (part, made)
    return made


def _seen_conflict(state: Encounter, memo: Memo | None) -> Conflict | None:
    """The personal conflict as the crew sees it ([house rule] an unrevealed NPC figure's
    Stress and abilities are the GM's); the object made last time while neither the
    conflict nor the house rules changed."""
    key = (state.conflict, state.house_rules)
    known = memo.get("conflict") if memo is not None else None
    if known is not None:
        was = cast(tuple[object, object], known[0])
        if was[0] is key[0] and was[1] is key[1]:
            return cast(Conflict | None, known[1])
    made = redact_conflict(state)
    if memo is not None:
        memo["conflict"] = (key, made)
    return made


def seat_view(state: Encounter, seat: Seat, memo: Memo | None = None) -> Encounter:
    """The battle as ``seat`` may see it (the GM: all of it).

    With ``memo`` (kept by the caller from one call to the next), an unchanged ship or
    roll keeps the very same object in the view, so what changed can be told by identity.
    """
    if seat.gm:
        return state
    hidden = state.unscanned_ships()
    update: dict[str, object] = {}
    if hidden:
        update["ships"] = {
            sid: _remember(memo, f"ship:{sid}", ship, contact) if sid in hidden else ship
            for sid, ship in state.ships.items()
        }
    for part in ("pending", "last_roll"):
        roll: PendingTask | None = getattr(state, part)
        if roll is not None and roll.ship in hidden:
            roller = state.ships[roll.ship]
            update[part] = _remember(
                memo,
                "roll",
                roll,
                lambda r, s=roller: seen_roll(r, s),  # type: ignore[misc]
            )
    if state.conflict is not None:
        conflict = _seen_conflict(state, memo)
        if conflict is not state.conflict:
            update["conflict"] = conflict
    return state.model_copy(update=update) if update else state
