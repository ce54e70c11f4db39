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
