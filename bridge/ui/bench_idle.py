"""Waiting until the windows are idle, and counting what was painted on the way.

A refresh is finished only when Qt has no layout or paint work left: one
``processEvents()`` often leaves LayoutRequest or UpdateRequest events queued. The
benchmark installs its own :class:`PaintWatch` on the application (the app installs
nothing for it) and :func:`wait_idle` processes events until a whole pass sees none of
them.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import cast

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QPoint, QRect
from PySide6.QtGui import QPaintEvent, QRegion
from PySide6.QtWidgets import QWidget

__all__ = ["MAX_PASSES", "PaintWatch", "Sample", "timed", "wait_idle"]

ORIGIN = QPoint(0, 0)
MAX_PASSES = 200
"""A refresh still busy after this many passes is reported as not idle."""

_BUSY = frozenset(
    {
        QEvent.Type.LayoutRequest,
        QEvent.Type.UpdateRequest,
        QEvent.Type.UpdateLater,
        QEvent.Type.Paint,
    }
)


class PaintWatch(QObject):
    """An application-wide event filter: was there layout or paint work in this pass;
    each Paint event's rectangle, in its window's coordinates."""

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__()
        self.busy = False
        self.paints = 0
        self.pixels = 0
        """The pixels the Paint events covered (a widget and its parent both count)."""
        self._rects: list[tuple[QWidget, QRect]] = []
        self._app = app
        app.installEventFilter(self)

    def remove(self) -> None:
        self._app.removeEventFilter(self)

    def reset(self) -> None:
        self.paints = 0
        self.pixels = 0
        self._rects = []

    def repainted(self) -> dict[str, list[int]]:
        """Each window (its class, and station) -> [Paint events, pixels of the window
        repainted (the union of its Paint events)]."""
        regions: dict[str, tuple[int, QRegion]] = {}
        for window, rect in self._rects:
            name = _window_name(window)
            count, region = regions.get(name, (0, QRegion()))
            regions[name] = (count + 1, region.united(rect))
        return {
            name: [count, sum(r.width() * r.height() for r in cast("Iterable[QRect]", region))]
            for name, (count, region) in regions.items()
        }

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind in _BUSY:
            self.busy = True
            if kind == QEvent.Type.Paint and isinstance(event, QPaintEvent):
                rect = event.rect()
                self.paints += 1
                self.pixels += rect.width() * rect.height()
                if isinstance(watched, QWidget):
                    window = watched.window()
                    self._rects.append((window, rect.translated(watched.mapTo(window, ORIGIN))))
        return False


def _window_name(window: QWidget) -> str:
    """The window's class, and its station for a station window."""
    station = getattr(window, "station", None)
    name = type(window).__name__
    return f"{name} {getattr(station, 'value', station)}" if station is not None else name


def wait_idle(watch: PaintWatch, max_passes: int = MAX_PASSES) -> int:
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


def timed(watch: PaintWatch, action: Callable[[], object]) -> Sample:
    """Run ``action`` and wait until idle; what it cost until then."""
    watch.reset()
    wall, cpu = time.perf_counter(), time.thread_time()
    action()
    passes = wait_idle(watch)
    wall, cpu = time.perf_counter() - wall, time.thread_time() - cpu
    return Sample(wall, cpu, watch.paints, watch.pixels, passes, watch.repainted())
