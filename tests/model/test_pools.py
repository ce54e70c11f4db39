"""Momentum, Threat and Determination (RULES-NOTES "Pools")."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from bridge.model.character import Character, CharacterValue
from bridge.model.pools import Determination, Momentum, Threat
from bridge.rules.errors import RuleViolation
from bridge.rules.stats import Attribute, Department


def test_momentum_caps_at_six_and_reports_the_loss() -> None:
    """[known] Group Momentum pool: at most 6."""
    pool, lost = Momentum(value=4).add(5)
    assert (pool.value, lost) == (6, 3)


def test_momentum_overdraw_is_refused_with_a_reason() -> None:
    with pytest.raises(RuleViolation, match="Not enough Momentum: 3 needed, 2 in the pool"):
        Momentum(value=2).spend(3)


def test_momentum_scene_end_loses_one() -> None:
    """[known] 1 Momentum is lost at the end of each scene."""
    assert Momentum(value=3).scene_end().value == 2
    assert Momentum(value=0).scene_end().value == 0


def test_momentum_above_cap_is_invalid() -> None:
    with pytest.raises(ValidationError, match="above the pool's cap"):
        Momentum(value=7)


def test_threat_starts_at_two_per_player_and_has_no_cap() -> None:
    """[known] The GM starts each session with 2 Threat per player character."""
    assert Threat.for_session(4).value == 8
    assert Threat(value=30).add(10).value == 40
    with pytest.raises(RuleViolation, match="Not enough Threat"):
        Threat(value=1).spend(2)


def test_determination_zero_to_three() -> None:
    """[known] Determination: 1 at session start, at most 3."""
    assert Determination().value == 1
    assert Determination(value=3).gain().value == 3
    with pytest.raises(RuleViolation, match="Not enough Determination"):
        Determination(value=0).spend()
    with pytest.raises(ValidationError):
        Determination(value=4)


def test_negative_amounts_are_refused() -> None:
    with pytest.raises(RuleViolation, match="cannot be negative"):
        Momentum(value=2).spend(-1)


@given(st.lists(st.tuples(st.sampled_from(["add", "spend", "end"]), st.integers(0, 8))))
def test_momentum_stays_within_zero_and_six(ops: list[tuple[str, int]]) -> None:
    """[known] The group pool holds at most 6; overdraw is refused and changes nothing."""
    pool = Momentum()
    for op, n in ops:
        before = pool
        if op == "add":
            pool = pool.add(n)[0]
        elif op == "end":
            pool = pool.scene_end()
        elif n <= pool.value:
            pool = pool.spend(n)
        else:
            with pytest.raises(RuleViolation):
                pool.spend(n)
            assert pool == before
        assert 0 <= pool.value <= 6


VALUES = (CharacterValue(text="Duty above all"), CharacterValue(text="Trust no Romulan"))


def character() -> Character:
    return Character(
        id="tpol",
        name="T'Pol",
        values=VALUES,
        attributes={"control": 11},
        disciplines={"science": 4},
    )


def test_character_roller() -> None:
    r = character().roller(Attribute.CONTROL, Department.SCIENCE, focus=True)
    assert (r.target, r.critical_at) == (15, 4)


def test_negative_value_complication_regains_determination() -> None:
    """Seed 001 Values: a Value that hinders: take a Complication, regain 1 Determination."""
    c = character().comply_with_value("Trust no Romulan")
    assert c.determination.value == 2


def test_challenge_a_value_once_per_session() -> None:
    """Seed 001 Values: once per session challenge a Value: +1 Determination, crossed out."""
    c = character().challenge_value("Trust no Romulan")
    assert c.determination.value == 2 and c.values[1].challenged
    with pytest.raises(RuleViolation, match="already challenged a Value"):
        c.challenge_value("Duty above all")
    with pytest.raises(RuleViolation, match="crossed out"):
        c.spend_determination("Trust no Romulan")


def test_spending_determination_needs_the_value() -> None:
    with pytest.raises(RuleViolation, match="has no Value"):
        character().spend_determination("Live long")
    assert character().spend_determination("Duty above all").determination.value == 0
