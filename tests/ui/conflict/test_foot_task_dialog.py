"""A Conflict card's Tasks open the task dialog every card uses, and behave as the ship's:
Enter never cancels a form or passes a loss, the Moment of Inspiration is asked with its
Value named, the preview is read whole, ROLL stays put, a melee target's dice are drawn,
and re-rolling damage dice is hinted with its cost."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QComboBox, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from bridge.engine import (
    AdjustPool,
    ConflictMinor,
    EndTurn,
    MoveFigure,
    Session,
    StartTurn,
    demo_boarding,
)
from bridge.rules.dice import GivenDice, SeededDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.conflict_dialog import ConflictEntryDialog
from bridge.ui.conflict.conflict_model import LocalConflictSeat
from bridge.ui.conflict.conflict_window import ConflictWindow
from bridge.ui.conflict.gm_seat import GmFigureSeat
from tests.ui.fit import clipped, frame_outside_screen, must_fit, scroll_bars, settle


def _card(qtbot: QtBot, model: SharedModel, character: str = "kell") -> ConflictWindow:
    w = ConflictWindow(LocalConflictSeat(model, character))
    qtbot.addWidget(w)
    w.show()
    return w


def _open(qtbot: QtBot, w: ConflictWindow, key: str) -> ConflictEntryDialog:
    dialog = w.use(key)
    assert isinstance(dialog, ConflictEntryDialog)
    qtbot.addWidget(dialog)
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    return dialog


def _kells_turn(qtbot: QtBot, dice: GivenDice | None = None) -> tuple[SharedModel, ConflictWindow]:
    model = SharedModel(Session(demo_boarding(), dice or SeededDice(3)))
    w = _card(qtbot, model)
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    return model, w


@pytest.mark.parametrize("key", ["movement", "attack"])
def test_enter_in_a_form_keeps_it_open_with_its_choices_and_sends_nothing(
    qtbot: QtBot, key: str
) -> None:
    """A GM's play-through: Enter in the Movement or Attack form silently cancelled it and
    the choices were lost. Now Enter does what it does in the ship's task dialog at SET UP:
    nothing (Ctrl+Return sends)."""
    model, w = _kells_turn(qtbot)
    dialog = _open(qtbot, w, key)
    field, value = (
        ("zone", "Transporter Room 3") if key == "movement" else ("target", "klingon-bekk-2")
    )
    dialog.form.choose(field, value)
    before = len(model.journal)
    assert not any(b.autoDefault() or b.isDefault() for b in dialog.findChildren(QPushButton))
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    assert dialog.isVisible() and dialog.form.values[field] == value
    assert len(model.journal) == before
    qtbot.keyClick(dialog, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert len(model.journal) == before + 1  # Ctrl+Return sends it


def test_enter_never_passes_a_warning_that_momentum_will_be_lost_on_foot(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 001: Momentum above the cap of 6 is lost. On foot, as at a station, Enter asks
    first when the spends chosen would lose some; Cancel (the default) keeps the roll."""
    model, w = _kells_turn(qtbot, GivenDice(d20=(1, 1), d6=(2,) * 20))
    model.submit(AdjustPool(pool="momentum", delta=6 - model.state.momentum.value))
    dialog = _open(qtbot, w, "attack")
    dialog.form.choose("target", "klingon-warrior")
    dialog.roll()
    lost = dialog.spends_box.lost
    assert lost > 0 and f"⚠ {lost} Momentum will be lost" in dialog.spends_box.cost.text()
    asked: list[str] = []
    monkeypatch.setattr(
        "bridge.ui.station.task_dialog.confirm",
        lambda _p, title, _t, _a: asked.append(title) or False,
    )
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    assert asked == ["Momentum will be lost"]
    pending = model.state.conflict.pending  # type: ignore[union-attr]
    assert pending is not None and pending.damage is None  # not resolved past the warning
    dialog.spends_box.bonus.setValue(lost)  # spent on the roll: nothing lost
    qtbot.keyClick(dialog.focusWidget() or dialog, Qt.Key.Key_Return)
    assert asked == ["Momentum will be lost"] and dialog.stage.text() == "DAMAGE"


def test_a_moment_of_inspiration_names_its_value_and_return_takes_cancel(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Seed 003 USES FOR DETERMINATION (Moment of Inspiration: re-roll, citing a Value).
    The question's title is whole, its text names the Value cited and what is left, and
    Return answers Cancel: Determination is never spent by Enter."""
    model, w = _kells_turn(qtbot, GivenDice(d20=(20, 20, 1, 1), d6=(2,) * 20))
    kell = model.state.characters["kell"]
    left = kell.determination.value
    dialog = _open(qtbot, w, "attack")
    dialog.form.choose("target", "klingon-warrior")
    dialog.roll()
    assert "FAILURE" in dialog.outcome.text() and dialog.inspire.isVisible()
    seen: list[tuple[str, str, list[str]]] = []

    def press_return() -> None:
        box = QApplication.activeModalWidget()
        assert isinstance(box, QMessageBox)
        buttons = [b.text() for b in box.buttons()]
        seen.append((box.windowTitle(), box.text(), buttons))
        qtbot.keyClick(box, Qt.Key.Key_Return)

    QTimer.singleShot(50, press_return)
    qtbot.mouseClick(dialog.inspire, Qt.MouseButton.LeftButton)
    ((title, text, buttons),) = seen
    value = kell.values[0].text
    assert title == "Moment of Inspiration" and "SPEND 1 DETERMINATION" in buttons
    assert f"Spend 1 Determination ({left} left), citing the Value “{value}”" in text
    assert model.state.characters["kell"].determination.value == left  # Return: Cancel
    monkeypatch.setattr("bridge.ui.station.task_dialog.confirm", lambda *_: True)
    qtbot.mouseClick(dialog.inspire, Qt.MouseButton.LeftButton)  # the player says so
    assert model.state.characters["kell"].determination.value == left - 1
    assert "SUCCESS" in dialog.outcome.text()  # the two 1s of the re-roll


@pytest.mark.parametrize("scale", [1.0, 1.2])
def test_roll_stays_put_when_lethal_is_chosen(qtbot: QtBot, scale: float) -> None:
    """A GM's play-through: ROLL moved down when Lethal was ticked (a cost line came)."""
    _model, w = _kells_turn(qtbot)
    w.text_size.set(scale)
    dialog = _open(qtbot, w, "attack")
    dialog.form.choose("target", "klingon-warrior")
    settle()
    before = dialog.roll_button.mapTo(dialog, QPoint(0, 0)), dialog.size()
    dialog.form.choose("lethal", True)
    settle()
    assert "lethal attack" in dialog.difficulty.text()  # its Threat, on the costs' own line
    assert (dialog.roll_button.mapTo(dialog, QPoint(0, 0)), dialog.size()) == before
    assert scroll_bars(dialog) == [] and clipped(dialog) == []  # and read whole


def _melee(qtbot: QtBot) -> tuple[SharedModel, ConflictEntryDialog]:
    """The Klingon Warrior, played by the GM, beside Kell, aiming a blow with its fists."""
    model = SharedModel(Session(demo_boarding(), SeededDice(3)))
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.submit(EndTurn(by="kell", where="conflict"))
    model.submit(MoveFigure(figure="klingon-warrior", zone="Deck 6 Corridor", beside="kell"))
    model.submit(StartTurn(actor="klingon-warrior", where="conflict"))
    model.submit(ConflictMinor(action="aim"))
    seat = GmFigureSeat(model, "klingon-warrior")
    card = seat.card()
    assert card is not None
    entry = next(e for e in card.tasks if e.key == "attack")
    dialog = ConflictEntryDialog(seat, entry, "gm")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.form.choose("weapon", "Unarmed Strike")
    dialog.form.choose("target", "kell")
    settle()
    return model, dialog


def test_a_melee_attacks_preview_is_read_whole_to_its_last_line(qtbot: QtBot) -> None:
    """Seed 003 melee: opposed by the target, who hits back if it wins; Aim re-rolls a d20.
    A GM's play-through: the Attack form cut its last line (the counter-blow, Aiming): its
    label was sized at 19 px a line where the text laid out at 20.2."""
    _model, dialog = _melee(qtbot)
    odds = dialog.odds_text.text()
    assert "THE TARGET HITS BACK" in odds and odds.splitlines()[-1].startswith("Aiming")
    for label in (dialog.difficulty, dialog.odds_text, dialog.problem):
        assert label.heightForWidth(label.width()) <= label.height() + 1, label.text()
    assert clipped(dialog) == []


def test_a_melee_roll_draws_the_targets_opposing_dice(qtbot: QtBot) -> None:
    """Seed 003 OPPOSED TASK OUTCOMES: the attacker's and the target's dice are both drawn,
    and the outcome says who won and the Momentum kept."""
    model, dialog = _melee(qtbot)
    model.session._dice = GivenDice(d20=(1, 1, 20, 20), d6=(2,) * 20)  # theirs miss
    dialog.roll()
    assert dialog.opposing.isVisible() and len(dialog.opposing.dice()) == 2
    assert "THE BLOW LANDS" in dialog.outcome.text()
    assert "against the target's 0 successes" in dialog.outcome.text()


def test_re_rolling_damage_dice_is_hinted_and_its_button_gives_the_cost(qtbot: QtBot) -> None:
    """Seed 001 COMBAT MOMENTUM (PERSONAL) Re-Roll Damage, 1 Momentum: pick damage dice by
    clicking them. It was never hinted, and its button did not give the cost."""
    model, w = _kells_turn(qtbot, GivenDice(d20=(1, 1), d6=(3,) * 4 + (2,) * 20))
    dialog = _open(qtbot, w, "attack")
    dialog.form.choose("target", "klingon-warrior")
    dialog.roll()
    dialog.resolve()
    assert dialog.stage.text() == "DAMAGE"
    assert dialog.damage_cost.text().startswith("Click any dice to re-roll them once")
    assert "Momentum" in dialog.damage_cost.text()
    centre = dialog.damage_dice.die_rect(0).center().toPoint()
    qtbot.mouseClick(dialog.damage_dice, Qt.MouseButton.LeftButton, pos=centre)
    assert dialog.apply_button.text() == "RE-ROLL 1 DIE (1 MOMENTUM) AND APPLY"
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert "Re-Roll Damage" in "\n".join(model.journal[-1].log)


def test_the_dice_bought_are_counted_as_at_a_station(qtbot: QtBot) -> None:
    """RULES-NOTES: at most 3 dice bought, the n-th costing n; the Determination die is the
    first, citing a Value. The Attack form counts them as the ship's dialog does."""
    _model, w = _kells_turn(qtbot)
    dialog = _open(qtbot, w, "attack")
    dialog.form.choose("target", "klingon-warrior")
    assert not dialog.value.isEnabled()  # a Value only with the Determination die
    dialog.determination.setChecked(True)
    dialog.momentum_dice.setValue(1)
    dialog.threat_dice.setValue(1)
    cmd = dialog.command()
    assert cmd.bought == ("determination", "momentum", "threat")
    assert cmd.value == dialog.value.currentData()
    focus = dialog.form.widgets["focus_name"]
    assert isinstance(focus, QComboBox)


@pytest.mark.parametrize("scale", [1.0, 1.2])
def test_an_attacks_dialog_is_whole_from_setup_to_its_report_on_a_laptop(
    qtbot: QtBot, scale: float
) -> None:
    """At 1366x768, at 100% and at 120%: the attack's dialog neither scrolls nor cuts a line
    at SET UP, with its dice and spends, with its damage dice, or with its report."""
    _model, w = _kells_turn(qtbot, GivenDice(d20=(1, 1), d6=(2,) * 20))
    w.text_size.set(scale)
    dialog = _open(qtbot, w, "attack")
    dialog.form.choose("target", "klingon-warrior")
    seen: dict[str, list[str]] = {}

    def look(step: str) -> None:
        settle()
        assert frame_outside_screen(dialog) is None, step
        seen[step] = must_fit(dialog, frozenset())

    look("set up")
    dialog.roll()
    look("rolled")
    dialog.resolve()
    assert dialog.stage.text() == "DAMAGE"
    look("damage")
    dialog.apply_damage()
    dialog.finish_report()
    look("report")
    assert seen == {step: [] for step in ("set up", "rolled", "damage", "report")}
