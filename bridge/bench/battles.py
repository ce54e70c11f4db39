"""Engine benchmark: Commands applied per second over long battles, and the battles the
other benchmarks play (an endless campaign night, a ten-ship fleet action)."""

from __future__ import annotations

import gc
import time
import tracemalloc
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from bridge.engine.commands import Command
from bridge.engine.core.commands import SetValue
from bridge.engine.demo import demo_encounter, demo_ships
from bridge.engine.session import CHECKPOINT_EVERY, Session
from bridge.engine.ship.autopilot import suggest
from bridge.engine.ship.commands import AddShip, EndScene
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.zones import ZoneMap
from bridge.rules.dice import SeededDice

__all__ = [
    "Battles",
    "Check",
    "Step",
    "battles",
    "endless_battle",
    "endless_step",
    "engine_benchmarks",
    "fleet_encounter",
    "long_battle",
    "undo_memory",
]


SCENE_ROUNDS = 50
"""An endless battle's scene ends after this many Rounds (the model counts to 999)."""

Check = Callable[[Command], "str | None"]
Step = Callable[[Encounter, Check], Command]
"""The next Command of a battle, given where it stands and the engine's gate."""


@dataclass(frozen=True)
class Battles:
    """The battles the windows play."""

    long: Callable[[int], Session]
    """The demo battle played for n Commands, beaten ships refitted (it keeps its size)."""
    step_for: Callable[[Encounter], Step]
    """The next Command of an endless battle that began as the encounter given."""
    fleet: Callable[[], Encounter]
    """A ten-ship battle on a forty-zone map."""


def battles() -> Battles:
    """The endless demo battle, its next step, and the ten-ship battle."""

    def step_for(initial: Encounter) -> Step:
        return lambda state, check: endless_step(state, check, initial)

    return Battles(
        long=lambda n: endless_battle(n, refit=True),
        step_for=step_for,
        fleet=fleet_encounter,
    )


def _leaves(data: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """Every value of a dumped model with its dotted path; groups (lists) are leaves."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, f"{path}.{key}" if path else str(key))
    else:
        yield path, data


def _refit(state: Encounter, initial: Encounter, side: str | None = None) -> Command | None:
    """The next GM edit that brings a destroyed ship (of ``side``, if given) back as it
    started the battle (damage first, so each edit validates); ``None`` when none is
    needed or possible."""
    for sid, ship in state.ships.items():
        start = initial.ships.get(sid)
        if not ship.destroyed or start is None or side not in (None, state.sides[sid]):
            continue
        now = dict(_leaves(ship.model_dump(mode="json")))
        edits = [
            (path, value)
            for path, value in _leaves(start.model_dump(mode="json"))
            if now.get(path) != value
        ]
        if any(isinstance(value, list | dict) for _, value in edits):
            return None  # a group of values (persistent damage): not an edit the GM can make
        edits.sort(key=lambda edit: (not edit[0].startswith("damage."), edit[0] == "destroyed"))
        if edits:
            path, value = edits[0]
            return SetValue(by="gm", path=f"ships.{sid}.{path}", value=value)
    return None


def endless_step(state: Encounter, check: Check, initial: Encounter | None = None) -> Command:
    """The next Command of an endless battle: the autopilot's choice; a long fight's
    scene ends after :data:`SCENE_ROUNDS` Rounds; a won (or lost: the crew's ship
    refitted) battle goes on.

    With ``initial``, the GM refits the destroyed ships in place (the battle stays the
    same size however long it runs: only the journal grows); without, a fresh
    Bird-of-Prey joins (the battle grows by one ship each time it is won).
    """
    turn = state.turn
    if turn.round > SCENE_ROUNDS and turn.actor is None and state.pending is None:
        return EndScene(by="gm")  # a long fight: the GM starts a new scene
    command = suggest(state, check)
    if command is not None:
        return command
    if initial is not None:
        refit = _refit(state, initial)
        if refit is not None:
            return refit
    if not state.active_ships("player"):  # lost: the crew's ship is refitted, play goes on
        back = _refit(state, demo_encounter(), side="player")
        if back is not None:
            return back
    if state.outcome is not None and state.active_ships("npc") and state.active_ships("player"):
        return SetValue(by="gm", path="outcome", value=None)  # and play goes on
    foes = sum(1 for sid in state.ships if sid.startswith("foe")) + 1
    ship = demo_ships()[1].model_copy(update={"id": f"foe{foes}", "name": f"IKS Foe {foes}"})
    return AddShip(by="gm", ship=ship, side="npc", zone=state.zones.zones[-1])


def endless_battle(
    commands: int, seed: int = 1, refit: bool = False, encounter: Encounter | None = None
) -> Session:
    """One Session of ``commands`` Commands (one long journal, as a campaign night):
    each time the battle is won, the GM brings in a fresh Bird-of-Prey and play goes on;
    with ``refit``, the GM refits the beaten ships instead (see :func:`endless_step`)."""
    session = Session(encounter or demo_encounter(), SeededDice(seed))
    initial = session.initial if refit else None
    while session.length < commands:
        session.apply(endless_step(session.state, session.check, initial))
    return session


_KLINGON = (
    "Qoj",
    "Vor'tak",
    "Ch'Tang",
    "Gr'oth",
    "Hegh'ta",
    "M'Char",
    "Qu'Vat",
    "Ki'tang",
    "Buruk",
    "Rotarran",
    "Malpara",
    "Somraw",
    "Koraga",
    "Ya'Vang",
)


def fleet_encounter(ships: int = 10, zones: int = 40) -> Encounter:
    """The demo's crew against ``ships - 1`` Birds-of-Prey on a map of ``zones`` zones
    (a grid eight zones wide, each touching its neighbours): a crowded battle."""
    base = demo_encounter()
    resolute, qoj, vortak = demo_ships()
    names = [f"Sector {chr(65 + i // 8)}{i % 8 + 1}" for i in range(zones)]
    links = [
        (names[i], names[j])
        for i in range(zones)
        for j in (i + 1, i + 8)
        if j < zones and (j == i + 8 or j % 8)
    ]
    fleet = {"resolute": resolute}
    positions = {"resolute": names[0]}
    for n in range(1, ships):
        model = qoj if n % 2 else vortak
        sid = f"bop{n}"
        name = f"IKS {_KLINGON[(n - 1) % len(_KLINGON)]}" + ("" if n <= len(_KLINGON) else f" {n}")
        fleet[sid] = model.model_copy(update={"id": sid, "name": name})
        positions[sid] = names[(n * 7) % zones]
    return base.model_copy(
        update={
            "name": f"Fleet action: {ships} ships, {zones} zones",
            "ships": fleet,
            "sides": {sid: "player" if sid == "resolute" else "npc" for sid in fleet},
            "zones": ZoneMap(zones=tuple(names), links=tuple(links), positions=positions),
        }
    )


def undo_memory(commands: int) -> tuple[float, int, float]:
    """Memory a Session holds after ``commands`` Commands, with undo back to the first.

    Returns (MB held, whole states kept, ms for one undo).
    """
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        session = endless_battle(commands)
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] - base
        kept = session.states_kept
    finally:
        tracemalloc.stop()
    start = time.perf_counter()
    undos = min(CHECKPOINT_EVERY, session.length)
    for _ in range(undos):
        session.undo()
    per_undo = (time.perf_counter() - start) / undos
    return held / 2**20, kept, per_undo * 1e3


def long_battle(commands: int, seed: int = 1) -> tuple[int, float, int]:
    """Play battles with the autopilot until ``commands`` Commands were applied.

    Returns (Commands applied, seconds spent in ``Session.apply``, battles played).
    """
    applied = battles = 0
    spent = 0.0
    while applied < commands:
        battles += 1
        session = Session(demo_encounter(), SeededDice(seed + battles))
        while applied < commands:
            command = suggest(session.state, session.check)
            if command is None:
                break
            start = time.perf_counter()
            session.apply(command)
            spent += time.perf_counter() - start
            applied += 1
    return applied, spent, battles


def engine_benchmarks(quick: bool = False) -> list[str]:
    n = 1000 if quick else 5000
    applied, spent, battles = long_battle(n)
    held, kept, per_undo = undo_memory(1000 if quick else 10_000)
    return [
        f"  engine, Commands applied per second:  {applied / spent:8.0f}"
        f"  ({applied} Commands over {battles} battle(s), {spent * 1e3 / applied:.2f} ms each)",
        f"  undo history, {1000 if quick else 10_000} Commands:      {held:8.1f} MB"
        f"  (journal + {kept} whole states; undo as deep as the journal, "
        f"{per_undo:.1f} ms per undo)",
    ]
