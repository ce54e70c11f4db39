"""Help ▸ User guide and F1: each window opens its own page of the guide Bridge carries,
in the system's browser, from the disk. The browser is Qt's own seam: a handler
registered for ``file:`` addresses receives what would have opened."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QObject, Qt, QUrl, Slot
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox, QWidget
from pytestqt.qtbot import QtBot

from bridge.engine import CATALOG, StartTurn, Station
from bridge.ui.base import help as guide
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.conflict_model import LocalConflictSeat
from bridge.ui.conflict.conflict_window import ConflictWindow
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.station.station_window import StationWindow

DOCS = Path(__file__).resolve().parents[3] / "docs"


class Browser(QObject):
    """Stands for the system's browser: what it was asked to open."""

    def __init__(self) -> None:
        super().__init__()
        self.opened: list[QUrl] = []

    @Slot(QUrl)
    def open(self, url: QUrl) -> None:
        self.opened.append(url)


@pytest.fixture
def browser() -> Iterator[Browser]:
    seen = Browser()
    QDesktopServices.setUrlHandler("file", seen, "open")
    yield seen
    QDesktopServices.unsetUrlHandler("file")


def _f1(qtbot: QtBot, window: QWidget, browser: Browser) -> Path:
    """Press F1 in ``window`` (made the active window); the page that was opened."""
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    assert len(browser.opened) == 1, [u.toString() for u in browser.opened]
    url = browser.opened.pop()
    assert url.isLocalFile()
    return Path(url.toLocalFile())


def _is_the_guides(page: Path, name: str) -> None:
    assert page == guide.guide_folder() / name
    assert page.is_file(), f"{page}: the guide is not built (pip install -e . builds it)"
    assert (DOCS / name).with_suffix(".md").is_file()


def test_f1_in_the_gm_console_opens_its_page_and_help_lists_it(
    qtbot: QtBot, model: SharedModel, browser: Browser
) -> None:
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    _is_the_guides(_f1(qtbot, console, browser), guide.GM_CONSOLE)
    help_menu = next(a.menu() for a in console.menuBar().actions() if a.text() == "&Help")
    entries = {a.text(): a.shortcut().toString() for a in help_menu.actions()}
    assert entries["&User guide"] == "F1"
    assert entries["GM &reference: seed 003's tables, searchable…"] == "Shift+F1"


def test_f1_in_a_station_opens_the_stations_page_and_f2_turns_the_card(
    qtbot: QtBot, model: SharedModel, browser: Browser
) -> None:
    station = StationWindow(model, Station.HELM)
    qtbot.addWidget(station)
    _is_the_guides(_f1(qtbot, station, browser), guide.STATION)
    qtbot.keyClick(station, Qt.Key.Key_F2)
    assert station.tabs.currentIndex() == 1 and browser.opened == []
    keys = [a.shortcut().toString() for a in station.actions()]
    assert keys.count("F1") == 1 and keys.count("F2") == 1  # (its right-click menu)


def test_f1_in_the_task_dialog_opens_its_own_page_not_the_stations(
    qtbot: QtBot, model: SharedModel, browser: Browser
) -> None:
    station = StationWindow(model, Station.TACTICAL)
    qtbot.addWidget(station)
    station.show()
    model.submit(StartTurn(by="kell", actor="kell"))
    dialog = station.open_task(CATALOG["fire_weapon"])
    assert dialog is not None
    _is_the_guides(_f1(qtbot, dialog, browser), guide.TASK_DIALOG)


def test_f1_in_a_conflict_card_opens_its_page(
    qtbot: QtBot, model: SharedModel, browser: Browser
) -> None:
    card = ConflictWindow(LocalConflictSeat(model, "kell"))
    qtbot.addWidget(card)
    _is_the_guides(_f1(qtbot, card, browser), guide.CONFLICT_CARD)


def test_every_page_a_window_opens_is_a_page_of_the_guide() -> None:
    for name in (guide.INDEX, guide.GM_CONSOLE, guide.STATION, guide.TASK_DIALOG):
        assert (DOCS / name).with_suffix(".md").is_file(), name
        assert (guide.guide_folder() / name).is_file(), name
    assert (DOCS / guide.CONFLICT_CARD).with_suffix(".md").is_file()


def test_a_bridge_without_its_guide_says_where_it_looked_and_opens_nothing(
    qtbot: QtBot,
    browser: Browser,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(guide, "guide_folder", lambda: tmp_path / "guide")
    said: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: said.append(text))
    assert not guide.open_guide(guide.STATION)
    assert browser.opened == [] and len(said) == 1
    assert str(tmp_path / "guide") in said[0] and "sphinx" in said[0]
