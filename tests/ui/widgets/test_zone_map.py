"""The zone map paints its zones once per map and size, and its ships' names at every
change: what it paints is always what a map painted afresh would paint."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QImage
from pytestqt.qtbot import QtBot

from bridge.engine import BOARDING_ZONES, ZoneMap
from bridge.engine.core.commands import SetValue
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.theme import COLORS, FONT_FAMILY, SCALE_PROPERTY
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


def _crowded(qtbot: QtBot, count: int, size: tuple[int, int]) -> ZoneMapView:
    view = ZoneMapView(movable=True)
    qtbot.addWidget(view)
    view.resize(*size)
    zones = ZoneMap(zones=("Bridge", "Corridor"), links=(("Bridge", "Corridor"),))
    lines = [(f"f{n}", "Bridge", f"◆ Security Officer {n}", COLORS.blue) for n in range(count)]
    view.setPicture(zones, [*lines, ("k", "Corridor", "▼ Klingon Warrior", COLORS.red)])
    view.grab()
    return view


def _inside(view: ZoneMapView) -> None:
    zone = view.zone_rects()
    for sid, rect in view.ship_rects().items():
        assert zone["Corridor" if sid == "k" else "Bridge"].contains(rect), sid


def test_a_crowded_zone_shows_its_figures_side_by_side_inside_it(qtbot: QtBot) -> None:
    view = _crowded(qtbot, 12, (700, 220))
    assert len(view.ship_rects()) == 13 and view.hidden_texts() == {}
    lefts = {round(r.left()) for sid, r in view.ship_rects().items() if sid != "k"}
    assert len(lefts) >= 2  # one column did not hold twelve: two or three side by side
    _inside(view)


def test_a_zone_too_small_for_its_figures_names_the_rest(qtbot: QtBot) -> None:
    view = _crowded(qtbot, 30, (360, 160))
    hidden = view.hidden_texts()["Bridge"]
    shown = [sid for sid in view.ship_rects() if sid != "k"]
    assert shown and hidden  # some shown, the rest named by "+N more", none lost
    assert len(shown) + len(hidden) == 30
    assert hidden[-1] == "◆ Security Officer 29"  # the last ones are the ones left out
    _inside(view)
    more, _texts = view._more["Bridge"]
    assert view.zone_rects()["Bridge"].contains(more)
    view.resize(900, 600)  # room again: every figure shown
    view.grab()
    assert len(view.ship_rects()) == 31 and view.hidden_texts() == {}
    _inside(view)


def test_a_crowded_zone_puts_its_figures_on_a_line_each_before_leaving_any_out(
    qtbot: QtBot,
) -> None:
    """The GM's map at 1366x768 (453x231, zones 139 wide) showed three of a zone's
    figures and "+N more": each figure's line wrapped to two or three."""
    view = ZoneMapView(movable=True)
    qtbot.addWidget(view)
    view.resize(453, 231)
    names = ("Transporter Room 3", "Deck 6 Corridor", "Main Engineering")
    zones = ZoneMap(zones=names, links=((names[0], names[1]), (names[1], names[2])))
    lines = [(f"b{n}", names[0], f"▼ Klingon Bekk {n} · Stress 5/5", COLORS.red) for n in range(9)]
    view.setPicture(zones, lines)
    view.grab()
    assert view.zone_rects()[names[0]].width() < 150
    assert view.hidden_texts() == {}
    assert all(len(lines) == 1 for lines in view.ship_texts().values())
    for sid, rect in view.ship_rects().items():
        assert view.zone_rects()[names[0]].contains(rect), sid


def _boarding(qtbot: QtBot, scale: float, size: tuple[int, int]) -> ZoneMapView:
    """The GM's map of the demo's boarding action once ADD FIGURES… brought four more
    Bekks into Transporter Room 3: eight NPCs there, the five officers in the corridor."""
    view = ZoneMapView(movable=True)
    qtbot.addWidget(view)
    view.setProperty(SCALE_PROPERTY, scale)
    view.resize(*size)
    room, corridor, _engineering = BOARDING_ZONES.zones
    npcs = [("klingon-warrior", room, "▼ Klingon Warrior · Stress 13/13", COLORS.red)]
    npcs += [(f"b{n}", room, f"▼ Klingon Bekk {n} · no Stress", COLORS.red) for n in range(1, 8)]
    crew = ("Capt. Elena Reyes", "Lt. Tovan", "Lt. Cmdr. Kell", "Lt. Amara Mbeki", "Lt. Sorel")
    officers = [(name, corridor, f"◆ {name} · Stress 11/11", COLORS.blue) for name in crew]
    view.setPicture(BOARDING_ZONES, [*npcs, *officers])
    view.grab()
    return view


@pytest.mark.parametrize(("scale", "size"), [(1.0, (986, 230)), (1.2, (955, 188))])
def test_a_crowded_zone_takes_room_from_the_others_to_show_every_line_whole(
    qtbot: QtBot, scale: float, size: tuple[int, int]
) -> None:
    """The GM's ON FOOT tab at 120% on a laptop (the map 955x188): Transporter Room 3's
    eight NPCs were cut to "▼ Klingon Bekk 1 · no Str…" in two columns while Main
    Engineering stood empty. Now every line is whole on one line, inside its zone."""
    view = _boarding(qtbot, scale, size)
    assert view.cut_lines() == [] and view.hidden_texts() == {}
    assert all(len(lines) == 1 for lines in view.ship_texts().values())
    zones = view.zone_rects()
    room, corridor, engineering = BOARDING_ZONES.zones
    for sid, rect in view.ship_rects().items():
        assert zones[room if sid.startswith(("b", "klingon")) else corridor].contains(rect), sid
    if scale > 1:  # the crowded room is the widest, the empty one the narrowest
        assert zones[room].width() > zones[corridor].width() >= zones[engineering].width()
    else:  # room for every line in equal shares: the zones stay alike
        assert zones[room].width() == zones[corridor].width() == zones[engineering].width()


def test_a_zone_given_room_keeps_the_name_of_the_one_it_took_it_from_whole(
    qtbot: QtBot,
) -> None:
    """However crowded one zone, another keeps room for the longest word of its name."""
    view = _boarding(qtbot, 1.2, (955, 188))
    title = QFont(FONT_FAMILY)
    title.setPixelSize(round(1.2 * (view.text_px + 1)))
    title.setBold(True)
    need = QFontMetricsF(title).horizontalAdvance("ENGINEERING")
    assert view.zone_rects()["Main Engineering"].width() >= need + 1.2 * 16


def test_a_crowded_zones_sides_stay_put_as_its_figures_lines_change(qtbot: QtBot) -> None:
    """A Bekk's Stress changing moves no zone's side; the crowd leaving the zone gives
    the zones their equal shares back."""
    view = _boarding(qtbot, 1.2, (955, 188))
    widths = {z: r.width() for z, r in view.zone_rects().items()}
    room, corridor, _engineering = BOARDING_ZONES.zones
    lines = list(view._lines)
    lines[1] = ("b1", room, "▼ Klingon Bekk 1 · Stress 1/5 · Injured", COLORS.red)
    view.setPicture(BOARDING_ZONES, lines)
    view.grab()
    assert {z: r.width() for z, r in view.zone_rects().items()} == widths
    assert view.cut_lines() == [] and view.hidden_texts() == {}
    view.setPicture(
        BOARDING_ZONES,
        [(s, corridor if s.startswith("b") else z, t, c) for s, z, t, c in lines[:4]],
    )
    view.grab()
    assert len({round(r.width()) for r in view.zone_rects().values()}) == 1
