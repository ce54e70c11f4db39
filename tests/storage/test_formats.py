"""File formats: round trips, migrations, the starter library, the schemas."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge.engine.demo import demo_encounter
from bridge.engine.session import CommandRefused
from bridge.storage.battle import battle_file, open_battle, save_battle
from bridge.storage.formats import CURRENT, CharacterFile, EncounterFile, ShipFile
from bridge.storage.library import demo_file, starter_ships
from bridge.storage.load import FileProblem, load_file, parse_document
from bridge.storage.save import save_atomic
from bridge.storage.schemas import schema_texts
from tests.factories import played

RESOURCES = Path(__file__).resolve().parents[2] / "resources"


def test_ship_and_character_round_trip(tmp_path: Path) -> None:
    enc = demo_encounter()
    for doc in (
        ShipFile(ship=enc.ships["qoj"], notes="n"),
        CharacterFile(character=enc.characters["kell"]),
    ):
        path = tmp_path / f"{doc.format}.json"
        save_atomic(path, doc)
        assert load_file(path) == doc


def test_battle_round_trip_keeps_journal_and_undo(tmp_path: Path) -> None:
    session = played(40, seed=9)
    path = tmp_path / "battle.json"
    save_battle(path, session)
    opened = open_battle(path)
    assert opened.warning is None
    assert opened.session.state == session.state
    assert opened.session.journal == session.journal
    opened.session.undo()
    assert opened.session.state != session.state and opened.session.can_redo


def test_battle_whose_journal_no_longer_replays_opens_as_saved(tmp_path: Path) -> None:
    session = played(40, seed=9)
    doc = battle_file(session)
    tampered = doc.model_copy(update={"journal": doc.journal[:-3]})
    path = tmp_path / "b.json"
    save_atomic(path, tampered)
    opened = open_battle(path)
    assert opened.session.state == session.state
    with pytest.raises(CommandRefused, match="cannot go back before this battle was opened"):
        opened.session.undo()
    assert opened.session.state == session.state and not opened.session.can_undo


@pytest.mark.parametrize(
    ("v1", "key"),
    [
        (
            {
                "format": "bridge.ship",
                "version": 1,
                **demo_encounter().ships["qoj"].model_dump(mode="json"),
            },
            "ship",
        ),
        (
            {
                "format": "bridge.character",
                "version": 1,
                **demo_encounter().characters["kell"].model_dump(mode="json"),
            },
            "character",
        ),
    ],
)
def test_version_1_files_migrate(v1: dict, key: str) -> None:
    """Version 1 kept the stat block at the top level."""
    doc = parse_document(json.dumps(v1).encode(), "old.json")
    assert doc.version == CURRENT[doc.format] and getattr(doc, key).id in ("qoj", "kell")


def test_version_1_encounter_migrates_to_its_own_start() -> None:
    enc = demo_encounter().model_dump(mode="json")
    doc = parse_document(
        json.dumps({"format": "bridge.encounter", "version": 1, **enc}).encode(), "old.json"
    )
    assert isinstance(doc, EncounterFile)
    assert doc.initial == doc.state == demo_encounter() and doc.journal == ()


def test_newer_version_is_refused() -> None:
    with pytest.raises(FileProblem, match="version 4, made by a newer Bridge"):
        parse_document(b'{"format": "bridge.ship", "version": 4}', "new.json")


def test_starter_library() -> None:
    """At least eight ready ships, player classes and adversaries, Scale 3..6."""
    ships = starter_ships()
    assert len(ships) >= 8
    assert {s.ship.scale for s in ships} >= {3, 4, 5, 6}
    assert sum(1 for s in ships if s.ship.crew_quality) >= 4  # adversaries
    assert sum(1 for s in ships if s.ship.crew_quality is None) >= 4  # player classes
    for s in ships:
        assert s.ship.weapons and s.ship.shields_max > 0 and s.notes


def test_demo_file_is_the_demo_battle() -> None:
    assert demo_file().initial == demo_encounter()


def test_schemas_in_the_repository_are_current() -> None:
    """Regenerate with `bridge schemas` after changing a format."""
    for name, text in schema_texts().items():
        assert (RESOURCES / "schemas" / name).read_text(encoding="utf-8") == text, name


def test_version_2_battle_saved_mid_task_opens_with_its_task_pending() -> None:
    """Version 3 types the pending Task's parameters; a version 2 file keeps its Task."""
    from bridge.engine import Session
    from bridge.engine.core.commands import ResolveTask, StartTurn
    from bridge.engine.ship.commands import AttemptTask
    from bridge.rules.dice import GivenDice

    session = Session(demo_encounter(), GivenDice())
    session.apply(StartTurn(by="kell", actor="kell"))
    session.apply(
        AttemptTask(by="kell", action="fire_weapon", weapon="Phaser Arrays", target="qoj"),
        GivenDice(d20=(1, 1, 10, 12)),
    )
    state = session.state.model_dump(mode="json")
    # Version 2 wrote the parameters as a free-form dict, nulls and all.
    state["pending"]["params"] = {**state["pending"]["params"], "note": None, "salvo": None}
    v2 = {"format": "bridge.encounter", "version": 2, "initial": state, "state": state}
    doc = parse_document(json.dumps(v2).encode(), "mid-task.json")
    assert doc.version == CURRENT["bridge.encounter"]
    pending = doc.state.pending
    assert pending is not None and pending.params.target == "qoj"
    assert pending.params.weapon == "Phaser Arrays" and pending.params.note == ""
    resumed = Session(doc.state, GivenDice())
    applied = resumed.apply(ResolveTask(by="kell"), GivenDice(d20=(12,), d6=(3,) * 8))
    assert applied.state.pending is None and "IKS Qoj" in "\n".join(applied.entry.log)


def test_a_battle_saved_with_its_damage_dice_held_opens_with_them(tmp_path: Path) -> None:
    """Version 5 keeps an attack's held damage dice (seed 001 Re-Roll Damage after the
    damage is seen); the reopened battle re-rolls and lands them as before."""
    from bridge.engine import ApplyDamage, AttemptTask, ResolveTask, Session, StartTurn
    from bridge.rules.dice import GivenDice

    session = Session(demo_encounter(), GivenDice())
    session.apply(StartTurn(by="kell", actor="kell"))
    session.apply(
        AttemptTask(by="kell", action="fire_weapon", weapon="Phaser Arrays", target="qoj"),
        GivenDice(d20=(1, 1, 12)),
    )
    session.apply(ResolveTask(by="kell", hold_damage=True), GivenDice(d6=(3,) * 8))
    path = tmp_path / "held.bridge"
    save_battle(path, session)
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 7
    opened = open_battle(path).session
    pending = opened.state.pending
    assert pending is not None and pending.damage is not None
    assert [d.face for d in pending.damage.roll.dice] == [3] * 8
    opened.apply(ApplyDamage(by="kell", reroll=(0,)), GivenDice(d6=(2,), d20=(12, 12)))
    assert opened.state.pending is None


def test_a_version_4_battle_opens_as_the_current_version() -> None:
    data = json.loads(demo_file().model_dump_json())
    data["version"] = 4
    for part in ("initial", "state"):  # version 4 had no personal conflict, no weapons
        del data[part]["conflict"]
        for officer in data[part]["characters"].values():
            del officer["weapons"], officer["armour"]
    doc = parse_document(json.dumps(data).encode(), "v4.json")
    assert doc.version == CURRENT["bridge.encounter"] and isinstance(doc, EncounterFile)
    unarmed = {
        cid: c.model_copy(update={"weapons": ()}) for cid, c in demo_file().state.characters.items()
    }
    assert doc.state == demo_file().state.model_copy(update={"characters": unarmed})


def test_a_version_5_battle_with_its_last_roll_and_held_damage_opens_and_plays_on(
    tmp_path: Path,
) -> None:
    """A battle saved at version 5 (held damage dice, the last rolled Task, no personal
    conflict, officers without personal weapons) opens at version 6 and plays on."""
    from bridge.engine import ApplyDamage, AttemptTask, ResolveTask, Session, StartTurn
    from bridge.rules.dice import GivenDice

    session = Session(demo_encounter(), GivenDice())
    session.apply(StartTurn(by="kell", actor="kell"))
    session.apply(
        AttemptTask(by="kell", action="fire_weapon", weapon="Phaser Arrays", target="qoj"),
        GivenDice(d20=(1, 1, 12)),
    )
    session.apply(ResolveTask(by="kell", hold_damage=True), GivenDice(d6=(3,) * 8))
    path = tmp_path / "v6.bridge"
    save_battle(path, session)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["version"] = 5
    for part in ("initial", "state"):
        del data[part]["conflict"]
        for officer in data[part]["characters"].values():
            del officer["weapons"], officer["armour"]
    assert data["state"]["last_roll"] is not None and data["state"]["pending"]["damage"]
    old = tmp_path / "v5.bridge"
    old.write_text(json.dumps(data), encoding="utf-8")
    opened = open_battle(old).session
    state = opened.state
    assert state.conflict is None and state.last_roll is not None
    assert all(c.weapons == () for c in state.characters.values())
    opened.apply(ApplyDamage(by="kell", reroll=(0,)), GivenDice(d6=(2,), d20=(12, 12)))
    assert opened.state.pending is None
