"""Every player sees at their own size (issue 27): Ctrl+=, Ctrl+- and Ctrl+Alt+0 in every
window, each window at its own size and remembering it; a player enlarges their card
without touching the GM's console."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QLabel, QPushButton
from pytestqt.qtbot import QtBot

from bridge.engine import CATALOG, StartTurn, Station
from bridge.rules.dice import GivenDice
from bridge.ui.base.settings import settings
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.text_size import DEFAULT_KEYS, LARGER_KEYS, SMALLER_KEYS
from bridge.ui.base.theme import BODY_PX, window_scale
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.station.station_window import StationWindow
from bridge.ui.table.shared_laptop import SharedLaptopWindow

CTRL = Qt.KeyboardModifier.ControlModifier


def _press(qtbot: QtBot, window: QStationOrConsole, key: Qt.Key, alt: bool = False) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    modifiers = CTRL | Qt.KeyboardModifier.AltModifier if alt else CTRL
    qtbot.keyClick(window, key, modifiers)


QStationOrConsole = StationWindow | GmConsole | SharedLaptopWindow


def _body_px(window: QStationOrConsole) -> int:
    """The pixel size of a plain label's text in ``window``."""
    label = next(w for w in window.findChildren(QLabel) if w.text() == "OFFICER")
    return label.fontInfo().pixelSize()


def _station(qtbot: QtBot, model: SharedModel, station: Station) -> StationWindow:
    window = StationWindow(model, station)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


def test_a_player_enlarges_their_card_and_the_gm_console_stays(
    qtbot: QtBot, model: SharedModel
) -> None:
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    tactical = _station(qtbot, model, Station.TACTICAL)
    helm = _station(qtbot, model, Station.HELM)
    fire = tactical.buttons["fire_weapon"].button
    fire_px, button_height = fire.fontInfo().pixelSize(), fire.sizeHint().height()
    for _ in range(5):
        _press(qtbot, tactical, Qt.Key.Key_Equal)
    assert window_scale(tactical) == 1.5
    assert _body_px(tactical) == round(BODY_PX * 1.5)
    assert fire.fontInfo().pixelSize() == round(fire_px * 1.5)
    assert fire.sizeHint().height() > button_height * 1.3
    qtbot.waitUntil(lambda: tactical.header.height() > helm.header.height())  # painted too
    assert window_scale(console) == window_scale(helm) == 1.0  # the others are left alone
    assert _body_px(helm) == BODY_PX
    console_button = console.turn_order.start_button
    assert console_button.fontInfo().pixelSize() == fire_px
    _press(qtbot, tactical, Qt.Key.Key_Minus)
    assert window_scale(tactical) == 1.4
    _press(qtbot, tactical, Qt.Key.Key_0, alt=True)
    assert window_scale(tactical) == 1.0 and _body_px(tactical) == BODY_PX
    assert fire.fontInfo().pixelSize() == fire_px


def test_each_window_remembers_its_own_size(qtbot: QtBot, model: SharedModel) -> None:
    tactical = _station(qtbot, model, Station.TACTICAL)
    assert tactical.text_size is not None
    tactical.text_size.set(1.3)
    tactical.close()
    again = _station(qtbot, model, Station.TACTICAL)
    assert window_scale(again) == 1.3 and _body_px(again) == round(BODY_PX * 1.3)
    assert window_scale(_station(qtbot, model, Station.SCIENCE)) == 1.0


def test_the_old_single_text_size_stays_the_gm_consoles(qtbot: QtBot, model: SharedModel) -> None:
    """Before each window had its own size, one size served all: the console keeps it."""
    settings().setValue("ui/scale", 1.2)
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    assert window_scale(console) == 1.2
    assert window_scale(_station(qtbot, model, Station.HELM)) == 1.0


def test_the_task_dialog_takes_its_stations_size_and_follows_it(
    qtbot: QtBot, model: SharedModel
) -> None:
    tactical = _station(qtbot, model, Station.TACTICAL)
    assert tactical.text_size is not None
    tactical.text_size.set(1.5)
    model.submit(StartTurn(by="kell", actor="kell"))
    dialog = tactical.open_task(CATALOG["fire_weapon"])
    assert dialog is not None
    assert window_scale(dialog) == 1.5
    assert dialog.roll_button.fontInfo().pixelSize() == round(BODY_PX * 1.5)
    model.session._dice = GivenDice(d20=(1, 2, 19, 12), d6=(2,) * 8)
    dialog.roll()
    dice = dialog.dice.sizeHint()
    tactical.text_size.set(1.0)  # the station's size changes while the dialog is open
    assert window_scale(dialog) == 1.0
    assert dialog.dice.sizeHint().height() < dice.height()
    assert dialog.roll_button.fontInfo().pixelSize() == BODY_PX


def test_the_shared_laptop_has_its_own_size_for_every_card(
    qtbot: QtBot, model: SharedModel
) -> None:
    laptop = SharedLaptopWindow(model)
    qtbot.addWidget(laptop)
    laptop.show()
    tactical = _station(qtbot, model, Station.TACTICAL)
    _press(qtbot, laptop, Qt.Key.Key_Equal)
    _press(qtbot, laptop, Qt.Key.Key_Equal)
    assert window_scale(laptop) == 1.2
    for card in laptop.cards.values():
        assert card.text_size is None and window_scale(card) == 1.2
    assert window_scale(tactical) == 1.0
    assert settings().value("windows/shared-laptop/text-size") is not None
    assert settings().value("windows/station-tactical/text-size") is None


def _keys(actions: list[QAction]) -> list[str]:
    return [a.shortcut().toString() for a in actions if a.text()]


def test_the_keys_are_said_where_a_player_looks(qtbot: QtBot, model: SharedModel) -> None:
    """The GM console's View menu; a station's (and the shared laptop's) right-click
    menu, which also lists the station's own keys; Ctrl+0 still opens every station."""
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    menus = {m.text(): m.menu() for m in console.menuBar().actions()}
    text_keys = [LARGER_KEYS[0], SMALLER_KEYS[0], DEFAULT_KEYS[0]]
    assert _keys(menus["&View"].actions()) == text_keys
    opens_all = next(a for a in menus["&Windows"].actions() if a.shortcut().toString() == "Ctrl+0")
    assert opens_all.text() == "Open &all stations"
    station = _station(qtbot, model, Station.HELM)
    assert station.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
    assert _keys(station.actions()) == [
        "Ctrl+T",
        "Ctrl+E",
        "Ctrl+K",
        "F2",
        "Ctrl+W",
        "F1",
        *text_keys,
    ]
    laptop = SharedLaptopWindow(model)
    qtbot.addWidget(laptop)
    assert _keys(laptop.cards[Station.HELM].actions())[-3:] == text_keys


def test_every_station_button_grows_with_its_window(qtbot: QtBot, model: SharedModel) -> None:
    window = _station(qtbot, model, Station.OPERATIONS)
    assert window.text_size is not None
    before = {b: b.fontInfo().pixelSize() for b in window.findChildren(QPushButton)}
    window.text_size.set(2.0)
    QApplication.processEvents()
    for button, px in before.items():
        assert button.fontInfo().pixelSize() == 2 * px, button.text()
