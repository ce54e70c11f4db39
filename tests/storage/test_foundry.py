"""Importing Foundry VTT `sta` actor exports: what maps, and a list of what does not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge.model.character import Character
from bridge.model.ship import Ship
from bridge.rules.stats import System
from bridge.rules.weapons import QualityName, Range
from bridge.storage.foundry import import_foundry, parse_foundry, usual_station
from bridge.storage.load import FileProblem

DATA = Path(__file__).with_name("data")


def test_character() -> None:
    imported = import_foundry(DATA / "foundry_character.json")
    c = imported.item
    assert isinstance(c, Character)
    assert c.name == "Lt. Ayesha Rao" and c.rank == "Lieutenant"
    assert (c.attributes.control, c.attributes.reason) == (10, 12)
    assert (c.disciplines.science, c.disciplines.engineering) == (5, 3)
    assert c.focuses == ("Astrophysics", "Xenobiology")
    assert [v.text for v in c.values] == ["The truth is out there, somewhere"]
    assert c.determination.value == 2
    unmapped = " | ".join(imported.unmapped)
    for expected in (
        "Phaser Type-2",
        "Cautious (Science)",
        "assignment 'USS Hood' (names no bridge station)",
        "'species'",
        "'reputation'",
        "'stress'",
    ):
        assert expected in unmapped


def test_starship() -> None:
    imported = import_foundry(DATA / "foundry_starship.json")
    s = imported.item
    assert isinstance(s, Ship)
    assert (s.name, s.ship_class, s.scale) == ("USS Kearsarge", "Nebula class", 5)
    assert (s.systems.sensors, s.departments.security) == (11, 3)
    assert s.damage[System.COMPUTERS].breaches == 1
    banks, torpedoes = s.weapons
    assert (banks.kind, banks.energy_type, banks.delivery) == ("energy", "phaser", "banks")
    assert banks.range is Range.MEDIUM and banks.damage_override == 9
    assert any(q.name is QualityName.VERSATILE and q.rating == 2 for q in banks.qualities)
    assert (torpedoes.kind, torpedoes.torpedo_type) == ("torpedo", "photon")
    assert [t.name for t in s.talents] == ["Improved Power Systems"]
    unmapped = " | ".join(imported.unmapped)
    for expected in ("Captain's Yacht", "'designation'", "'missionprofile'"):
        assert expected in unmapped


def test_not_an_actor(tmp_path: Path) -> None:
    with pytest.raises(FileProblem, match="type: 'item' is not a Foundry sta"):
        parse_foundry({"type": "item", "name": "x"}, "x.json")
    bad = tmp_path / "b.json"
    bad.write_text("{nope")
    with pytest.raises(FileProblem, match=r"b\.json: not a readable JSON export"):
        import_foundry(bad)


def test_out_of_range_values_name_the_field() -> None:
    data = json.loads((DATA / "foundry_starship.json").read_text())
    data["system"]["systems"]["weapons"]["value"] = 40
    with pytest.raises(FileProblem, match=r"systems\.weapons: Input should be less than"):
        parse_foundry(data, "s.json")


def _with_weapon(weapon: dict[str, object], scale: int = 6) -> dict[str, object]:
    data: dict[str, object] = json.loads((DATA / "foundry_starship.json").read_text())
    system = data["system"]
    assert isinstance(system, dict)
    system["scale"] = scale
    data["items"] = [weapon]
    return data


def test_weapon_damage_honours_includescale() -> None:
    """Foundry `sta` adds the ship's Scale to a weapon whose `includescale` is set."""
    cannons = {
        "name": "Disruptor Cannons",
        "type": "starshipweapon",
        "system": {"damage": 4, "range": "close", "includescale": True, "qualities": {}},
    }
    ship = parse_foundry(_with_weapon(cannons), "s.json").item
    assert isinstance(ship, Ship)
    assert ship.weapons[0].damage_override == 10
    without = dict(cannons, system={"damage": 4, "range": "close", "qualities": {}})
    plain = parse_foundry(_with_weapon(without), "s.json").item
    assert isinstance(plain, Ship) and plain.weapons[0].damage_override == 4


def test_vicious_from_the_type_is_not_listed_twice() -> None:
    """Disruptors carry Vicious 1 (core rulebook, starship weapons); the export repeats it."""
    weapon = {
        "name": "Disruptor Banks",
        "type": "starshipweapon",
        "system": {"damage": 5, "range": "medium", "qualities": {"viciousx": 1}},
    }
    ship = parse_foundry(_with_weapon(weapon), "s.json").item
    assert isinstance(ship, Ship)
    names = [q.name for q in ship.weapons[0].qualities]
    assert names.count(QualityName.VICIOUS) == 1
    weapon["system"] = {"damage": 5, "range": "medium", "qualities": {"viciousx": 2}}
    imported = parse_foundry(_with_weapon(weapon), "s.json")
    assert isinstance(imported.item, Ship)
    assert [q.name for q in imported.item.weapons[0].qualities].count(QualityName.VICIOUS) == 1
    assert any("Vicious 2" in line for line in imported.unmapped)


def test_shields_power_crew_and_notes_are_listed() -> None:
    data = json.loads((DATA / "foundry_starship.json").read_text())
    data["system"]["notes"] = "Refit at Utopia Planitia"
    imported = parse_foundry(data, "s.json")
    unmapped = " | ".join(imported.unmapped)
    for expected in ("shields 14", "power 10", "crew 5", "notes: Refit at Utopia Planitia"):
        assert expected in unmapped
    character = json.loads((DATA / "foundry_character.json").read_text())
    character["system"]["notes"] = "Keeps a cat"
    assert "notes: Keeps a cat" in parse_foundry(character, "c.json").unmapped


@pytest.mark.parametrize(
    ("assignment", "station"),
    [
        ("Commanding Officer, Captain", "command"),
        ("Chief Engineer, USS Hood", "operations"),
        ("Flight Control Officer", "helm"),
        ("Chief of Security", "tactical"),
        ("Science Officer", "science"),
        ("USS Hood", None),
    ],
)
def test_assignment_names_the_usual_station(assignment: str, station: str | None) -> None:
    assert usual_station(assignment) == station


def test_imported_officer_keeps_their_station() -> None:
    data = json.loads((DATA / "foundry_character.json").read_text())
    data["system"]["assignment"] = "Chief Engineer, USS Hood"
    imported = parse_foundry(data, "c.json")
    assert isinstance(imported.item, Character)
    assert imported.item.usual_station == "operations"
    assert not any("assignment" in line for line in imported.unmapped)


def test_station_names_match_the_stations() -> None:
    from typing import get_args

    from bridge.engine.state.cards import Station
    from bridge.model.character import StationName

    assert set(get_args(StationName)) == {s.value for s in Station}
