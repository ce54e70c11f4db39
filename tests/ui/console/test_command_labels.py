"""Undo and Redo name a personal conflict's Commands as the GM reads them: the entry and
the figure ("Undo: Attack, Lt. Cmdr. Kell"), never the Command's type."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from bridge.engine import (
    Aim,
    ConflictMinor,
    ConflictTask,
    EndConflict,
    MoveFigure,
    Session,
    StartTurn,
    demo_boarding,
)
from bridge.ui.console.command_labels import command_label


def test_a_personal_conflicts_commands_are_named_with_their_figure() -> None:
    state = Session(demo_boarding()).state
    assert command_label(state, StartTurn(by="kell", actor="kell", where="conflict")) == (
        "Start Turn, Lt. Cmdr. Kell"
    )
    assert command_label(state, ConflictTask(by="kell", action="attack")) == (
        "Attack, Lt. Cmdr. Kell"
    )
    assert command_label(state, ConflictMinor(by="kell", action="aim")) == "Aim, Lt. Cmdr. Kell"
    assert command_label(state, Aim(by="kell")) == ("Aim: re-roll, Lt. Cmdr. Kell")
    assert command_label(state, MoveFigure(figure="klingon-bekk-1", zone="Deck 6 Corridor")) == (
        "Move Klingon Bekk 1"
    )
    assert command_label(state, EndConflict()) == "Return to the ship"


def test_undo_names_the_npc_ship_whose_turn_the_gm_ended(qtbot: QtBot) -> None:
    """Undo said "End Turn, GM" where Redo said "End Turn, IKS Qoj"."""
    from bridge.engine import EndTurn, StartTurn, demo_encounter
    from bridge.ui.base.shared_model import SharedModel
    from bridge.ui.console.gm_console import GmConsole

    model = SharedModel(Session(demo_encounter()))
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    model.submit(StartTurn(by="kell", actor="kell"))
    model.submit(EndTurn(by="kell"))
    model.submit(StartTurn(actor="qoj"))
    model.submit(EndTurn())
    assert console.menus.undo.text() == "&Undo: End Turn, IKS Qoj"
    model.undo()
    assert console.menus.redo.text() == "&Redo: End Turn, IKS Qoj"
