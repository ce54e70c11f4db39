"""UI benchmarks: start-up against a bare PySide6 window, Command-to-refresh, memory."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

__all__ = ["refresh_times", "startup_time", "ui_benchmarks"]

_BARE = (
    "from PySide6.QtWidgets import QApplication, QWidget\n"
    "app = QApplication([])\n"
    "w = QWidget(); w.resize(400, 300); w.show(); app.processEvents()\n"
    "print('shown', flush=True)\n"
)


def _timed(argv: list[str], home: str) -> float:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": os.environ.get("QT_QPA_PLATFORM", "offscreen"),
        "BRIDGE_HOME": home,
    }
    start = time.perf_counter()
    out = subprocess.run(argv, capture_output=True, text=True, env=env, check=True).stdout
    elapsed = time.perf_counter() - start
    if "shown" not in out:
        raise RuntimeError(f"{argv} did not report its windows shown")
    return elapsed


def startup_time(runs: int = 5) -> tuple[float, float]:
    """Median seconds from process launch to windows shown: (bare PySide6, Bridge demo)."""
    with tempfile.TemporaryDirectory() as home:  # the probe's autosaves stay out of yours
        bare = [_timed([sys.executable, "-c", _BARE], home) for _ in range(runs)]
        probe = [sys.executable, "-m", "bridge", "--demo", "--startup-probe"]
        bridge = [_timed(probe, home) for _ in range(runs)]
    return statistics.median(bare), statistics.median(bridge)


def refresh_times(commands: int = 200) -> tuple[list[float], int]:
    """Seconds from submitting a Command to every open window refreshed and repainted,
    with the GM console and five station windows open; and the resident memory (KiB)."""
    import resource

    from PySide6.QtWidgets import QApplication

    from bridge.engine import suggest
    from bridge.ui.app import build

    console, model = build(demo=True, seed=3)
    console.confirm_quit = False
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    app.processEvents()
    times = []
    for _ in range(commands):
        command = suggest(model.state, model.check)
        if command is None:
            break
        start = time.perf_counter()
        model.submit(command)
        app.processEvents()
        times.append(time.perf_counter() - start)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if sys.platform == "darwin":
        rss //= 1024
    for window in list(console.stations.values()):
        window.close()
    console.close()
    return times, rss


def ui_benchmarks(quick: bool = False) -> list[str]:
    bare, bridge = startup_time(3 if quick else 5)
    times, rss = refresh_times(60 if quick else 200)
    ms = sorted(t * 1e3 for t in times)
    p95 = ms[int(len(ms) * 0.95) - 1] if ms else 0.0
    return [
        f"  start-up to all six windows shown:   {bridge:8.2f} s  (bare PySide6 window "
        f"{bare:.2f} s, ratio {bridge / bare:.2f}x)",
        f"  Command to every window refreshed:   {statistics.median(ms):8.2f} ms median, "
        f"{p95:.2f} ms 95th percentile, {ms[-1]:.2f} ms max ({len(ms)} Commands)",
        f"  resident memory, all windows open:   {rss / 1024:8.0f} MiB",
    ]
