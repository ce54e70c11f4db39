"""ROLL WAITING: OPEN comes and goes in its own place: nothing around it is laid out
again, and out of use it is an empty place nobody can click, tab to or hover."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from bridge.ui.widgets.slot_button import SlotButton
from tests.ui.events import Events


def window(qtbot: QtBot) -> tuple[QWidget, SlotButton]:
    root = QWidget()
    qtbot.addWidget(root)
    col = QVBoxLayout(root)
    row = QHBoxLayout()
    col.addLayout(row)
    row.addWidget(QLabel("OFFICER", root))
    button = SlotButton("ROLL WAITING: OPEN", "No rolled Task waiting", root)
    button.setToolTip("Reopen the rolled Task (Ctrl+W)")
    row.addWidget(button)
    col.addWidget(QLabel("The card", root))
    root.resize(480, 160)
    root.show()
    qtbot.waitExposed(root)
    for _ in range(3):
        QCoreApplication.processEvents()
    return root, button


def test_coming_and_going_lays_nothing_out(qtbot: QtBot) -> None:
    root, button = window(qtbot)
    place = button.geometry()
    requests = Events(QEvent.Type.LayoutRequest).watch(root)
    for shown in (True, False, True):
        button.setShown(shown)
        QCoreApplication.processEvents()
        assert button.isShown() is shown and button.geometry() == place
    assert requests.seen == []


def test_out_of_use_it_is_an_empty_place(qtbot: QtBot) -> None:
    root, button = window(qtbot)
    assert not button.isShown()
    assert not button.isEnabled() and button.focusPolicy() == Qt.FocusPolicy.NoFocus
    assert button.toolTip() == "" and button.accessibleName() == "No rolled Task waiting"
    behind = root.palette().color(root.backgroundRole()).name()
    empty = button.grab().toImage()
    assert {
        empty.pixelColor(x, y).name()
        for x in range(0, empty.width(), 4)
        for y in range(0, empty.height(), 4)
    } <= {behind, "#000000"}
    button.setShown(True)
    assert button.isEnabled() and button.focusPolicy() == Qt.FocusPolicy.StrongFocus
    assert button.toolTip() == "Reopen the rolled Task (Ctrl+W)" and button.accessibleName() == ""
    shown = button.grab().toImage()
    assert shown != empty  # the button is painted
