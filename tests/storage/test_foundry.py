"""Importing Foundry VTT `sta` actor exports: what maps, and a list of what does not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge.model.character import Character
from bridge.model.ship import Ship
from bridge.rules.stats import System
from bridge.rules.weapons import QualityName, Range
from bridge.storage.foundry import import_foundry, parse_foundry
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
        "'assignment'",
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
