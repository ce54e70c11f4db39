"""The dice tray says how Bridge reads what the seeds leave open, and its odds count the
courage and the action dice it is given (issue 25)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from bridge.rules.dice import GivenDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.dice_tray import D6_READINGS, ICON_READINGS, DiceTray


def tray(qtbot: QtBot, model: SharedModel) -> DiceTray:
    t = DiceTray(model)
    qtbot.addWidget(t)
    t.show()
    return t


def test_each_tab_says_how_bridge_reads_its_system(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 002 (a lone Drama Die 1, all ones, margin 0) and seed 004 (cancel-highest,
    random difficulties): where RULES-NOTES does not decide, the tray's help says."""
    t = tray(qtbot, model)
    t.tabs.setCurrentIndex(1)
    assert t.readings.text() == ICON_READINGS
    for words in ("lone Drama Die", "all ones", "marginal success", "dodge or parry"):
        assert words in t.readings.text()
    t.tabs.setCurrentIndex(2)
    assert t.readings.text() == D6_READINGS
    for words in ("cancel-highest", "random difficulty", "3D-4D"):
        assert words in t.readings.text()


def test_icon_odds_count_the_courage_at_hand(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 002 Courage Points: two dice, skill 1, Difficulty 7: 31% alone, 75% with two
    courage points at hand; the roll spends only what saves the test."""
    t = tray(qtbot, model)
    t.tabs.setCurrentIndex(1)
    t.icon_attribute.setValue(2)
    t.icon_skill.setValue(1)
    t.icon_difficulty.setValue(7)
    assert t.odds.text().startswith("SUCCESS 31%")
    t.icon_courage.setValue(2)
    assert t.odds.text().startswith("SUCCESS 75%")
    model.session._dice = GivenDice(d6=(4, 2))  # 4 + 1 = 5: two points make 7
    t.roll()
    assert "+ 2 courage = 7 vs 7: marginal success" in t.result.toPlainText()


def test_a_dodge_takes_the_penalty_off_its_result(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 002 Multiple Actions: a dodge or parry subtracts the penalty from the result."""
    t = tray(qtbot, model)
    t.tabs.setCurrentIndex(1)
    t.icon_attribute.setValue(3)
    t.icon_skill.setValue(2)
    t.icon_difficulty.setValue(7)
    t.icon_actions.setValue(3)
    t.icon_dodge.setChecked(True)
    model.session._dice = GivenDice(d6=(5, 3, 2))
    t.roll()
    assert "= 5 + skill 2 - 2 (actions) = 5 vs 7" in t.result.toPlainText()


def test_opend6_odds_count_the_action_dice(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 004 Action Dice: 3D against 15, 17% alone, 48% with one action die."""
    t = tray(qtbot, model)
    t.tabs.setCurrentIndex(2)
    t.d6_code.setText("3D")
    t.d6_difficulty.setValue(15)
    assert "SUCCESS 17%" in t.odds.text()
    t.d6_action.setValue(1)
    assert "SUCCESS 48%" in t.odds.text()
