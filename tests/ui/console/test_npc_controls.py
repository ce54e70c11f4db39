"""The GM's NPC controls: the Tasks by station (attacks first), the NPC ledger beside
them, and an autopilot that plays a whole Turn and says what it did (issues 25 and 27)."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import EndRound, EndTurn, ResolveTask, SetValue, StartTurn
from bridge.engine.session import Session
from bridge.engine.ship.commands import AttemptTask, MinorAction
from bridge.engine.state.cards import Station
from bridge.rules.dice import GivenDice, SeededDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.console.npc_controls import NpcControls, npc_task_choices
from bridge.ui.widgets.reason_label import ReasonLabel
from bridge.ui.widgets.steady_label import SteadyLabel
from tests.ui.events import Events


def controls(qtbot: QtBot, model: SharedModel) -> NpcControls:
    c = NpcControls(model)
    qtbot.addWidget(c)
    c.show()
    c.refresh(model.state)
    return c


def npcs_to_act(qtbot: QtBot, model: SharedModel) -> GmConsole:
    """The GM console shown, Kell's Turn played: the NPC ships are to act."""
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    model.submit(StartTurn(by="kell", actor="kell"))
    model.submit(EndTurn(by="kell"))
    return console


def laptop_console(qtbot: QtBot, model: SharedModel) -> GmConsole:
    """The GM console shown at a laptop's size."""
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.resize(1366, 740)
    console.show()
    qtbot.waitExposed(console)
    return console


def _npc_turn(model: SharedModel, ship: str = "qoj") -> None:
    model.submit(StartTurn(by="kell", actor="kell"))
    model.submit(MinorAction(by="kell", action="interact"))
    model.submit(EndTurn(by="kell"))
    model.submit(StartTurn(actor=ship))


def test_the_tasks_are_grouped_by_station_attacks_first(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 27: 26 Tasks in one list with Fire Weapon in the middle; now attacks come
    first, then each station's, under headers the GM cannot pick."""
    c = controls(qtbot, model)
    sections = npc_task_choices()
    assert [title for title, _ in sections] == [
        "Attacks",
        *(s.label for s in Station),
    ]
    assert [data for _, data in sections[0][1]] == ["tactical:fire_weapon", "helm:ramming_speed"]
    box = c.npc_task
    model_ = box.model()
    headers = [i for i in range(box.count()) if box.itemData(i) is None]
    assert len(headers) == len(sections)
    for row in headers:
        flags = model_.flags(model_.index(row, 0))
        assert not flags & Qt.ItemFlag.ItemIsEnabled and not flags & Qt.ItemFlag.ItemIsSelectable
    assert box.currentData() == "tactical:fire_weapon"  # the usual first
    # Every rolled Task once (each under its first card), and the NPCs' Direct.
    offered = [box.itemData(i) for i in range(box.count()) if box.itemData(i) is not None]
    assert len(offered) == len(set(offered)) and "command:direct" in offered


def test_the_keyboard_steps_over_the_headers(qtbot: QtBot, model: SharedModel) -> None:
    """The picker stays usable from the keyboard: Down from the last attack lands on the
    first Command Task, not on the COMMAND header."""
    c = controls(qtbot, model)
    box = c.npc_task
    box.setFocus()
    box.setCurrentIndex(box.findData("helm:ramming_speed"))
    qtbot.keyClick(box, Qt.Key.Key_Down)
    assert box.currentData() == "command:rally"
    qtbot.keyClick(box, Qt.Key.Key_Up)
    assert box.currentData() == "helm:ramming_speed"


def test_the_ledger_counts_turns_and_roles_and_starts_again_each_round(
    qtbot: QtBot, model: SharedModel
) -> None:
    """RULES-NOTES "Turn order": an NPC ship has one Turn per point of Scale; each Task
    after the first from one bridge role in a Round is +1 Difficulty."""
    c = controls(qtbot, model)
    assert c.ledger.lines == [
        "IKS Qoj · 0/3 Turns · no role used yet",
        "IKS Vor'tak · 0/4 Turns · no role used yet",
    ]
    _npc_turn(model)
    model.session._dice = GivenDice(d20=(1, 1, 1))
    model.submit(AttemptTask(action="sensor_sweep", station=Station.SCIENCE))
    c.refresh(model.state)
    assert c.ledger.lines[0] == "IKS Qoj · 0/3 Turns ▶ · SCI ×1, next +1"
    assert "SCI ×1, next +1" in c.ledger.text()
    model.submit(ResolveTask())
    model.submit(EndTurn())
    c.refresh(model.state)
    assert c.ledger.lines[0] == "IKS Qoj · 1/3 Turns · SCI ×1, next +1"
    model.submit(EndRound())
    c.refresh(model.state)
    assert model.state.turn.round == 2
    assert all(line.endswith("no role used yet") for line in c.ledger.lines)
    assert c.ledger.lines[0].startswith("IKS Qoj · 0/")


def test_one_autopilot_press_plays_the_whole_npc_turn(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 27: AUTOPILOT took four presses for one NPC Turn; one press now plays it,
    and the status bar names what it did."""
    console = npcs_to_act(qtbot, model)
    assert model.state.turn.side == "npc" and console.npc.autopilot.isEnabled()
    before = len(model.journal)
    console.npc.autopilot.click()
    played = model.journal[before:]
    kinds = [e.command.type for e in played]
    assert kinds[0] == "start_turn" and kinds[-1] == "end_turn" and "task" in kinds
    assert model.state.turn.side == "player" and model.state.turn.actor is None
    said = console.statusBar().currentMessage()
    ship = model.state.ships[played[0].command.actor].name  # type: ignore[union-attr]
    assert said.startswith(f"Autopilot, {ship}: ") and said.endswith("ends its Turn.")
    assert not console.npc.autopilot.isEnabled()  # the players' move: it says why not
    console.npc.autopilot_step()
    assert "NPC ships only" in console.statusBar().currentMessage()


def test_one_undo_takes_back_the_whole_autopilot_turn_and_one_redo_plays_it_again(
    qtbot: QtBot, model: SharedModel
) -> None:
    """One press played the NPC ship's Turn; Ctrl+Z took back only its last step (the
    End Turn), leaving the GM to undo each step of a Turn they never played."""
    console = npcs_to_act(qtbot, model)
    before, state = len(model.journal), model.state
    console.npc.autopilot.click()
    played = model.journal[before:]
    after = model.state
    assert len(played) > 2
    undo = console.menus.undo
    assert undo.text() == f"&Undo: Autopilot Turn ({len(played)} steps)"
    undo.trigger()
    assert model.state == state and len(model.journal) == before
    assert console.menus.redo.text() == f"&Redo: Autopilot Turn ({len(played)} steps)"
    assert console.npc.autopilot.isEnabled()  # the NPC ship's move again
    console.menus.redo.trigger()
    assert model.state == after
    assert [e.command for e in model.journal[before:]] == [e.command for e in played]
    undo.trigger()  # and back again: one step still
    assert model.state == state
    model.submit(StartTurn(by="gm", actor=played[0].command.actor))  # type: ignore[union-attr]
    assert model.redo_group is None  # a new Command: nothing undone to redo
    undo.trigger()  # a Command played by hand is undone alone
    assert model.state == state


def test_the_ledger_keeps_its_size_as_a_ship_starts_and_ends_its_turn(
    qtbot: QtBot, model: SharedModel
) -> None:
    """The marker of the ship acting ("1/3 Turns ▶") widened its column, narrowed and
    wrapped the roles beside it, and moved the pools beneath at every Turn (a relayout
    of the GM's left column twice a Turn)."""
    console = laptop_console(qtbot, model)
    ledger = console.npc.ledger

    def geometry() -> list[tuple[int, int, int, int]]:
        QApplication.processEvents()
        return [ledger.geometry().getRect(), console.npc.geometry().getRect()] + [
            label.geometry().getRect() for label in ledger.findChildren(QLabel)
        ]

    geometry()  # (the console's first layout settles: its header grows by the pools)
    before = geometry()
    _npc_turn(model)
    assert "▶" in ledger.lines[0]
    assert geometry() == before
    model.submit(EndTurn())
    assert "▶" not in ledger.text()
    assert geometry() == before


def test_a_new_turn_count_or_role_asks_nothing_of_the_ledgers_layout(
    qtbot: QtBot, model: SharedModel
) -> None:
    """The Turns and the roles change with every Turn: each label repaints itself, and
    the ledger (and the GM's column around it) is not laid out again, unless the roles
    need another line."""
    console = laptop_console(qtbot, model)
    for _ in range(3):  # the first layout settled
        QApplication.processEvents()
    ledger = console.npc.ledger
    requests = Events(QEvent.Type.LayoutRequest).watch(ledger, console.npc)
    _npc_turn(model)
    model.session._dice = GivenDice(d20=(1, 1, 1))
    model.submit(AttemptTask(action="sensor_sweep", station=Station.SCIENCE))
    model.submit(ResolveTask())
    QApplication.processEvents()
    assert ledger.lines[0] == "IKS Qoj · 0/3 Turns ▶ · SCI ×1, next +1"
    model.submit(EndTurn())
    QApplication.processEvents()
    assert ledger.lines[0] == "IKS Qoj · 1/3 Turns · SCI ×1, next +1"
    assert requests.seen == []
    turns = next(label for label in ledger.findChildren(SteadyLabel) if "Turns" in label.text())
    roles = ledger.findChildren(ReasonLabel)[0]
    assert (turns.text(), roles.text()) == ("1/3 Turns", "SCI ×1, next +1")


def test_a_ship_gone_from_the_ledger_leaves_its_line_blank_until_another_battle(
    qtbot: QtBot, model: SharedModel
) -> None:
    """A destroyed NPC ship leaves the ledger: its line is blanked, not hidden, and the
    other ships keep theirs, so the GM's column (the Turn order, the pools, its scroll
    bar) does not move mid-fight; the line is let go when another battle is opened."""
    console = laptop_console(qtbot, model)
    for _ in range(3):  # the first layout settled
        QApplication.processEvents()
    ledger = console.npc.ledger
    rows = len(ledger.lines)
    assert rows == 2
    requests = Events(QEvent.Type.LayoutRequest).watch(ledger, console.npc)
    height = ledger.height()
    model.submit(SetValue(path="ships.qoj.destroyed", value=True))
    QApplication.processEvents()
    assert len(ledger.lines) == rows - 1
    assert requests.seen == [] and ledger.height() == height
    names = [label for label in ledger.findChildren(SteadyLabel) if label.objectName() == "dimName"]
    assert [n.text() for n in names] == ["", "IKS Vor'tak"]
    assert all(n.isVisible() for n in names)
    model.undo()  # the ship is back in its line
    QApplication.processEvents()
    assert [n.text() for n in names] == ["IKS Qoj", "IKS Vor'tak"]
    model.submit(SetValue(path="ships.qoj.destroyed", value=True))
    model.replace_session(Session(model.state, SeededDice(1)))  # another battle
    QApplication.processEvents()
    assert [n.isVisible() for n in names] == [True, False]
    assert names[0].text() == "IKS Vor'tak" and ledger.lines[0].startswith("IKS Vor'tak")


def test_the_autopilot_plays_the_npc_ship_the_gm_picked_to_act_next(
    qtbot: QtBot, model: SharedModel
) -> None:
    """The GM picks IKS Vor'tak in the Turn order and presses AUTOPILOT TURN: Vor'tak
    acts, not the ship the autopilot would have picked."""
    console = npcs_to_act(qtbot, model)
    picker = console.turn_order.next_actor
    ships = [picker.itemData(i) for i in range(picker.count())]
    assert "vortak" in ships and "qoj" in ships
    for pick in ("vortak", "qoj"):
        picker.setCurrentIndex(picker.findData(pick))
        before = len(model.journal)
        console.npc.autopilot.click()
        first = model.journal[before].command
        assert first.type == "start_turn" and first.actor == pick  # type: ignore[union-attr]
        model.undo()  # the whole Turn, back to the NPCs' move
