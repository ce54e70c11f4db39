"""The app's data models built while it waits for the GM, not at their first use.

Bridge's pydantic models defer building their validators (``defer_build``), so that a
start builds only what it shows. Whatever a start did not build was built on first use:
the GM's first Command paid for the Command classes, the journal entry and the applied
result at once (70 ms in a slow hour; a phone saw that first change late). Here, once
the start is painted, the models still unbuilt are built one at a time, each on a turn
of the event loop with nothing else to do, so a click waits for one model's build at
most (a few ms).
"""

from __future__ import annotations

from collections.abc import Iterator

from pydantic import BaseModel
from PySide6.QtCore import QObject, QTimer

__all__ = ["build_models_when_idle", "unbuilt_models"]


def _subclasses(cls: type[BaseModel]) -> Iterator[type[BaseModel]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def unbuilt_models() -> list[type[BaseModel]]:
    """Bridge's models loaded so far whose validators are not built yet, the Commands
    first (the journal's entry, built after them, then reuses what they built)."""
    found = [
        m
        for m in dict.fromkeys(_subclasses(BaseModel))
        if m.__module__.startswith("bridge.") and not m.__pydantic_complete__
    ]
    return sorted(found, key=lambda m: ".commands" not in m.__module__)


AFTER_MS = 250
"""How long after the event loop's first turn the building begins: a start's windows are
painted and answering by then, and the start builds nothing more than its first screen
uses."""


def build_models_when_idle(parent: QObject) -> QTimer:
    """Build :func:`unbuilt_models` (as they are :data:`AFTER_MS` after the event loop's
    next turn), one each time the event loop is idle, on a timer owned by ``parent`` (it
    stops when they are built, or with ``parent``)."""
    todo: list[type[BaseModel]] = []
    timer = QTimer(parent)
    timer.setInterval(0)  # (a zero timer fires once the events waiting are handled)

    def begin() -> None:
        todo.extend(unbuilt_models())
        timer.start()

    def next_model() -> None:
        while todo:
            model = todo.pop(0)
            if not model.__pydantic_complete__:  # (another model's build may have built it)
                model.model_rebuild(raise_errors=False)
                return
        timer.stop()
        timer.deleteLater()

    timer.timeout.connect(next_model)
    # (counted from the event loop's first turn: a start's windows are painted by then)
    QTimer.singleShot(0, timer, lambda: QTimer.singleShot(AFTER_MS, timer, begin))
    return timer
