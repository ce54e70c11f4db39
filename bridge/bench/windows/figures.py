"""UI benchmarks: what the GM feels, each figure next to its goal.

- Start-up: launch to all six windows painted (``bridge --demo``), to the GM console
  painted with its event loop running (``bridge``), and to the first picture (the
  splash, painted before the engine loads), against a bare PySide6 window; launched in
  turn, pair by pair, with bytecode present.
- Memory: Bridge with its six windows open against a bare app with six empty windows
  of the same sizes; and how much it grows per 1,000 Commands played.
- Command to every window repainted: the GM's six windows, autosave on, each Command
  timed (wall and CPU) until no layout or paint work is left; the area painted.
- Flat with length: the same at 500 and at 50,000 journal entries, in alternating
  blocks on the same windows; undo at both lengths; opening and resuming a
  10,000-Command battle into the windows.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path

from bridge.bench.battles import Battles
from bridge.bench.process import RESIDENT_IS_PEAK
from bridge.bench.report import Figure, format_figures, median, p99
from bridge.bench.windows.idle import Sample
from bridge.engine import Session

__all__ = ["refresh_figures", "startup_figures", "ui_benchmarks", "window_figures"]

MS = 1e3
MIB = 1024
FIRST_PAINT_GOAL = 1.5
"""Bridge's first picture (its splash) at most this many times a bare window's start."""
RESIDENT = (
    "peak resident memory (this OS gives no figure of the moment)"
    if RESIDENT_IS_PEAK
    else "resident memory"
)


def ui_benchmarks(quick: bool, battles: Battles) -> list[str]:
    from bridge.bench.windows.play import play_demo

    figures = startup_figures(3 if quick else 7)
    played = play_demo(300 if quick else 1000, warm=30)
    figures += refresh_figures(
        "demo battle", played.samples, played.applied, played.painted, played.window_pixels
    )
    from bridge.bench.windows.play import grow_demo

    warm, long = (4000, 2000) if quick else (4000, 8000)  # every log is full by 4,000
    grown = grow_demo(long, warm)
    figures.append(
        Figure.at_most(
            "memory growth per 1,000 Commands played",
            grown.per_1000(grown.rss),
            1.0,
            "MiB",
            note=f"{RESIDENT} over {long:,} Commands in the windows after {warm:,} "
            f"(every log full); Python's objects {grown.per_1000(grown.python):.2f} MiB "
            "(another run, traced from its start)",
            digits=2,
        )
    )
    figures += window_figures(quick, battles)
    return format_figures("Bridge windows (what the GM feels; autosave on)", figures)


def startup_figures(runs: int) -> list[Figure]:
    """Start-up and memory against a bare app, ``runs`` interleaved rounds."""
    from bridge.bench.windows.start import start_rounds

    found = start_rounds(runs)
    bare, bare6, six, console, paint = (
        found[k] for k in ("bare", "bare6", "six", "console", "paint")
    )

    def ratio(runs: Sequence[object], attr: str) -> float:
        return median(
            [getattr(a, attr) / getattr(b, attr) for a, b in zip(runs, bare, strict=True)]
        )

    def seconds(runs: Sequence[object], attr: str) -> float:
        return median([getattr(r, attr) for r in runs])

    extra = median([(a.rss - b.rss) / MIB for a, b in zip(six, bare6, strict=True)])
    pairs = f"median of {runs} interleaved pairs, bytecode present"
    return [
        Figure.at_most(
            "start-up, all six windows painted (x a bare window)",
            ratio(six, "wall"),
            3.5,
            "x",
            note=f"Bridge {seconds(six, 'wall'):.2f} s ({seconds(six, 'cpu'):.2f} s CPU, "
            f"{ratio(six, 'cpu'):.1f}x), bare {seconds(bare, 'wall'):.2f} s "
            f"({seconds(bare, 'cpu'):.2f} s CPU); {pairs}",
            digits=2,
        ),
        Figure.at_most(
            "start-up, GM console interactive (x a bare window)",
            ratio(console, "wall"),
            2.5,
            "x",
            note=f"Bridge {seconds(console, 'wall'):.2f} s ({seconds(console, 'cpu'):.2f} s CPU, "
            f"{ratio(console, 'cpu'):.1f}x): painted, its event loop running; {pairs}",
            digits=2,
        ),
        Figure.at_most(
            "start-up, first picture painted (x a bare window)",
            ratio(paint, "wall"),
            FIRST_PAINT_GOAL,
            "x",
            note=f"Bridge {seconds(paint, 'wall'):.2f} s ({seconds(paint, 'cpu'):.2f} s CPU, "
            f"{ratio(paint, 'cpu'):.1f}x): its splash, before the engine loads; {pairs}",
            digits=2,
        ),
        Figure.at_most(
            "memory, six windows open, above a bare app",
            extra,
            60,
            "MiB",
            note=f"{RESIDENT}: Bridge {seconds(six, 'rss') / MIB:.0f} MiB, a bare app with "
            f"six empty windows of the same sizes {seconds(bare6, 'rss') / MIB:.0f} MiB",
            digits=0,
        ),
    ]


def refresh_figures(
    name: str,
    samples: Sequence[Sample],
    applied: Sequence[float],
    painted: Sequence[Sample],
    window_pixels: int,
) -> list[Figure]:
    """Median and p99 of Command to every window repainted (``samples``, timed with
    only the windows watched); what was painted (``painted``, more Commands of the same
    battle with every Paint event counted)."""
    walls = [s.wall * MS for s in samples]
    cpus = [s.cpu * MS for s in samples]
    engine = median([a * MS for a in applied])
    paints = median([float(s.paints) for s in painted])
    pixels = median([float(s.pixels) for s in painted])
    repainted = median([float(s.repainted) for s in painted])
    passes = max((s.passes for s in [*samples, *painted]), default=0)
    what = f"Command to every window repainted, {name}"
    return [
        Figure.at_most(
            f"{what}, median",
            median(walls),
            5,
            "ms",
            note=f"CPU {median(cpus):.1f} ms; applied and autosaved (fsync) before any "
            f"window refreshed: {engine:.1f} ms; {len(samples)} Commands",
        ),
        Figure.at_most(f"{what}, p99", p99(walls), 16, "ms", note=f"CPU p99 {p99(cpus):.1f} ms"),
        Figure(
            f"screen repainted per Command, {name}",
            f"{repainted / 1e6:.2f} MP",
            "only what changed",
            None,
            f"of the six windows' {window_pixels / 1e6:.1f} MP; median {paints:.0f} Paint "
            f"events covering {pixels / 1e6:.1f} MP of widgets ({len(painted)} more Commands, "
            f"each Paint event counted); at most {passes} passes to idle",
        ),
    ]


def window_figures(quick: bool, battles: Battles) -> list[Figure]:
    """The figures measured in this process: the fleet battle, flatness with length,
    undo, opening and resuming a long battle."""
    from bridge.bench.windows.flat import flat_figures, open_figures
    from bridge.bench.windows.refresh import bench_home, bench_screen, fsync_times, open_windows

    figures: list[Figure] = []
    with (
        tempfile.TemporaryDirectory(prefix="bridge-bench-") as folder,
        bench_screen(Path(folder)),
        bench_home() as home,
    ):
        fsync = fsync_times(home, 50)
        windows = open_windows()
        figures += open_figures(windows, home, battles, 10_000, runs=3 if quick else 5)
        fleet = Session(battles.fleet())
        windows.adopt(fleet)
        step = battles.step_for(fleet.initial)
        samples, applied = windows.play(step, 100 if quick else 500)
        area = sum(
            w.width() * w.height() for w in [windows.console, *windows.console.stations.values()]
        )
        with windows.counting():
            painted, _ = windows.play(step, 50)
        figures += refresh_figures("10 ships, 40 zones", samples, applied, painted, area)
        figures += flat_figures(windows, battles, quick)
        windows.close()
    figures.append(
        Figure(
            "this disk: one autosave line written and fsynced",
            f"{median(fsync) * MS:.1f} ms",
            note=f"p99 {p99(fsync) * MS:.1f} ms (part of every Command above)",
        )
    )
    return figures
