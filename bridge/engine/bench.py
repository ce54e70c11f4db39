"""Engine benchmark: Commands applied per second over long battles."""

from __future__ import annotations

import gc
import time
import tracemalloc

from bridge.engine.autopilot import suggest
from bridge.engine.commands import AddShip, EndScene, SetValue
from bridge.engine.demo import demo_encounter
from bridge.engine.session import CHECKPOINT_EVERY, Session
from bridge.rules.dice import SeededDice

__all__ = ["endless_battle", "engine_benchmarks", "long_battle", "undo_memory"]


SCENE_ROUNDS = 50
"""An endless battle's scene ends after this many Rounds (the model counts to 999)."""


def endless_battle(commands: int, seed: int = 1) -> Session:
    """One Session of ``commands`` Commands: each time the battle is won, the GM brings
    in a fresh Bird-of-Prey and play goes on (one long journal, as a campaign night)."""
    encounter = demo_encounter()
    session = Session(encounter, SeededDice(seed))
    foe = encounter.ships["qoj"]
    reinforcements = 0
    while len(session.journal) < commands:
        turn = session.state.turn
        if turn.round > SCENE_ROUNDS and turn.actor is None and session.state.pending is None:
            session.apply(EndScene(by="gm"))  # a long fight: the GM starts a new scene
            continue
        command = suggest(session.state, session.check)
        if command is None:
            reinforcements += 1
            ship = foe.model_copy(
                update={"id": f"foe{reinforcements}", "name": f"IKS Foe {reinforcements}"}
            )
            zone = session.state.zones.zones[-1]
            session.apply(AddShip(by="gm", ship=ship, side="npc", zone=zone))
            session.apply(SetValue(by="gm", path="outcome", value=None))
            continue
        session.apply(command)
    return session


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
    finally:
        tracemalloc.stop()
    start = time.perf_counter()
    undos = min(CHECKPOINT_EVERY, len(session.journal))
    for _ in range(undos):
        session.undo()
    per_undo = (time.perf_counter() - start) / undos
    return held / 2**20, session.checkpoints_kept, per_undo * 1e3


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
