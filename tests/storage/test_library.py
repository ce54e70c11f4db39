"""The ship library: starter ships plus the GM's own copies."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge.storage.library import duplicate_ship, library_ships, save_library_ship, starter_ships
from bridge.storage.paths import library_dir


def test_duplicate_and_edit_a_starter_ship() -> None:
    galaxy = next(s for s in starter_ships() if s.ship.ship_class == "Galaxy class")
    copy = duplicate_ship(galaxy.ship, "USS Venture")
    assert copy.editable and copy.ship.id == "uss-venture" and copy.ship.scale == 6
    second = duplicate_ship(galaxy.ship, "USS Venture")
    assert second.ship.id == "uss-venture-2"
    save_library_ship(copy.ship.model_copy(update={"scale": 5}), "refit")
    ships, problems = library_ships()
    mine = {s.ship.id: s for s in ships if s.editable}
    assert mine["uss-venture"].ship.scale == 5 and mine["uss-venture"].notes == "refit"
    assert problems == []


def test_a_broken_library_file_is_reported_not_fatal() -> None:
    (library_dir("ships") / "broken.json").write_text('{"format": "bridge.ship"')
    ships, problems = library_ships()
    assert len(ships) == len(starter_ships())
    assert problems and problems[0].startswith("broken.json: not valid JSON")
    assert isinstance(library_dir("ships"), Path)


def test_a_library_ship_is_deleted_and_a_starter_is_not() -> None:
    from bridge.storage.library import delete_library_ship

    starter = starter_ships()[0]
    with pytest.raises(ValueError, match="starter ship"):
        delete_library_ship(starter)
    copy = duplicate_ship(starter.ship, "Spare")
    assert copy.path is not None and copy.path.exists()
    delete_library_ship(copy)
    assert not copy.path.exists()
    assert all(s.ship.name != "Spare" for s in library_ships()[0])
