"""One strictness for every Command of either battle (docs/protocol.md: the schema's types):
a number arrives as a JSON number and a flag as ``true``/``false``. ``"1"``, ``1.0`` or
``true`` for a number, and ``"yes"``, ``"on"`` or ``1`` for a flag are refused, on foot
as on the ship; a right value of the same field is never the one refused."""

from __future__ import annotations

import json
import types
import typing
from typing import Any, Literal

from annotated_types import Ge
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from bridge.engine.commands import Command
from bridge.net.protocol import parse_client, validate_client

Kind = Literal["int", "bool"]


def _scalars() -> list[tuple[str, tuple[str, ...], Kind, int]]:
    """Every int or bool field of every Command (and of a roll's spends): its tag, its
    path, its kind, and a value it allows."""
    out: list[tuple[str, tuple[str, ...], Kind, int]] = []
    members = typing.get_args(typing.get_args(Command)[0])
    for model in members:
        tag = model.model_fields["type"].default
        _fields(model, tag, (), out)
    return out


def _fields(
    model: type[BaseModel],
    tag: str,
    path: tuple[str, ...],
    out: list[tuple[str, tuple[str, ...], Kind, int]],
) -> None:
    for name, field in model.model_fields.items():
        ann = field.annotation
        union = typing.get_origin(ann) in (typing.Union, types.UnionType)
        options = typing.get_args(ann) if union else (ann,)
        lowest = next((m.ge for m in field.metadata if isinstance(m, Ge)), 0)
        if bool in options and int not in options:
            out.append((tag, (*path, name), "bool", 1))
        elif int in options and bool not in options:
            out.append((tag, (*path, name), "int", int(lowest)))
        elif name == "spends":  # a roll's spends: every card's
            nested = next(o for o in options if isinstance(o, type) and issubclass(o, BaseModel))
            _fields(nested, tag, (*path, name), out)


SCALARS = _scalars()
BAD: dict[Kind, tuple[Any, ...]] = {
    "int": (True, False, "1", "0", 1.0, 2.5, "two", [1]),
    "bool": ("yes", "on", "true", "1", 1, 0, 1.0, []),
}


def _nest(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out: Any = value
    for part in reversed(path):
        out = {part: out}
    return dict(out)


def _errors_at(tag: str, path: tuple[str, ...], value: Any) -> list[str]:
    """What the host says of a Command whose ``path`` holds ``value`` (its other fields
    are left out: only this field's own refusal is looked at)."""
    command = {"type": tag, **_nest(path, value)}
    frame = json.dumps({"type": "command", "id": 1, "command": command})
    try:
        validate_client(frame)
    except ValidationError as exc:
        return [
            e["type"]
            for e in exc.errors()
            if tuple(str(p) for p in e["loc"][3:]) == path  # (command, command, tag, ...)
        ]
    return []


def test_every_scalar_of_every_command_is_looked_at() -> None:
    """The list covers both battles' numbers and flags (a Task's, a spend's, a figure's)."""
    seen = {(tag, path) for tag, path, _kind, _ok in SCALARS}
    assert ("spend", ("amount",)) in seen
    assert ("conflict_task", ("lethal",)) in seen
    assert ("resolve", ("spends", "bonus_damage")) in seen
    assert ("task", ("extra_power",)) in seen
    assert ("resist_knockdown", ("resist",)) in seen
    assert len(SCALARS) > 40


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SCALARS), st.data())
def test_a_lax_number_or_flag_is_refused_and_a_right_one_is_not(
    scalar: tuple[str, tuple[str, ...], Kind, int], data: st.DataObject
) -> None:
    tag, path, kind, ok = scalar
    bad = data.draw(st.sampled_from(BAD[kind]))
    assert _errors_at(tag, path, bad), (tag, path, bad)
    right: Any = bool(ok) if kind == "bool" else ok
    assert _errors_at(tag, path, right) == [], (tag, path, right)


def test_the_host_names_the_lax_field_in_its_answer() -> None:
    """What the phone reads: the field, and that it wants a whole number."""
    frame = json.dumps(
        {
            "type": "command",
            "id": 7,
            "command": {
                "type": "spend",
                "where": "conflict",
                "spend": "extra_minor",
                "amount": True,
            },
        }
    )
    answer = parse_client(frame)
    assert isinstance(answer, str)
    assert "amount" in answer and "integer" in answer
    right = frame.replace("true", "1")
    assert not isinstance(parse_client(right), str)
