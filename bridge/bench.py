"""``bridge bench``: speed figures for the rules core, measured with :mod:`timeit`."""

from __future__ import annotations

import timeit
from collections.abc import Callable

from bridge.rules.odds import task_odds
from bridge.rules.task import Assist, Roller, TaskSpec

__all__ = ["run_benchmarks"]


def _per_call(stmt: Callable[[], object], number: int) -> float:
    best = min(timeit.repeat(stmt, number=number, repeat=5))
    return best / number


def run_benchmarks(quick: bool = False, ui: bool = True) -> str:
    """Run every benchmark and return a readable report."""
    n = 200 if quick else 2000
    spec = TaskSpec(
        lead=Roller(target=11, focus=3),
        difficulty=3,
        complication_range=2,
        bought=("momentum", "momentum", "momentum"),
        assists=(Assist.ship(10, 3), Assist.character("Ops", 9, 3, focus=True)),
    )
    odds = _per_call(lambda: task_odds(spec), n)
    lines = [
        "Bridge benchmarks (best of 5)",
        f"  odds query, 5 lead dice + 2 assists: {odds * 1e6:8.1f} µs",
    ]
    from bridge.engine.bench import engine_benchmarks

    lines.extend(engine_benchmarks(quick))
    if ui:
        from bridge.ui.bench import ui_benchmarks

        lines.extend(ui_benchmarks(quick))
    return "\n".join(lines)
