"""What changed between two views of the battle, as a JSON merge patch (RFC 7396).

An :class:`~bridge.net.protocol.Update` carries the change of a seat's view since the
previous revision instead of the whole battle. A merge patch is the battle's JSON with
only what changed: an object member replaces the value under the same key (objects are
merged member by member, to any depth), ``null`` removes the key, and anything else
(a number, a string, an array) replaces the value whole.

It relies on two properties of the battle's JSON, which the tests check on its schema: a
value that may be ``null`` defaults to ``null`` (so removing its key means the same), and
no mapping in it holds ``null`` values.

The host computes a patch from the objects it already has: the engine's states are
immutable and share their unchanged parts, so a part that is the same object as before
is skipped without looking inside it; the others are dumped and compared as JSON.
"""

from __future__ import annotations

from typing import Any, cast

from pydantic import BaseModel, JsonValue

from bridge.engine import Encounter

__all__ = ["JsonObject", "diff_json", "merge_patch", "patch_state", "state_patch"]

JsonObject = dict[str, JsonValue]
_FIELDS = tuple(Encounter.model_fields)


def diff_json(old: JsonValue, new: JsonValue) -> JsonValue:
    """The merge patch turning ``old`` into ``new`` (an empty object when they are
    equal objects)."""
    return _diff(old, new) if old != new else {}


def _diff(old: JsonValue, new: JsonValue) -> JsonValue:
    """The merge patch turning ``old`` into ``new`` (they differ)."""
    if not isinstance(old, dict) or not isinstance(new, dict):
        return new
    patch: JsonObject = {}
    for key, value in new.items():
        if key not in old:
            patch[key] = value
        elif old[key] != value:
            patch[key] = _diff(old[key], value)
    for key in old:
        if key not in new:
            patch[key] = None
    return patch


def _models(value: object) -> dict[str, BaseModel] | None:
    """``value`` if it is a mapping of ids to models (ships, characters), else ``None``."""
    if isinstance(value, dict) and all(
        isinstance(k, str) and isinstance(v, BaseModel) for k, v in value.items()
    ):
        return cast(dict[str, BaseModel], value)
    return None


def state_patch(
    old: Encounter, old_doc: JsonObject, new: Encounter
) -> tuple[JsonObject, JsonObject]:
    """The merge patch from ``old`` (whose JSON is ``old_doc``) to ``new``, and ``new``'s
    JSON. The new document shares its unchanged parts with ``old_doc``: neither may be
    changed in place."""
    patch: JsonObject = {}
    doc = dict(old_doc)
    for name in _FIELDS:
        before, after = getattr(old, name), getattr(new, name)
        if before is after:
            continue
        entries, old_entries = _models(after), _models(before)
        if entries is not None and old_entries is not None:
            # Ships and characters, one by one: most Commands touch one or two.
            old_json = cast(JsonObject, old_doc[name])
            new_json: JsonObject = {}
            changed: JsonObject = {}
            for key, model in entries.items():
                if old_entries.get(key) is model:
                    new_json[key] = old_json[key]
                    continue
                dumped = cast(JsonObject, new.model_dump(mode="json", include={name: {key}})[name])[
                    key
                ]
                new_json[key] = dumped
                if key not in old_json:
                    changed[key] = dumped
                elif old_json[key] != dumped:
                    changed[key] = _diff(old_json[key], dumped)
            for key in old_json:
                if key not in new_json:
                    changed[key] = None
            doc[name] = new_json
            if changed:
                patch[name] = changed
            continue
        dumped_field = new.model_dump(mode="json", include={name})[name]
        if old_doc[name] != dumped_field:
            patch[name] = _diff(old_doc[name], dumped_field)
        doc[name] = dumped_field
    return patch, doc


def merge_patch(target: JsonValue, patch: JsonValue) -> JsonValue:
    """Apply ``patch`` to ``target`` (RFC 7396), changing ``target``'s objects in place."""
    if not isinstance(patch, dict):
        return patch
    if not isinstance(target, dict):
        target = {}
    for key, value in patch.items():
        if value is None:
            target.pop(key, None)
        else:
            target[key] = merge_patch(target.get(key), value)
    return target


def patch_state(state: Encounter, doc: JsonObject, patch: JsonObject) -> Encounter:
    """``state`` with ``patch`` applied; ``doc`` (``state``'s JSON) is patched in place.

    Only what the patch touches is validated again: the parts it does not touch are the
    validated objects of ``state``, which pydantic takes as they are. Raises pydantic's
    ``ValidationError`` when the patched battle is not valid.
    """
    merge_patch(doc, patch)
    data: dict[str, Any] = {}
    for name in _FIELDS:
        if name not in patch:
            data[name] = getattr(state, name)
        elif name in doc:
            entries, touched = _models(getattr(state, name)), patch[name]
            current = doc[name]
            if entries is not None and isinstance(touched, dict) and isinstance(current, dict):
                data[name] = {
                    key: value if key in touched or key not in entries else entries[key]
                    for key, value in current.items()
                }
            else:
                data[name] = current
    return Encounter.model_validate(data)
