"""Windows whole on the screen by their real frame (issue 27): placed when shown and
again once framed, shrunk to the free area, a cascade that keeps every window whole,
and a window reopened at a place partly off the screen brought back."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QApplication, QMainWindow
from pytestqt.qtbot import QtBot

from bridge.ui.widgets.fit import cascade, fit_to_screen, frame_margins, free_area, keep_on_screen


def _window(qtbot: QtBot, width: int, height: int) -> QMainWindow:
    window = QMainWindow()
    qtbot.addWidget(window)
    window.resize(width, height)
    return window


def _whole(window: QMainWindow) -> bool:
    return free_area(window).contains(window.frameGeometry())


def test_a_window_larger_than_the_screen_is_shrunk_and_placed_whole(qtbot: QtBot) -> None:
    window = _window(qtbot, 2000, 1200)
    fit = keep_on_screen(window)
    window.show()
    qtbot.waitUntil(lambda: fit.settled)
    assert not frame_margins(window).isNull()  # the offscreen screen's frames
    assert _whole(window)
    free = free_area(window)
    assert window.frameGeometry().width() == free.width()


def test_a_window_reopened_partly_off_the_screen_comes_back(qtbot: QtBot) -> None:
    """The shared laptop, moved down, closed and opened at its saved place."""
    window = _window(qtbot, 1340, 690)
    fit = keep_on_screen(window)
    window.move(40, 120)  # its bottom 40 px below a 768-px screen
    window.show()
    qtbot.waitUntil(lambda: fit.settled)
    assert _whole(window)
    assert window.size().width() == 1340 and window.size().height() == 690  # only moved
    frame, free = window.frameGeometry(), free_area(window)
    assert frame.bottom() == free.bottom() and frame.right() == free.right()  # no further


def test_a_cascade_keeps_every_window_whole(qtbot: QtBot) -> None:
    windows = [_window(qtbot, 1280, 690) for _ in range(5)]
    places = []
    for i, window in enumerate(windows):
        fit = keep_on_screen(window)
        fit.slot = (i, len(windows))
        window.show()
        qtbot.waitUntil(lambda fit=fit: fit.settled)
        places.append(window.frameGeometry().topLeft())
        assert _whole(window), i
    steps = {(b - a).toTuple() for a, b in pairwise(places)}
    assert len(steps) == 1 and all(d > 0 for d in steps.pop())  # evenly, down and right


def test_a_cascade_steps_at_most_its_step_where_the_screen_has_room(qtbot: QtBot) -> None:
    window = _window(qtbot, 600, 400)
    window.show()
    QApplication.processEvents()
    free = free_area(window)
    assert cascade(window, 2, 5) == free.topLeft() + QPoint(80, 72)


def test_fit_to_screen_moves_to_a_wished_place_as_near_as_the_screen_allows(
    qtbot: QtBot,
) -> None:
    window = _window(qtbot, 800, 600)
    window.show()
    QApplication.processEvents()
    fit_to_screen(window, QPoint(5000, -300))
    frame = window.frameGeometry()
    free = free_area(window)
    assert _whole(window)
    assert frame.right() == free.right() and frame.top() == free.top()
