"""Python's cycle collector held back while Bridge starts.

Starting makes tens of thousands of objects that live as long as Bridge does (the
model's classes and validators, the windows' widgets) and almost no garbage (a few
hundred objects), yet each full collection on the way scans all of them again: some
80 ms of a GM console's start. So the collector waits until the windows are up; then
what start-up made is frozen out of later collections (:func:`gc.freeze`, as the
Python docs advise for a long-lived process) and collection goes on as usual.
"""

from __future__ import annotations

import gc

__all__ = ["hold", "release"]

_held = [False]


def hold() -> None:
    """No collection until :func:`release` (if the collector was on)."""
    if gc.isenabled():
        gc.disable()
        _held[0] = True


def release() -> None:
    """Collection goes on, skipping what exists now; nothing if :func:`hold` held nothing
    back (a program that only builds windows keeps its collector as it was)."""
    if _held[0]:
        _held[0] = False
        gc.freeze()
        gc.enable()
