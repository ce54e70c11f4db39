"""``bridge bench profile``: where a Command's time goes, window by window.

The demo battle (or the fleet battle) is played in the GM's six windows, autosave on,
each Command until idle. Each window's refresh slot is timed on its own, and every
event is charged to its receiver's window from its arrival to the next event's (a
Paint event is charged its painting): the table says what each window costs per
Command. Then as many Commands again run under :mod:`cProfile`: which functions.
"""

from __future__ import annotations

import cProfile
import io
import pstats
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtWidgets import QWidget

from bridge.bench.windows.idle import wait_idle
from bridge.bench.windows.refresh import Step, Windows, bench_home, bench_screen, open_windows
from bridge.engine import Encounter, Session

__all__ = ["profile_commands"]

MS = 1e3


class _Costs(QObject):
    """Seconds per window: its refresh slot (timed around the slot), and its events
    (each event's time runs from its arrival to the next event's, so a Paint event is
    charged its painting; the window is the receiver's)."""

    def __init__(self) -> None:
        super().__init__()
        self.slot_time: dict[str, float] = {}
        self.events: dict[tuple[str, str], float] = {}
        self._last: tuple[str, str] = ("(engine, autosave, slots)", "")
        self._since = 0.0
        self._paused = False
        self._active = False

    def add(self, table: dict[str, float], name: str, seconds: float) -> None:
        table[name] = table.get(name, 0.0) + seconds

    def start(self) -> None:
        self._last = ("(engine, autosave, other slots)", "")
        self._since = time.perf_counter()
        self._active = True

    def stop(self) -> None:
        self._charge(time.perf_counter())
        self._active = False

    def _charge(self, now: float) -> None:
        self.events[self._last] = self.events.get(self._last, 0.0) + now - self._since
        self._since = now

    def slot(self, name: str, slot: Callable[[object], None], changes: object) -> None:
        """Run a window's refresh slot, its time (events it sends included) its own."""
        if not self._active:
            slot(changes)
            return
        start = time.perf_counter()
        self._charge(start)
        self._paused = True
        try:
            slot(changes)
        finally:
            self._paused = False
            self._since = time.perf_counter()
            self.add(self.slot_time, name, self._since - start)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if self._paused or not self._active:
            return False
        self._charge(time.perf_counter())
        window = _name(watched.window()) if isinstance(watched, QWidget) else "(no window)"
        self._last = (window, _KINDS.get(event.type(), "other events"))
        return False


_KINDS = {
    QEvent.Type.Paint: "paint",
    QEvent.Type.UpdateRequest: "paint",
    QEvent.Type.LayoutRequest: "layout",
    QEvent.Type.Resize: "layout",
    QEvent.Type.Move: "layout",
}


def _time_slots(windows: Windows, costs: _Costs) -> Callable[[], None]:
    """Each window's ``refresh`` slot, reconnected behind a timer; returns what puts
    the slots back as they were (a window disconnects its own slot as it closes)."""
    console = windows.console
    signal = windows.model.sig_changed
    # (The station windows read the crew's view: their model is the console's SeatModel.)
    slots: list[tuple[str, Any, Callable[[object], None]]] = [
        ("GmConsole", signal, console.refresh),
        ("GmConsole ship panel", signal, console.ship_panel.refresh),
    ]
    slots += [
        (f"StationWindow {s.value}", w.model.sig_changed, w.refresh)
        for s, w in console.stations.items()
    ]
    wrappers: list[tuple[Any, Callable[[object], None], Callable[[object], None]]] = []
    for name, source, slot in slots:
        source.disconnect(slot)

        def timed(changes: object, slot: Callable[[object], None] = slot, name: str = name) -> None:
            costs.slot(name, slot, changes)

        source.connect(timed)
        wrappers.append((source, timed, slot))

    def restore() -> None:
        for source, timed, slot in wrappers:
            source.disconnect(timed)
            source.connect(slot)

    return restore


def _name(window: QWidget) -> str:
    station = getattr(window, "station", None)
    kind = type(window).__name__
    return f"{kind} {getattr(station, 'value', station)}" if station is not None else kind


def profile_commands(
    commands: int, session: Session | None, step_for: Callable[[Encounter], Step], top: int = 25
) -> str:
    """Play ``commands`` Commands (on ``session`` if given, else the demo) and report."""
    with (
        tempfile.TemporaryDirectory(prefix="bridge-bench-") as folder,
        bench_screen(Path(folder)),
        bench_home(),
    ):
        windows = open_windows()
        if session is not None:
            windows.adopt(session)
        step = step_for(windows.model.session.initial)
        windows.play(step, 10)  # first-time costs out of the way
        costs = _Costs()
        restore_slots = _time_slots(windows, costs)
        app = QCoreApplication.instance()
        assert app is not None
        app.installEventFilter(costs)
        wall = cpu = applied = 0.0
        repainted: dict[str, list[int]] = {}
        with windows.counting():  # every Paint event counted, by window
            for _ in range(commands):  # timed by window, without the profiler
                command = step(windows.model.state, windows.model.check)
                windows.watch.reset()
                windows.applied_at.clear()
                start, start_cpu = time.perf_counter(), time.thread_time()
                costs.start()
                windows.model.submit(command)
                wait_idle(windows.watch)
                costs.stop()
                wall += time.perf_counter() - start
                cpu += time.thread_time() - start_cpu
                applied += windows.applied_at[0] - start if windows.applied_at else 0.0
                for window, (paints, pixels) in windows.watch.repainted().items():
                    tally = repainted.setdefault(window, [0, 0])
                    tally[0] += paints
                    tally[1] += pixels
        app.removeEventFilter(costs)
        profiler = cProfile.Profile()
        for _ in range(commands):  # the same again, under the profiler
            command = step(windows.model.state, windows.model.check)
            profiler.enable()
            windows.model.submit(command)
            wait_idle(windows.watch)
            profiler.disable()
        name = windows.model.state.name
        restore_slots()
        windows.close()
    per = MS / commands
    first = costs.events.pop(("(engine, autosave, other slots)", ""), 0.0)
    other_slots = first - applied
    lines = [
        f"Profile of {commands} Commands until idle, {name} (autosave on)",
        f"  per Command: wall {wall * per:.1f} ms, CPU {cpu * per:.1f} ms; the engine and the "
        f"autosave (fsync) {applied * per:.1f} ms; other slots {other_slots * per:.1f} ms",
        f"  {'window':<26} {'slot':>8} {'paint':>8} {'layout':>8} {'other':>8} "
        f"{'repainted':>10} {'Paints':>7}   (ms per Command; each event charged until "
        "the next)",
    ]
    windows_seen = {w for w, _ in costs.events} | set(costs.slot_time) | set(repainted)

    def cost(window: str) -> float:
        return costs.slot_time.get(window, 0) + sum(
            v for (w, _), v in costs.events.items() if w == window
        )

    for window in sorted(windows_seen, key=lambda w: -cost(w)):
        paints, pixels = repainted.get(window, [0, 0])
        kinds = [costs.events.get((window, k), 0.0) for k in ("paint", "layout", "other events")]
        lines.append(
            f"  {window:<26} {costs.slot_time.get(window, 0) * per:8.2f} "
            + " ".join(f"{k * per:8.2f}" for k in kinds)
            + f" {pixels / commands / 1e6:7.2f} MP {paints / commands:7.0f}"
        )
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats(pstats.SortKey.TIME).print_stats(top)
    body = out.getvalue()
    body = body[body.find("   ncalls") :] if "   ncalls" in body else body
    lines.append(f"  top {top} functions by own time (cProfile, {commands} more Commands):")
    lines += [f"  {line}" for line in body.rstrip().splitlines()]
    return "\n".join(lines)
