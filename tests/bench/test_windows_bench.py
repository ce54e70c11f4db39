"""The benchmark's cheap parts, so they cannot rot: waiting until idle and counting the
paint on the way, the report's verdicts, a start-up probe, a few timed Commands."""

from __future__ import annotations

import math
import os
from pathlib import Path

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from bridge.bench.battles import battles
from bridge.bench.report import Figure, format_figures, median, p99, percentile
from bridge.bench.windows.idle import PaintWatch, WindowWatch, timed, wait_idle
from bridge.bench.windows.play import grow_demo
from bridge.bench.windows.profile import profile_commands
from bridge.bench.windows.refresh import Check, open_windows
from bridge.bench.windows.start import launch, probe_env
from bridge.engine import Command, Encounter, suggest


def test_waiting_until_idle_counts_the_repaint_of_what_changed(
    qtbot: QtBot, qapp: QApplication
) -> None:
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    label = QLabel("short")
    other = QLabel("unchanged")
    layout.addWidget(label)
    layout.addWidget(other)
    window.resize(400, 300)
    window.show()
    watch = PaintWatch(qapp)
    try:
        wait_idle(watch)
        sample = timed(watch, lambda: label.setText("a much longer text than before"))
        assert sample.passes >= 1 and sample.paints >= 1 and sample.wall > 0
        area = 400 * 300
        assert 0 < sample.repainted <= area
        assert sample.by_window == {"QWidget": [sample.paints, sample.repainted]}
        watch.busy = False
        qapp.processEvents()
        assert not watch.busy  # nothing was left queued
        nothing = timed(watch, lambda: None)
        assert (nothing.passes, nothing.paints, nothing.repainted) == (0, 0, 0)
    finally:
        watch.remove()


def test_two_small_repaints_far_apart_count_as_small(qtbot: QtBot, qapp: QApplication) -> None:
    """A window's repainted area is the union of what was painted, not the box
    around it (one Paint event can cover two corners)."""
    window = QWidget()
    qtbot.addWidget(window)
    window.resize(600, 400)
    window.show()
    watch = PaintWatch(qapp)
    try:
        wait_idle(watch)

        def corners() -> None:
            window.update(QRect(0, 0, 60, 20))
            window.update(QRect(540, 380, 60, 20))

        sample = timed(watch, corners)
        assert 0 < sample.repainted <= 2 * 60 * 20 and sample.pixels <= 2 * 60 * 20
    finally:
        watch.remove()


def test_watching_only_the_windows_still_waits_for_their_repaint(
    qtbot: QtBot, qapp: QApplication
) -> None:
    """The timing watch sees no child's Paint events, but a child's new text still
    makes its window busy until the repaint is done."""
    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    inner = QWidget()
    QVBoxLayout(inner).addWidget(label := QLabel("short"))
    layout.addWidget(inner)
    window.resize(400, 300)
    window.show()
    watch = WindowWatch([window])
    try:
        wait_idle(watch)
        painted: list[int] = []
        label.paintEvent = lambda event: painted.append(1)  # type: ignore[method-assign]
        sample = timed(watch, lambda: label.setText("a much longer text than before"))
        assert sample.passes >= 1 and painted  # it waited for the label's repaint
        assert (sample.paints, sample.repainted) == (0, 0)  # and counted nothing
        nothing = timed(watch, lambda: None)
        assert nothing.passes == 0
    finally:
        watch.remove()


def test_the_report_puts_each_figure_next_to_its_goal() -> None:
    assert percentile([5.0, 1.0, 3.0, 2.0, 4.0], 0.5) == 3.0
    assert p99([float(n) for n in range(1, 101)]) == 99.0
    assert p99([7.0]) == 7.0 and math.isnan(p99([]))
    assert median([1.0, 3.0]) == 2.0
    met = Figure.at_most("refresh, median", 4.2, 5, "ms")
    missed = Figure.at_most("refresh, p99", 17.0, 16, "ms", note="CPU 9 ms")
    unmeasured = Figure.at_most("start-up", math.nan, 3.5, "x")
    plain = Figure("disk fsync", "4.0 ms")
    assert (met.met, missed.met, unmeasured.met, plain.met) == (True, False, None, None)
    lines = format_figures("Title", [met, missed, unmeasured, plain])
    assert lines[0] == "Title"
    assert "4.2 ms" in lines[1] and "goal <= 5 ms" in lines[1] and lines[1].endswith("met")
    assert "17.0 ms" in lines[2] and "goal <= 16 ms" in lines[2] and lines[2].endswith("MISSED")
    assert lines[3].strip() == "CPU 9 ms"
    assert not lines[4].endswith(("met", "MISSED")) and "goal <= 3.5 x" in lines[4]
    assert "goal" not in lines[5]


def test_a_bare_start_up_probe_reports_its_windows_and_memory(tmp_path: Path) -> None:
    run = launch("bare6", probe_env(str(tmp_path)), "300x200,200x100")
    assert run.wall > 0 and run.cpu > 0 and run.rss > 0
    assert run.sizes == ["300x200", "200x100"]


def test_commands_in_the_gm_windows_are_timed_until_idle(qapp: QApplication) -> None:
    windows = open_windows(seed=2)
    try:
        assert windows.model.session.sink is not None  # autosave on, as the GM has it
        assert len(windows.console.stations) == 5

        def step(state: Encounter, check: Check) -> Command:
            command = suggest(state, check)
            assert command is not None
            return command

        samples, applied = windows.play(step, 3)
        assert len(windows.model.session.journal) == 3
        for sample, engine in zip(samples, applied, strict=True):
            assert 0 < engine <= sample.wall and sample.passes < 200
        undo = windows.undo(1)
        assert len(windows.model.session.journal) == 2 and undo[0].wall > 0
    finally:
        windows.close()


def test_the_profile_names_what_each_window_costs(qapp: QApplication) -> None:
    platform = os.environ.get("QT_QPA_PLATFORM")
    report = profile_commands(3, None, battles().step_for, top=5)
    assert os.environ.get("QT_QPA_PLATFORM") == platform  # the bench's screen is undone
    lines = report.splitlines()
    assert lines[0].startswith("Profile of 3 Commands until idle")
    assert any(line.lstrip().startswith("StationWindow helm") for line in lines)
    assert any(line.lstrip().startswith("GmConsole") for line in lines)
    assert "ncalls" in report


def test_the_flatness_figure_plays_the_same_commands_at_both_lengths() -> None:
    from bridge.bench.windows.flat import _standing_where

    made = battles()
    played = made.long(300)
    short, long = _standing_where(played, 50), _standing_where(played, 300)
    assert (short.length, long.length) == (50, 300) and short.state == long.state
    for session in (short, long):
        step = made.step_for(session.initial)
        for _ in range(20):
            session.apply(step(session.state, session.check))
    assert short.journal[-20:] == long.journal[-20:] and short.state == long.state


def test_the_memory_growth_child_plays_on_and_reports_what_grew() -> None:
    grown = grow_demo(4, 2)
    assert grown.commands == 4 and grown.python > 0  # the journal grew, at least
    assert grown.per_1000(grown.python) == grown.python / 1024 / 4 * 1000


def test_the_machine_alone_is_timed_after_each_block_of_commands(qapp: QApplication) -> None:
    """Between the blocks of the three lengths, a fixed piece of Python work is timed as
    often as Commands were: the machine's own slow moments, in the same minutes."""
    from bridge.bench.windows.flat import _standing_where, alternate

    made = battles()
    played = made.long(60)
    sessions = [_standing_where(played, 20), _standing_where(played, 60)]
    windows = open_windows(seed=2)
    try:
        machine: list[float] = []
        found = alternate(windows, sessions, 2, 3, made, machine)
    finally:
        windows.close()
    assert [[len(block) for block in blocks] for blocks in found] == [[3, 3], [3, 3]]
    assert len(machine) == 2 * 2 * 3 and all(0 < ms < 60_000 for ms in machine)
