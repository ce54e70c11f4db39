"""``bridge bench start``: the start's phases, probed in a real process and reported."""

from __future__ import annotations

from pathlib import Path

from bridge.bench.windows.start import StartRun, launch, probe_env
from bridge.bench.windows.start_phases import (
    PHASES,
    PhaseRun,
    first_paint_line,
    launch_phases,
    phase_report,
)
from bridge.ui.app.splash import SIZE


def test_the_console_probe_marks_every_phase_of_a_real_start(tmp_path: Path) -> None:
    run = launch_phases("console", probe_env(str(tmp_path)))
    assert len(run.phases) == len(PHASES)
    assert all(seconds > 0 for seconds in run.phases)
    assert run.classes > 100  # the model's pydantic classes were counted
    assert run.cpu > 0 and run.wall == sum(run.phases)


def test_the_report_gives_each_phase_and_what_the_model_takes() -> None:
    console = PhaseRun((0.030, 0.080, 0.100, 0.060, 0.060, 0.050, 0.020), 0.4, 150)
    six = PhaseRun((0.030, 0.080, 0.100, 0.060, 0.060, 0.150, 0.070), 0.55, 150)
    text = phase_report([0.100, 0.120, 0.100], {"console": [console], "six": [six]})
    lines = text.splitlines()
    assert "median of 3" in lines[0]
    building = next(line for line in lines if line.strip().startswith("building"))
    assert building.split()[-4:] == ["50", "ms", "150", "ms"]
    total = next(line for line in lines if line.strip().startswith("total"))
    assert total.split()[-4:] == ["400", "ms", "550", "ms"]
    assert "a bare PySide6 window: 100 ms" in text
    assert "console: 4.00x a bare window (goal 2.5x, 250 ms), 300 ms above it" in text
    # pydantic 80 + the model 100 = 180 ms of the console's 400: without them 220 ms
    assert "150 classes take 180 ms of that (60%); without them 220 ms (2.20x)" in text
    assert "six: 5.50x a bare window (goal 3.5x, 350 ms)" in text


def test_the_first_picture_probe_times_the_splash(tmp_path: Path) -> None:
    run = launch("paint", probe_env(str(tmp_path)))
    assert run.wall > 0 and run.cpu > 0
    assert run.sizes == [f"{SIZE[0]}x{SIZE[1]}"]


def test_the_first_picture_is_reported_against_the_bare_window() -> None:
    def run(wall: float, cpu: float) -> StartRun:
        return StartRun(wall, {"cpu": cpu, "rss": 1, "sizes": []})

    pairs = [
        (run(0.200, 0.100), run(0.240, 0.130)),
        (run(0.250, 0.100), run(0.250, 0.120)),
        (run(0.300, 0.100), run(0.450, 0.200)),
    ]
    line = first_paint_line(pairs)
    assert "250 ms, 1.20x a bare window (CPU 130 ms, 1.30x; median of 3 pairs" in line
    assert line.endswith("goal 1.5x): met")
    assert first_paint_line([(run(0.2, 0.1), run(0.4, 0.1))]).endswith("MISSED")
