"""Real input on the real screen: keys and clicks sent through the X server by xdotool
(the XTEST extension), as a player's keyboard and mouse send them, to the window the
window manager has made active. Run inside the child process, on its display."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Callable

from PySide6.QtCore import QPoint
from PySide6.QtGui import QCursor
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

__all__ = ["activate", "click", "press"]


def _xdotool(*args: str) -> None:
    tool = shutil.which("xdotool")
    assert tool is not None, "xdotool is not installed (apt-get install xdotool)"
    # (its own complaints are its own: Bridge's output is what the tests judge)
    subprocess.run([tool, *args], check=True, timeout=10, capture_output=True)


def _until(ready: Callable[[], bool], seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QTest.qWait(20)
        if ready():
            return True
    return False


def activate(window: QWidget) -> bool:
    """Raise ``window`` and wait until the window manager has made it the active one
    (xdotool asks it; Bridge's loop, not blocked meanwhile, sees the answer)."""
    window.raise_()
    window.activateWindow()
    _xdotool("windowactivate", str(int(window.winId())))
    return _until(lambda: QApplication.activeWindow() is window)


def press(keys: str, settle_ms: int = 250) -> None:
    """Type ``keys`` (xdotool's names: ``ctrl+t``, ``ctrl+Return``, ``F2``) into the
    active window, then let Bridge handle them."""
    _xdotool("key", "--clearmodifiers", keys)
    QTest.qWait(settle_ms)


def click(widget: QWidget, settle_ms: int = 250) -> None:
    """Move the pointer to the middle of ``widget`` on the screen and click there (a
    pointer already there is not moved: xdotool would wait for ever for it to move)."""
    middle = widget.mapToGlobal(QPoint(widget.width() // 2, widget.height() // 2))
    if QCursor.pos() == middle:
        _xdotool("click", "1")
    else:
        _xdotool("mousemove", "--sync", str(middle.x()), str(middle.y()), "click", "1")
    QTest.qWait(settle_ms)
