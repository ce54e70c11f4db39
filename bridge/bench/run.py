"""``bridge bench``: speed figures, from the rules core to what the GM feels in the windows.

The rules and engine figures are measured with :mod:`timeit` and ``perf_counter``; the
windows' figures (:mod:`bridge.bench.windows.figures`) with autosave on, until every
window is idle, each next to its goal. ``python -m bridge.bench.run play N WARM`` is the
child process that plays the demo battle in the windows (:mod:`bridge.bench.windows.play`).
"""

from __future__ import annotations

import sys
import timeit
from collections.abc import Callable

from bridge.bench.battles import battles
from bridge.bench.hour import cpu_times, steal_text, yardstick_ms
from bridge.bench.process import machine_load
from bridge.rules.odds import task_odds
from bridge.rules.task import Assist, Roller, TaskSpec

__all__ = ["machine_load", "profile", "run_benchmarks"]


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
    cpu_before = cpu_times()
    lines = [f"Bridge benchmarks ({machine_load()})", _speed_line()]
    odds = _per_call(lambda: task_odds(spec), n)
    lines.append(f"  odds query, 5 lead dice + 2 assists: {odds * 1e6:8.1f} µs (best of 5)")
    from bridge.bench.battles import engine_benchmarks

    lines.extend(engine_benchmarks(quick))
    lines.append(_open_long_battle(2000 if quick else 10_000))
    if ui:
        from bridge.bench.windows.figures import ui_benchmarks

        lines.extend(ui_benchmarks(quick, battles()))
    lines.append(f"  ({machine_load()}; over the run, {steal_text(cpu_before, cpu_times())})")
    lines.append(_speed_line())
    return "\n".join(lines)


def _speed_line() -> str:
    """The hour's speed, at the start and the end of a run (see :mod:`bridge.bench.hour`)."""
    median, fastest = yardstick_ms()
    return (
        f"  this hour's speed: a fixed piece of Python work in {median:.1f} ms (median of "
        f"21; fastest {fastest:.1f} ms): in a slower hour it takes longer, and every "
        "figure with it"
    )


def profile(commands: int, fleet: bool = False) -> str:
    """Where a Command's time goes in the windows (:mod:`bridge.bench.windows.profile`)."""

    from bridge.bench.battles import fleet_encounter
    from bridge.bench.windows.profile import profile_commands
    from bridge.engine import Session

    session = Session(fleet_encounter()) if fleet else None
    return profile_commands(commands, session, battles().step_for)


def _open_long_battle(commands: int) -> str:
    """Saving and opening a battle of ``commands`` Commands (no replay on opening)."""
    import tempfile
    import time
    from pathlib import Path

    from bridge.bench.battles import endless_battle
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
        from bridge.bench.windows.play import grow_main, play_main

        step_for = battles().step_for
        if argv[0] == "play":
            play_main(int(argv[1]), int(argv[2]), step_for)
        else:
            grow_main(int(argv[1]), int(argv[2]), step_for, traced=argv[0] == "grow-python")
        return
    raise SystemExit("usage: python -m bridge.bench.run play|grow|grow-python COMMANDS WARM")


if __name__ == "__main__":
    main(sys.argv[1:])
