"""The GM plays the away team's NPCs by hand on a real X server with a window manager
(Xvfb at 1366x768, openbox), with real mouse clicks and keys through the X server
(:mod:`tests.ui.realscreen.gm_hand`): the GM decides an NPC's Avoid Injury on the ON FOOT
tab, then plays an NPC figure's Turn in the task dialog every card uses. Nothing is cut
or scrolled on the way, and Qt and Python say nothing."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.realscreen.conftest import child_saw

pytestmark = pytest.mark.realscreen


@pytest.fixture(scope="module")
def by_hand(x_display: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the child saw and did; ``qt`` holds what Qt or Python printed."""
    home = tmp_path_factory.mktemp("bridge-home-by-hand")
    return child_saw("tests.ui.realscreen.gm_hand", x_display, home)


def test_bridge_said_nothing_while_the_gm_played_by_hand(by_hand: dict[str, Any]) -> None:
    assert by_hand["qt"] == "", f"Qt or Python said:\n{by_hand['qt']}"


def test_the_gm_decides_the_warriors_avoid_injury(by_hand: dict[str, Any]) -> None:
    """Seed 003 AVOID INJURY, for an NPC 2 Threat or a Complication: when Kell hits the
    Klingon Warrior for 5 or more the GM is asked, and the autopilot spends nothing."""
    assert by_hand["decision shown"]
    assert by_hand["decision answers"] == [
        "AVOID: 2 THREAT",
        "AVOID: A COMPLICATION",
        "TAKE THE INJURY",
    ]
    assert by_hand["threat spent unasked"] == 0
    assert by_hand["avoided"] == ["avoid_injury", "gm", None, 2]


@pytest.mark.parametrize("at", ["", " at 120%"])
def test_the_on_foot_tab_is_whole_with_a_decision_waiting(by_hand: dict[str, Any], at: str) -> None:
    assert by_hand[f"ON FOOT tab with a decision{at}"] == []


def test_the_gm_plays_a_bekks_turn_by_hand_with_the_keys_of_the_ship(
    by_hand: dict[str, Any],
) -> None:
    """START TURN, ATTEMPT TASK…, Ctrl+Return rolls, Enter resolves and Enter lands the
    damage, END TURN: every Command the GM's."""
    assert by_hand["turn started"] == "klingon-bekk-1"
    assert by_hand["stage after Ctrl+Return"] == "ROLLED"
    assert by_hand["dice drawn"] == [1, 2, 3]
    assert by_hand["stage after Enter"] == "DAMAGE"
    assert by_hand["stage after Enter again"] == "RESOLVED"
    assert by_hand["turn after END TURN"] is None
    assert by_hand["the GM's Commands"][-5:] == [
        "start_turn",
        "conflict_task",
        "resolve",
        "apply_damage",
        "end_turn",
    ]


@pytest.mark.parametrize("step", ["at SET UP", "after ROLL", "at the damage dice", "at the report"])
def test_the_npcs_task_dialog_is_whole_on_the_screen(by_hand: dict[str, Any], step: str) -> None:
    assert by_hand[f"dialog {step}"] == []
