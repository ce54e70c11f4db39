"""The theme at start-up: the stylesheet is set once the GM console is built, yet every
window and message box is shown styled."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMessageBox, QTableWidget
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import AdjustPool
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.dice import SeededDice
from bridge.storage.autosave import AutosaveJournal
from bridge.ui.app.start import _first_session, build
from bridge.ui.base.notices import warn
from bridge.ui.base.theme import apply_stylesheet, apply_theme, load_fonts, stylesheet


@pytest.fixture
def unstyled(qapp: QApplication) -> QApplication:
    """The application as a start leaves it before its first window: no stylesheet yet."""
    qapp.setStyleSheet("")
    apply_theme(qapp, sheet=False)
    assert qapp.styleSheet() == ""
    return qapp


def test_the_console_is_shown_styled(unstyled: QApplication, qtbot: QtBot) -> None:
    console, _ = build(False)
    qtbot.addWidget(console)
    console.confirm_quit = False
    assert console.isVisible() and unstyled.styleSheet() == stylesheet()


def test_tables_built_before_the_stylesheet_fit_their_rows_after_it(
    unstyled: QApplication, qtbot: QtBot
) -> None:
    """A table fits its height to its header and rows; the header's height changes with
    the stylesheet, which comes after the console's tables are filled."""
    console, _ = build(False)
    qtbot.addWidget(console)
    console.confirm_quit = False
    console.picture_tabs.setCurrentIndex(1)  # the ship panel's tables, built when shown
    unstyled.processEvents()
    fitted = [
        t
        for t in console.findChildren(QTableWidget)
        if t.verticalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    ]
    assert len(fitted) >= 3
    for table in fitted:
        rows = sum(table.rowHeight(r) for r in range(table.rowCount()))
        header = table.horizontalHeader().sizeHint().height()
        assert table.height() == header + rows + 2 * table.frameWidth() + 2


def test_a_question_before_the_first_window_is_styled(
    unstyled: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resume a crashed battle? is asked before the console exists: it comes up styled."""
    crashed = Session(demo_encounter(), SeededDice(3))
    AutosaveJournal.start(crashed)
    crashed.apply(AdjustPool(pool="threat", delta=1))
    sheets: list[str] = []

    def question(*_: object) -> QMessageBox.StandardButton:
        sheets.append(unstyled.styleSheet())
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "question", question)
    _first_session(None, autosave=True)
    assert sheets == [stylesheet()]


def test_a_warning_before_the_first_window_is_styled(
    unstyled: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    sheets: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *_: sheets.append(unstyled.styleSheet()))
    warn(None, "Bridge", "A folder cannot be written.")
    assert sheets == [stylesheet()]
    apply_stylesheet()  # once set, nothing to do
    assert unstyled.styleSheet() == stylesheet()


def test_the_font_is_registered_once(qapp: QApplication) -> None:
    family = load_fonts()
    apply_theme(qapp, 1.2)
    apply_theme(qapp, 1.0)
    assert load_fonts() == family == qapp.font().family()
