"""Bridge on a real X server with a window manager (Xvfb and openbox, 1366x768), as a GM
and five players see it (issue 27): every frame whole on the screen, the demo's
cascade and the shared laptop opened again included; no scroll bar and no hidden or cut
text in a window that must fit; every Task's dialog whole after ROLL with a full pool;
Enter after ROLL never spends Determination; the card never moves under the pointer; at
150% the GM console keeps its pools in view and nothing is cut across; the GM console at
120%; every station at 110% and 120% and the viewscreen in a frame; the away team's
windows (the GM's ON FOOT tab, an officer's Conflict card before and in the Turn, with a
roll and damage dice waiting, once it came out, a melee attack's, an attack's form) at
100% and 120%, and a Turn played on the card with real keys and clicks. Qt and Python
must say nothing while it runs."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.realscreen.child import TASKS

pytestmark = pytest.mark.realscreen

CONSOLE = "Bridge — Ambush at Kessik Nebula"
STATIONS = (
    "Bridge — Command",
    "Bridge — Helm and Navigation",
    "Bridge — Security and Tactical",
    "Bridge — Communications and Internal Systems",
    "Bridge — Sensors and Science",
)
DIALOGS = [f"{key}, Momentum {pool}" for pool in (2, 6) for key, _ in TASKS]


def test_bridge_ran_on_the_real_screen_and_said_nothing(real_screen: dict[str, Any]) -> None:
    assert real_screen["screen"] == [[0, 0, 1366, 768], [0, 0, 1366, 768]]
    assert real_screen["framed"], "the window manager never framed the windows"
    assert real_screen["qt"] == "", f"Qt or Python said:\n{real_screen['qt']}"


@pytest.mark.parametrize("title", [CONSOLE, *STATIONS])
def test_the_demo_opens_every_window_whole_on_the_screen(
    real_screen: dict[str, Any], title: str
) -> None:
    assert real_screen[f"frame: {title}"] == []


@pytest.mark.parametrize("title", [CONSOLE, *STATIONS])
def test_nothing_to_scroll_and_nothing_cut_in_a_window(
    real_screen: dict[str, Any], title: str
) -> None:
    """Every entry of a card and every GM control in view: only readouts scroll."""
    assert real_screen[f"fits: {title}"] == []


@pytest.mark.parametrize("case", DIALOGS)
def test_the_task_dialog_shows_everything_at_setup_and_after_roll(
    real_screen: dict[str, Any], case: str
) -> None:
    assert real_screen[f"dialog at SET UP: {case}"] == []
    assert real_screen[f"dialog after ROLL: {case}"] == []


@pytest.mark.parametrize("case", DIALOGS)
def test_enter_after_roll_resolves(real_screen: dict[str, Any], case: str) -> None:
    assert real_screen[f"Enter after ROLL: {case}"] == ["RESOLVE"]


def test_the_card_stays_put_when_a_reason_comes_or_goes(real_screen: dict[str, Any]) -> None:
    before, started, after_minor = real_screen[
        "card y: before, at START TURN, after a Minor Action"
    ]
    assert before == started == after_minor


def test_the_shared_laptop_is_whole_on_the_screen_and_again_after_moving(
    real_screen: dict[str, Any],
) -> None:
    assert real_screen["frame: shared laptop"] == []
    assert real_screen["fits: shared laptop"] == []
    assert real_screen["frame: shared laptop opened again"] == []


def test_at_150_percent_pools_in_view_and_nothing_cut_across(
    real_screen: dict[str, Any],
) -> None:
    assert real_screen["fits at 150%: GM console"] == []
    assert real_screen["fits at 150%: shared laptop"] == []
    assert real_screen["ship panel at 150%: nothing cut across"] == []
    assert real_screen["fits at 150%: Security and Tactical"] == []
    assert real_screen["frame at 150%: Security and Tactical"] == []
    assert real_screen["frame at 150%: Fire Weapon"] == []
    assert real_screen["Fire Weapon at 150%: nothing cut across"] == []


def test_the_gm_console_at_120_percent_is_whole(real_screen: dict[str, Any]) -> None:
    """At 120% the console showed "USS Resol…" and its controls scrolled."""
    assert real_screen["fits at 120%: GM console"] == []


@pytest.mark.parametrize("at", ["100%", "120%"])
def test_the_gm_on_foot_tab_is_whole(real_screen: dict[str, Any], at: str) -> None:
    """It cut 7 of the boarding's 9 figure lines, its zone box and its status line, and
    the ship's greyed controls took a third of the console."""
    assert real_screen[f"ON FOOT tab at {at}"] == []


@pytest.mark.parametrize("at", ["100%", "120%"])
def test_the_gm_on_foot_tab_shows_eight_npcs_in_one_zone_whole(
    real_screen: dict[str, Any], at: str
) -> None:
    """ADD FIGURES… brought four more Bekks into Transporter Room 3: at 120% the zone's
    figure lines were cut to one line each in small type ending in "…"."""
    assert real_screen["NPCs in Transporter Room 3, crowded"] == 8
    assert real_screen[f"ON FOOT tab, eight NPCs in one zone, at {at}"] == []


@pytest.mark.parametrize("at", ["100%", "120%"])
@pytest.mark.parametrize(
    "when",
    ["before the Turn", "in the Turn", "with its roll waiting", "with its damage dice waiting"],
)
def test_the_conflict_card_is_whole(real_screen: dict[str, Any], at: str, when: str) -> None:
    """A scroll bar showed whenever a roll or damage dice waited, hiding 27-77 px and
    cutting GUARD, PASS and OTHER TASKS: now nothing scrolls, nothing is cut."""
    assert real_screen[f"Conflict card {when} at {at}"] == []


@pytest.mark.parametrize("at", ["100%", "120%"])
def test_the_conflict_cards_tasks_stay_put_at_start_turn(
    real_screen: dict[str, Any], at: str
) -> None:
    before, started = real_screen[f"Conflict card: ATTACK's place before and at START TURN, {at}"]
    assert before == started


@pytest.mark.parametrize(
    "what",
    [
        "frame: the add figures form",
        "fits: the add figures form",
        "frame: an attack's form",
        "fits: an attack's form",
    ],
)
def test_the_away_teams_forms_are_whole_on_the_screen(
    real_screen: dict[str, Any], what: str
) -> None:
    """The GM's form that brings figures in, and an attack's form."""
    assert real_screen[what] == []


@pytest.mark.parametrize("at", ["110%", "120%"])
@pytest.mark.parametrize("title", STATIONS)
def test_every_station_is_whole_at_110_and_120_percent(
    real_screen: dict[str, Any], title: str, at: str
) -> None:
    """Helm and Operations scrolled 19 and 43 px at 120%; at 110% a blank band lay under
    a station's Turn's controls; Active Effects was one line high with a scroll bar for
    two Complications."""
    assert real_screen[f"fits at {at}: {title}"] == []
    assert real_screen[f"band under the Turn's controls at {at}: {title}"] < 20
    assert real_screen[f"Active Effects at {at}: {title}"] == [2, True, 0]


def test_the_viewscreen_in_a_frame_is_whole_on_the_screen(real_screen: dict[str, Any]) -> None:
    """Not full screen, it ran 20 px off the screen's foot."""
    assert real_screen["viewscreen in a frame: not full screen"] is True
    assert real_screen["frame: viewscreen"] == []


@pytest.mark.parametrize("at", ["100%", "120%"])
def test_a_turn_on_the_conflict_card_with_real_keys_and_clicks(
    real_screen: dict[str, Any], at: str
) -> None:
    """Ctrl+T starts the Turn, F2 turns the card over and back, a click on ATTACK opens
    its form, Ctrl+Return rolls, resolves and lands the damage, the card says how it
    came out, and Ctrl+E ends the Turn, as at a station."""
    assert real_screen[f"real input on the Conflict card at {at}"] == {
        "active": True,
        "Ctrl+T": True,
        "F2": 1,
        "F2 again": 0,
        "ATTACK clicked": True,
        "Ctrl+Return rolls": True,
        "Ctrl+Return resolves": True,
        "Ctrl+Return lands the damage": True,
        "how it came out": "HOW IT CAME OUT",
        "Ctrl+E": True,
        "put away after the Turn": True,
    }


@pytest.mark.parametrize("at", ["100%", "120%"])
@pytest.mark.parametrize(
    "when",
    [
        "rolled by real input",
        "how it came out",
        "how it came out, answered",
        "melee rolled",
        "melee damage",
        "melee, how it came out,",
    ],
)
def test_the_conflict_card_shows_what_happened_whole(
    real_screen: dict[str, Any], when: str, at: str
) -> None:
    """The roll's dice and outcome, a melee attack's two rolls, and how it came out: on
    the card, with nothing to scroll and nothing cut."""
    assert real_screen[f"Conflict card, {when} at {at}"] == []


@pytest.mark.parametrize("at", ["100%", "120%"])
def test_a_melee_attack_shows_the_opponents_dice(real_screen: dict[str, Any], at: str) -> None:
    assert real_screen[f"Conflict card, melee: the Bekk's dice shown at {at}"] == [True, [19, 20]]


@pytest.mark.parametrize("at", ["110%", "120%"])
def test_a_control_of_more_opens_its_form_whole_at_a_station(
    real_screen: dict[str, Any], at: str
) -> None:
    """MORE's controls are the engine's, each a small form (here Make It So)."""
    assert real_screen[f"Make It So form at {at}"] == []


@pytest.mark.parametrize("at", ["100%", "120%"])
def test_a_control_of_more_opens_its_form_whole_on_the_conflict_card(
    real_screen: dict[str, Any], at: str
) -> None:
    assert real_screen[f"Extra Minor Action form at {at}"] == []
