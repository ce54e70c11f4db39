"""Dice sources: injected, never patched."""

from __future__ import annotations

import pytest

from bridge.rules.dice import DiceExhausted, GivenDice, RecordingDice, SeededDice


def test_given_dice_serve_in_order_per_kind() -> None:
    dice = GivenDice(d20=[3, 17], d6=[6])
    assert (dice.d20(), dice.d6(), dice.d20()) == (3, 6, 17)
    with pytest.raises(DiceExhausted, match="no d20 left"):
        dice.d20()


def test_given_dice_refuse_impossible_faces() -> None:
    with pytest.raises(ValueError, match="a d20 cannot show 21"):
        GivenDice(d20=[21])
    with pytest.raises(ValueError, match="a d6 cannot show 0"):
        GivenDice(d6=[0])


def test_seeded_dice_repeat_for_the_same_seed() -> None:
    a, b = SeededDice(7), SeededDice(7)
    assert [a.d20() for _ in range(20)] == [b.d20() for _ in range(20)]
    faces = {SeededDice(s).d6() for s in range(200)}
    assert faces == {1, 2, 3, 4, 5, 6}


def test_recording_dice_record_what_they_roll() -> None:
    rec = RecordingDice(GivenDice(d20=[4, 9], d6=[2]))
    rec.d20(), rec.d6(), rec.d20()
    assert rec.d20s == [4, 9] and rec.d6s == [2]
