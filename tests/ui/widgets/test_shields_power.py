"""Shields and Power stay readable when low (issue 27): a bar's numbers sit in its
middle, on its dark track once it is under half full, and are then written light."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from bridge.engine.demo import demo_encounter
from bridge.ui.widgets.ship_status import ShieldsPower


def test_a_bar_under_half_full_writes_its_numbers_light(qtbot: QtBot) -> None:
    ship = demo_encounter().ships["resolute"]
    bars = ShieldsPower()
    qtbot.addWidget(bars)
    bars.setShip(ship)
    assert bars.shields.property("low") is False and bars.power.property("low") is False
    low = ship.model_copy(update={"shields": 0, "power": ship.power_capacity // 2 - 1})
    bars.setShip(low)
    assert bars.shields.property("low") is True and bars.power.property("low") is True
    assert bars.shields.format().startswith("0 /")
    bars.setShip(ship)
    assert bars.shields.property("low") is False
