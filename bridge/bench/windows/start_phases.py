"""Where a start's time goes, phase by phase: ``bridge bench start``.

Each probe process (``python -m bridge.bench.windows.start_phases console|six``) starts as
``bridge`` does (the core before Qt) and marks the time after each phase:

- pydantic: its import and its first model class (pydantic imports much of itself
  only when the first class is built, so the first class carries that cost);
- Bridge's model: the core's import, almost all of it building pydantic model classes;
- PySide6: Qt's widgets, as a bare window imports them;
- Bridge's window code: the GM console's modules and those they import;
- building the windows, then painting them until idle (as the start-up figures wait).

The parent launches the probes interleaved with a bare PySide6 window (the start-up
figures' yardstick) and prints each phase's median against the goals' budgets, and the
time to Bridge's first picture (its splash, painted before the engine is imported:
``python -m bridge.bench.windows.start paint``) against the bare window's, pair by pair.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from bridge.bench.process import cpu_seconds, machine_load
from bridge.bench.windows.start import StartRun

__all__ = [
    "FIRST_PAINT_GOAL",
    "PHASES",
    "PhaseRun",
    "first_paint_line",
    "launch_phases",
    "main",
    "phase_report",
    "phase_rounds",
    "start_phases",
]

PHASES = (
    "Python itself, to the first line",
    "pydantic: its import and first class",
    "Bridge's model: the core's import",
    "PySide6: Qt's widgets",
    "Bridge's window code",
    "building the windows",
    "painting them until idle",
)
"""The phases in order; the first is the launch's wall time before the probe's first line."""

GOALS = {"console": 2.5, "six": 3.5}
"""The start-up goals, each a multiple of a bare window's start."""
FIRST_PAINT_GOAL = 1.5
"""Bridge's first picture at most this many times a bare window's start."""


def _model_classes() -> int:
    """How many of Bridge's pydantic model classes exist."""
    from pydantic import BaseModel

    seen: set[type] = set()
    todo: list[type] = [BaseModel]
    while todo:
        subclasses: list[type] = todo.pop().__subclasses__()
        for sub in subclasses:
            if sub not in seen:
                seen.add(sub)
                todo.append(sub)
    return sum(1 for c in seen if c.__module__.startswith("bridge."))


def _probe(mode: str) -> None:
    """Start as ``bridge`` (``console``) or ``bridge --demo`` (``six``) starts, marking
    each phase; print one JSON line: the phases' seconds (from the first line), the CPU
    seconds and the model classes built."""
    first = time.perf_counter()
    marks: list[float] = []
    import pydantic

    class _First(pydantic.BaseModel):
        value: int

    marks.append(time.perf_counter())
    from bridge.ui.app.collector import hold

    hold()  # as ``bridge`` starts
    import bridge.engine  # noqa: F401

    marks.append(time.perf_counter())
    import PySide6.QtWidgets  # noqa: F401

    marks.append(time.perf_counter())
    from bridge.ui.app.start import build
    from bridge.ui.base.notices import set_unattended
    from bridge.ui.console import gm_console  # noqa: F401

    marks.append(time.perf_counter())
    set_unattended(True)
    console, _model = build(mode == "six", autosave=True, ask=False)
    marks.append(time.perf_counter())
    from bridge.bench.windows.start import idle_until_painted

    idle_until_painted()
    marks.append(time.perf_counter())
    line = {
        "phases": [b - a for a, b in zip([first, *marks], marks, strict=False)],
        "cpu": cpu_seconds(),
        "classes": _model_classes(),
    }
    print(json.dumps(line), flush=True)
    console.confirm_quit = False
    console.close()


def main(argv: list[str]) -> None:
    if len(argv) != 1 or argv[0] not in GOALS:
        raise SystemExit("usage: python -m bridge.bench.windows.start_phases console|six")
    _probe(argv[0])


# -- the parent ------------------------------------------------------------------------
@dataclass(frozen=True)
class PhaseRun:
    """One probe: each phase's seconds (the first being the launch before its first
    line), its CPU seconds and the model classes it built."""

    phases: tuple[float, ...]
    cpu: float
    classes: int

    @property
    def wall(self) -> float:
        return sum(self.phases)


def launch_phases(mode: str, env: dict[str, str]) -> PhaseRun:
    """One phase probe, its phases with the launch's wall time before its first line."""
    from bridge.bench.windows.start import run_probe

    wall, line = run_probe("bridge.bench.windows.start_phases", env, mode)
    marks = line["phases"]
    phases = tuple(float(s) for s in marks) if isinstance(marks, list) else ()
    before = max(wall - sum(phases), 0.0)
    return PhaseRun((before, *phases), float(line["cpu"]), int(line["classes"]))  # type: ignore[arg-type, call-overload]


def phase_rounds(
    runs: int,
) -> tuple[list[float], dict[str, list[PhaseRun]], list[tuple[StartRun, StartRun]]]:
    """``runs`` rounds of a bare window, the two phase probes and the first picture,
    interleaved, after one untimed round (preferences written, the disk cache warm).
    Returns the bare windows' seconds, each mode's probes, and each round's bare window
    with Bridge's first picture, launched one after the other."""
    import tempfile

    from bridge.bench.windows.start import compile_bridge, launch, probe_env

    compile_bridge()
    bare: list[float] = []
    paint: list[tuple[StartRun, StartRun]] = []
    found: dict[str, list[PhaseRun]] = {"console": [], "six": []}
    with tempfile.TemporaryDirectory(prefix="bridge-bench-") as home:
        env = probe_env(home)
        launch_phases("six", env)
        launch("paint", env)
        for _ in range(max(runs, 1)):
            window = launch("bare", env)
            bare.append(window.wall)
            paint.append((window, launch("paint", env)))
            for mode, runs_of_mode in found.items():
                runs_of_mode.append(launch_phases(mode, env))
    return bare, found, paint


def first_paint_line(pairs: Sequence[tuple[StartRun, StartRun]]) -> str:
    """Bridge's first picture against the bare window launched just before it: the
    medians, and the median of the pairs' ratios, in wall and in CPU time."""

    def ratio(attr: str) -> float:
        return float(statistics.median(getattr(p, attr) / getattr(b, attr) for b, p in pairs))

    wall = ratio("wall")
    met = "met" if wall <= FIRST_PAINT_GOAL else "MISSED"
    return (
        f"  first picture (the splash, before the engine loads): "
        f"{statistics.median(p.wall for _, p in pairs) * 1e3:.0f} ms, {wall:.2f}x a bare "
        f"window (CPU {statistics.median(p.cpu for _, p in pairs) * 1e3:.0f} ms, "
        f"{ratio('cpu'):.2f}x; median of {len(pairs)} pairs; goal {FIRST_PAINT_GOAL}x): {met}"
    )


def phase_report(bare: Sequence[float], found: dict[str, list[PhaseRun]]) -> str:
    """Each phase's median (ms) for the console and the six windows, the bare window and
    what the goals leave above it, and the share pydantic and the model take."""
    base = statistics.median(bare)
    ms = 1e3

    def med(runs: Sequence[PhaseRun], index: int) -> float:
        return statistics.median(r.phases[index] for r in runs) * ms

    modes = list(found)
    lines = [
        f"Bridge start-up, phase by phase (median of {len(bare)}; {machine_load()})",
        f"  {'phase':40s}" + "".join(f"{m:>12s}" for m in modes),
    ]
    for index, name in enumerate(PHASES):
        lines.append(f"  {name:40s}" + "".join(f"{med(found[m], index):9.0f} ms" for m in modes))
    walls = {m: statistics.median(r.wall for r in found[m]) * ms for m in modes}
    lines.append(f"  {'total':40s}" + "".join(f"{walls[m]:9.0f} ms" for m in modes))
    classes = max(r.classes for runs in found.values() for r in runs)
    lines.append(f"  a bare PySide6 window: {base * ms:.0f} ms")
    for mode in modes:
        goal = GOALS[mode] * base * ms
        pydantic = med(found[mode], 1) + med(found[mode], 2)
        above = walls[mode] - base * ms
        without = walls[mode] - pydantic
        lines += [
            f"  {mode}: {walls[mode] / (base * ms):.2f}x a bare window (goal {GOALS[mode]}x, "
            f"{goal:.0f} ms), {above:.0f} ms above it;",
            f"    pydantic and the model's {classes} classes take {pydantic:.0f} ms of that "
            f"({pydantic / max(above, 1e-9):.0%}); without them {without:.0f} ms "
            f"({without / (base * ms):.2f}x)",
        ]
    return "\n".join(lines)


def start_phases(runs: int) -> str:
    """``bridge bench start``: the phases and the first picture, measured and reported."""
    bare, found, paint = phase_rounds(runs)
    return phase_report(bare, found) + "\n" + first_paint_line(paint)


if __name__ == "__main__":
    main(sys.argv[1:])
