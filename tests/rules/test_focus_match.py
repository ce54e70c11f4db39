"""A Focus the Task's name names is the form's starting choice (seed 001 RULES SUMMARY
1: "Choose one Attribute and one Discipline, and one Focus"); the player decides."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bridge.rules.focus_match import suggested_focus


def test_a_focus_sharing_a_word_with_the_task_is_suggested() -> None:
    focuses = ("Security Teams", "Starship Weapons")
    assert suggested_focus(focuses, "Fire Weapon") == "Starship Weapons"  # a plural's "s"
    assert suggested_focus(("Evasive Maneuvers",), "Evasive Action") == "Evasive Maneuvers"
    assert suggested_focus(("Diplomacy",), "Hailing Frequencies") is None
    assert suggested_focus(("Starship Weapons",), "Modulate Shields") is None
    assert suggested_focus((), "Fire Weapon") is None


@given(st.lists(st.text(max_size=30), max_size=6), st.text(max_size=40))
def test_the_suggestion_is_one_of_the_characters_focuses_or_none(
    focuses: list[str], task: str
) -> None:
    found = suggested_focus(focuses, task)
    assert found is None or found in focuses
