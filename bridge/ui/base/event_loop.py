"""The app's asyncio loop, for the network: qasync on Qt's own event loop.

A GM's start runs Qt's event loop alone; asyncio and qasync (about a sixth of a bare
Qt app's start) load the first time hosting or joining needs them, and the loop then
runs on the Qt event loop already turning (:func:`app_loop`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncio

__all__ = ["app_loop", "close_app_loop", "start_lazily"]


class _State:
    lazy = False
    """The app runs Qt's event loop alone (:func:`start_lazily`)."""
    made: asyncio.AbstractEventLoop | None = None
    """The loop :func:`app_loop` made on it, if any."""


def start_lazily() -> None:
    """Qt's event loop is about to run alone: :func:`app_loop` puts asyncio on it."""
    _State.lazy = True


def app_loop() -> asyncio.AbstractEventLoop:
    """The asyncio loop the network's tasks run on: the running one (qasync's), else,
    once the app runs Qt's loop alone, a qasync loop made for it now."""
    import asyncio

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        pass
    if not _State.lazy:  # not the app's own start (a test, ``bridge join``): as before
        return asyncio.get_event_loop()
    import qasync
    from PySide6.QtWidgets import QApplication

    loop: asyncio.AbstractEventLoop = qasync.QEventLoop(
        QApplication.instance(), already_running=True
    )
    asyncio.set_event_loop(loop)
    _State.made = loop
    return loop


def close_app_loop() -> None:
    """After Qt's event loop ends: close the loop :func:`app_loop` made, if it made one."""
    loop, _State.made, _State.lazy = _State.made, None, False
    if loop is not None:
        import asyncio

        loop.stop()
        loop.close()
        asyncio.set_event_loop(None)
