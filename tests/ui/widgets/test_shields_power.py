"""Shields and Power stay readable when low (issue 27): a bar's numbers sit in its
middle, on its dark track once it is under half full, and are then written light. A hit
repaints them where they are, and lays out no window again (issue 29)."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from bridge.engine.demo import demo_encounter
from bridge.model.ship import Ship
from bridge.ui.base.theme import BAR_TEXT_LOW
from bridge.ui.widgets.ship_status import ShieldsPower
from tests.ui.events import Events


def _low(ship: Ship) -> Ship:
    return ship.model_copy(update={"shields": 0, "power": ship.power_capacity // 2 - 1})


def test_a_bar_under_half_full_writes_its_numbers_light(qtbot: QtBot) -> None:
    ship = demo_encounter().ships["resolute"]
    bars = ShieldsPower()
    qtbot.addWidget(bars)
    bars.setShip(ship)
    dark = bars.palette().color(bars.shields.foregroundRole())
    assert bars.shields.textColor() == dark and bars.power.textColor() == dark
    assert dark != QColor(BAR_TEXT_LOW)
    bars.setShip(_low(ship))
    assert bars.shields.textColor() == QColor(BAR_TEXT_LOW)
    assert bars.power.textColor() == QColor(BAR_TEXT_LOW)
    assert bars.shields.text().startswith("0 /")
    bars.setShip(ship)
    assert bars.shields.textColor() == dark


def test_a_hit_lays_out_no_window_again(qtbot: QtBot) -> None:
    """Shields falling low, going down, modulated and back, and Resistance changing,
    once each width has been shown: nothing asks the window for a new layout. (Every
    station shows these: a relayout of each window was a hit's slowest part.)"""
    ship = demo_encounter().ships["resolute"]
    window = QWidget()
    qtbot.addWidget(window)
    bars = ShieldsPower()
    QVBoxLayout(window).addWidget(bars)
    window.show()
    qtbot.waitExposed(window)
    hits = [
        ship,
        _low(ship),
        ship.model_copy(update={"shields_up": False, "resistance_override": 12}),
        ship.model_copy(update={"modulation_bonus": 2}),
    ]
    for state in hits:  # each width, shown once
        bars.setShip(state)
        qtbot.wait(5)
    events = Events(QEvent.Type.LayoutRequest).watch(window, bars)
    for state in [*reversed(hits), *hits]:
        bars.setShip(state)
        qtbot.wait(5)
    assert events.seen == []
    assert bars.status.text() == "SHIELDS UP  +2 modulated"
    assert bars.resistance.text() == str(hits[-1].resistance)
    bars.setShip(hits[2])
    assert (bars.status.text(), bars.resistance.text()) == ("SHIELDS DOWN", "12")


def test_a_text_wider_than_any_shown_before_gets_its_room(qtbot: QtBot) -> None:
    """The steady words still grow for a wider text: the layout gives it room."""
    ship = demo_encounter().ships["resolute"]
    bars = ShieldsPower()
    qtbot.addWidget(bars)
    bars.show()
    bars.setShip(ship)
    qtbot.wait(5)
    bars.setShip(ship.model_copy(update={"shields_up": False, "modulation_bonus": 12}))
    qtbot.waitUntil(
        lambda: (
            bars.status.width() >= bars.status.fontMetrics().horizontalAdvance(bars.status.text())
        ),
        timeout=2000,
    )
