"""Windows that fit the screen they are on, by their real frame, at any text size.

A window manager puts its frame (title bar and borders) round a window only after the
window is shown, and says how large it is when it has done so. A window is therefore
placed twice: when it is shown, with the frame the window manager gave the windows
before it (none for the first), and again as soon as its own frame is known. Either
time, the whole frame is kept inside the screen's free area (less any panel or
taskbar), shrinking the window if it must. Nothing guesses a title bar's height.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QMargins, QObject, QPoint, QRect, QSize, Qt, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFrame, QScrollArea, QStyle, QWidget

__all__ = [
    "ScreenFit",
    "cascade",
    "fit_content",
    "fit_to_screen",
    "frame_margins",
    "free_area",
    "grow_to_screen_height",
    "keep_on_screen",
    "scrolling",
]

_WAIT_MS, _WAITS = 25, 60
"""How often, and how many times, to look whether the window manager framed a window
(bounded: without a window manager no frame ever comes)."""
_learnt: list[QMargins] = []
"""The frame the window manager gave the last window it framed."""
CASCADE_STEP = QPoint(40, 36)
"""The furthest one window of a cascade sits from the one before it."""


def scrolling(content: QWidget, name: str = "window") -> QScrollArea:
    """``content`` in a frameless scroll area (named ``name``): at a large text size on
    a small screen it scrolls instead of pushing the window past the screen's edge."""
    area = QScrollArea()
    area.setObjectName(name)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    area.setWidget(content)
    return area


def fit_content(window: QWidget, body: QWidget, below: QWidget | None = None) -> None:
    """Size ``window`` to show ``body`` (its scrolling content) whole, with ``below``
    (its buttons) under it, as far as its screen's free area allows; it scrolls only
    what does not fit."""
    window.ensurePolished()
    body.ensurePolished()
    bar = window.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
    margins = window.contentsMargins()
    hint = body.sizeHint()
    extra = below.sizeHint().height() if below is not None else 0
    width = hint.width() + bar + margins.left() + margins.right() + 24
    height = hint.height() + extra + margins.top() + margins.bottom() + 48
    window.resize(QSize(width, height).expandedTo(window.minimumSizeHint()))
    fit_to_screen(window)


def free_area(window: QWidget) -> QRect:
    """The free area (less panels and taskbars) of the screen ``window`` is on."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    return screen.availableGeometry() if screen is not None else QRect()


def frame_margins(window: QWidget) -> QMargins:
    """The frame the window manager put round ``window``: its own once it is framed,
    else the last one learnt from another window, else none."""
    frame, inner = window.frameGeometry(), window.geometry()
    own = QMargins(
        inner.left() - frame.left(),
        inner.top() - frame.top(),
        frame.right() - inner.right(),
        frame.bottom() - inner.bottom(),
    )
    if not own.isNull():
        return own
    return _learnt[0] if _learnt else QMargins()


def _framed(window: QWidget) -> bool:
    return window.isVisible() and window.frameGeometry() != window.geometry()


def fit_to_screen(window: QWidget, at: QPoint | None = None) -> None:
    """Shrink ``window`` so that its frame fits its screen's free area and move it so
    that the frame is whole inside it (to ``at``, the frame's wished top left, as near
    as the screen allows)."""
    free = free_area(window)
    if free.isEmpty() or window.isFullScreen():  # (a full-screen window is its screen's)
        return
    m = frame_margins(window)
    room = QSize(
        free.width() - m.left() - m.right(), free.height() - m.top() - m.bottom()
    ).expandedTo(window.minimumSize())
    size = window.size().boundedTo(room)
    if size != window.size():
        window.resize(size)
    width = window.width() + m.left() + m.right()
    height = window.height() + m.top() + m.bottom()
    if (
        at is None
        and not window.isVisible()
        and not window.testAttribute(Qt.WidgetAttribute.WA_Moved)
    ):
        return  # not placed yet: where the window manager puts it is checked when shown
    frame = window.frameGeometry().topLeft() if at is None else at
    x = max(free.left(), min(frame.x(), free.right() + 1 - width))
    y = max(free.top(), min(frame.y(), free.bottom() + 1 - height))
    if at is not None or QPoint(x, y) != window.frameGeometry().topLeft():
        window.move(x, y)


def grow_to_screen_height(window: QWidget) -> None:
    """Make ``window`` as tall as its screen's free area (its frame whole on it, moved up
    as far as it must): for a window whose text has grown, whose screen has the room. A
    maximised or full-screen window is its screen's already."""
    if not window.isVisible() or window.isMaximized() or window.isFullScreen():
        return
    free = free_area(window)
    m = frame_margins(window)
    height = free.height() - m.top() - m.bottom()
    if free.isEmpty() or height <= window.height():
        return
    window.resize(window.width(), height)
    fit_to_screen(window, window.frameGeometry().topLeft())


def cascade(window: QWidget, index: int, count: int) -> QPoint:
    """Where the frame of the ``index``-th of ``count`` windows of this size goes so
    that the cascade stays whole on the screen: steps of :data:`CASCADE_STEP`, or
    smaller ones when the screen has less room."""
    free = free_area(window)
    m = frame_margins(window)
    spare_x = free.width() - (window.width() + m.left() + m.right())
    spare_y = free.height() - (window.height() + m.top() + m.bottom())
    steps = max(count - 1, 1)
    step_x = max(0, min(CASCADE_STEP.x(), spare_x // steps))
    step_y = max(0, min(CASCADE_STEP.y(), spare_y // steps))
    return QPoint(free.left() + index * step_x, free.top() + index * step_y)


class ScreenFit(QObject):
    """Places its window when it is shown and again once the window manager has framed
    it; then lets go (a window the player moves stays where they put it)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.slot: tuple[int, int] | None = None
        """(index, count) in a cascade, or ``None`` to keep the window where it is."""
        self.settled = False
        """Placed by its real frame (or no frame came in time)."""
        self._waits = 0
        self._timer = QTimer(self)
        self._timer.setInterval(_WAIT_MS)
        self._timer.timeout.connect(self._look)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.Show:
            self.place()
            if _framed(self.window):
                self._done()
            else:
                self._waits = 0
                self._timer.start()
        return False

    def place(self) -> None:
        at = cascade(self.window, *self.slot) if self.slot is not None else None
        fit_to_screen(self.window, at)

    def _look(self) -> None:
        self._waits += 1
        if _framed(self.window):
            self.place()
            self._done()
        elif self._waits >= _WAITS or not self.window.isVisible():
            self._done()

    def _done(self) -> None:
        self._timer.stop()
        self.settled = True
        if _framed(self.window):
            _learnt[:] = [frame_margins(self.window)]
        self.window.removeEventFilter(self)


def keep_on_screen(window: QWidget) -> ScreenFit:
    """Fit ``window`` to its screen now (by the frame known so far) and again when it
    is shown and framed."""
    fit_to_screen(window)
    return ScreenFit(window)
