"""The demo battle played in the GM's windows, in a process of its own: each Command
timed until every window is idle, and the memory it grows by.

The parent (:func:`play_demo`) starts ``python -m bridge.bench.run play N WARM``, which calls
:func:`play_main`; that process prints one JSON line with every sample. The memory is
measured apart (:func:`grow_demo`, ``grow N WARM`` and ``grow-python N WARM``), over
a longer stretch once every log is full.
"""

from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridge.bench.windows.idle import Sample
from bridge.bench.windows.refresh import Step, Windows
from bridge.engine import Encounter

__all__ = ["Grown", "Played", "grow_demo", "grow_main", "play_demo", "play_main", "samples_json"]


@dataclass(frozen=True)
class Played:
    """A demo battle played in the windows: the samples, the seconds to apply each
    Command (engine and autosave, before any window refreshed), the six windows' area
    in pixels, and the samples of the Commands played after them with every Paint
    event counted."""

    samples: list[Sample]
    applied: list[float]
    window_pixels: int
    by_window: dict[str, list[int]]
    painted: list[Sample]


def samples_json(samples: list[Sample], applied: list[float]) -> list[list[float]]:
    return [
        [s.wall, s.cpu, s.paints, s.pixels, s.passes, a, s.repainted]
        for s, a in zip(samples, applied, strict=True)
    ]


@contextmanager
def _warmed_windows(
    warm: int, step_for: Callable[[Encounter], Step]
) -> Iterator[tuple[Windows, Step]]:
    """The GM's six windows on the demo battle (autosave on, in a temporary home), after
    ``warm`` Commands, and the step that plays it on."""
    from bridge.bench.windows.refresh import bench_home, bench_screen, open_windows

    with (
        tempfile.TemporaryDirectory(prefix="bridge-bench-") as folder,
        bench_screen(Path(folder)),
        bench_home(),
    ):
        windows = open_windows(seed=3)
        step = step_for(windows.model.session.initial)
        windows.play(step, warm)
        gc.collect()
        yield windows, step


def play_main(commands: int, warm: int, step_for: Callable[[Encounter], Step]) -> None:
    """In the child: open the windows (autosave on), play ``warm`` Commands, then time
    ``commands`` more; print the JSON line."""
    with _warmed_windows(warm, step_for) as (windows, step):
        samples, applied = windows.play(step, commands)
        with windows.counting():  # then what was painted, counted apart from the timing
            painted, _ = windows.play(step, min(commands, 100))
        area = sum(
            w.width() * w.height() for w in [windows.console, *windows.console.stations.values()]
        )
        by_window: dict[str, list[int]] = {}
        for s in painted:
            for name, (paints, pixels) in s.by_window.items():
                tally = by_window.setdefault(name, [0, 0])
                tally[0] += paints
                tally[1] += pixels
        windows.close()
    line = {
        "samples": samples_json(samples, applied),
        "window_pixels": area,
        "by_window": by_window,
        "painted": [[s.paints, s.pixels, s.passes, s.repainted] for s in painted],
    }
    print(json.dumps(line), flush=True)


def play_demo(commands: int, warm: int) -> Played:
    """Run the child process and read what it measured."""
    data = _child("play", commands, warm)
    samples = [
        Sample(wall, cpu, int(paints), int(pixels), int(passes), {"all": [0, int(repainted)]})
        for wall, cpu, paints, pixels, passes, _, repainted in data["samples"]
    ]
    applied = [row[5] for row in data["samples"]]
    return Played(
        samples,
        applied,
        data["window_pixels"],
        data["by_window"],
        [
            Sample(0.0, 0.0, paints, pixels, passes, {"all": [0, repainted]})
            for paints, pixels, passes, repainted in data["painted"]
        ],
    )


@dataclass(frozen=True)
class Grown:
    """Memory over a long stretch of the demo battle in the windows, once every log
    holds as many lines as it keeps: resident memory (untraced) and Python's own
    objects (tracemalloc, in another run), in KiB, over ``commands`` Commands."""

    commands: int
    rss: int
    python: int

    def per_1000(self, kib: int) -> float:
        return kib / 1024 / max(self.commands, 1) * 1000


def grow_main(
    commands: int, warm: int, step_for: Callable[[Encounter], Step], traced: bool = False
) -> None:
    """In the child: play ``warm`` Commands, then ``commands`` more; print the growth.

    Untraced, the growth is resident memory (tracing would add its own records to
    it). ``traced``, it is Python's objects, traced from the start: objects made
    during the warm-up and freed after it count as freed."""
    import tracemalloc

    from bridge.bench.process import resident_kib

    if traced:
        tracemalloc.start()
    with _warmed_windows(warm, step_for) as (windows, step):
        before = tracemalloc.get_traced_memory()[0] if traced else resident_kib()
        windows.play(step, commands)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0] if traced else resident_kib()
        windows.close()
    grown = (after - before) // 1024 if traced else after - before
    print(json.dumps({"commands": commands, "kib": grown}), flush=True)


def grow_demo(commands: int, warm: int) -> Grown:
    """Run the two children (resident memory, then Python's objects) and read what
    they measured."""
    rss, python = (int(_child(mode, commands, warm)["kib"]) for mode in ("grow", "grow-python"))
    return Grown(commands, rss, python)


def _child(mode: str, commands: int, warm: int) -> Any:
    """Run ``python -m bridge.bench.run MODE COMMANDS WARM`` and read its last JSON line."""
    env = {**os.environ, "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen")}
    if env["QT_QPA_PLATFORM"].startswith("offscreen:"):  # the child sets its own screen
        env["QT_QPA_PLATFORM"] = "offscreen"
    out = subprocess.run(
        [sys.executable, "-m", "bridge.bench.run", mode, str(commands), str(warm)],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])
