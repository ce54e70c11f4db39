"""Issue 27: a station can never show more on the GM's laptop than over the LAN. The local
windows and a joined one read the same seat view; here they show the same words."""

from __future__ import annotations

import re

import qasync
from PySide6.QtWidgets import QApplication, QLabel, QWidget
from pytestqt.qtbot import QtBot

from bridge.engine import CATALOG, Station
from bridge.engine.core.commands import EndTurn, StartTurn
from bridge.rules.hidden import reveal
from bridge.seatview import CREW, seat_lines
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.network.host_panel import HostPanel
from bridge.ui.network.join_dialog import JoinDialog, open_seat_windows, url_for
from bridge.ui.network.remote_model import RemoteModel
from bridge.ui.station.station_window import StationWindow
from bridge.ui.table.viewscreen import ViewscreenWindow
from tests.ui.network.test_network_windows import _do, _run, _until, loop

__all__ = ["loop"]


def _words(window: ViewscreenWindow) -> list[str]:
    out = []
    for label in window.findChildren(QLabel):
        full = getattr(label, "full_text", None)
        out.append(full() if full else label.text())
    return out


def _contacts(window: StationWindow) -> list[list[str]]:
    table = window.ship_state.contacts
    assert table is not None
    return [
        [table.item(r, c).text() for c in range(table.columnCount())]
        for r in range(table.rowCount())
    ]


def test_tacticals_damage_report_tells_the_crew_what_it_sees(
    qtbot: QtBot, model: SharedModel
) -> None:
    """The GM's laptop: Kell fires at the unscanned Qoj from the Tactical window; the
    report shows the damage and the systems hit, not Qoj's Resistance, shields or Power."""
    window = StationWindow(model, Station.TACTICAL)  # (given the GM's model: reads the crew's)
    qtbot.addWidget(window)
    window.show()
    model.submit(StartTurn(by="kell", actor="kell"))
    dialog = window.open_task(CATALOG["fire_weapon"])
    assert dialog is not None
    dialog.target.setCurrentIndex(dialog.target.findData("qoj"))
    dialog.roll()
    dialog.resolve()
    dialog.apply_damage()  # the damage dice, seen, land as they fell
    dialog.finish_report()
    report = dialog.report.toPlainText()
    gm = "\n".join(reveal(line) for line in model.journal[-1].log)
    assert "Resistance 3" in gm and "Power" in gm.split("IKS Qoj now:")[1]
    assert "Total damage" in report and "IKS Qoj now:" in report
    for hidden in ("Resistance 3", "Damage after Resistance", "Shields 11"):
        assert hidden not in report, hidden
    assert "Power" not in report.split("IKS Qoj now:")[1]
    told = [line for entry in model.journal[-2:] for line in seat_lines(entry, CREW)]
    drawn = [re.sub("\ufffc(?: \ufffc)*", "[dice]", line) for line in report.splitlines()]
    assert drawn == [re.sub(r"\[[^\]]*\]", "[dice]", line) for line in told]  # roll, damage
    dialog.close()


def test_the_local_and_the_joined_windows_show_the_same(
    qtbot: QtBot, loop: qasync.QEventLoop, model: SharedModel
) -> None:
    """The viewscreen and the Science and Tactical contact lists, on the GM's laptop and
    joined over loopback, after a hit on an unscanned ship: the same words."""
    panel = HostPanel(model, bind="127.0.0.1", announce=False)
    panel.port_box.setValue(0)
    assert _run(loop, panel.start())
    url = url_for(f"127.0.0.1:{panel.port}")
    joined: dict[str, tuple[RemoteModel, QWidget]] = {}
    for seat in ("viewscreen", "char:kell", "char:sorel"):
        dialog = JoinDialog(discover=False)
        assert _run(loop, dialog.connect_to(url, panel.code_label.text()))
        assert _run(loop, dialog.take(seat))
        assert dialog.model is not None
        joined[seat] = (dialog.model, open_seat_windows(dialog.model)[0])
    remote_screen, kell_window, sorel_window = (joined[s][1] for s in joined)
    assert isinstance(remote_screen, ViewscreenWindow) and remote_screen.isFullScreen()
    assert isinstance(kell_window, StationWindow) and isinstance(sorel_window, StationWindow)
    local_screen = ViewscreenWindow(model)
    qtbot.addWidget(local_screen)
    local_screen.show()
    local = {s: StationWindow(model, s) for s in (Station.TACTICAL, Station.SCIENCE)}
    for w in local.values():
        qtbot.addWidget(w)
    _run(loop, _do(kell_window.start_button.click))
    task = kell_window.open_task(CATALOG["fire_weapon"])
    assert task is not None
    task.target.setCurrentIndex(task.target.findData("qoj"))
    _run(loop, _do(task.roll))
    _run(loop, _do(task.resolve))
    _run(loop, _do(lambda: model.submit(EndTurn(by="kell"))))
    revision = panel.host.revision
    for remote, _ in joined.values():
        _run(loop, remote.client.wait_revision(revision))
    for screen in (local_screen, remote_screen):
        screen.resize(1366, 768)
        screen.finish_report()
    QApplication.processEvents()
    assert _words(remote_screen) == _words(local_screen)
    assert "SHIELDS UP" in _words(local_screen) and "NOT SCANNED" in _words(local_screen)
    assert _contacts(local[Station.TACTICAL]) == _contacts(kell_window)
    assert _contacts(local[Station.SCIENCE]) == _contacts(sorel_window)
    assert _contacts(local[Station.TACTICAL]) == _contacts(local[Station.SCIENCE])
    task.close()
    for remote, window in joined.values():
        window.close()
        _run(loop, remote.client.close())
    _run(loop, _until(lambda: True))
    _run(loop, panel.stop())
