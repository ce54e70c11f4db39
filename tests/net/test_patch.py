"""Updates as merge patches: a client patching its view ends exactly at the host's."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.engine import Encounter
from bridge.engine.core.commands import AdjustPool, SetValue
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.autopilot import suggest
from bridge.net.patch import JsonObject, merge_patch, patch_state, state_patch
from bridge.rules.dice import SeededDice
from bridge.seatview import CREW, seat_view


def test_merge_patch_follows_rfc_7396() -> None:
    """The examples of RFC 7396, appendix A."""
    cases: list[tuple[Any, Any, Any]] = [
        ({"a": "b"}, {"a": "c"}, {"a": "c"}),
        ({"a": "b"}, {"b": "c"}, {"a": "b", "b": "c"}),
        ({"a": "b"}, {"a": None}, {}),
        ({"a": "b", "b": "c"}, {"a": None}, {"b": "c"}),
        ({"a": ["b"]}, {"a": "c"}, {"a": "c"}),
        ({"a": "c"}, {"a": ["b"]}, {"a": ["b"]}),
        ({"a": {"b": "c"}}, {"a": {"b": "d", "c": None}}, {"a": {"b": "d"}}),
        ({"a": [{"b": "c"}]}, {"a": [1]}, {"a": [1]}),
        (["a", "b"], ["c", "d"], ["c", "d"]),
        ({"a": "b"}, ["c"], ["c"]),
        ({"a": "foo"}, None, None),
        ({"a": "foo"}, "bar", "bar"),
        ({"e": None}, {"a": 1}, {"e": None, "a": 1}),
        ([1, 2], {"a": "b", "c": None}, {"a": "b"}),
        ({}, {"a": {"bb": {"ccc": None}}}, {"a": {"bb": {}}}),
    ]
    for target, patch, result in cases:
        assert merge_patch(target, patch) == result


def _merge_patch_problems(schema: dict[str, Any]) -> list[str]:
    """Where the battle's JSON breaks what merge patches rely on: a property that may be
    null must default to null (removing it means the same), and no map may hold nulls."""
    definitions = schema.get("$defs", {})
    problems: list[str] = []

    def nullable(node: dict[str, Any]) -> bool:
        if "$ref" in node:
            return nullable(definitions[node["$ref"].split("/")[-1]])
        return node.get("type") == "null" or any(nullable(n) for n in node.get("anyOf", ()))

    def walk(node: object, where: str) -> None:
        if isinstance(node, list):
            for item in node:
                walk(item, where)
            return
        if not isinstance(node, dict):
            return
        for name, prop in node.get("properties", {}).items():
            if nullable(prop) and prop.get("default", ...) is not None:
                problems.append(f"{where}.{name} may be null but defaults to something else")
        extra = node.get("additionalProperties")
        if isinstance(extra, dict) and nullable(extra):
            problems.append(f"{where}: a map that may hold null")
        for key, value in node.items():
            walk(value, f"{where}.{key}" if key not in ("properties", "$defs") else where)

    walk(schema, "Encounter")
    return problems


def test_the_battles_json_suits_merge_patches() -> None:
    assert _merge_patch_problems(Encounter.model_json_schema()) == []


def test_the_legal_actions_json_suits_merge_patches() -> None:
    """An update carries the seat's legal actions as a merge patch too (protocol 3)."""
    from bridge.seatview import Availability

    assert _merge_patch_problems(Availability.model_json_schema()) == []


def _through_the_wire(patch: JsonObject) -> JsonObject:
    result: JsonObject = json.loads(json.dumps(patch))
    return result


@settings(max_examples=30, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(1, 60),
    undo_every=st.integers(2, 9),
    scanned=st.sets(st.sampled_from(("qoj", "vortak"))),
)
def test_a_client_patching_its_view_ends_at_the_hosts_view(
    seed: int, steps: int, undo_every: int, scanned: set[str]
) -> None:
    encounter = demo_encounter().model_copy(update={"scanned": tuple(sorted(scanned))})
    session = Session(encounter, SeededDice(seed))
    memo: dict[str, Any] = {}
    view = seat_view(session.state, CREW, memo)
    doc = view.model_dump(mode="json")
    mine, my_doc = view, view.model_dump(mode="json")
    for step in range(steps):
        command = suggest(session.state, session.check)
        if command is None:
            break
        session.apply(command)
        if step % undo_every == 0:
            session.undo()
        new = seat_view(session.state, CREW, memo)
        patch, doc = state_patch(view, doc, new)
        assert doc == new.model_dump(mode="json")  # the host's document stays exact
        mine = patch_state(mine, my_doc, _through_the_wire(patch))
        assert mine == new
        view = new


def test_a_patch_carries_only_what_changed() -> None:
    session = Session(demo_encounter())
    view = seat_view(session.state, CREW)
    doc = view.model_dump(mode="json")
    session.apply(AdjustPool(pool="threat", delta=2))
    new = seat_view(session.state, CREW)
    patch, doc = state_patch(view, doc, new)
    assert patch == {"threat": {"value": new.threat.value}}
    session.apply(SetValue(path="ships.qoj.shields_up", value=False))
    patch, doc = state_patch(new, doc, seat_view(session.state, CREW))
    assert patch == {"ships": {"qoj": {"shields_up": False}}}
    later = seat_view(session.state, CREW)
    session.apply(SetValue(path="ships.qoj.shields", value=3))  # unscanned: hidden
    patch, _ = state_patch(later, doc, seat_view(session.state, CREW))
    assert patch == {}


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), officer=st.sampled_from(("kell", "reyes", "sorel")))
def test_an_officers_conflict_card_follows_by_merge_patches(seed: int, officer: str) -> None:
    """Protocol 4: the officer's Conflict card travels in the legal actions, patched at
    every step of a boarding action; the client's copy is the host's each time."""
    from bridge.engine import demo_boarding, suggest_conflict
    from bridge.net.patch import diff_json
    from bridge.seatview import Availability, availability

    session = Session(demo_boarding(), SeededDice(seed))
    held = availability(session.state, officer).model_dump(mode="json")
    assert held["conflict"] is not None
    for _ in range(40):
        command = suggest_conflict(session.state, session.check)
        if command is None:
            break
        session.apply(command)
        now = availability(session.state, officer)
        patch = diff_json(held, now.model_dump(mode="json"))
        held = merge_patch(held, json.loads(json.dumps(patch)))
        assert Availability.model_validate(held) == now
