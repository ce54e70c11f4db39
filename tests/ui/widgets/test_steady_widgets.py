"""Widgets told what they already show change nothing; a new text moves nothing."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import (
    QBoxLayout,
    QHBoxLayout,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)
from pytestqt.qtbot import QtBot

from bridge.ui.widgets.lcars import Pill
from bridge.ui.widgets.reason_label import ReasonLabel
from bridge.ui.widgets.steady import set_bar
from bridge.ui.widgets.steady_label import SteadyLabel
from tests.ui.events import Events


def shown_in(
    qtbot: QtBot, layout: type[QBoxLayout], *widgets: QWidget, size: tuple[int, int]
) -> QWidget:
    """``widgets`` in a row or column (then a stretch) of a window of ``size``, shown."""
    box = QWidget()
    qtbot.addWidget(box)
    lay = layout(box)
    for widget in widgets:
        lay.addWidget(widget)
    lay.addStretch()
    box.resize(*size)
    box.show()
    qtbot.waitExposed(box)
    return box


def test_a_steady_label_repaints_itself_and_moves_nothing(qtbot: QtBot) -> None:
    row = QWidget()
    qtbot.addWidget(row)
    layout = QHBoxLayout(row)
    turn = SteadyLabel("TURN: LT. CMDR. KELL")
    pill = Pill("MOMENTUM 2/6")
    neighbour = QWidget()
    for widget in (turn, pill, neighbour):
        layout.addWidget(widget)
    row.resize(700, 60)
    row.show()
    qtbot.waitExposed(row)
    qtbot.wait(50)  # the window settled
    events = Events(QEvent.Type.LayoutRequest, QEvent.Type.Move, QEvent.Type.Paint)
    app = QCoreApplication.instance()
    assert app is not None
    app.installEventFilter(events)
    try:
        before = neighbour.geometry()
        turn.setText("TURN: CAPT. REYES")  # narrower
        pill.setText("MOMENTUM 3/6")  # as wide
        turn.setTextColor("#ff9900")
        qtbot.wait(20)
        assert neighbour.geometry() == before
        assert (turn, QEvent.Type.Paint) in events.seen and (pill, QEvent.Type.Paint) in events.seen
        assert not [e for e in events.seen if e[1] != QEvent.Type.Paint]  # no layout, no move
        assert turn.text() == "TURN: CAPT. REYES" and turn.accessibleName() == turn.text()
        events.seen.clear()
        pill.setText("MOMENTUM 3/6")  # the same text: nothing at all
        qtbot.wait(20)
        assert not events.seen
        turn.setText("▶ YOUR TURN: LIEUTENANT COMMANDER KELL OF THE USS RESOLUTE")  # wider
        qtbot.wait(20)
        assert any(kind == QEvent.Type.LayoutRequest for _, kind in events.seen)
    finally:
        app.removeEventFilter(events)


def test_a_steady_label_asks_for_its_text_and_gets_it(qtbot: QtBot) -> None:
    row = QWidget()
    qtbot.addWidget(row)
    layout = QHBoxLayout(row)
    label = SteadyLabel("THREAT 12")
    layout.addWidget(label)
    layout.addStretch()
    row.resize(600, 60)
    row.show()
    qtbot.waitExposed(row)
    narrow = label.width()
    assert label.minimumSizeHint() == label.sizeHint()  # never cut short
    label.setText("THREAT 3")
    qtbot.wait(20)
    assert label.width() == narrow  # stays as wide: nothing moved
    label.setText("THREAT 12 (3 SPENT THIS SCENE)")
    qtbot.waitUntil(lambda: label.width() >= label.sizeHint().width(), timeout=2000)


def test_a_reason_line_keeps_its_height_and_grows_for_more_words(qtbot: QtBot) -> None:
    reason = ReasonLabel(lines=1)
    column = shown_in(qtbot, QVBoxLayout, reason, QWidget(), size=(300, 400))
    qtbot.wait(50)  # the window settled
    one_line = reason.height()
    events = Events(QEvent.Type.LayoutRequest)
    column.installEventFilter(events)
    reason.setText("Not your Turn: start a Turn first.")
    qtbot.wait(20)
    reason.setText("No officer is seated here.")
    qtbot.wait(20)
    assert not events.seen and reason.height() == one_line  # nothing moved
    assert reason.text() == "No officer is seated here."
    reason.setText("Weapons is disabled.  ·  " * 6)  # more words than one line holds
    qtbot.waitUntil(lambda: reason.height() > one_line, timeout=2000)
    reason.setText("")
    qtbot.waitUntil(lambda: reason.height() == one_line, timeout=2000)


def test_a_steady_label_set_before_its_window_shows_gets_its_width(qtbot: QtBot) -> None:
    row = QWidget()
    qtbot.addWidget(row)
    layout = QHBoxLayout(row)
    pill = Pill("")
    layout.addWidget(pill)
    layout.addStretch()
    row.resize(600, 60)
    assert pill.sizeHint().width() < 60  # its layout was told the empty pill's width
    pill.setText("DETERMINATION 1/3")  # while hidden
    row.show()
    qtbot.waitExposed(row)
    assert pill.width() >= pill.sizeHint().width() > 60


def test_set_bar_paints_once_with_the_window_and_not_at_once(qtbot: QtBot) -> None:
    """``QProgressBar.setValue`` paints the bar there and then, a second repaint per
    Command beside the window's own; told through ``set_bar`` it paints once, with the
    window, and told what it shows already it does nothing."""
    bar = QProgressBar()
    qtbot.addWidget(bar)
    bar.resize(300, 30)
    bar.show()
    qtbot.waitExposed(bar)
    assert set_bar(bar, 13, 13, "13 / 13")
    QCoreApplication.processEvents()
    paints = Events(QEvent.Type.Paint)
    bar.installEventFilter(paints)
    assert set_bar(bar, 13, 4, "4 / 13")
    assert paints.seen == []  # nothing painted while the Command's slots run
    qtbot.waitUntil(lambda: len(paints.seen) == 1, timeout=2000)
    assert (bar.maximum(), bar.value(), bar.format()) == (13, 4, "4 / 13")
    assert bar.updatesEnabled()
    assert not set_bar(bar, 13, 4, "4 / 13")  # the same again: nothing to do
    QCoreApplication.processEvents()
    assert len(paints.seen) == 1


def test_a_steady_label_keeps_the_room_of_its_widest_text(qtbot: QtBot) -> None:
    """The Turn line goes back and forth between short and long texts every Turn: after
    the widest has been shown once, none of them moves the widgets beside it, even after
    the row is laid out again; a new font measures its texts anew."""
    turn = SteadyLabel("PLAYERS TO ACT")
    neighbour = QWidget()
    row = shown_in(qtbot, QHBoxLayout, turn, neighbour, size=(900, 60))
    short = turn.width()
    turn.setText("▶ YOUR TURN: LT. AMARA MBEKI")  # the widest yet: it gets its room
    qtbot.waitUntil(lambda: turn.width() > short, timeout=2000)
    wide = turn.width()
    events = Events(QEvent.Type.LayoutRequest).watch(row)
    before = neighbour.geometry()
    for text in ("PLAYERS TO ACT", "NPCS TO ACT", "▶ YOUR TURN: LT. AMARA MBEKI") * 2:
        turn.setText(text)
        qtbot.wait(10)
    assert events.seen == [] and neighbour.geometry() == before
    turn.setText("NPCS TO ACT")
    turn.updateGeometry()  # its size asked again while the text is short (a new battle)
    qtbot.wait(20)
    assert turn.sizeHint().width() == wide == turn.width()
    assert neighbour.geometry().left() == before.left()
    turn.setStyleSheet("font-size: 7px")  # a new text size: what it says now, at that size
    qtbot.waitUntil(lambda: turn.width() < short, timeout=2000)


def test_a_steady_label_can_keep_room_for_a_given_text_from_the_start(qtbot: QtBot) -> None:
    label = SteadyLabel("1/3 Turns", widest="0/0 Turns ▶ ✖")
    qtbot.addWidget(label)
    widest = label.fontMetrics().size(0, "0/0 Turns ▶ ✖")
    hint = label.sizeHint()
    assert hint.width() >= widest.width() and hint.height() >= widest.height()
    assert label.text() == "1/3 Turns"


def test_a_reason_line_measures_its_words_again_in_a_new_font(qtbot: QtBot) -> None:
    """The words are laid out once per text and width (not at every measure or paint); a
    new text size (the window's, through its style) lays them out again at that size."""
    reason = ReasonLabel(lines=1)
    reason.setStyleSheet("font-size: 10px")
    reason.setText("Weapons is disabled: Damage Control first.")
    _column = shown_in(qtbot, QVBoxLayout, reason, size=(320, 600))  # (kept: it holds it)
    qtbot.waitUntil(lambda: reason.height() > 0, timeout=2000)
    one_line = reason.height()
    reason.setStyleSheet("font-size: 40px")  # the same words no longer fit one line
    lines = reason.fontMetrics().boundingRect(
        0, 0, reason.contentsRect().width(), 10_000, Qt.TextFlag.TextWordWrap, reason.text()
    )
    qtbot.waitUntil(lambda: reason.height() >= lines.height() > 2 * one_line, timeout=2000)


def test_a_control_disabled_in_the_focus_does_not_hand_it_to_the_next(qtbot: QtBot) -> None:
    """START TURN disabled as the Turn starts gave the focus to END ROUND…: Space then
    opened it."""
    from PySide6.QtWidgets import QPushButton, QVBoxLayout, QWidget

    from bridge.ui.widgets.steady import set_state

    window = QWidget()
    qtbot.addWidget(window)
    layout = QVBoxLayout(window)
    start, end_round = QPushButton("START TURN"), QPushButton("END ROUND…")
    layout.addWidget(start)
    layout.addWidget(end_round)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    start.setFocus()
    qtbot.waitUntil(start.hasFocus, timeout=2000)
    set_state(start, "Kell's Turn has started.")
    assert not start.isEnabled()
    assert not end_round.hasFocus()
