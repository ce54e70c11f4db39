"""The zone map paints its zones once per map and size, and its ships' names at every
change: what it paints is always what a map painted afresh would paint."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QImage
from pytestqt.qtbot import QtBot

from bridge.engine.commands import SetValue
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.theme import COLORS
from bridge.ui.widgets.zone_map import ZoneMapView


def _map(qtbot: QtBot, model: SharedModel, movable: bool = False) -> ZoneMapView:
    view = ZoneMapView(movable=movable)
    qtbot.addWidget(view)
    view.resize(520, 260)
    view.setEncounter(model.state, model.state.player_ship)
    return view


def _painted(view: ZoneMapView) -> QImage:
    return view.grab().toImage()


def test_a_map_painted_again_after_ships_change_is_the_map_painted_afresh(
    qtbot: QtBot, model: SharedModel
) -> None:
    view = _map(qtbot, model)
    first = _painted(view)
    zone = next(z for z in model.state.zones.zones if z != model.state.zones.positions["qoj"])
    model.submit(SetValue(path="zones.positions.qoj", value=zone))
    model.submit(SetValue(path="ships.vortak.destroyed", value=True))
    view.setEncounter(model.state, model.state.player_ship)
    again = _painted(view)
    assert again != first  # the ships moved on the map
    assert again == _painted(_map(qtbot, model))
    assert "(destroyed)" in " ".join(view.ship_texts()["vortak"])
    assert view.zone_rects()[zone].contains(view.ship_rects()["qoj"].center())
    view.resize(400, 300)  # another size: the zones are painted again, to fit it
    fresh = _map(qtbot, model)
    fresh.resize(400, 300)
    assert _painted(view) == _painted(fresh)


def test_the_zone_a_ship_is_dragged_over_is_outlined(qtbot: QtBot, model: SharedModel) -> None:
    view = _map(qtbot, model, movable=True)
    view.show()
    qtbot.waitExposed(view)
    view.grab()
    ship = view.ship_rects()["qoj"].center().toPoint()
    target = next(
        r for z, r in view.zone_rects().items() if z != model.state.zones.positions["qoj"]
    )
    x, top = round(target.center().x()), round(target.top())

    def outlined() -> bool:  # the border's pixels (the pen is two pixels wide)
        image = _painted(view)
        return QColor(COLORS.orange) in [image.pixelColor(QPoint(x, y)) for y in (top - 1, top)]

    assert not outlined()
    qtbot.mousePress(view, Qt.MouseButton.LeftButton, pos=ship)
    qtbot.mouseMove(view, target.center().toPoint())
    assert outlined()
    qtbot.mouseRelease(view, Qt.MouseButton.LeftButton, pos=ship)  # dropped where it was
    assert not outlined()
