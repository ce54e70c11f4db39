"""Windows that fit the screen they are on, at any text size: content scrolls, not cut."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget

__all__ = ["TITLE_BAR", "fit_to_screen", "scrolling"]

TITLE_BAR = 32
"""Room left for the window's title bar, which the available geometry does not include."""


def scrolling(content: QWidget) -> QScrollArea:
    """``content`` in a frameless scroll area: at a large text size on a small screen it
    scrolls instead of pushing the window past the screen's edge."""
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setWidget(content)
    return area


def fit_to_screen(window: QWidget) -> None:
    """Shrink ``window`` to its screen's free area (less a title bar), keeping it whole."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return
    free = screen.availableGeometry()
    width = min(window.width(), free.width())
    height = min(window.height(), free.height() - TITLE_BAR)
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
    frame = window.frameGeometry()
    if not free.contains(frame):
        window.move(
            max(free.left(), min(frame.left(), free.right() - width)),
            max(free.top(), min(frame.top(), free.bottom() - height - TITLE_BAR)),
        )
