"""The IN PLAY list's words for how long an effect lasts."""

from __future__ import annotations

from bridge.engine import Session, demo_encounter
from bridge.engine.state.encounter import Duration, DurationKind, Expiry
from bridge.ui.widgets.in_play import in_play_lines


def test_an_npc_ships_role_is_said_in_words() -> None:
    """It read "until IKS Vor'tak (helm)'s next Task"."""
    state = Session(demo_encounter()).state
    evasive = Duration(
        kind=DurationKind.EVASIVE_ACTION,
        ship="vortak",
        owner="vortak:helm",
        expiry=Expiry.NEXT_TASK,
        set_in_turn=1,
    )
    lines = in_play_lines(state.model_copy(update={"durations": (evasive,)}))
    assert any("until IKS Vor'tak's next helm Task" in line for line in lines), lines
