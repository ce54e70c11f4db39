"""The dice tray window: odds live, every roll into the battle log."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bridge.rules.dice import GivenDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.dice_tray import DiceTray
from bridge.ui.console.gm_console import GmConsole


def tray(qtbot: QtBot, model: SharedModel) -> DiceTray:
    t = DiceTray(model)
    qtbot.addWidget(t)
    t.show()
    return t


def test_each_system_shows_odds_and_rolls_into_the_log(qtbot: QtBot, model: SharedModel) -> None:
    t = tray(qtbot, model)
    assert t.odds.text().startswith("SUCCESS")
    t.tabs.setCurrentIndex(1)
    t.icon_attribute.setValue(4)
    t.icon_skill.setValue(4)
    t.icon_difficulty.setValue(6)
    assert "DRAMATIC SUCCESS 17%" in t.odds.text()
    model.session._dice = GivenDice(d6=(3, 6, 2, 1))
    qtbot.mouseClick(t.roll_button, Qt.MouseButton.LeftButton)
    assert "= 6 + skill 4 = 10 vs 6: success" in t.result.toPlainText()
    assert model.journal[-1].command.type == "tray_roll"
    t.tabs.setCurrentIndex(2)
    t.d6_code.setText("4D+1")
    assert t.odds.text().startswith("4D+1 vs 11")


def test_a_bad_die_code_is_explained(qtbot: QtBot, model: SharedModel) -> None:
    t = tray(qtbot, model)
    t.tabs.setCurrentIndex(2)
    t.d6_code.setText("four dice")
    assert not t.roll_button.isEnabled()
    assert "'four dice' is not a die code" in t.problem.text()


def test_the_console_opens_the_tray(qtbot: QtBot, model: SharedModel) -> None:
    c = GmConsole(model)
    c.confirm_quit = False
    qtbot.addWidget(c)
    assert c.dice_tray() is c.dice_tray() and c.tray is not None and c.tray.isVisible()


def test_challenge_dice_are_rolled_and_drawn_as_dice(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 001 ROLL DAMAGE faces (1, 2, blank, Effect) drawn as dice, not "[1 2 - 1E]"."""
    t = tray(qtbot, model)
    t.tabs.setCurrentIndex(3)
    t.challenge_count.setValue(4)
    assert t.odds.text() == "DAMAGE 3.3 EXPECTED · AN EFFECT 80%"
    assert not t.challenge_dice.isVisible()
    model.session._dice = GivenDice(d6=(1, 2, 4, 5))
    qtbot.mouseClick(t.roll_button, Qt.MouseButton.LeftButton)
    assert t.challenge_dice.isVisible()
    assert [(d.damage, d.effect) for d in t.challenge_dice.dice()] == [
        (1, False),
        (2, False),
        (0, False),
        (1, True),
    ]
    assert "= 4 damage, 1 Effect(s)" in t.result.toPlainText()
    assert t.result.toHtml().count("<img") == 4  # the faces as dice in the text too
    t.tabs.setCurrentIndex(0)
    model.session._dice = GivenDice(d20=(3, 15))
    t.roll()
    assert not t.challenge_dice.isVisible()
