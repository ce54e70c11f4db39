"""Waiting until the windows are idle, and counting what was painted on the way.

A refresh is finished only when Qt has no layout or paint work left: one
``processEvents()`` often leaves LayoutRequest or UpdateRequest events queued.
:func:`wait_idle` processes events until a whole pass sees none of them.

Two watches tell it: a :class:`WindowWatch` filters only the events sent to the
windows themselves (every repaint of a window starts with an UpdateRequest to it), so
timing a Command costs next to nothing more than the Command; a :class:`PaintWatch`
filters every event of the application to count each widget's Paint events, which in
Python costs about a tenth of a Command, so it is used to count, not to time.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import cast

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QRect
from PySide6.QtGui import QPaintEvent, QRegion
from PySide6.QtWidgets import QWidget

__all__ = ["MAX_PASSES", "PaintWatch", "Sample", "Watch", "WindowWatch", "timed", "wait_idle"]

ORIGIN = QPoint(0, 0)
MAX_PASSES = 200
"""A refresh still busy after this many passes is reported as not idle."""

_WORK = frozenset({QEvent.Type.LayoutRequest, QEvent.Type.UpdateRequest, QEvent.Type.UpdateLater})
"""With Paint, the events that mean a window still has layout or paint work."""
_SEEN = _WORK | {QEvent.Type.Paint}


class WindowWatch(QObject):
    """An event filter on each of ``windows``: was there layout or paint work for one of
    them in this pass. It counts no Paint events (``paints`` and ``pixels`` stay 0)."""

    def __init__(self, windows: Iterable[QWidget]) -> None:
        super().__init__()
        self.busy = False
        self._windows = list(windows)
        for window in self._windows:
            window.installEventFilter(self)

    def remove(self) -> None:
        for window in self._windows:
            with contextlib.suppress(RuntimeError):  # the window is gone
                window.removeEventFilter(self)

    def reset(self) -> None:
        pass

    @property
    def paints(self) -> int:
        return 0

    @property
    def pixels(self) -> int:
        return 0

    def repainted(self) -> dict[str, list[int]]:
        return {}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if not self.busy and (type(event) is QEvent or isinstance(event, QPaintEvent)):
            self.busy = event.type() in _SEEN
        return False


class PaintWatch(QObject):
    """An application-wide event filter: was there layout or paint work in this pass;
    each Paint event's widget and region (the rectangles it is made of: a repaint of a
    button at one end of a window and a log line at the other is not the window
    between them), worked out only after the clock stops."""

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__()
        self.busy = False
        self._painted: list[tuple[QObject, QRegion]] = []
        self._app = app
        app.installEventFilter(self)

    def remove(self) -> None:
        self._app.removeEventFilter(self)

    def reset(self) -> None:
        self._painted = []

    @property
    def paints(self) -> int:
        return len(self._painted)

    @property
    def pixels(self) -> int:
        """The pixels the Paint events covered (a widget and its parent both count)."""
        return sum(_area(region) for _, region in self._painted)

    def repainted(self) -> dict[str, list[int]]:
        """Each window (its class, and station) -> [Paint events, pixels of the window
        repainted (the union of its Paint events)]."""
        regions: dict[str, tuple[int, QRegion]] = {}
        for widget, painted in self._painted:
            if not isinstance(widget, QWidget):
                continue
            try:
                window = widget.window()
                moved = painted.translated(widget.mapTo(window, ORIGIN))
            except RuntimeError:  # deleted since it painted (a rebuilt list, a closed dialog)
                continue
            name = _window_name(window)
            count, region = regions.get(name, (0, QRegion()))
            regions[name] = (count + 1, region.united(moved))
        return {name: [count, _area(region)] for name, (count, region) in regions.items()}

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QPaintEvent):
            self.busy = True
            self._painted.append((watched, QRegion(event.region())))
        elif not self.busy and type(event) is QEvent and event.type() in _WORK:
            self.busy = True
        return False


def _area(region: QRegion) -> int:
    """Pixels in ``region`` (its rectangles do not overlap)."""
    return sum(r.width() * r.height() for r in cast("Iterable[QRect]", region))


def _window_name(window: QWidget) -> str:
    """The window's class, and its station for a station window."""
    station = getattr(window, "station", None)
    name = type(window).__name__
    return f"{name} {getattr(station, 'value', station)}" if station is not None else name


Watch = WindowWatch | PaintWatch


def wait_idle(watch: Watch, max_passes: int = MAX_PASSES) -> int:
    """Process events until a pass has no layout or paint work; returns the passes
    that had work (``max_passes`` means it never went idle)."""
    app = QCoreApplication.instance()
    assert app is not None
    for n in range(max_passes):
        watch.busy = False
        QCoreApplication.sendPostedEvents()
        app.processEvents()
        if not watch.busy:
            return n
    return max_passes


@dataclass(frozen=True)
class Sample:
    """One action until idle: wall and this thread's CPU seconds, Paint events, the
    pixels they covered, passes with work, and per window [Paint events, pixels of the
    window repainted]."""

    wall: float
    cpu: float
    paints: int
    pixels: int
    passes: int
    by_window: dict[str, list[int]]

    @property
    def repainted(self) -> int:
        """Pixels of the screen repainted: each window's repainted area, summed."""
        return sum(pixels for _, pixels in self.by_window.values())


def timed(watch: Watch, action: Callable[[], object]) -> Sample:
    """Run ``action`` and wait until idle; what it cost until then."""
    watch.reset()
    wall, cpu = time.perf_counter(), time.thread_time()
    action()
    passes = wait_idle(watch)
    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    return Sample(wall, cpu, watch.paints, watch.pixels, passes, watch.repainted())
