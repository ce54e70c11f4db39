"""One laptop for the table: the window follows whoever acts (issue 13)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import EndTurn, StartTurn
from bridge.engine.state.cards import Station
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.table.shared_laptop import SharedLaptopWindow


def test_the_acting_officers_card_comes_up_at_start_turn(qtbot: QtBot, model: SharedModel) -> None:
    w = SharedLaptopWindow(model)
    qtbot.addWidget(w)
    w.show()
    model.submit(StartTurn(by="kell", actor="kell"))
    card = w.current()
    assert card.station is Station.TACTICAL and card.officer_id() == "kell"
    assert card.buttons["fire_weapon"].button.isEnabled()
    model.submit(EndTurn(by="kell"))
    model.submit(StartTurn(actor="qoj"))  # an NPC's Turn: the card stays where it was
    assert w.current() is card
    model.submit(EndTurn())
    model.submit(StartTurn(by="tovan", actor="tovan"))
    assert w.current().station is Station.HELM and w.current().officer_id() == "tovan"
    assert "Tovan" in w.windowTitle()
