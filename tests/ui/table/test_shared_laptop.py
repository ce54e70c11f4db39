"""One laptop for the table: the window follows whoever acts (issue 13)."""

from __future__ import annotations

from PySide6.QtCore import Qt
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


def test_between_turns_the_laptop_is_handed_to_whoever_acts_next(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Between Turns the shared laptop showed the Command card and offered the other
    officers only as "(Override)": the GM console was needed to hand it over. Now the
    row above the card offers each officer who may start a Turn; a press (or Alt+N)
    brings up their own card, ready for START TURN."""
    w = SharedLaptopWindow(model)
    qtbot.addWidget(w)
    w.show()
    bar = w.hand_over
    offered = {c for c, b in bar.buttons.items() if b.isVisibleTo(w)}
    assert bar.label.text() == "HAND THE LAPTOP TO:"
    assert offered == set(model.state.characters)
    assert bar.buttons["tovan"].text() == "LT. TOVAN"
    assert "Helm and Navigation" in bar.buttons["tovan"].toolTip()
    qtbot.mouseClick(bar.buttons["tovan"], Qt.MouseButton.LeftButton)
    card = w.current()
    assert card.station is Station.HELM and card.officer_id() == "tovan"
    assert "(Override)" not in card.officer.currentText()
    assert card.start_button.isEnabled() and "Tovan" in w.windowTitle()
    qtbot.mouseClick(card.start_button, Qt.MouseButton.LeftButton)
    assert model.state.turn.actor == "tovan"
    assert bar.label.text() == "LT. TOVAN IS TAKING A TURN"
    assert not any(b.isVisibleTo(w) for b in bar.buttons.values())
    model.submit(EndTurn(by="tovan"))  # the NPCs' move
    assert bar.label.text() == "THE NPCS ACT NEXT: THE GM PLAYS THEM"
    model.submit(StartTurn(actor="qoj"))
    model.submit(EndTurn())
    offered = {c for c, b in bar.buttons.items() if b.isVisibleTo(w)}
    assert offered == set(model.state.characters) - {"tovan"}  # Tovan has acted
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    kell = list(model.state.characters).index("kell") + 1
    qtbot.keyClick(w, Qt.Key.Key_1 + kell - 1, Qt.KeyboardModifier.AltModifier)
    assert w.current().station is Station.TACTICAL and w.current().officer_id() == "kell"
