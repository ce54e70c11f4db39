"""The demo's boarding action played to its end on a real X server with a window manager
(Xvfb and openbox, 1366x768) by a GM and five players at one laptop: the GM with clicks
and keys on the console (START…, CONFLICT CARDS, NPC Turns by hand and by AUTOPILOT TURN,
an NPC's Avoid Injury, RETURN TO THE SHIP),
each officer with real keys and clicks on their own Conflict card
(tests.ui.realscreen.boarding). Qt and Python must say nothing while it runs."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ui.realscreen.boarding import MOVES
from tests.ui.realscreen.gm_moves import HAND_TURNS

pytestmark = pytest.mark.realscreen

OFFICERS = ["kell", "mbeki", "reyes", "sorel", "tovan"]


def test_the_boarding_action_ran_on_the_real_screen_and_said_nothing(
    real_boarding: dict[str, Any],
) -> None:
    assert real_boarding["framed"], "the window manager never framed the GM console"
    assert real_boarding["qt"] == "", f"Qt or Python said:\n{real_boarding['qt']}"


def test_the_gm_starts_it_and_opens_the_five_cards_with_clicks(
    real_boarding: dict[str, Any],
) -> None:
    assert real_boarding["boarding started"] is True
    assert real_boarding["cards"] == OFFICERS


def test_it_is_played_to_its_end_by_real_keys_and_clicks(real_boarding: dict[str, Any]) -> None:
    """Every officer's move from their card, every NPC Turn and decision from the GM
    console: nothing went round a person's keys and clicks, and the fight was decided."""
    assert real_boarding["outcome"], f"undecided after {real_boarding['moves']} moves"
    assert real_boarding["moves"] < MOVES
    assert real_boarding["by other means"] == []
    assert real_boarding["every officer played"] == OFFICERS
    played = real_boarding["by real input"]
    assert played["officers"] > 20 and played["GM"] > 0
    kinds = real_boarding["officers' moves by kind"]
    assert {"start_turn", "conflict_task", "resolve", "apply_damage", "end_turn"} <= set(kinds)


def test_the_gm_plays_npc_turns_by_hand_and_decides_an_avoid_injury(
    real_boarding: dict[str, Any],
) -> None:
    """The GM's own hands in the fight, through the X server: NPC figures' whole Turns
    from the ON FOOT tab (the figure clicked in its choice, START TURN, the Task in the
    task dialog, Ctrl+Return to roll, Enter to resolve, END TURN), and an NPC's Avoid
    Injury answered with a click on one of its answers; the rest by AUTOPILOT TURN."""
    turns = real_boarding["NPC Turns played by hand"]
    assert len(turns) == HAND_TURNS, turns
    for turn in turns:
        made = turn["commands"]
        assert made[0] == "start_turn" and made[-1] == "end_turn", turn
        assert "conflict_task" in made, turn
    rolled = [t for t in turns if "resolve" in t["commands"]]
    assert rolled, "no NPC Task rolled and resolved in the task dialog"
    decided = real_boarding["NPC decisions answered by a click"]
    assert [d for d in decided if d[1] == "avoid_injury"], decided
    assert real_boarding["NPC Turns by AUTOPILOT TURN"] > 0


def test_no_card_is_cut_or_scrolls_while_something_waits(real_boarding: dict[str, Any]) -> None:
    """A roll, damage dice, a decision or how it came out, on every officer's card."""
    assert real_boarding["cut or scrolled while something waited"] == {}


def test_return_to_the_ship_closes_the_cards(real_boarding: dict[str, Any]) -> None:
    assert real_boarding["returned to the ship"] is True
    assert real_boarding["cards open after RETURN TO THE SHIP"] == []
