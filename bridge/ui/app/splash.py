"""The first picture of a start: a splash in Bridge's colours saying what is being loaded,
painted before the engine (pydantic and the battle's model) is imported, so the GM sees
Bridge at once whatever the model costs.

It goes when the GM console is on the screen (:meth:`Splash.hand_over`), or as soon as
another of Bridge's windows takes the focus (a question at start-up: resume a battle, autosave
off), so it never stands over one. This module imports Qt and the theme only. (Its first
use of Qt's ``Qt`` namespace, which PySide builds whole with its hundred enum classes,
some 25-40 ms here, is spent before the picture: any drawing names it, if only through
a default argument. The console's start would spend it a moment later.)
"""

from __future__ import annotations

import time

from PySide6.QtCore import QEvent, QEventLoop, QObject, QPoint, QRect, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
    QPixmap,
    QWindow,
)
from PySide6.QtWidgets import QApplication, QWidget

from bridge import __version__
from bridge.ui.base.theme import COLORS, load_fonts

__all__ = ["LOADING", "OPENING", "SIZE", "Splash", "show_splash"]

SIZE = (560, 220)
LOADING = "Loading the rules, the ships and the battle…"
OPENING = "Opening the GM console…"
EXPOSE_SECONDS = 2.0
"""How long the start waits at most for the window system to show the splash."""


def _elbow(outer: QRectF, bar: float, arm: float) -> QPainterPath:
    """An LCARS elbow in ``outer``: a bar along its top, an arm down its left side, the
    outer corner rounded wide and the inner one tight."""
    wide, tight = bar * 1.2, bar * 0.5
    left, top, right, bottom = outer.left(), outer.top(), outer.right(), outer.bottom()
    path = QPainterPath()
    path.moveTo(left, bottom)
    path.lineTo(left, top + wide)
    path.arcTo(QRectF(left, top, 2 * wide, 2 * wide), 180, -90)
    path.lineTo(right, top)
    path.lineTo(right, top + bar)
    path.lineTo(left + arm + tight, top + bar)
    path.arcTo(QRectF(left + arm, top + bar, 2 * tight, 2 * tight), 90, 90)
    path.lineTo(left + arm, bottom)
    path.closeSubpath()
    return path


def _picture(family: str) -> QPixmap:
    """The splash's picture: an LCARS elbow and bar, BRIDGE, its version."""
    width, height = SIZE
    picture = QPixmap(width, height)
    picture.fill(QColor(COLORS.background))
    p = QPainter(picture)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(QColor(COLORS.orange))
    p.drawPath(_elbow(QRectF(16, 16, 300, 168), bar=34, arm=60))
    p.setBrush(QColor(COLORS.lavender))
    p.drawRect(QRect(326, 16, 60, 34))
    p.setBrush(QColor(COLORS.violet))
    p.drawRoundedRect(QRect(396, 16, width - 412, 34), 17, 17)
    p.setBrush(QColor(COLORS.peach))
    p.drawRoundedRect(QRect(16, height - 30, 60, 14), 7, 7)
    p.setPen(QPen(QColor(COLORS.violet), 2))  # its edge, on a light desktop too
    p.setBrush(Qt.BrushStyle.NoBrush)
    p.drawRect(QRect(1, 1, width - 2, height - 2))
    title = QFont(family)
    title.setPixelSize(64)
    title.setBold(True)
    p.setFont(title)
    p.setPen(QColor(COLORS.orange))
    p.drawText(QPoint(96, 124), "BRIDGE")
    small = QFont(family)
    small.setPixelSize(18)
    p.setFont(small)
    p.setPen(QColor(COLORS.dim))
    p.drawText(QPoint(100, 152), f"A starship bridge console · {__version__}")
    p.end()
    return picture


class Splash(QWidget):
    """The splash: a window of the window system's splash kind, centred on the screen;
    :meth:`say` tells what is being loaded. (Qt's own QSplashScreen waits up to a second
    in ``show`` for its window to be exposed, longer than the whole picture should take.)"""

    def __init__(self) -> None:
        super().__init__(None, Qt.WindowType.SplashScreen | Qt.WindowType.FramelessWindowHint)
        family = load_fonts()
        self._picture = _picture(family)
        self.setFixedSize(*SIZE)
        font = QFont(family)
        font.setPixelSize(20)
        self.setFont(font)
        self.setWindowTitle("Bridge")
        self._message = ""
        self._console: QWindow | None = None
        screen = QGuiApplication.primaryScreen()
        if screen is not None:
            self.move(screen.availableGeometry().center() - self.rect().center())

    def message(self) -> str:
        return self._message

    def say(self, text: str) -> None:
        """Show ``text`` under BRIDGE (painted at once)."""
        self._message = text
        self.repaint()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.drawPixmap(0, 0, self._picture)
        p.setPen(QColor(COLORS.peach))
        p.setFont(self.font())
        area = self.rect().adjusted(100, 0, -16, -22)
        bottom_left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignBottom
        p.drawText(area, int(bottom_left.value), self._message)
        p.end()

    def hand_over(self, console: QWidget) -> None:
        """Go once ``console`` is on the screen (its window exposed): no moment without
        either, and nothing of the start run early to wait for it."""
        handle = console.windowHandle()
        if handle is None or handle.isExposed():
            self.close()
            return
        self._console = handle
        handle.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self._console and event.type() == QEvent.Type.Expose:
            self._console.removeEventFilter(self)
            self.close()
        return False

    def _another_window(self, window: QWindow | None) -> None:
        """Another of Bridge's windows took the focus (a question, the console): go."""
        if window is not None and window is not self.windowHandle():
            self.close()


WINDOW_SYSTEM_ONLY = (
    QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents
    | QEventLoop.ProcessEventsFlag.ExcludeSocketNotifiers
    | QEventLoop.ProcessEventsFlag.X11ExcludeTimers
)
"""What the splash lets happen while it waits to be shown: the window system's events,
not the start's own timers or sockets (they run once the start is done)."""


def show_splash(app: QApplication) -> Splash:
    """Show the splash and return once it is painted on the screen (bounded in time)."""
    splash = Splash()
    splash.show()
    splash.say(LOADING)
    end = time.monotonic() + EXPOSE_SECONDS
    handle = splash.windowHandle()
    while handle is not None and not handle.isExposed() and time.monotonic() < end:
        app.processEvents(WINDOW_SYSTEM_ONLY)
        time.sleep(0.002)  # (the window system maps it meanwhile)
    splash.repaint()
    app.processEvents(WINDOW_SYSTEM_ONLY)
    app.focusWindowChanged.connect(splash._another_window)  # (undone as the splash goes)
    return splash
