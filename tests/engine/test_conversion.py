"""Station Tasks under ICON or OpenD6 (the house-rule conversion) and the dice tray."""

from __future__ import annotations

from bridge.engine.core.commands import SetHouseRules, TrayRoll
from bridge.engine.session import Session
from bridge.model.house_rules import HouseRules
from bridge.rules.icon import IconTest
from bridge.rules.opend6 import D6Roll, DieCode
from bridge.rules.task import Roller, TaskSpec
from tests.engine.table import Table


def test_icon_resolves_station_tasks_through_the_conversion() -> None:
    """Kell: Control 11 + Security 5 -> 5 ICON dice, skill 5 (+1 Focus); Fire Weapon D2
    -> ICON 7 by the default ladder; 3 points over per Momentum."""
    t = Table()
    t.do(SetHouseRules(rules=HouseRules(resolution="icon")))
    t.turn("kell")
    applied = t.task(
        "fire_weapon",
        weapon="Phaser Arrays",
        target="qoj",
        focus=True,
        d20=(12,),
        d6=(6, 5, 2, 2, 1) + (3,) * 8,
    )
    log = "\n".join(applied.entry.log)
    assert "ICON [Drama 6, 5, 2, 2, 1] = 11 + skill 6 = 17 vs 7: dramatic success" in log
    assert "STA Difficulty 2 -> 7; 3 Momentum" in log  # margin 10 // 3
    assert t.state.momentum.value == 6  # 2 + 3 saved + Versatile 2, capped at 6


def test_d6_critical_failure_is_a_complication() -> None:
    t = Table()
    t.do(SetHouseRules(rules=HouseRules(resolution="d6")))
    t.turn("sorel")
    applied = t.task("sensor_sweep", d6=(1,) + (2,) * 12)
    log = "\n".join(applied.entry.log)
    assert "Critical Failure: a complication" in log and "1 Complication(s)" in log


def test_difficulty_zero_needs_no_roll_in_any_system() -> None:
    t = Table()
    t.do(SetHouseRules(rules=HouseRules(resolution="icon")))
    t.turn("reyes")
    applied = t.task("rally", roll=False)
    assert "Difficulty 0: success without a roll." in "\n".join(applied.entry.log)


def test_tray_rolls_are_logged_journaled_and_replayed() -> None:
    t = Table()
    before = t.state
    t.do(
        TrayRoll(
            system="icon",
            icon=IconTest(attribute=3, skill=2, difficulty=7),
            courage=1,
            label="Bluff",
        ),
        d6=(4, 2, 3),  # 6 fails by 1: the courage point is spent (seed 002 Courage Points)
    )
    t.do(
        TrayRoll(
            by="kell",
            system="d6",
            d6=D6Roll(code=DieCode.parse("3D+1"), difficulty=12),
            action_dice=1,
        ),
        d6=(6, 3, 4, 2, 5),
    )
    t.do(TrayRoll(system="sta", sta=TaskSpec(lead=Roller(target=11), difficulty=2)), d20=(3, 15))
    logs = [e.log[0] for e in t.session.journal]
    assert (
        logs[0] == "Dice tray, GM (Bluff): ICON [Drama 4, 2, 3] = 4 + skill 2 + 1 "
        "courage = 7 vs 7: marginal success"
    )
    assert logs[1].startswith(
        "Dice tray, Lt. Cmdr. Kell: D6 3D+1: [4, 2 | wild 6+3] + action dice 5 = 21 vs 12: success"
    )
    assert logs[2].startswith("Dice tray, GM: STA [3, 15] 1 success vs Difficulty 2")
    assert t.state == before  # a tray roll changes nothing but the log
    assert Session.replay(t.session.initial, t.session.journal).journal == t.session.journal


def test_tray_roll_needs_its_test() -> None:
    Table().refused(TrayRoll(system="icon"), "needs the test to roll")


def test_tray_rolls_challenge_dice() -> None:
    """Seed 001 ROLL DAMAGE: the GM rolls challenge dice (a hazard, an improvised hit)."""
    t = Table()
    applied = t.do(TrayRoll(system="challenge", challenge=4, label="asteroids"), d6=(1, 2, 3, 6))
    assert applied.entry.log[0] == (
        "Dice tray, GM (asteroids): challenge dice [1 2 - 1E] = 4 damage, 1 Effect(s)"
    )
    assert applied.entry.log[1] == "  3.3 damage expected, 80% chance of an Effect"
    t.refused(TrayRoll(system="challenge"), "how many dice")
