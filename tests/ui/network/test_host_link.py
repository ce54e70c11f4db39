"""The GM's app as a host: a client's Command refreshes the GM's windows after the
clients' updates are written, in the next turn of the event loop, once for all the
Commands of that turn."""

from __future__ import annotations

import gc

import pytest
from PySide6.QtWidgets import QApplication

from bridge.engine import AdjustPool, Change, Session, demo_encounter
from bridge.net.host import Host
from bridge.rules.dice import SeededDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.network.host_link import HostLink


def _hosted() -> tuple[SharedModel, Host, HostLink]:
    model = SharedModel(Session(demo_encounter(), SeededDice(3)))
    host = Host(model.session, "TEST42")
    return model, host, HostLink(model, host)


def _client_command(host: Host, delta: int) -> None:
    """What the host does with a client's Command: apply and send it, then tell the GM."""
    applied = host.apply(AdjustPool(pool="threat", delta=delta))
    for callback in host.client_applied:
        callback(applied)


def test_the_gms_windows_refresh_in_the_next_turn_once_for_that_turns_commands(
    qapp: QApplication,
) -> None:
    model, host, link = _hosted()
    changed: list[object] = []
    logged: list[object] = []
    model.sig_changed.connect(changed.append)
    model.sig_logged.connect(logged.append)
    threat = model.state.threat.value

    _client_command(host, 1)
    _client_command(host, 2)
    assert host.revision == 2  # both went out to the clients at once...
    assert changed == [] and logged == []  # ...the GM's windows wait for the next turn
    for _ in range(20):
        qapp.processEvents()
        if changed:
            break
    assert len(changed) == 1 and isinstance(changed[0], Change) and changed[0] & Change.POOLS
    assert [e.command.delta for e in logged] == [1, 2]  # every entry, in order
    assert model.state.threat.value == threat + 3
    assert host.revision == 2  # the refresh is not sent out again
    link.detach()


def test_a_waiting_refresh_happens_when_hosting_stops(qapp: QApplication) -> None:
    model, host, link = _hosted()
    changed: list[object] = []
    model.sig_changed.connect(changed.append)
    _client_command(host, 1)
    link.detach()
    assert len(changed) == 1
    qapp.processEvents()
    assert len(changed) == 1


def test_what_is_alive_when_hosting_begins_is_frozen_until_it_stops(
    qapp: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    freezes: list[int] = []
    freeze = gc.freeze
    monkeypatch.setattr(gc, "freeze", lambda: (freezes.append(1), freeze())[1])
    model, host, link = _hosted()
    assert gc.get_freeze_count() > 1000 and freezes == [1]  # never walked again
    model.replace_session(Session(demo_encounter(), SeededDice(4)))  # another battle opened
    assert host.session is model.session
    assert gc.get_freeze_count() > 1000 and freezes == [1, 1]  # the new one is frozen too
    link.detach()
    assert gc.get_freeze_count() == 0
