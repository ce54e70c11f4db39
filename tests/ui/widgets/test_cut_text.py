"""Issue 27, cut text: "worst system: …", "IKS Qoj · M…" and "USS Resolu…" on the map,
the crew's Turns list and the host panel's seats read whole."""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QTableWidget
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import SetValue
from bridge.engine.state.cards import Station
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.network.host_panel import HostPanel
from bridge.ui.station.station_window import StationWindow
from bridge.ui.widgets.zone_map import ZoneMapView


def cells_cut(table: QTableWidget) -> list[int]:
    """The columns narrower than their contents need (the view would elide a cell)."""
    return [
        c for c in range(table.columnCount()) if table.sizeHintForColumn(c) > table.columnWidth(c)
    ]


def test_the_console_contacts_say_the_state_whole(qtbot: QtBot, model: SharedModel) -> None:
    c = GmConsole(model)
    c.confirm_quit = False
    qtbot.addWidget(c)
    c.show()
    c.resize(1366, 698)
    model.submit(SetValue(path="ships.resolute.damage.sensors.breaches", value=3))
    QApplication.processEvents()
    table = c.ships
    assert cells_cut(table) == []
    status = table.item(0, 4)
    assert status.text() == "◆ DAMAGED"
    assert status.toolTip() == "Worst system: Sensors: Damaged"


def test_the_zone_map_writes_every_ship_whole(qtbot: QtBot, model: SharedModel) -> None:
    """A narrow map (the GM console's, four zones in a row): the range goes under the
    name, the type shrinks a little, nothing is cut."""
    view = ZoneMapView(movable=True)
    qtbot.addWidget(view)
    view.setEncounter(model.state, model.state.player_ship)
    view.resize(440, 300)
    view.show()
    view.grab()  # paints
    texts = view.ship_texts()
    assert set(texts) == {"resolute", "qoj", "vortak"}
    assert all("…" not in line for lines in texts.values() for line in lines), texts
    assert texts["qoj"] == ["▼ IKS Qoj", "Medium"]
    zones = view.zone_rects()
    for sid, rect in view.ship_rects().items():
        assert zones[model.state.zones.positions[sid]].contains(rect), sid
    view.resize(1200, 300)
    view.grab()
    assert view.ship_texts()["qoj"] == ["▼ IKS Qoj · Medium"]  # room: one line


def test_the_crews_turns_are_never_cut(qtbot: QtBot, model: SharedModel) -> None:
    w = StationWindow(model, Station.COMMAND)
    qtbot.addWidget(w)
    w.show()
    w.resize(1366, 698)
    QApplication.processEvents()
    crew = w.ship_state.crew
    assert crew is not None and crew.count() == 5
    metrics = QFontMetrics(crew.font())
    room = crew.text_width()
    assert room <= crew.viewport().width()
    rects = crew.line_rects()
    for text, rect in zip(crew.lines(), rects, strict=True):
        need = metrics.boundingRect(QRect(0, 0, room, 10_000), Qt.TextFlag.TextWordWrap, text)
        assert rect.height() >= need.height() and rect.right() <= crew.viewport().width(), text
    assert all(a.bottom() < b.top() for a, b in pairwise(rects)), rects  # none overlap
    assert crew.lines()[0].startswith("Capt. Elena Reyes — waiting\n")


def test_the_host_panels_seats_read_whole(qtbot: QtBot, model: SharedModel) -> None:
    panel = HostPanel(model, bind="127.0.0.1", announce=False)
    qtbot.addWidget(panel)
    panel.show()
    panel.refresh()
    QApplication.processEvents()
    table = panel.table
    seats = [table.item(r, 0).text() for r in range(table.rowCount())]
    assert "Lt. Cmdr. Kell (Security and Tactical)" in seats
    assert [c for c in cells_cut(table) if c != 0] == []  # the seat column wraps instead
    assert not table.horizontalScrollBar().isVisible()
    metrics = QFontMetrics(table.font())
    room = table.columnWidth(0) - 8
    for r, text in enumerate(seats):
        need = metrics.boundingRect(QRect(0, 0, room, 10_000), Qt.TextFlag.TextWordWrap, text)
        assert table.rowHeight(r) >= need.height(), text
