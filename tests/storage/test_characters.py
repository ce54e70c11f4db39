"""The character library: starters, the GM's own officers, damaged files (issue 13)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge.model.character import Character, CharacterValue
from bridge.storage.characters import (
    delete_library_character,
    duplicate_character,
    library_characters,
    new_character_id,
    save_library_character,
    starter_characters,
)
from bridge.storage.paths import library_path


def test_the_demo_crew_are_the_starters() -> None:
    names = {e.character.name for e in starter_characters()}
    assert "Lt. Cmdr. Kell" in names and all(not e.editable for e in starter_characters())


def test_a_saved_officer_comes_back_whole() -> None:
    officer = Character(
        id="tlar",
        name="Lt. T'Lar",
        focuses=("Xenobiology",),
        values=(CharacterValue(text="Logic guides, compassion decides"),),
        talents=("Cautious (Science)",),
        usual_station="science",
    )
    saved = save_library_character(officer, "new")
    entries, problems = library_characters()
    assert problems == []
    mine = [e for e in entries if e.editable]
    assert [e.character for e in mine] == [officer] and mine[0].path == saved.path


def test_duplicates_get_fresh_ids_and_delete_removes_only_the_gms() -> None:
    kell = next(e for e in starter_characters() if e.character.id == "kell")
    first = duplicate_character(kell.character, "Kell Two")
    second = duplicate_character(kell.character, "Kell Two")
    assert first.character.id == "kell-two" and second.character.id == "kell-two-2"
    assert new_character_id("Kell Two", taken={"kell-two-3"}) == "kell-two-4"
    delete_library_character(first)
    ids = {e.character.id for e in library_characters()[0] if e.editable}
    assert ids == {"kell-two-2"}
    with pytest.raises(ValueError, match="starter officer"):
        delete_library_character(kell)


def test_a_damaged_file_is_named_and_the_rest_still_load() -> None:
    save_library_character(Character(id="ok", name="Ensign Ok"))
    folder = library_path("characters")
    (folder / "broken.json").write_text('{"format": "bridge.character", "vers', "utf-8")
    (folder / "ship.json").write_text(
        Path(__file__)
        .resolve()
        .parents[2]
        .joinpath("resources/ships")
        .glob("*.json")
        .__next__()
        .read_text("utf-8"),
        "utf-8",
    )
    entries, problems = library_characters()
    assert [e.character.id for e in entries if e.editable] == ["ok"]
    assert any("broken.json" in p for p in problems)
    assert any("ship.json" in p and "not a character" in p for p in problems)


def test_an_unwritable_library_says_so(tmp_path: Path) -> None:
    folder = library_path("characters")
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("a file where the folder should be", "utf-8")
    entries, problems = library_characters()
    assert entries == starter_characters() and "cannot be used" in problems[0]
    with pytest.raises(OSError):
        save_library_character(Character(id="x", name="X"))
