"""The station catalog holds everything printed on the five cards (seed 001)."""

from __future__ import annotations

import pytest

from bridge.engine.core.needs import Need
from bridge.engine.ship.cards import RULES, rule_of, task_needs
from bridge.engine.ship.catalog import CATALOG, action, actions_for
from bridge.engine.state.cards import Station
from bridge.rules.stats import Attribute, Department, System

CARDS = {
    Station.COMMAND: ["Assist", "Pass", "Ready", "Override", "Direct", "Rally"],
    Station.HELM: [
        "Assist",
        "Pass",
        "Ready",
        "Override",
        "Maneuver",
        "Impulse",
        "Warp",
        "Evasive Action",
        "Attack Pattern",
        "Ramming Speed",
        "Plot Course",
        "Chart Hazard",
    ],
    Station.TACTICAL: [
        "Assist",
        "Pass",
        "Ready",
        "Override",
        "Deploy Security",
        "Fire Weapon",
        "Modulate Shields",
        "Tractor Beam",
    ],
    Station.OPERATIONS: [
        "Assist",
        "Pass",
        "Ready",
        "Override",
        "Hailing Frequencies Open",
        "Respond to Hail",
        "Signals Jamming",
        "Damage Report",
        "Power Management",
        "Regenerate Shields",
        "Damage Control",
        "Transporters",
    ],
    Station.SCIENCE: [
        "Assist",
        "Pass",
        "Ready",
        "Override",
        "Power Management",
        "Regenerate Shields",
        "Damage Control",
        "Transporters",
        "Sensor Sweep",
        "Scan for Weakness",
        "Launch Probe",
    ],
}


@pytest.mark.parametrize("station", list(Station))
def test_every_card_task_is_in_the_catalog(station: Station) -> None:
    """Seed 001: each card's Tasks, nothing left out."""
    assert sorted(a.name for a in actions_for(station, "task")) == sorted(CARDS[station])


def test_minor_actions_on_every_card() -> None:
    """Seed 001: Interact, Change Position, Prepare, Restore on every card; shields Tactical."""
    for station in Station:
        names = {a.name for a in actions_for(station, "minor")}
        assert {"Interact", "Change Position", "Prepare", "Restore"} <= names
    assert {a.name for a in actions_for(Station.TACTICAL, "minor")} >= {
        "Raise Shields",
        "Lower Shields",
    }
    assert "Raise Shields" not in {a.name for a in actions_for(Station.HELM, "minor")}


@pytest.mark.parametrize(
    ("key", "attrs", "disc", "assist", "difficulty", "power"),
    [
        ("rally", [Attribute.PRESENCE], Department.COMMAND, None, 0, 0),
        (
            "evasive_action",
            [Attribute.CONTROL],
            Department.CONN,
            (System.STRUCTURE, Department.CONN),
            1,
            1,
        ),
        (
            "attack_pattern",
            [Attribute.DARING],
            Department.CONN,
            (System.WEAPONS, Department.CONN),
            2,
            1,
        ),
        (
            "ramming_speed",
            [Attribute.DARING],
            Department.CONN,
            (System.ENGINES, Department.CONN),
            2,
            1,
        ),
        (
            "plot_course",
            [Attribute.REASON],
            Department.CONN,
            (System.COMPUTERS, Department.CONN),
            3,
            0,
        ),
        (
            "chart_hazard",
            [Attribute.REASON],
            Department.CONN,
            (System.SENSORS, Department.CONN),
            3,
            0,
        ),
        (
            "fire_weapon",
            [Attribute.CONTROL],
            Department.SECURITY,
            (System.WEAPONS, Department.SECURITY),
            2,
            0,
        ),
        (
            "modulate_shields",
            [Attribute.CONTROL],
            Department.SECURITY,
            (System.STRUCTURE, Department.ENGINEERING),
            2,
            1,
        ),
        (
            "tractor_beam",
            [Attribute.CONTROL],
            Department.SECURITY,
            (System.WEAPONS, Department.SECURITY),
            2,
            0,
        ),
        ("deploy_security", [Attribute.PRESENCE], Department.SECURITY, None, 1, 0),
        (
            "signals_jamming",
            [Attribute.CONTROL],
            Department.ENGINEERING,
            (System.COMMUNICATIONS, Department.SECURITY),
            1,
            0,
        ),
        (
            "damage_report",
            [Attribute.INSIGHT],
            Department.COMMAND,
            (System.COMMUNICATIONS, Department.ENGINEERING),
            1,
            0,
        ),
        (
            "power_management",
            [Attribute.DARING, Attribute.CONTROL],
            Department.ENGINEERING,
            None,
            2,
            0,
        ),
        (
            "regenerate_shields",
            [Attribute.CONTROL],
            Department.ENGINEERING,
            (System.STRUCTURE, Department.ENGINEERING),
            1,
            0,
        ),
        ("damage_control", [Attribute.PRESENCE], Department.ENGINEERING, None, 3, 0),
        (
            "transporters",
            [Attribute.CONTROL],
            Department.ENGINEERING,
            (System.SENSORS, Department.ENGINEERING),
            2,
            0,
        ),
        (
            "sensor_sweep",
            [Attribute.REASON],
            Department.SCIENCE,
            (System.SENSORS, Department.SCIENCE),
            0,
            0,
        ),
        (
            "scan_for_weakness",
            [Attribute.CONTROL],
            Department.SCIENCE,
            (System.SENSORS, Department.SECURITY),
            1,
            0,
        ),
        ("impulse", [Attribute.CONTROL], Department.CONN, (System.ENGINES, Department.CONN), 0, 1),
    ],
)
def test_card_numbers(
    key: str,
    attrs: list[Attribute],
    disc: Department,
    assist: tuple[System, Department] | None,
    difficulty: int,
    power: int,
) -> None:
    """Seed 001 card text: Attribute + Discipline, ship assist, Difficulty, Power."""
    a = action(key)
    assert list(a.attributes) == attrs and a.disciplines[0] is disc
    assert a.assist == assist and a.difficulty == difficulty and a.power == power


def test_succeed_at_cost_and_momentum_effects() -> None:
    """Seed 001: Power Management can Succeed at Cost; repeatable Momentum effects."""
    assert [k for k, a in CATALOG.items() if a.succeed_at_cost] == ["power_management"]
    assert action("regenerate_shields").momentum == "+2 Shields per Momentum"
    assert action("plot_course").momentum_cost == 2
    assert action("signals_jamming").difficulty_note == "player chooses 1-3"
    assert action("damage_control").difficulty_note.startswith("3 Damaged")
    assert action("warp").power_note == "1 per zone"


def test_every_task_is_one_rule_with_one_effect() -> None:
    """Each station Task lives in one rule object (bridge.engine.ship.cards): a rolled Task has
    an effect (the catalog's narrative ones log their outcome), an unrolled one acts at once,
    never both."""
    tasks = {k for k, a in CATALOG.items() if a.kind == "task" and k != "override"}
    assert tasks == set(RULES)
    for key in tasks:
        rule = rule_of(key)
        rolled = CATALOG[key].rolled
        assert (rule.effect is not None) == rolled, key
        assert (rule.immediate is not None) == (not rolled), key


def test_a_tasks_needs_are_declared_by_its_rule() -> None:
    assert task_needs("fire_weapon")[:2] == (Need.ENEMY_SHIP, Need.WEAPON)
    assert task_needs("damage_control") == (Need.REPAIR,)
    assert task_needs("assist") == (Need.ALLY, Need.ASSIST_ROLL)
    assert task_needs("rally") == ()
