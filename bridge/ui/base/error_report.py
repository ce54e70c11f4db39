"""An error nothing caught, in the windows: it is logged, and the GM is told where.

The installed app has no console. Every uncaught exception (in a window's code, a timer,
a thread) is written with its traceback to the log file, and the GM sees one message
naming that file; Help ▸ Open the log folder shows it.
"""

from __future__ import annotations

import sys
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication, QWidget

from bridge.storage.logs import log_path, start_logging
from bridge.storage.paths import log_dir
from bridge.ui.base.notices import warn

__all__ = ["install_error_report", "open_log_folder"]

_showing = [False]


def _tell(error: BaseException, path: Path | None) -> None:
    if _showing[0]:  # one message at a time: an error while it shows is only logged
        return
    where = (
        f"The details are in {path} (Help ▸ Open the log folder): please send that file "
        "with a report of what you were doing."
        if path is not None
        else "The log folder could not be written, so the details are lost."
    )
    _showing[0] = True
    try:
        warn(
            QApplication.activeWindow(),
            "Bridge hit an error",
            f"Something went wrong inside Bridge ({type(error).__name__}: "
            f"{str(error)[:200]}). The battle is safe: every change up to now is in its "
            f"autosave.\n\n{where}",
        )
    finally:
        _showing[0] = False


def install_error_report() -> Path | None:
    """Log to ``bridge.log`` and tell the GM of every error nothing caught; the log file."""
    path = start_logging("bridge")
    logged = sys.excepthook

    def hook(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        logged(kind, error, trace)
        if issubclass(kind, Exception):
            _tell(error, log_path())

    sys.excepthook = hook
    return path


def open_log_folder(parent: QWidget | None = None) -> bool:
    """Show the log folder in the system's file manager (Help ▸ Open the log folder)."""
    folder = log_dir()
    if QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))):
        return True
    warn(parent, "Bridge", f"The log folder is {folder} (it could not be opened here).")
    return False
