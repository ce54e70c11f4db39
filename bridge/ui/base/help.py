"""Help ▸ User guide and F1: the guide that ships inside Bridge, opened in the system's
browser straight from the disk (it works offline, at a table without a network).

Each window names its own page; ``F1`` in it opens that page::

    add_help_key(self, STATION)

The guide is built from ``docs/`` into ``bridge_resources/guide`` (setup.py's
``build_guide``; in a checkout, ``resources/guide/``).
"""

from __future__ import annotations

import importlib.resources
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QDesktopServices, QKeySequence
from PySide6.QtWidgets import QWidget

from bridge.ui.base.notices import warn

__all__ = [
    "CONFLICT_CARD",
    "GM_CONSOLE",
    "HELP_KEY",
    "INDEX",
    "STATION",
    "TASK_DIALOG",
    "add_help_key",
    "guide_folder",
    "guide_url",
    "open_guide",
]

HELP_KEY = "F1"
INDEX = "index.html"
GM_CONSOLE = "gm-console.html"
STATION = "stations.html"
TASK_DIALOG = "task-dialog.html"
CONFLICT_CARD = "conflict-card.html"
"""The guide's pages the windows open (``docs/NAME.md`` built as ``NAME.html``)."""


def guide_folder() -> Path:
    """Where the built guide is: ``bridge_resources/guide`` (a wheel's, a frozen app's,
    or a checkout's ``resources/guide``)."""
    return Path(str(importlib.resources.files("bridge_resources"))) / "guide"


def guide_url(page: str = INDEX) -> QUrl:
    """The local address of ``page`` of the guide."""
    return QUrl.fromLocalFile(str(guide_folder() / page))


def open_guide(page: str = INDEX, parent: QWidget | None = None) -> bool:
    """Open ``page`` of the guide in the system's browser; if this Bridge has no built
    guide (a checkout where it was never built), say so and how to build it."""
    path = guide_folder() / page
    if not path.is_file():
        warn(
            parent,
            "The guide is missing",
            f"This Bridge has no guide at {path.parent}: it is built when Bridge is "
            "installed. In a checkout, build it with\n"
            "python -m sphinx -b html docs resources/guide",
        )
        return False
    if not QDesktopServices.openUrl(guide_url(page)):
        warn(parent, "Bridge", f"No browser opened the guide: open {path} yourself.")
        return False
    return True


def add_help_key(window: QWidget, page: str) -> QAction:
    """``F1`` in ``window`` opens ``page`` of the guide (its right-click menu lists it
    where the window shows its actions there)."""
    act = QAction("User guide: this window's page", window)
    act.setShortcut(QKeySequence(HELP_KEY))
    act.setToolTip(f"Open the guide at this window's page ({HELP_KEY})")
    act.triggered.connect(lambda: open_guide(page, window))
    window.addAction(act)
    return act
