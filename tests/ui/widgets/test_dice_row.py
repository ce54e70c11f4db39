"""The d20s of a roll: each assist die says whose it is."""

from __future__ import annotations

from bridge.ui.widgets.dice import _assistant


def test_each_assist_die_names_its_assistant_in_a_word() -> None:
    """A GM's play-through: the ship's and the Captain's assist dice both read ASSIST."""
    assert _assistant("USS Resolute") == "RESOLUTE"
    assert _assistant("Capt. Elena Reyes") == "REYES"
    assert _assistant("Crew (Proficient)") == "CREW"
    assert _assistant("") == "ASSIST"
    assert len(_assistant("Supercalifragilisticexpialidocious")) == 10
