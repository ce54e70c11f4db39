"""Issue 26, done when: a GM and five players play a boarding action to its end, on one
laptop and over the LAN. The GM starts it from the console's dialog and plays the NPC
figures with AUTOPILOT TURN; each officer's moves go through that officer's own Conflict
card (its model: on the GM's laptop, or a joined player's machine over real loopback
sockets). The dice are seeded, so every run plays the same fight."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Iterator

import pytest
import qasync
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from bridge.engine import (
    Command,
    Session,
    conflict_npcs_only,
    demo_encounter,
    suggest_conflict,
)
from bridge.rules.dice import SeededDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.conflict_window import ConflictWindow
from bridge.ui.conflict.npc_hand import NpcDecision
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.network.host_panel import HostPanel
from bridge.ui.network.join_dialog import JoinDialog, open_seat_windows, url_for
from tests.ui.network.test_network_windows import _do, _run, _until

OFFICERS = ("reyes", "tovan", "kell", "mbeki", "sorel")
MOVES = 600
"""More Commands than any seeded boarding action here takes (about 70 to 110)."""


def _start(qtbot: QtBot, seed: int) -> tuple[SharedModel, GmConsole]:
    model = SharedModel(Session(demo_encounter(), SeededDice(seed)))
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    console.conflict.start().accept()  # the officers who are there, the boarders
    conflict = model.state.conflict
    assert conflict is not None
    assert {f.character for f in conflict.figures.values()} - {None} == set(OFFICERS)
    return model, console


def _next(model: SharedModel) -> Command | None:
    """The next move the table makes (the autopilot's legal choice for whoever is up)."""
    conflict = model.state.conflict
    if conflict is None or conflict.outcome is not None:
        return None
    return suggest_conflict(model.state, model.check)


def _finish(model: SharedModel, console: GmConsole) -> None:
    conflict = model.state.conflict
    assert conflict is not None and conflict.outcome is not None
    out = {
        side: all(f.out for f in conflict.figures.values() if f.side == side)
        for side in ("player", "npc")
    }
    assert out["player"] or out["npc"]
    by = {e.command.by for e in model.journal}
    assert set(OFFICERS) <= by  # every player played their officer
    # Everything went through the one Command path: the journal replays to this battle.
    assert Session.replay(model.session.initial, model.session.journal).state == model.state
    console.conflict.end_button.click()  # RETURN TO THE SHIP
    assert model.state.conflict is None or model.state.conflict.ended


@pytest.mark.parametrize("seed", [3, 5])
def test_a_gm_and_five_players_play_a_boarding_action_on_one_laptop(
    qtbot: QtBot, seed: int
) -> None:
    model, console = _start(qtbot, seed)
    console.open_conflict_cards()
    cards = console.conflict_cards
    assert set(cards) == set(OFFICERS)
    for _ in range(MOVES):
        command = _next(model)
        if command is None:
            break
        if command.by in cards:  # a player's move, from their own card
            assert cards[command.by].model.submit(command), command
        elif command.by == "gm" and NpcDecision.waiting(model.state) is not None:
            before = len(model.journal)  # the GM's word on an NPC: the autopilot's answer
            qtbot.mouseClick(console.conflict.decision.autopilot_button, Qt.MouseButton.LeftButton)
            assert len(model.journal) > before, console.statusBar().currentMessage()
        elif conflict_npcs_only(model.state) is None and command.by == "gm":
            before = len(model.journal)
            qtbot.mouseClick(console.conflict.autopilot_button, Qt.MouseButton.LeftButton)
            assert len(model.journal) > before, console.statusBar().currentMessage()
        else:
            assert model.submit(command) is not None, command
    for character, card in cards.items():  # each card shows its officer's end state
        fig = next(f for f in model.state.conflict.figures.values() if f.character == character)  # type: ignore[union-attr]
        assert card.injury_label.text() == card_injury(card)
        assert card.stress_bar.value() == fig.stress
    _finish(model, console)


def card_injury(card: ConflictWindow) -> str:
    seen = card.model.card()
    assert seen is not None
    from bridge.engine import injury_text

    return injury_text(seen.figure).upper()


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[qasync.QEventLoop]:
    event_loop = qasync.QEventLoop(qapp, already_running=False)
    yield event_loop
    event_loop.run_until_complete(asyncio.sleep(0.3))
    event_loop.close()
    gc.collect()


def test_a_gm_and_five_players_play_a_boarding_action_over_the_lan(
    qtbot: QtBot, loop: qasync.QEventLoop
) -> None:
    model = SharedModel(Session(demo_encounter(), SeededDice(5)))
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    panel = HostPanel(model, bind="127.0.0.1", announce=False)
    panel.port_box.setValue(0)
    assert _run(loop, panel.start())
    url = url_for(f"127.0.0.1:{panel.port}")
    cards: dict[str, ConflictWindow] = {}
    windows = []
    for officer in OFFICERS:
        dialog = JoinDialog(discover=False)
        dialog.name.setText(officer)
        assert _run(loop, dialog.connect_to(url, panel.code_label.text()))
        assert _run(loop, dialog.take(f"char:{officer}"))
        remote = dialog.model
        assert remote is not None
        opened = open_seat_windows(remote)
        windows.extend(opened)
        card = opened[-1]
        assert isinstance(card, ConflictWindow)
        cards[officer] = card
    console.conflict.start().accept()
    for card in cards.values():  # every player's card comes up on their own machine
        _run(loop, _until(card.isVisible))
    for _ in range(MOVES):
        command = _next(model)
        if command is None:
            break
        if command.by in cards:
            card = cards[command.by]
            before = len(model.journal)
            answers: list[bool] = []
            _run(loop, _do(lambda c=card, m=command, a=answers: a.append(c.model.submit(m))))
            assert answers == [True], command
            assert len(model.journal) == before + 1
        elif command.by == "gm" and NpcDecision.waiting(model.state) is not None:
            _run(loop, _do(console.conflict.decision.autopilot))  # the GM's word on an NPC
        elif conflict_npcs_only(model.state) is None and command.by == "gm":
            _run(loop, _do(console.conflict.autopilot))
        else:
            assert model.submit(command) is not None, command
    # The players' machines hold the same fight the GM's laptop does (their view of it).
    final = model.state.conflict
    assert final is not None and final.outcome is not None
    for officer, card in cards.items():
        _run(
            loop,
            _until(
                lambda c=card: (
                    c.model.state.conflict is not None
                    and c.model.state.conflict.outcome == final.outcome
                )
            ),
        )
        seen = card.model.card()
        assert seen is not None
        fig = next(f for f in final.figures.values() if f.character == officer)
        assert seen.figure.stress == fig.stress and seen.figure.injury == fig.injury
    _finish(model, console)
    for w in windows:
        w.close()
    for card in cards.values():
        _run(loop, card.model.remote.client.close())  # type: ignore[attr-defined]
    _run(loop, panel.stop())
