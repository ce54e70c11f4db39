"""Engine benchmark: Commands applied per second over long battles."""

from __future__ import annotations

import time

from bridge.engine.autopilot import suggest
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.dice import SeededDice

__all__ = ["engine_benchmarks", "long_battle"]


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
    return [
        f"  engine, Commands applied per second:  {applied / spent:8.0f}"
        f"  ({applied} Commands over {battles} battle(s), {spent * 1e3 / applied:.2f} ms each)",
    ]
