"""Ship statistics, derived values and validation (RULES-NOTES "Ship statistics")."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bridge.model.ship import Ship, SystemDamage, Talent
from bridge.model.validation import describe_validation_error
from bridge.rules.breaches import SystemState, breach_state, damaged_threshold
from bridge.rules.stats import System
from bridge.rules.weapons import Quality, QualityName, Range, Weapon, range_for_zones
from tests.factories import DISRUPTOR_CANNONS, PHASER_ARRAYS, PHOTON, PLASMA, POLARON, QUANTUM, ship


def test_derived_values() -> None:
    """[known] Shields = Structure + Security; Resistance = Scale; Power = Engines;
    Crew Support = Scale."""
    s = ship()
    assert (s.shields_max, s.resistance, s.power_capacity, s.crew_support) == (12, 4, 10, 4)
    assert (s.shields_now, s.power_now) == (12, 10)


def test_talents_modify_derived_values() -> None:
    """[known] Advanced Shields: +5 Shields."""
    s = ship(
        talents=[
            Talent(name="Advanced Shields", shields_bonus=5),
            Talent(name="Improved Hull Integrity", resistance_bonus=1),
        ]
    )
    assert (s.shields_max, s.resistance) == (17, 5)


def test_small_craft_halves_shields_and_power() -> None:
    """[known] Small craft: Shields floor(half), Power ceil(Engines / 2)."""
    s = ship(small_craft=True, systems={"structure": 9, "engines": 9})
    assert s.shields_max == (9 + 3) // 2
    assert s.power_capacity == 5


def test_overrides_win() -> None:
    s = ship(
        shields_max_override=20,
        resistance_override=6,
        power_capacity_override=14,
        crew_support_override=2,
    )
    assert (s.shields_max, s.resistance, s.power_capacity, s.crew_support) == (20, 6, 14, 2)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"scale": 9}, "scale"),
        ({"shields": -1}, "shields"),
        ({"systems": {"structure": 30}}, "systems.structure"),
        ({"shields": 13}, "shields"),
        ({"departments": {"conn": 9}}, "departments.conn"),
    ],
)
def test_impossible_values_are_refused_naming_the_field(changes: dict, field: str) -> None:
    with pytest.raises(ValidationError) as info:
        ship(**changes)
    assert describe_validation_error(info.value).startswith(f"{field}: ")


def test_weapon_damage_and_ranges() -> None:
    """[known] Energy = Scale + delivery + Security; cannons Close +2, banks Medium +1,
    arrays Medium +0; torpedoes Long with their own damage."""
    s = ship()
    assert s.weapon_damage(DISRUPTOR_CANNONS) == 4 + 2 + 3
    assert s.weapon_damage(POLARON) == 4 + 1 + 3
    assert s.weapon_damage(PHASER_ARRAYS) == 4 + 0 + 3
    assert [s.weapon_damage(w) for w in (PHOTON, QUANTUM, PLASMA)] == [3, 4, 3]
    assert [w.range for w in (DISRUPTOR_CANNONS, POLARON, PHASER_ARRAYS, PHOTON)] == [
        Range.CLOSE,
        Range.MEDIUM,
        Range.MEDIUM,
        Range.LONG,
    ]


def test_weapon_type_qualities() -> None:
    """[known] Phaser Versatile 2, Disruptor Vicious 1, Polaron Piercing 2; Photon High
    Yield; Quantum Vicious 1, Calibration, High Yield; Plasma Persistent, Calibration."""
    names = {
        w.name: [str(q) for q in w.qualities]
        for w in (PHASER_ARRAYS, DISRUPTOR_CANNONS, POLARON, PHOTON, QUANTUM, PLASMA)
    }
    assert names == {
        "Phaser Arrays": ["Versatile 2"],
        "Disruptor Cannons": ["Vicious 1"],
        "Polaron Beams": ["Piercing 2"],
        "Photon Torpedoes": ["High Yield"],
        "Quantum Torpedoes": ["Vicious 1", "Calibration", "High Yield"],
        "Plasma Torpedoes": ["Persistent 4", "Calibration"],
    }


def test_quality_ratings_are_checked() -> None:
    with pytest.raises(ValidationError, match="Piercing needs a rating"):
        Quality(name=QualityName.PIERCING)
    with pytest.raises(ValidationError, match="High Yield takes no rating"):
        Quality(name=QualityName.HIGH_YIELD, rating=2)
    with pytest.raises(ValidationError, match="needs a type and a delivery"):
        Weapon(name="x", kind="energy")


def test_tractor_strength_is_scale_minus_one() -> None:
    """[known] Tractor beam strength = Scale - 1."""
    assert ship().tractor_strength == 3


def test_ranges_from_zone_distance() -> None:
    """RULES-NOTES Ranges: Close same zone, Medium adjacent, Long two, Extreme beyond."""
    assert [range_for_zones(d) for d in range(5)] == [
        Range.CLOSE,
        Range.MEDIUM,
        Range.LONG,
        Range.EXTREME,
        Range.EXTREME,
    ]


@pytest.mark.parametrize(
    ("scale", "damaged", "disabled", "destroyed"),
    [
        (1, None, 1, 2),
        (2, 1, 2, 3),
        (3, 2, 3, 4),
        (4, 2, 4, 5),
        (5, 3, 5, 6),
        (6, 3, 6, 7),
        (7, 4, 7, 8),
    ],
)
def test_breach_thresholds_match_the_scale_table(
    scale: int, damaged: int | None, disabled: int, destroyed: int
) -> None:
    """Seed 003 STARSHIP DAMAGE: BREACHES TO... DAMAGE / DISABLE / DESTROY by Scale."""
    assert damaged_threshold(scale) == damaged
    if damaged is not None:
        assert breach_state(damaged, scale) is SystemState.DAMAGED
        assert breach_state(damaged - 1, scale, impact=True) is SystemState.IMPACT
    assert breach_state(disabled, scale) is SystemState.DISABLED
    assert breach_state(destroyed, scale) is SystemState.DESTROYED
    assert breach_state(destroyed, scale, repaired=True) is SystemState.DESTROYED
    assert breach_state(disabled, scale, repaired=True) is SystemState.NOMINAL


def test_structure_damage_lowers_resistance() -> None:
    """[known] Structure Damaged: Resistance -1; Disabled: halved; Destroyed: 0."""

    def with_structure(n: int) -> Ship:
        s = ship()
        return s.model_copy(
            update={"damage": s.damage.replace(System.STRUCTURE, SystemDamage(breaches=n))}
        )

    assert [with_structure(n).resistance for n in (0, 2, 4, 5)] == [4, 3, 2, 0]


def test_engines_destroyed_leave_no_power() -> None:
    s = ship()
    s = s.model_copy(
        update={"power": 0, "damage": s.damage.replace(System.ENGINES, SystemDamage(breaches=5))}
    )
    assert s.power_capacity == 0


def test_damaged_system_adds_two_difficulty() -> None:
    """[known] Damaged: +2 Difficulty to tasks using or assisted by the system."""
    s = ship()
    s = s.model_copy(
        update={"damage": s.damage.replace(System.SENSORS, SystemDamage(breaches=2, impact=True))}
    )
    assert s.difficulty_penalty(System.SENSORS) == 2
    assert s.difficulty_penalty(System.WEAPONS) == 0
    assert s.system_usable(System.SENSORS) is not None and "Restore" in (
        s.system_usable(System.SENSORS) or ""
    )


def test_whole_ship_mode_counts_all_breaches() -> None:
    """[known] NPC whole-ship breaches: total >= half Scale: +2 Difficulty to all Tasks."""
    s = ship(breach_mode="whole_ship")
    s = s.model_copy(
        update={
            "damage": s.damage.replace(System.SENSORS, SystemDamage(breaches=1)).replace(
                System.WEAPONS, SystemDamage(breaches=1)
            )
        }
    )
    assert s.whole_ship_state is SystemState.DAMAGED
    assert s.difficulty_penalty(None) == 2
    assert s.system_state(System.SENSORS) is SystemState.NOMINAL
