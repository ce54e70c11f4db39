"""``bridge bench``: speed figures, from the rules core to what the GM feels in the windows.

The rules and engine figures are measured with :mod:`timeit` and ``perf_counter``; the
windows' figures (:mod:`bridge.ui.bench`) with autosave on, until every window is idle,
each next to its goal. ``python -m bridge.bench play N WARM`` is the child process that
plays the demo battle in the windows (:mod:`bridge.ui.bench_play`).
"""

from __future__ import annotations

import os
import sys
import timeit
from collections.abc import Callable
from typing import TYPE_CHECKING

from bridge.rules.odds import task_odds
from bridge.rules.task import Assist, Roller, TaskSpec

if TYPE_CHECKING:
    from bridge.engine import Command, Encounter
    from bridge.ui.bench import Battles

    Step = Callable[[Encounter, Callable[[Command], str | None]], Command]

__all__ = ["battles", "machine_load", "profile", "run_benchmarks"]


def _per_call(stmt: Callable[[], object], number: int) -> float:
    best = min(timeit.repeat(stmt, number=number, repeat=5))
    return best / number


def machine_load() -> str:
    """The load average and core count: how busy the machine was while measuring."""
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load unknown"
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


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
        f"Bridge benchmarks ({machine_load()})",
        f"  odds query, 5 lead dice + 2 assists: {odds * 1e6:8.1f} µs (best of 5)",
    ]
    from bridge.engine.bench import engine_benchmarks

    lines.extend(engine_benchmarks(quick))
    lines.append(_open_long_battle(2000 if quick else 10_000))
    if ui:
        from bridge.ui.bench import ui_benchmarks

        lines.extend(ui_benchmarks(quick, battles()))
        lines.append(f"  ({machine_load()})")
    return "\n".join(lines)


def battles() -> Battles:
    """The battles the windows' benchmarks play (the UI may not import the engine's
    benchmark helpers itself)."""
    from bridge.engine.bench import endless_battle, endless_step, fleet_encounter
    from bridge.ui.bench import Battles

    def step_for(initial: Encounter) -> Step:
        return lambda state, check: endless_step(state, check, initial)

    return Battles(
        long=lambda n: endless_battle(n, refit=True),
        step_for=step_for,
        fleet=fleet_encounter,
    )


def profile(commands: int, fleet: bool = False) -> str:
    """Where a Command's time goes in the windows (:mod:`bridge.ui.bench_profile`)."""

    from bridge.engine import Session
    from bridge.engine.bench import fleet_encounter
    from bridge.ui.bench_profile import profile_commands

    session = Session(fleet_encounter()) if fleet else None
    return profile_commands(commands, session, battles().step_for)


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


def main(argv: list[str]) -> None:
    """The benchmark's child processes: ``play N WARM`` (the demo in the windows, each
    Command timed), ``grow N WARM`` (the resident memory it grows by) and
    ``grow-python N WARM`` (Python's objects it grows by, traced from the start)."""
    if len(argv) == 3 and argv[0] in ("play", "grow", "grow-python"):
        from bridge.ui.bench_play import grow_main, play_main

        step_for = battles().step_for
        if argv[0] == "play":
            play_main(int(argv[1]), int(argv[2]), step_for)
        else:
            grow_main(int(argv[1]), int(argv[2]), step_for, traced=argv[0] == "grow-python")
        return
    raise SystemExit("usage: python -m bridge.bench play|grow|grow-python COMMANDS WARM")


if __name__ == "__main__":
    main(sys.argv[1:])
