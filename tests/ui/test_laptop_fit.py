"""Every window and dialog on a 1366x768 laptop, at the default text size and larger.

Issue 13: the task dialog grew past the screen after ROLL, the GM console could not be
smaller than 761x983, station windows not narrower than 975 px with their main Tasks
below the fold, and larger text cut table rows and labels. Here every window is put at
a laptop's free area (1366x768 less a taskbar and a title bar) and read as a person
would: no label or button cut, nothing outside its window; at the default size nothing
scrolls and a station's own Tasks are in view.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication, QMainWindow, QScrollArea, QWidget
from pytestqt.qtbot import QtBot

from bridge.engine import CATALOG, StartTurn, Station
from bridge.rules.dice import GivenDice
from bridge.ui.app.screenshots import LAPTOP
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.theme import apply_theme
from bridge.ui.console.edit_value import EditValueDialog
from bridge.ui.console.encounter_setup import SetupDialog
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.console.house_rules import HouseRulesDialog
from bridge.ui.library.ship_library import LibraryDialog
from bridge.ui.station.task_dialog import TaskDialog
from tests.ui.fit import clipped


@pytest.fixture
def text_size(request: pytest.FixtureRequest) -> Iterator[float]:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    apply_theme(app, request.param)
    yield request.param
    apply_theme(app, 1.0)


def _laptop(window: QWidget) -> None:
    window.resize(*LAPTOP)
    QApplication.processEvents()
    assert window.width() <= LAPTOP[0] and window.height() <= LAPTOP[1], (
        f"{window.windowTitle()} cannot be as small as a laptop's screen: "
        f"{window.width()}x{window.height()}"
    )


def _scrolls(window: QWidget) -> bool:
    """Whether the window's own content needs its scroll bars (columns may scroll)."""
    area = window.centralWidget() if isinstance(window, QMainWindow) else None
    assert isinstance(area, QScrollArea)
    return area.verticalScrollBar().isVisible() or area.horizontalScrollBar().isVisible()


def _console(qtbot: QtBot, model: SharedModel) -> GmConsole:
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    console.open_all()
    return console


@pytest.mark.parametrize("text_size", [1.0, 1.5, 2.0], indirect=True)
def test_console_and_stations_fit_a_laptop(
    qtbot: QtBot, model: SharedModel, text_size: float
) -> None:
    console = _console(qtbot, model)
    for window in (console, *console.stations.values()):
        _laptop(window)
        assert clipped(window) == [], window.windowTitle()
        if text_size == 1.0:
            assert not _scrolls(window), f"{window.windowTitle()} scrolls at 1366x768"


def test_a_stations_own_tasks_are_in_view_without_scrolling(
    qtbot: QtBot, model: SharedModel
) -> None:
    console = _console(qtbot, model)
    for station, window in console.stations.items():
        _laptop(window)
        for key, button in window.buttons.items():
            if not CATALOG[key].group:
                continue
            column = button.parentWidget()
            while column is not None and not isinstance(column, QScrollArea):
                column = column.parentWidget()
            assert column is not None
            view = column.viewport()
            corner = button.mapTo(view, button.rect().bottomRight())
            assert view.rect().contains(corner), f"{station.label}: {key} is below the fold"


@pytest.mark.parametrize("text_size", [1.0, 1.5], indirect=True)
def test_the_task_dialog_fits_from_setup_to_damage_report(
    qtbot: QtBot, model: SharedModel, text_size: float
) -> None:
    model.submit(StartTurn(by="kell", actor="kell"))
    dialog = TaskDialog(model, "kell", Station.TACTICAL, CATALOG["fire_weapon"])
    qtbot.addWidget(dialog)
    dialog.show()
    natural = dialog.natural_size()
    if text_size == 1.0:
        assert natural.width() <= LAPTOP[0] and natural.height() <= LAPTOP[1]
    dialog.resize(min(natural.width(), LAPTOP[0]), min(natural.height(), LAPTOP[1]))
    model.session._dice = GivenDice(d20=(1, 2, 19, 12), d6=(2,) * 8)
    for step in ("setup", "rolled", "resolved"):
        if step == "rolled":
            dialog.roll()
        if step == "resolved":
            dialog.resolve()
            dialog.finish_report()
        QApplication.processEvents()
        assert dialog.width() <= LAPTOP[0] and dialog.height() <= LAPTOP[1]
        assert clipped(dialog) == [], step
        bar = dialog.close_button.mapTo(dialog, dialog.close_button.rect().bottomRight())
        assert dialog.rect().contains(bar), f"the action bar left the dialog at {step}"


def test_the_gm_dialogs_fit_a_laptop(qtbot: QtBot, model: SharedModel) -> None:
    console = _console(qtbot, model)
    for dialog in (
        SetupDialog(model, console),
        HouseRulesDialog(model, console),
        EditValueDialog(model, console),
        LibraryDialog(model, console),
        console.dice_tray(),
    ):
        qtbot.addWidget(dialog)
        dialog.show()
        QApplication.processEvents()
        hint = dialog.sizeHint()
        assert hint.width() <= LAPTOP[0] and hint.height() <= LAPTOP[1], type(dialog).__name__
        dialog.resize(hint)
        QApplication.processEvents()
        assert clipped(dialog) == [], type(dialog).__name__


def test_every_disabled_button_says_why(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 13: the GM console's buttons, Extra Minor, Swift Task... gave no reason."""
    from PySide6.QtWidgets import QPushButton

    console = _console(qtbot, model)
    model.submit(StartTurn(by="kell", actor="kell"))
    for window in (console, *console.stations.values()):
        for button in window.findChildren(QPushButton):
            if button.isVisibleTo(window) and not button.isEnabled():
                assert button.toolTip(), f"{window.windowTitle()}: {button.text()}"


@pytest.mark.parametrize("text_size", [1.0, 1.5], indirect=True)
def test_the_away_teams_windows_fit_a_laptop(qtbot: QtBot, text_size: float) -> None:
    """Issue 26's windows at 1366x768: the GM's tab, an officer's Conflict card (its
    entries may scroll inside the card, nothing scrolls the window at the default
    size), an attack's form and the start dialog; nothing cut."""
    from bridge.engine import ConflictMinor, ConflictStartTurn, Session, demo_encounter
    from bridge.rules.dice import SeededDice

    model = SharedModel(Session(demo_encounter(), SeededDice(2)))
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    start = console.conflict.start()
    _laptop(start)
    assert clipped(start) == []
    start.accept()
    console.picture_tabs.setCurrentWidget(console.conflict)
    _laptop(console)
    assert clipped(console) == []
    card = console.open_conflict_card("kell")
    model.submit(ConflictStartTurn(by="kell", figure="kell"))
    model.submit(ConflictMinor(by="kell", action="aim"))
    _laptop(card)
    assert clipped(card) == [], card.windowTitle()
    if text_size == 1.0:
        assert not _scrolls(card), "the Conflict card scrolls at 1366x768"
    form = card.use("attack")
    assert form is not None
    QApplication.processEvents()
    form.fit()
    screen = form.screen()
    assert screen is not None  # the form is never taller than its screen, less a title bar
    room = screen.availableGeometry().height() - 70
    assert form.width() <= LAPTOP[0] and form.height() <= room, form.size()
    assert clipped(form) == []
    form.send()
    _laptop(card)
    assert card.resolve_button.isVisible() and clipped(card) == []
