"""No accidents at the table (issue 27): Enter after ROLL resolves, and at an attack's
damage dice applies them as they fell; it never spends Determination; a Moment of
Inspiration is a deliberate act, asked first; the card never moves under the pointer when
a line of reasons comes or goes."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QPushButton, QStatusBar
from pytestqt.qtbot import QtBot

from bridge.engine import CATALOG, EndTurn, StartTurn, Station
from bridge.rules.dice import GivenDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.station.station_window import StationWindow
from bridge.ui.station.task_dialog import TaskDialog

LANDS = {"d20": (1, 2, 19, 12, 3, 4), "d6": (2,) * 8}
"""Kell's Fire Weapon succeeds (his dice land 1 and 2), and a re-roll has dice to land."""


def _rolled(qtbot: QtBot, model: SharedModel) -> tuple[StationWindow, TaskDialog]:
    window = StationWindow(model, Station.TACTICAL)
    qtbot.addWidget(window)
    window.show()
    model.submit(StartTurn(by="kell", actor="kell"))
    dialog = window.open_task(CATALOG["fire_weapon"])
    assert dialog is not None
    model.session._dice = GivenDice(**LANDS)
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert model.state.pending is not None and dialog.inspire.isVisible()
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    return window, dialog


def _determination(model: SharedModel) -> int:
    return model.state.characters["kell"].determination.value


def test_enter_after_roll_resolves_and_never_spends_determination(
    qtbot: QtBot, model: SharedModel
) -> None:
    _, dialog = _rolled(qtbot, model)
    left = _determination(model)
    assert not any(b.autoDefault() for b in dialog.findChildren(QPushButton))
    assert [b.text() for b in dialog.findChildren(QPushButton) if b.isDefault()] == ["RESOLVE"]
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    pending = model.state.pending
    assert pending is not None and pending.damage is not None, "Enter resolved the roll"
    assert dialog.stage.text() == "DAMAGE"
    assert [b.text() for b in dialog.findChildren(QPushButton) if b.isDefault()] == ["APPLY DAMAGE"]
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    assert model.state.pending is None, "Enter applied the damage as it fell"
    assert _determination(model) == left
    assert dialog.stage.text() == "RESOLVED"


def test_enter_on_the_inspiration_button_still_never_spends(
    qtbot: QtBot, model: SharedModel
) -> None:
    """A player who tabbed to MOMENT OF INSPIRATION and presses Enter resolves."""
    _, dialog = _rolled(qtbot, model)
    left = _determination(model)
    dialog.inspire.setFocus()
    qtbot.keyClick(dialog.inspire, Qt.Key.Key_Return)
    assert _determination(model) == left
    pending = model.state.pending
    assert pending is not None and pending.damage is not None  # resolved: the damage step


def test_enter_at_setup_rolls_nothing(qtbot: QtBot, model: SharedModel) -> None:
    window = StationWindow(model, Station.TACTICAL)
    qtbot.addWidget(window)
    window.show()
    model.submit(StartTurn(by="kell", actor="kell"))
    dialog = window.open_task(CATALOG["fire_weapon"])
    assert dialog is not None
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    assert model.state.pending is None and dialog.isVisible()


@pytest.mark.parametrize("answer", [False, True])
def test_a_moment_of_inspiration_is_asked_first(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch, answer: bool
) -> None:
    _, dialog = _rolled(qtbot, model)
    left = _determination(model)
    asked: list[str] = []

    def confirm(_parent: object, title: str, text: str, action: str) -> bool:
        asked.append(f"{title}: {text} [{action}]")
        return answer

    monkeypatch.setattr("bridge.ui.station.task_dialog.confirm", confirm)
    qtbot.mouseClick(dialog.inspire, Qt.MouseButton.LeftButton)
    assert len(asked) == 1 and "Spend 1 Determination" in asked[0]
    assert _determination(model) == (left - 1 if answer else left)
    assert model.state.pending is not None  # re-rolled or not, the roll still waits


def test_the_card_never_moves_when_a_reason_comes_or_goes(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 27: at START TURN the line of reasons went and the card moved up 19 px, so a
    click aimed at FIRE WEAPON landed on its rules; after a Minor Action it came back."""
    window = StationWindow(model, Station.TACTICAL)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    fire = window.buttons["fire_weapon"].button

    def fire_at() -> QPoint:
        QApplication.processEvents()
        return fire.mapTo(window, QPoint(0, 0))

    before = fire_at()
    assert window.reason.text() == "Not your Turn: start a Turn first."
    qtbot.mouseClick(window.start_button, Qt.MouseButton.LeftButton)
    # Kell's Turn: only what stops an entry with no room of its own for a reason
    assert window.reason.text() == "RAISE SHIELDS: The shields are already up."
    assert fire_at() == before
    qtbot.mouseClick(window.buttons["prepare"].button, Qt.MouseButton.LeftButton)
    assert window.reason.text() != "" and fire_at() == before
    qtbot.mouseClick(window.end_button, Qt.MouseButton.LeftButton)
    assert fire_at() == before


def test_a_refusal_is_said_beside_the_tabs_and_moves_nothing(
    qtbot: QtBot, model: SharedModel
) -> None:
    """A status bar, made at the first refusal, took its height from the card."""
    window = StationWindow(model, Station.TACTICAL)
    qtbot.addWidget(window)
    window.show()
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    fire = window.buttons["fire_weapon"].button
    before = fire.mapTo(window, QPoint(0, 0))
    assert model.submit(EndTurn(by="kell")) is None  # not his Turn: refused
    QApplication.processEvents()
    assert "Turn" in window.reason.text() and window.reason.text() != (
        "Not your Turn: start a Turn first."
    )
    assert window.findChild(QStatusBar) is None
    assert fire.mapTo(window, QPoint(0, 0)) == before


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_a_roll_left_waiting_moves_nothing(qtbot: QtBot, model: SharedModel, scale: float) -> None:
    """ROLL WAITING: OPEN comes up among the Turn's controls, in room kept for it (at
    200% it takes a row of its own)."""
    window, dialog = _rolled(qtbot, model)
    assert window.text_size is not None
    window.text_size.set(scale)
    QApplication.processEvents()
    fire = window.buttons["fire_weapon"].button
    before = fire.mapTo(window, QPoint(0, 0))
    dialog.close()
    QApplication.processEvents()
    assert window.waiting_button.isShown() and window.waiting_button.isEnabled()
    assert fire.mapTo(window, QPoint(0, 0)) == before


def _sweep_over_the_cap(qtbot: QtBot, model: SharedModel) -> TaskDialog:
    """Lt. Sorel's Sensor Sweep rolled with the pool full: its Momentum would be lost."""
    from bridge.engine import AdjustPool

    model.submit(AdjustPool(pool="momentum", delta=6 - model.state.momentum.value))
    window = StationWindow(model, Station.SCIENCE)
    qtbot.addWidget(window)
    window.show()
    model.submit(StartTurn(by="sorel", actor="sorel"))
    dialog = window.open_task(CATALOG["sensor_sweep"])
    assert dialog is not None
    model.session._dice = GivenDice(d20=(1, 15, 15))  # a success at Difficulty 0: Momentum
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    return dialog


@pytest.mark.parametrize("answer", [False, True])
def test_enter_never_passes_a_warning_that_momentum_will_be_lost(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch, answer: bool
) -> None:
    """Enter resolved a Sensor Sweep past "⚠ 1 Momentum will be lost above the cap" and
    the Momentum was lost. Enter (and Ctrl+Return) now ask first, Cancel the default;
    RESOLVE clicked is the player's deliberate choice and does not ask."""
    dialog = _sweep_over_the_cap(qtbot, model)
    lost = dialog.spends_box.lost
    assert lost > 0 and f"⚠ {lost} Momentum will be lost" in dialog.spends_box.cost.text()
    asked: list[str] = []

    def confirm(_parent: object, title: str, text: str, action: str) -> bool:
        asked.append(f"{title}: {text} [{action}]")
        return answer

    monkeypatch.setattr("bridge.ui.station.task_dialog.confirm", confirm)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    assert asked == [
        f"Momentum will be lost: {lost} Momentum will be lost above the cap of 6: spend it "
        f"on this roll first, or resolve and lose it? [RESOLVE AND LOSE {lost} MOMENTUM]"
    ]
    assert (model.state.pending is None) is answer
    if not answer:  # spent on the roll: nothing is lost, and Enter resolves at once
        dialog.spends_box.information.setValue(lost)
        assert dialog.spends_box.lost == 0
        qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
        assert len(asked) == 1 and model.state.pending is None
        assert model.state.momentum.value == 6


def test_ctrl_return_asks_before_losing_momentum_too(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = _sweep_over_the_cap(qtbot, model)
    asked: list[str] = []
    monkeypatch.setattr(
        "bridge.ui.station.task_dialog.confirm",
        lambda _p, title, _t, _a: asked.append(title) or False,
    )
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    qtbot.keyClick(dialog, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert asked == ["Momentum will be lost"] and model.state.pending is not None
    qtbot.mouseClick(dialog.resolve_button, Qt.MouseButton.LeftButton)  # the choice, made
    assert asked == ["Momentum will be lost"] and model.state.pending is None
