"""Files the desktop hands to the running app: a double-clicked battle on macOS, a battle
dropped on the Dock icon (Qt's file-open event, sent to the application object)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication

__all__ = ["BridgeApplication", "FileOpenFilter", "listen_for_files"]

OpenFile = Callable[[Path], object]


def _opened(event: QEvent, open_file: OpenFile | None) -> bool:
    """Handle ``event`` if it is a file-open event; True when it was one."""
    if event.type() != QEvent.Type.FileOpen or not isinstance(event, QFileOpenEvent):
        return False
    name = event.file()
    if name and open_file is not None:
        open_file(Path(name))
    return True


class BridgeApplication(QApplication):
    """Bridge's application object: its file-open events go to ``open_file``.

    Only events sent to the application itself pass through here, so this costs
    nothing per paint or keystroke (an event filter on the application sees them all).
    """

    def __init__(self, argv: list[str]) -> None:
        super().__init__(argv)
        self.open_file: OpenFile | None = None

    def event(self, event: QEvent) -> bool:
        return _opened(event, self.open_file) or super().event(event)


class FileOpenFilter(QObject):
    """For an application object Bridge did not create: a filter on it, which sees every
    event of the application (slower, so used only then)."""

    def __init__(self, open_file: OpenFile, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._open_file = open_file

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is QApplication.instance() and _opened(event, self._open_file):
            return True
        return super().eventFilter(watched, event)


def listen_for_files(app: QApplication, open_file: OpenFile, parent: QObject) -> None:
    """Send the desktop's file-open events to ``open_file``."""
    if isinstance(app, BridgeApplication):
        app.open_file = open_file
    else:
        app.installEventFilter(FileOpenFilter(open_file, parent))
