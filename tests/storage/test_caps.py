"""Limits on every list and string in the file formats and Commands (issue 23).

Every string, list and map in the JSON Schemas has a limit; a file over any limit gets a
message naming the field and the limit, and changes nothing. Names refuse control
characters.
"""

from __future__ import annotations

import copy
import functools
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bridge.engine.commands import command_adapter
from bridge.engine.core.commands import AddTrait, AdjustDifficulty, SetValue, TrayRoll
from bridge.engine.demo import demo_encounter
from bridge.engine.session import CommandRefused, Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import SeededDice
from bridge.rules.task import Roller, TaskSpec
from bridge.storage.battle import battle_file
from bridge.storage.formats import FORMATS, ShipFile
from bridge.storage.library import starter_ships
from bridge.storage.load import FileProblem, load_file, parse_document

Json = Any


# -- every limit is in the schemas ----------------------------------------------------------
def _unlimited(schema: Json, defs: Json, where: str, seen: set[str]) -> Iterator[str]:
    """Where ``schema`` has a string, list or map without a limit."""
    if "$ref" in schema:
        name = schema["$ref"].split("/")[-1]
        if name not in seen:
            seen.add(name)
            yield from _unlimited(defs[name], defs, name, seen)
        return
    for key in ("anyOf", "oneOf", "allOf"):
        for sub in schema.get(key, []):
            yield from _unlimited(sub, defs, where, seen)
    kind = schema.get("type")
    if kind == "string" and not {"maxLength", "enum", "const"} & schema.keys():
        yield where
    if kind == "array":
        if "maxItems" not in schema:
            yield f"{where}[]"
        for sub in schema.get("prefixItems", []):
            yield from _unlimited(sub, defs, f"{where}[]", seen)
        if isinstance(schema.get("items"), dict):
            yield from _unlimited(schema["items"], defs, f"{where}[]", seen)
    for key, sub in schema.get("properties", {}).items():
        yield from _unlimited(sub, defs, f"{where}.{key}", seen)
    extra = schema.get("additionalProperties")
    if isinstance(extra, dict):
        if "maxProperties" not in schema:
            yield f"{where}{{}}"
        keys = schema.get("propertyNames", {})
        if not {"maxLength", "enum", "$ref"} & keys.keys():
            yield f"{where}{{key}}"
        yield from _unlimited(extra, defs, f"{where}{{}}", seen)


def _schemas() -> dict[str, Json]:
    schemas = {name: model.model_json_schema() for name, model in FORMATS.items()}
    schemas["command"] = command_adapter().json_schema()
    return schemas


@pytest.mark.parametrize("name", ["bridge.ship", "bridge.character", "bridge.encounter", "command"])
def test_every_string_list_and_map_has_a_limit_in_the_schema(name: str) -> None:
    schema = _schemas()[name]
    assert sorted(_unlimited(schema, schema.get("$defs", {}), name, set())) == []


def test_the_schemas_in_the_repository_carry_the_limits() -> None:
    folder = Path(__file__).resolve().parents[2] / "resources" / "schemas"
    ship = json.loads((folder / "bridge.ship.schema.json").read_text())
    assert ship["$defs"]["Ship"]["properties"]["weapons"]["maxItems"] == 30
    character = json.loads((folder / "bridge.character.schema.json").read_text())
    props = character["$defs"]["Character"]["properties"]
    assert props["focuses"]["maxItems"] == 30 and props["values"]["maxItems"] == 12
    assert props["rank"]["maxLength"] == 80 and "pattern" in props["name"]


# -- every limit is tested with a file over it ------------------------------------------------
def _resolve(schema: Json, defs: Json, value: Json) -> tuple[Json, str | None]:
    """The branch of ``schema`` that describes ``value``, and the name of the model it is
    the schema of (if it is one)."""
    name = None
    for _ in range(20):
        if "$ref" in schema:
            name = schema["$ref"].split("/")[-1]
            schema = defs[name]
            continue
        branches = schema.get("oneOf") or schema.get("anyOf")
        if not branches:
            return schema, name
        mapping = schema.get("discriminator", {}).get("mapping")
        if mapping and isinstance(value, dict):
            schema = {"$ref": mapping[value["type"]]}
            continue
        kinds = {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer"}
        want = "null" if value is None else kinds.get(type(value), "number")
        fitting = [b for b in branches if b.get("type") == want or "$ref" in b]
        schema = fitting[0] if fitting else branches[0]
    return schema, name


def _limits(doc: Json, schema: Json, defs: Json) -> dict[str, tuple[tuple[Any, ...], str, int]]:
    """Each limited field that ``doc`` holds (by its place in the schema): the path to its
    first occurrence, its kind and its limit."""
    found: dict[str, tuple[tuple[Any, ...], str, int]] = {}

    def walk(value: Json, node: Json, path: tuple[Any, ...], field: str) -> None:
        node, model = _resolve(node, defs, value)
        if model is not None:
            field = model
        if isinstance(value, str) and "maxLength" in node:
            found.setdefault(field, (path, "string", node["maxLength"]))
        elif isinstance(value, list):
            if "maxItems" in node and value and "prefixItems" not in node:
                found.setdefault(field, (path, "list", node["maxItems"]))
            for i, item in enumerate(value):
                items = node.get("prefixItems", [])
                sub = items[i] if i < len(items) else node.get("items", {})
                walk(item, sub, (*path, i), f"{field}[]")
        elif isinstance(value, dict):
            extra = node.get("additionalProperties")
            if isinstance(extra, dict):
                keys = node.get("propertyNames", {})
                if "maxProperties" in node and value and "$ref" not in keys:
                    found.setdefault(field, (path, "map", node["maxProperties"]))
                for key, item in value.items():
                    walk(item, extra, (*path, key), f"{field}{{}}")
            for key, item in value.items():
                if key in node.get("properties", {}):
                    walk(item, node["properties"][key], (*path, key), f"{field}.{key}")

    walk(doc, schema, (), schema.get("title", ""))
    return found


def _over(doc: Json, path: tuple[Any, ...], kind: str, limit: int) -> Json:
    """``doc`` with the field at ``path`` one past its limit."""
    doc = copy.deepcopy(doc)
    parent = doc
    for part in path[:-1]:
        parent = parent[part]
    value = parent[path[-1]]
    if kind == "string":
        parent[path[-1]] = "x" * (limit + 1)
    elif kind == "list":  # the smallest item again and again: the file stays small
        smallest = min(value, key=lambda item: len(json.dumps(item)))
        parent[path[-1]] = value + [smallest] * (limit + 1 - len(value))
    else:
        item = next(iter(value.values()))
        parent[path[-1]] = {**value, **{f"x{i}": item for i in range(limit + 1 - len(value))}}
    return doc


@functools.cache
def _documents() -> dict[str, bytes]:
    """A ship, a character and a battle mid-Task with traits, durations and many kinds of
    Command in its journal."""
    ship = max(starter_ships(), key=lambda s: (len(s.ship.talents), len(s.ship.weapons)))
    ship_file = ShipFile(ship=ship.ship, notes=ship.notes, source="starter library")
    session = Session(demo_encounter(), SeededDice(5))
    session.apply(AddTrait(name="Nebula", kind="complication"))
    session.apply(AdjustDifficulty(amount=1, reason="ion storm"))
    session.apply(TrayRoll(system="sta", sta=TaskSpec(lead=Roller(target=9)), label="a roll"))
    session.apply(SetValue(path="threat.value", value=5))
    while session.state.pending is None or not session.state.durations:
        command = suggest(session.state, session.check)
        assert command is not None
        session.apply(command)
    character = next(iter(session.state.characters.values()))
    return {
        "ship": ship_file.model_dump_json().encode(),
        "character": json.dumps(
            {
                "format": "bridge.character",
                "version": 2,
                "character": character.model_dump(mode="json"),
            }
        ).encode(),
        "battle": battle_file(session).model_dump_json().encode(),
    }


def _cases() -> Iterator[tuple[str, str]]:
    schemas = _schemas()
    for kind, raw in _documents().items():
        doc = json.loads(raw)
        schema = schemas[doc["format"]]
        for field in sorted(_limits(doc, schema, schema.get("$defs", {}))):
            yield kind, field


def test_the_documents_reach_the_limits_the_issue_names() -> None:
    fields = {field for _, field in _cases()}
    for named in ("weapons", "talents", "focuses", "values", "description", "name", "rank"):
        assert any(f.endswith(f".{named}") for f in fields), named
    assert "Ship.ship_class" in fields and "EncounterFile.journal" in fields


@pytest.mark.parametrize(("kind", "field"), list(_cases()))
def test_a_file_over_a_limit_is_refused_naming_the_field_and_the_limit(
    tmp_path: Path, kind: str, field: str
) -> None:
    doc = json.loads(_documents()[kind])
    schema = _schemas()[doc["format"]]
    path, what, limit = _limits(doc, schema, schema.get("$defs", {}))[field]
    over = tmp_path / f"{kind}.json"
    over.write_text(json.dumps(_over(doc, path, what, limit)))
    before = over.read_bytes()
    with pytest.raises(FileProblem) as caught:
        load_file(over)
    message = caught.value.message
    named = next(str(p) for p in reversed(path) if not isinstance(p, int))
    assert f"{named}" in message and f"at most {limit}" in message, message
    assert over.read_bytes() == before and list(tmp_path.iterdir()) == [over]


def test_a_ship_with_a_million_weapons_is_refused_at_once(tmp_path: Path) -> None:
    """Issue 23: a ship file with 10^6 weapons (34 MB) took 7-17 s and 3.3 GB to load."""
    ship = json.loads(_documents()["ship"])
    ship["ship"]["weapons"] = [{"name": "P", "kind": "tractor"}] * 1_000_000
    path = tmp_path / "armada.json"
    path.write_text(json.dumps(ship))
    start = time.perf_counter()
    with pytest.raises(FileProblem, match=r"ship\.weapons: a list of 1,000,000 items"):
        load_file(path)
    assert time.perf_counter() - start < 5.0
    ship["ship"]["weapons"] = [{"name": "P", "kind": "tractor"}] * 1000  # under that: the cap
    path.write_text(json.dumps(ship))
    with pytest.raises(FileProblem, match=r"ship\.weapons: .*at most 30 items"):
        load_file(path)


# -- names are printable ------------------------------------------------------------------
@pytest.mark.parametrize("bad", ["\x1b[31mKell", "Kell\x07", "Ke\x00ll", "Kell\nDax", "\x9bKell"])
def test_control_characters_are_refused_in_a_name(bad: str) -> None:
    """Issue 23: character names accepted ESC, BEL and NUL."""
    doc = json.loads(_documents()["character"])
    doc["character"]["name"] = bad
    with pytest.raises(FileProblem, match=r"character\.name: a control character .* not allowed"):
        parse_document(json.dumps(doc).encode(), "kell.json")
    kell = doc["character"]
    with pytest.raises(ValueError, match="control character"):
        command_adapter().validate_python({"type": "add_character", "character": kell})


@pytest.mark.parametrize(
    "where", ["ship.name", "ship.ship_class", "ship.weapons.0.name", "ship.talents.0.name"]
)
def test_every_name_of_a_ship_refuses_control_characters(where: str) -> None:
    doc = json.loads(_documents()["ship"])
    node = doc
    *parts, last = where.split(".")
    for part in parts:
        node = node[int(part)] if part.isdigit() else node[part]
    if last not in node:
        pytest.fail(f"the starter ship has no {where}")
    node[last] = "Bird\x1bof Prey"
    with pytest.raises(FileProblem, match=r"ESC\) is not allowed"):
        parse_document(json.dumps(doc).encode(), "ship.json")


def test_a_command_over_a_limit_is_refused_before_the_engine_sees_it() -> None:
    with pytest.raises(ValueError, match="at most 120 characters"):
        command_adapter().validate_python({"type": "add_trait", "name": "x" * 121})
    with pytest.raises(ValueError, match="control character"):
        command_adapter().validate_python({"type": "add_trait", "name": "Fog\x00"})
    session = Session(demo_encounter())
    with pytest.raises(CommandRefused):
        session.apply(SetValue(path="name", value="Ambush\x1b"))
