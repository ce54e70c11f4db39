"""Files the desktop hands to the running app: a double-clicked battle on macOS, a battle
dropped on the Dock icon (Qt's file-open event)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QFileOpenEvent

__all__ = ["FileOpenFilter"]


class FileOpenFilter(QObject):
    """Installed on the QApplication: every file-open event goes to ``open_file``."""

    def __init__(self, open_file: Callable[[Path], object], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._open_file = open_file

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FileOpen and isinstance(event, QFileOpenEvent):
            name = event.file()
            if name:
                self._open_file(Path(name))
            return True
        return super().eventFilter(watched, event)
