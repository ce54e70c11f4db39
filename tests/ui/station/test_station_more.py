"""A station's MORE menu and its Turn signal (issue 13: rules with no control)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QCheckBox, QLineEdit
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import EndTurn, StartTurn
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.state.cards import Station
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.station.station_window import StationWindow


def station(qtbot: QtBot, model: SharedModel, which: Station) -> StationWindow:
    w = StationWindow(model, which)
    qtbot.addWidget(w)
    w.show()
    return w


def entry(w: StationWindow, starts: str) -> bool:
    """Whether the MORE menu's entry starting with ``starts`` is enabled."""
    w.turn.fill_more()
    act = next(a for a in w.more_menu.actions() if a.text().startswith(starts))
    return act.isEnabled()


def do(w: StationWindow, key: str, **fields: object) -> None:
    """Open MORE's control ``key``, fill ``fields`` as a person would, press DO IT."""
    dialog = w.turn.use(key)
    assert dialog is not None
    for name, value in fields.items():
        dialog.form.choose(name, value)  # type: ignore[arg-type]
    dialog.do_it()
    assert not dialog.isVisible(), dialog.reason.text()


def test_create_problem_paid_with_momentum_or_threat(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 001 card back: Create Problem (2 each); a player may add to Threat instead."""
    w = station(qtbot, model, Station.TACTICAL)
    assert not entry(w, "Create Problem")  # not Kell's Turn yet
    model.submit(StartTurn(by="kell", actor="kell"))
    assert entry(w, "Create Problem")
    momentum, threat = model.state.momentum.value, model.state.threat.value
    do(w, "create_problem", amount=1)
    assert model.state.turn.create_problem == {"npc": 1}
    assert model.state.momentum.value == momentum - 2
    threat_choice = next(a for a in w.more_menu.actions() if a.text().startswith("Pay Immediate"))
    threat_choice.setChecked(True)  # from now on its form starts ticked
    dialog = w.turn.use("create_problem")
    assert dialog is not None
    assert isinstance(dialog.widgets["with_threat"], QCheckBox)
    assert dialog.widgets["with_threat"].isChecked()
    dialog.do_it()
    assert model.state.turn.create_problem == {"npc": 2}
    assert model.state.threat.value == threat + 2 and model.state.momentum.value == momentum - 2


def test_determination_and_values_from_the_station(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 003 USES FOR DETERMINATION; seed 001 VALUES."""
    w = station(qtbot, model, Station.TACTICAL)
    kell = model.state.characters["kell"]
    value = kell.values[0].text
    do(w, "value_complication", value=value)  # a hindering Value: +1 Determination
    after = model.state.characters["kell"].determination.value
    assert after == min(kell.determination.value + 1, 3)
    assert any(t.kind == "complication" and value in t.name for t in model.state.traits)
    model.submit(StartTurn(by="kell", actor="kell"))
    assert entry(w, "Make It So")
    dialog = w.turn.use("make_it_so")
    assert dialog is not None and dialog.go.text() == "SPEND 1 DETERMINATION"
    assert dialog.cancel is not None and dialog.cancel.isDefault()  # Return never spends
    name = dialog.widgets["name"]
    assert isinstance(name, QLineEdit)
    name.setText("Flanking position")
    dialog.do_it()
    assert model.state.characters["kell"].determination.value == after - 1
    assert any(t.name == "Flanking position" for t in model.state.traits)


def test_a_readied_task_is_triggered_from_the_station(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 003 READY: when the trigger happens the character interrupts."""
    w = station(qtbot, model, Station.TACTICAL)
    model.submit(StartTurn(by="kell", actor="kell"))
    assert not entry(w, "Trigger the readied Task")
    model.submit(
        AttemptTask(
            by="kell",
            action="ready",
            station=Station.TACTICAL,
            readied="fire_weapon",
            note="the raider drops its shields",
        )
    )
    model.submit(EndTurn(by="kell"))
    assert entry(w, "Trigger the readied Task (Fire Weapon when the raider drops its shields)")
    act = next(a for a in w.more_menu.actions() if a.text().startswith("Trigger"))
    act.trigger()
    assert model.state.turn.interrupt == "kell"


def test_the_officers_turn_is_signalled_in_words_and_to_the_desktop(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    alerts: list[object] = []
    monkeypatch.setattr(QApplication, "alert", lambda widget, *_: alerts.append(widget))
    tactical = station(qtbot, model, Station.TACTICAL)
    helm = station(qtbot, model, Station.HELM)
    model.submit(StartTurn(by="kell", actor="kell"))
    assert alerts == [tactical]
    assert tactical.turn_label.text().startswith("▶ YOUR TURN")
    assert not helm.turn_label.text().startswith("▶")
    model.submit(EndTurn(by="kell"))
    assert alerts == [tactical]
