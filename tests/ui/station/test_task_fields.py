"""The task dialog's fields come from the engine's parameters and legal choices, on the
GM's laptop and over the network alike (issue 28: the host tells a thin client, and
Bridge's own client, what may be chosen)."""

from __future__ import annotations

import qasync
from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox
from pytestqt.qtbot import QtBot

from bridge.engine import CATALOG, Station, task_options
from bridge.engine.core.commands import StartTurn
from bridge.ui.base.seat_model import SeatModel
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.network.host_panel import HostPanel
from bridge.ui.network.join_dialog import JoinDialog, open_seat_windows, url_for
from bridge.ui.station.station_window import StationWindow
from bridge.ui.station.task_dialog import TaskDialog
from tests.ui.network.test_network_windows import _do, _run, loop

__all__ = ["loop"]


def _items(box: QComboBox) -> list[tuple[object, str, bool, str]]:
    """(value, label, enabled, tooltip) of each item."""
    model = box.model()
    assert isinstance(model, QStandardItemModel)
    return [
        (
            box.itemData(i),
            box.itemText(i),
            bool(model.item(i).isEnabled()),
            str(box.itemData(i, Qt.ItemDataRole.ToolTipRole) or ""),
        )
        for i in range(box.count())
    ]


def test_a_destination_too_far_for_maneuver_is_shown_disabled_with_why(
    qtbot: QtBot, model: SharedModel
) -> None:
    model.submit(StartTurn(by="tovan", actor="tovan"))
    dialog = TaskDialog(SeatModel(model), "tovan", Station.HELM, CATALOG["maneuver"])
    qtbot.addWidget(dialog)
    zones = {value: (enabled, why) for value, _, enabled, why in _items(dialog.zone)}
    assert zones["Planetary Orbit"] == (True, "")  # one zone away
    assert zones["Nebula Edge"][0] is False
    assert "Maneuver moves within Medium range" in zones["Nebula Edge"][1]
    assert dialog.zone.currentData() in ("Planetary Orbit", "Asteroid Field")  # a legal one
    assert dialog.command().zone == dialog.zone.currentData()


def test_repairs_offer_only_what_damage_control_can_repair(
    qtbot: QtBot, model: SharedModel
) -> None:
    from bridge.engine.core.commands import SetValue

    model.submit(SetValue(path="ships.resolute.damage.sensors.breaches", value=5))  # Disabled
    model.submit(StartTurn(by="mbeki", actor="mbeki"))
    dialog = TaskDialog(SeatModel(model), "mbeki", Station.OPERATIONS, CATALOG["damage_control"])
    qtbot.addWidget(dialog)
    enabled = [value for value, _, on, _ in _items(dialog.system) if on]
    assert enabled == ["sensors"] and dialog.system.currentData() == "sensors"


def test_a_remote_dialog_offers_the_choices_the_host_sent(
    loop: qasync.QEventLoop, model: SharedModel
) -> None:
    panel = HostPanel(model, bind="127.0.0.1", announce=False)
    panel.port_box.setValue(0)
    assert _run(loop, panel.start())
    dialog = JoinDialog(discover=False)
    assert _run(
        loop, dialog.connect_to(url_for(f"127.0.0.1:{panel.port}"), panel.code_label.text())
    )
    assert _run(loop, dialog.take("char:tovan"))
    remote = dialog.model
    assert remote is not None
    window = open_seat_windows(remote)[0]
    assert isinstance(window, StationWindow)
    _run(loop, _do(window.start_button.click))
    local = task_options(model.state, "tovan", Station.HELM, CATALOG["maneuver"])
    assert remote.task_options("tovan", Station.HELM, "maneuver") == local
    task = window.open_task(CATALOG["maneuver"])
    assert task is not None
    assert [v for v, _, on, _ in _items(task.zone) if not on] == ["Nebula Edge"]
    task.close()
    window.close()
    _run(loop, remote.client.close())
    _run(loop, panel.stop())
