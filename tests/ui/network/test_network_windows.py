"""The host panel and the join dialog on loopback: a remote station drives the GM's battle."""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest
import qasync
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from bridge.engine.core.commands import AdjustPool, EndTurn, StartTurn
from bridge.engine.state.cards import Station
from bridge.net.web import page_url
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.theme import window_scale
from bridge.ui.network.host_panel import HostPanel, qr_pixmap
from bridge.ui.network.join_dialog import JoinDialog, open_seat_windows, url_for
from bridge.ui.network.remote_model import RemoteModel
from bridge.ui.station.station_window import StationWindow

T = TypeVar("T")


@pytest.fixture
def loop(qapp: QApplication) -> Iterator[qasync.QEventLoop]:
    event_loop = qasync.QEventLoop(qapp, already_running=False)
    yield event_loop
    # Let every connection handler finish inside the loop before it closes.
    event_loop.run_until_complete(asyncio.sleep(0.3))
    event_loop.close()
    gc.collect()  # a socket left open would warn here, inside this test


def _run(loop: qasync.QEventLoop, coro: Coroutine[Any, Any, T], limit: float = 20.0) -> T:
    async def bounded() -> T:
        return await asyncio.wait_for(coro, limit)

    result: T = loop.run_until_complete(bounded())
    return result


async def _until(check: Callable[[], bool], limit: float = 10.0) -> None:
    deadline = asyncio.get_running_loop().time() + limit
    while not check():
        assert asyncio.get_running_loop().time() < deadline, "timed out"
        await asyncio.sleep(0.02)


async def _do(action: Callable[[], object]) -> None:
    """Run a click as the app does: a Qt event handled by the running loop, not a task."""
    done = asyncio.Event()

    def click() -> None:
        action()
        done.set()

    asyncio.get_running_loop().call_soon(click)
    await done.wait()


def turn_states(window: StationWindow) -> list[tuple[str, bool, str]]:
    """A station's Turn controls as its player sees them: each button and MORE's entries,
    enabled or not, with its words."""
    window.turn.fill_more()
    buttons = [*window.turn.buttons.values()]
    return [(b.text(), b.isEnabled(), b.toolTip()) for b in buttons] + [
        (a.text(), a.isEnabled(), a.toolTip()) for a in window.more_menu.actions()
    ]


def test_url_for_accepts_what_players_type() -> None:
    assert url_for("gm-laptop") == "ws://gm-laptop:7420"
    assert url_for("gm-laptop:9000") == "ws://gm-laptop:9000"
    assert url_for(" ws://h:1 ") == "ws://h:1"
    assert url_for("::1") == "ws://[::1]:7420"


def test_qr_code_is_drawn() -> None:
    pixmap = qr_pixmap("bridge://host:7420?code=ABCDEF")
    assert not pixmap.isNull() and pixmap.width() >= 100


def test_a_remote_station_plays_the_gms_battle(
    loop: qasync.QEventLoop, model: SharedModel, tmp_path: Path
) -> None:
    """Also renders the host panel, the join dialog and the remote station to PNG files."""
    panel = HostPanel(model, bind="127.0.0.1", announce=False)
    panel.port_box.setValue(0)
    panel.show()
    assert _run(loop, panel.start())
    assert panel.host is not None
    assert not panel.start_button.isEnabled() and panel.stop_button.isEnabled()
    url = f"ws://127.0.0.1:{panel.port}"
    assert panel.address_label.text() == f"127.0.0.1:{panel.port}"
    assert panel.qr.pixmap() is not None and not panel.qr.pixmap().isNull()
    # The QR code holds the web station's address with the join code, shown in words too.
    station = page_url("127.0.0.1", panel.port, panel.code_label.text())
    assert station == f"http://127.0.0.1:{panel.port}/?code={panel.code_label.text()}"
    assert panel.page_url == station and panel.page_label.text() == station
    assert panel.qr.pixmap().toImage() == qr_pixmap(station).toImage()
    assert panel.qr.pixmap().toImage() != qr_pixmap(f"bridge://127.0.0.1:{panel.port}").toImage()

    dialog = JoinDialog(discover=False)
    dialog.name.setText("Ana")
    dialog.show()
    assert not _run(loop, dialog.connect_to(url, "WRONG1"))
    assert "Wrong join code" in dialog.status.text()
    _run(loop, asyncio.sleep(0.6))  # the wrong code slowed this address down
    assert _run(loop, dialog.connect_to(url, panel.code_label.text().lower()))
    labels = [dialog.seats.item(i).text() for i in range(dialog.seats.count())]
    assert "Lt. Cmdr. Kell (Security and Tactical)" in labels
    dialog.address.setText(f"127.0.0.1:{panel.port}")
    dialog.code.setText(panel.code_label.text())
    dialog.resize(560, 520)
    dialog.grab().save(str(tmp_path / "join-dialog.png"))
    assert _run(loop, dialog.take("char:kell"))
    remote = dialog.model
    assert isinstance(remote, RemoteModel)
    windows = open_seat_windows(remote)
    window = windows[0]
    assert isinstance(window, StationWindow) and window.station is Station.TACTICAL
    assert window.officer_id() == "kell"
    # Issue 27: the title names the officer, not the seat's id ("char:kell").
    assert window.windowTitle() == "Bridge — Security and Tactical — Lt. Cmdr. Kell"
    assert window.start_button.isEnabled()

    _run(loop, _do(window.start_button.click))  # the player's click goes to the host...
    _run(loop, _until(lambda: model.state.turn.actor == "kell"))  # ...the GM's model moves
    _run(loop, _until(lambda: remote.state.turn.actor == "kell"))
    assert window.turn_label.text() == "▶ YOUR TURN: LT. CMDR. KELL"
    assert remote.journal[-1].log[0].endswith("Kell takes a Turn.")
    # The remote station's Turn controls are the host engine's answer, as the GM's laptop's.
    local = StationWindow(model, Station.TACTICAL)
    assert local.officer_id() == "kell"
    assert turn_states(window) == turn_states(local)
    assert window.extra_minor_button.isEnabled() and not window.start_button.isEnabled()
    local.close()

    refusals: list[str] = []
    remote.sig_refused.connect(refusals.append)
    before = model.state
    _run(loop, _do(lambda: remote.submit(EndTurn(by="reyes"))))  # `by` is the seat's
    _run(loop, _do(lambda: remote.submit(StartTurn(actor="reyes"))))
    _run(loop, _until(lambda: len(refusals) == 1))
    assert refusals == ["Only Capt. Elena Reyes's own player (or the GM) can start their Turn."]
    assert model.state.turn.actor is None and model.state != before  # Kell's own Turn ended

    _run(loop, _until(lambda: remote.state.turn.actor is None))
    threat = model.state.threat.value
    assert model.submit(AdjustPool(pool="threat", delta=1)) is not None  # the GM's own change
    _run(loop, _until(lambda: remote.state.threat.value == threat + 1))  # reaches the player

    panel.refresh()
    row = next(
        r
        for r in range(panel.table.rowCount())
        if panel.table.item(r, 0).text() == "Lt. Cmdr. Kell (Security and Tactical)"
    )
    assert panel.table.item(row, 1).text() == "Ana"
    assert panel.table.item(row, 2).text() == "connected"
    panel.resize(1000, 560)
    panel.grab().save(str(tmp_path / "host-panel.png"))
    window.resize(1366, 768)
    window.grab().save(str(tmp_path / "station-remote.png"))

    assert all(
        (tmp_path / f"{n}.png").stat().st_size > 5000
        for n in ("join-dialog", "host-panel", "station-remote")
    )
    panel.table.selectRow(row)
    assert panel.free_button.isEnabled()
    _run(loop, _do(panel.free_button.click))
    _run(loop, _until(lambda: remote.client.last_error is not None))
    assert remote.client.last_error is not None
    assert remote.client.last_error.message == "The GM freed your seat."
    for w in windows:
        w.close()
    _run(loop, remote.client.close())
    _run(loop, panel.stop())
    assert panel.host is None and panel.start_button.isEnabled()
    assert panel.table.item(0, 0).data(Qt.ItemDataRole.UserRole) == "viewscreen"


def test_a_remote_player_rolls_and_resolves_a_task_in_the_task_dialog(
    loop: qasync.QEventLoop, model: SharedModel
) -> None:
    from bridge.engine.ship.catalog import CATALOG

    panel = HostPanel(model, bind="127.0.0.1", announce=False)
    panel.port_box.setValue(0)
    assert _run(loop, panel.start())
    dialog = JoinDialog(discover=False)
    url = url_for(f"127.0.0.1:{panel.port}")
    assert _run(loop, dialog.connect_to(url, panel.code_label.text()))
    assert _run(loop, dialog.take("char:sorel"))
    remote = dialog.model
    assert remote is not None
    window = open_seat_windows(remote)[0]
    assert isinstance(window, StationWindow) and window.station is Station.SCIENCE
    _run(loop, _do(window.start_button.click))
    assert model.state.turn.actor == "sorel"  # the click waited for the host's answer
    assert window.text_size is not None  # a joined window has its own text size too
    window.text_size.set(1.3)
    task = window.open_task(CATALOG["scan_for_weakness"])
    assert task is not None
    assert window_scale(window) == window_scale(task) == 1.3
    task.target.setCurrentIndex(0)
    _run(loop, _do(task.roll))
    assert model.state.pending is not None and model.state.pending.actor == "sorel"
    assert remote.state.pending == model.state.pending  # the player sees the rolled dice
    _run(loop, _do(task.resolve))
    assert model.state.pending is None
    assert model.journal[-1].command.type == "resolve" and model.journal[-1].command.by == "sorel"
    assert remote.journal[-1].log == model.journal[-1].log
    task.close()
    window.close()
    _run(loop, remote.client.close())
    _run(loop, panel.stop())


def test_a_remote_attacker_rerolls_damage_dice_through_the_host(
    loop: qasync.QEventLoop, model: SharedModel
) -> None:
    """Seed 001 Re-Roll Damage over the network: the held damage dice reach the player's
    dialog, the dice picked there go to the host as one ApplyDamage, the host rolls."""
    from bridge.engine.ship.catalog import CATALOG
    from bridge.rules.dice import GivenDice

    panel = HostPanel(model, bind="127.0.0.1", announce=False)
    panel.port_box.setValue(0)
    assert _run(loop, panel.start())
    dialog = JoinDialog(discover=False)
    url = url_for(f"127.0.0.1:{panel.port}")
    assert _run(loop, dialog.connect_to(url, panel.code_label.text()))
    assert _run(loop, dialog.take("char:kell"))
    remote = dialog.model
    assert remote is not None
    window = open_seat_windows(remote)[0]
    _run(loop, _do(window.start_button.click))
    task = window.open_task(CATALOG["fire_weapon"])
    assert task is not None
    task.weapon.setCurrentIndex(task.weapon.findData("Phaser Arrays"))
    model.session._dice = GivenDice(d20=(1, 1, 12), d6=(3, 3, 3, 3, 1, 1, 2, 5))
    _run(loop, _do(task.roll))
    _run(loop, _do(task.resolve))
    pending = model.state.pending
    assert pending is not None and pending.damage is not None
    assert remote.state.pending == pending  # the player's dialog reads the host's dice
    assert task.stage.text() == "DAMAGE"
    assert [d.face for d in task.damage_dice.dice()] == [3, 3, 3, 3, 1, 1, 2, 5]
    task.damage_dice.setSelected((0, 1))
    model.session._dice = GivenDice(d20=(12, 12), d6=(2, 2))
    _run(loop, _do(task.apply_damage))
    last = model.journal[-1].command
    assert last.type == "apply_damage" and last.by == "kell" and last.reroll == (0, 1)
    assert model.state.pending is None and task.stage.text() == "RESOLVED"
    task.close()
    window.close()
    _run(loop, remote.client.close())
    _run(loop, panel.stop())


def test_a_remote_models_journal_follows_a_cut_and_an_append(qapp: QApplication) -> None:
    from bridge.net.client import NetClient
    from bridge.net.protocol import LogEntry

    client = NetClient("ws://127.0.0.1:9", "TEST42")
    model = RemoteModel(client)
    entries = [LogEntry(round=1, by="kell", action="x", lines=(f"line {i}",)) for i in range(5)]
    client.log = entries[:3]
    first = model.journal
    assert [e.log for e in first] == [("line 0",), ("line 1",), ("line 2",)]
    client.log = [*entries[:2], entries[4]]  # an undo, then another Command
    second = model.journal
    assert second[0] is first[0] and second[1] is first[1]  # kept, not converted again
    assert [e.log for e in second] == [("line 0",), ("line 1",), ("line 4",)]
    client.log = client.log[:2]  # an undo alone
    assert [e.log for e in model.journal] == [("line 0",), ("line 1",)]
    client.log = [e.model_copy() for e in entries]  # a snapshot: every entry anew
    assert [e.log for e in model.journal] == [(f"line {i}",) for i in range(5)]
