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
from PySide6.QtWidgets import QApplication, QComboBox, QWidget

__all__ = ["activate", "choose", "click", "press"]


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
    """Move the pointer to the middle of ``widget`` on the screen and click there."""
    click_at(widget.mapToGlobal(QPoint(widget.width() // 2, widget.height() // 2)), settle_ms)


def click_at(middle: QPoint, settle_ms: int = 250) -> None:
    """A click at ``middle`` on the screen (a pointer already there is not moved:
    xdotool would wait for ever for it to move)."""
    if QCursor.pos() == middle:
        _xdotool("click", "1")
    else:
        _xdotool("mousemove", "--sync", str(middle.x()), str(middle.y()), "click", "1")
    QTest.qWait(settle_ms)


def choose(box: QComboBox, data: object) -> bool:
    """The entry of ``box`` whose data is ``data`` chosen as a person does: a click on
    the box opens its list, a click on the entry chooses it. Whether it is chosen."""
    index = box.findData(data)
    if index < 0:
        return False
    if box.currentIndex() == index:
        return True
    click(box)
    view = box.view()
    if not _until(view.isVisible):
        return False
    QTest.qWait(150)  # (the list is placed once it shows)
    row = view.visualRect(box.model().index(index, box.modelColumn()))
    click_at(view.viewport().mapToGlobal(row.center()))
    _until(lambda: not view.isVisible(), 2.0)
    return box.currentIndex() == index
