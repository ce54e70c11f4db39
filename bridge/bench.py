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
    lines.append(_open_long_battle(2000 if quick else 10_000))
    if ui:
        from bridge.ui.bench import ui_benchmarks

        lines.extend(ui_benchmarks(quick))
    return "\n".join(lines)


def _open_long_battle(commands: int) -> str:
    """Saving and opening a battle of ``commands`` Commands (no replay on opening)."""
    import tempfile
    import time
    from pathlib import Path

    from bridge.engine.bench import endless_battle
    from bridge.storage.battle import open_battle, save_battle

    session = endless_battle(commands)
    with tempfile.TemporaryDirectory(prefix="bridge-bench-") as folder:
        path = Path(folder) / "long.json"
        save_battle(path, session)
        size = path.stat().st_size
        start = time.perf_counter()
        opened = open_battle(path)
        spent = time.perf_counter() - start
    assert opened.session.state == session.state
    return (
        f"  open a saved {commands}-Command battle:   {spent * 1e3:8.0f} ms"
        f"  ({size / 2**20:.1f} MB file, from its saved state, no replay)"
    )
