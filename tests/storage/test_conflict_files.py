"""Files for fights on foot: the NPC library (starters and the GM's own, ``bridge.npc``
version 1), officers at version 3 (personal weapons, armour), battles at version 6 (a
personal conflict), each with its limits (issue 23's rule: every list and string has one)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bridge.engine import (
    ConflictTask,
    ResolveTask,
    Session,
    StartTurn,
    demo_boarding,
    klingon_bekk,
    klingon_warrior,
)
from bridge.rules.dice import GivenDice
from bridge.rules.npc_abilities import NpcTier
from bridge.storage.battle import battle_file, open_battle, save_battle
from bridge.storage.formats import CURRENT, FORMATS, CharacterFile, NpcFile
from bridge.storage.load import FileProblem, load_file, parse_document
from bridge.storage.npcs import (
    delete_library_npc,
    duplicate_npc,
    library_npcs,
    save_library_npc,
    starter_npcs,
)
from bridge.storage.paths import library_path
from tests.storage.test_caps import _limits, _over, _unlimited


def test_the_starter_npcs_are_the_issues_and_more_in_every_tier() -> None:
    """Issue 26: "Starfleet security officer, Klingon warrior, Jem'Hadar soldier, Romulan
    sub-lieutenant, Borg drone and so on, as Minor, Notable or Major"."""
    starters = starter_npcs()
    names = {e.npc.name for e in starters}
    assert {
        "Starfleet Security Officer",
        "Klingon Warrior",
        "Jem'Hadar Soldier",
        "Romulan Sub-Lieutenant",
        "Borg Drone",
    } <= names
    assert len(starters) >= 8 and {e.npc.tier for e in starters} == set(NpcTier)
    assert all(e.npc.weapons and e.notes and not e.editable for e in starters)


def test_the_demo_boarders_are_the_library_klingons() -> None:
    starters = {e.npc.id: e.npc for e in starter_npcs()}
    assert starters["klingon-warrior"] == klingon_warrior()
    assert starters["klingon-bekk"] == klingon_bekk()


def test_a_gms_npc_is_saved_copied_and_deleted() -> None:
    own = klingon_warrior().model_copy(update={"id": "korath", "name": "Korath"})
    saved = save_library_npc(own, "the captain's bodyguard")
    entries, problems = library_npcs()
    assert problems == [] and [e.npc for e in entries if e.editable] == [own]
    copy = duplicate_npc(own, "Korath the Younger")
    assert copy.npc.id == "korath-the-younger" and copy.path is not None
    delete_library_npc(saved)
    assert [e.npc.id for e in library_npcs()[0] if e.editable] == ["korath-the-younger"]
    with pytest.raises(ValueError, match="starter NPC"):
        delete_library_npc(starter_npcs()[0])


def test_a_broken_npc_file_is_named_and_left_alone() -> None:
    folder = library_path("npcs")
    folder.mkdir(parents=True)
    (folder / "broken.json").write_text('{"format": "bridge.npc", "version": 1, "npc": {')
    entries, problems = library_npcs()
    assert len(problems) == 1 and "broken.json" in problems[0]
    assert (folder / "broken.json").exists() and len(entries) == len(starter_npcs())


def test_the_npc_schema_limits_every_string_and_list() -> None:
    schema = FORMATS["bridge.npc"].model_json_schema()
    assert sorted(_unlimited(schema, schema.get("$defs", {}), "bridge.npc", set())) == []


def _npc_doc() -> dict[str, object]:
    borg = next(e for e in starter_npcs() if e.npc.id == "ancient-sentinel")
    return json.loads(NpcFile(npc=borg.npc, notes=borg.notes).model_dump_json())


def _battle_doc() -> dict[str, object]:
    """A battle mid personal attack: figures, cover, a pending roll and a decision."""
    session = Session(demo_boarding(), GivenDice())
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    session.apply(
        ConflictTask(by="kell", action="attack", target="klingon-warrior", note="for the ship"),
        GivenDice(d20=(1, 1)),
    )
    return json.loads(battle_file(session).model_dump_json())


@pytest.mark.parametrize("kind", ["npc", "battle"])
def test_a_file_over_a_conflict_limit_is_refused_naming_it(tmp_path: Path, kind: str) -> None:
    """Issue 23's rule for the new fields: a file over a limit gets a message naming the
    field and the limit, and nothing changes."""
    doc = _npc_doc() if kind == "npc" else _battle_doc()
    schema = FORMATS[str(doc["format"])].model_json_schema()
    limits = _limits(doc, schema, schema.get("$defs", {}))
    fields = [f for f in limits if kind == "npc" or "Conflict" in f or "Figure" in f]
    assert fields, "the document reaches some of the new limits"
    for field in fields:
        path, what, limit = limits[field]
        over = tmp_path / f"{kind}.json"
        over.write_text(json.dumps(_over(doc, path, what, limit)))
        with pytest.raises(FileProblem) as caught:
            load_file(over)
        assert f"at most {limit}" in caught.value.message, (field, caught.value.message)


def test_a_version_2_officer_opens_at_version_3_with_nothing_in_hand() -> None:
    """Character format 3 adds personal weapons and armour; a version 2 officer carries
    none."""
    v2 = {
        "format": "bridge.character",
        "version": 2,
        "character": {"id": "tlar", "name": "Lt. T'Lar", "talents": ["Resolute"]},
    }
    doc = parse_document(json.dumps(v2).encode(), "tlar.json")
    assert isinstance(doc, CharacterFile) and doc.version == CURRENT["bridge.character"] == 3
    assert doc.character.weapons == () and doc.character.armour == 0
    assert doc.character.stress_max == 9 + 2 + 3


def test_an_npc_with_a_control_character_in_its_name_is_refused() -> None:
    doc = _npc_doc()
    doc["npc"]["name"] = "Sentinel\x1b"  # type: ignore[index]
    with pytest.raises(FileProblem, match=r"npc\.name: a control character"):
        parse_document(json.dumps(doc).encode(), "sentinel.json")


def test_a_battle_saved_mid_personal_attack_opens_and_plays_on(tmp_path: Path) -> None:
    """Battle format 6 keeps the personal conflict, its rolled Task and its journal: the
    reopened battle resolves it, and undo reaches back through it."""
    session = Session(demo_boarding(), GivenDice())
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    session.apply(
        ConflictTask(by="kell", action="attack", target="klingon-bekk-1"), GivenDice(d20=(3, 4))
    )
    path = tmp_path / "boarding.bridge"
    save_battle(path, session)
    assert json.loads(path.read_text(encoding="utf-8"))["version"] == 7
    opened = open_battle(path).session
    assert opened.state == session.state
    opened.apply(
        ResolveTask(by="kell", where="conflict"), GivenDice(d6=(2,) + (3,) * 8)
    )  # 2 - armour 1
    bekk = opened.state.conflict.figures["klingon-bekk-1"]  # type: ignore[union-attr]
    assert bekk.injury == "nonlethal"
    opened.undo()
    opened.undo()
    assert opened.state.conflict is not None and opened.state.conflict.turn.actor == "kell"


def test_an_autosaved_boarding_action_comes_back_after_a_crash() -> None:
    """The autosave journal carries the personal conflict's Commands like any others: a
    battle stopped mid-boarding is recovered exactly, undo and redo included."""
    from bridge.engine import demo_encounter, suggest_conflict
    from bridge.engine.demo_boarding import boarding_command
    from bridge.rules.dice import SeededDice
    from bridge.storage.autosave import AutosaveJournal, recover

    session = Session(demo_encounter(), SeededDice(6))
    journal = AutosaveJournal.start(session)
    session.apply(boarding_command())
    for _ in range(40):
        command = suggest_conflict(session.state, session.check)
        if command is None:
            break
        session.apply(command)
    session.undo()
    session.redo()
    recovered = recover(journal.path)
    assert recovered.session.state == session.state and session.state.conflict is not None
    assert recovered.session.journal == session.journal
