"""The active effects, the crew's Turns and what is in play: lines that read whole, and
a view told what it already shows that does nothing."""

from __future__ import annotations

from itertools import pairwise

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QRect, Qt
from PySide6.QtGui import QColor, QFontMetrics, QStaticText
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from bridge.ui.widgets import lines_view
from bridge.ui.widgets.lines_view import LinesView
from tests.ui.events import Events

LONG = (
    "Evasive Action: attacks against the USS Resolute are at +1 Difficulty until "
    "Lt. Tovan's next Turn — USS Resolute"
)


def shown(qtbot: QtBot, width: int = 320, height: int = 90) -> tuple[QWidget, LinesView]:
    box = QWidget()
    qtbot.addWidget(box)
    col = QVBoxLayout(box)
    view = LinesView(box)
    view.setFixedHeight(height)
    col.addWidget(view)
    col.addWidget(QLabel("Log", box))
    box.resize(width, 200)
    box.show()
    qtbot.waitExposed(box)
    QCoreApplication.processEvents()
    return box, view


def test_the_same_lines_again_change_nothing(qtbot: QtBot) -> None:
    box, view = shown(qtbot)
    assert view.setLines(["Jammed — IKS Qoj", "ADVANTAGE: Nebula cover"])
    QCoreApplication.processEvents()
    events = Events(QEvent.Type.Paint, QEvent.Type.LayoutRequest, QEvent.Type.UpdateRequest)
    events.watch(box, view, view.viewport())
    assert not view.setLines(["Jammed — IKS Qoj", "ADVANTAGE: Nebula cover"])
    QCoreApplication.processEvents()
    assert events.seen == []
    assert view.lines() == ["Jammed — IKS Qoj", "ADVANTAGE: Nebula cover"]


def test_new_lines_repaint_the_view_and_move_nothing(qtbot: QtBot) -> None:
    box, view = shown(qtbot)
    label = box.findChild(QLabel)
    assert label is not None
    before = (view.geometry(), label.geometry())
    events = Events(QEvent.Type.LayoutRequest).watch(box)
    assert view.setLines(["Calibrate Weapons — USS Resolute", LONG, "TRAIT: Ion storm"])
    QCoreApplication.processEvents()
    assert (view.geometry(), label.geometry()) == before
    assert events.seen == []


def test_a_long_line_wraps_whole_within_the_view(qtbot: QtBot) -> None:
    _, view = shown(qtbot, width=240, height=300)
    view.setLines(["Short", LONG, "Two lines\n   the second indented"])
    room = view.text_width()
    metrics = QFontMetrics(view.font())
    rects = view.line_rects()
    for text, rect in zip(view.lines(), rects, strict=True):
        need = metrics.boundingRect(QRect(0, 0, room, 10_000), Qt.TextFlag.TextWordWrap, text)
        assert rect.height() >= need.height(), text
        assert rect.right() < view.viewport().width(), text
    one = metrics.lineSpacing()
    assert rects[1].height() >= 3 * one  # the long one wrapped, not cut
    assert rects[2].height() >= 2 * one  # "\n" breaks the line
    assert all(a.bottom() < b.top() for a, b in pairwise(rects))


def test_more_lines_than_fit_scroll(qtbot: QtBot) -> None:
    _, view = shown(qtbot, height=90)
    view.setLines([f"Effect {n} — USS Resolute" for n in range(12)])
    QCoreApplication.processEvents()
    bar = view.verticalScrollBar()
    assert bar.maximum() > 0 and bar.isVisible()
    first = view.line_rects()[0].top()
    bar.setValue(bar.maximum())
    QCoreApplication.processEvents()
    rects = view.line_rects()
    assert rects[0].top() == first - bar.maximum()
    assert rects[-1].bottom() <= view.viewport().height()  # the last line in sight, whole
    view.setLines(["Only one"])  # fewer lines: back at the top
    assert bar.maximum() == 0 and view.line_rects()[0].top() == first


def test_the_lines_are_painted_in_the_text_colour(qtbot: QtBot) -> None:
    _, view = shown(qtbot)
    view.setLines(["MMMMMMMM WWWWWWWW"])
    QCoreApplication.processEvents()
    image = view.viewport().grab().toImage()
    rect = view.line_rects()[0]
    text = QColor(view.palette().color(view.palette().ColorRole.Text))
    colours = {
        image.pixelColor(x, y).name()
        for x in range(rect.left(), rect.right())
        for y in range(rect.top(), rect.bottom())
    }
    assert text.name() in colours


def test_a_line_is_laid_out_once_for_every_view_of_its_width(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The five station windows show the same active effects: a new one is wrapped once
    between them; a view of another width wraps it for itself."""
    made: list[str] = []

    class Counted(QStaticText):
        def __init__(self, text: str) -> None:
            super().__init__(text)
            made.append(text)

    monkeypatch.setattr(lines_view, "QStaticText", Counted)
    line = f"{LONG} (seen by every station)"
    boxes = [shown(qtbot) for _ in range(3)]
    views = [view for _, view in boxes]
    for view in views:
        view.setLines(["Jammed — IKS Qoj (once)", line])
    assert made == ["Jammed — IKS Qoj (once)", line]
    assert [v.line_rects() for v in views[1:]] == [views[0].line_rects()] * 2
    _box, narrow = shown(qtbot, width=200)  # (kept: the view lives in it)
    narrow.setLines([line])
    assert made[-1] == line and len(made) == 3
    assert narrow.line_rects()[0].height() > views[0].line_rects()[1].height()
