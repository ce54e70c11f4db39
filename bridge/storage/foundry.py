"""Import characters and starships from the Foundry VTT ``sta`` system's actor JSON export.

Mapped: Attributes, Disciplines, Focuses, Values, Determination (characters); Systems,
Departments, Scale, breaches, talents and starship weapons (ships; a weapon with
``includescale`` gets the ship's Scale added, as the Foundry sheet does). Everything else
in the export, including the tracks Bridge derives itself (Shields, Power, crew) and notes,
is listed in ``unmapped``, never silently dropped.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bridge.model.character import (
    Attributes,
    Character,
    CharacterValue,
    Disciplines,
    StationName,
)
from bridge.model.pools import Determination
from bridge.model.ship import Departments, Ship, Systems, Talent
from bridge.model.validation import describe_validation_error
from bridge.rules.weapons import (
    ENERGY_QUALITIES,
    EnergyType,
    Quality,
    QualityName,
    Range,
    Weapon,
)
from bridge.storage.load import MAX_BYTES, FileProblem, read_regular, shorten

__all__ = ["Imported", "import_foundry", "parse_foundry", "usual_station"]

_KNOWN_CHARACTER = {"attributes", "disciplines", "determination", "rank", "notes", "assignment"}
# Shields, power, crew and notes are listed by ``_list_derived``/``_list_notes``, not here.
_KNOWN_SHIP = {
    "systems",
    "departments",
    "scale",
    "shields",
    "power",
    "notes",
    "spaceframe",
    "resistance",
    "crew",
}
_QUALITY_FLAGS = {
    "area": QualityName.AREA,
    "spread": QualityName.SPREAD,
    "dampening": QualityName.DAMPENING,
    "calibration": QualityName.CALIBRATION,
    "devastating": QualityName.DEVASTATING,
    "highyield": QualityName.HIGH_YIELD,
}
_QUALITY_RATINGS = {
    "persistentx": QualityName.PERSISTENT,
    "piercingx": QualityName.PIERCING,
    "viciousx": QualityName.VICIOUS,
    "versatilex": QualityName.VERSATILE,
}


@dataclass
class Imported:
    """What came across, and the list of what could not."""

    item: Character | Ship
    unmapped: list[str] = field(default_factory=list)


def _value(node: Any, default: int = 0) -> int:
    if isinstance(node, dict):
        node = node.get("value", default)
    try:
        return int(node)
    except (TypeError, ValueError):
        return default


def _slug(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "-", name).strip("-")[:40] or "imported"


# Words in a Foundry ``assignment`` (free text) that name a bridge station; first match wins.
_STATION_WORDS: tuple[tuple[str, StationName], ...] = (
    ("captain", "command"),
    ("first officer", "command"),
    ("executive officer", "command"),
    ("command", "command"),
    ("helm", "helm"),
    ("conn", "helm"),
    ("flight control", "helm"),
    ("pilot", "helm"),
    ("navigat", "helm"),
    ("tactical", "tactical"),
    ("security", "tactical"),
    ("weapons", "tactical"),
    ("operations", "operations"),
    ("ops", "operations"),
    ("engineer", "operations"),
    ("science", "science"),
    ("sensors", "science"),
)


def usual_station(assignment: str) -> StationName | None:
    """The station a Foundry assignment names ("Chief Engineer" -> operations), or None."""
    text = assignment.lower()
    for word, station in _STATION_WORDS:
        if re.search(rf"\b{word}", text):
            return station
    return None


def _character(
    name: str, body: dict[str, Any], items: list[dict[str, Any]], out: list[str]
) -> Character:
    attrs = body.get("attributes", {})
    discs = body.get("disciplines", {})
    focuses = tuple(i["name"] for i in items if i.get("type") == "focus")
    values = tuple(CharacterValue(text=i["name"]) for i in items if i.get("type") == "value")
    for i in items:
        if i.get("type") not in ("focus", "value"):
            out.append(f"item '{i.get('name')}' ({i.get('type')})")
    _list_notes(body, out)
    assignment = str(body.get("assignment") or "")
    station = usual_station(assignment)
    if assignment and station is None:
        out.append(f"assignment '{assignment[:80]}' (names no bridge station)")
    det = _value(body.get("determination"), 1)
    return Character.model_validate(
        {
            "id": _slug(name),
            "name": name,
            "rank": str(body.get("rank", ""))[:80],
            "attributes": {k: _value(attrs.get(k), 7) for k in Attributes.model_fields},
            "disciplines": {k: _value(discs.get(k), 0) for k in Disciplines.model_fields},
            "focuses": focuses,
            "values": values,
            "determination": Determination(value=min(max(det, 0), 3)),
            "usual_station": station,
        }
    )


def _without_type_duplicates(
    name: str, extra: list[Quality], type_qualities: tuple[Quality, ...], out: list[str]
) -> tuple[Quality, ...]:
    """Drop qualities the weapon's type already carries, listing any rating that differs."""
    carried = {q.name: q for q in type_qualities}
    kept = []
    for quality in extra:
        own = carried.get(quality.name)
        if own is None:
            kept.append(quality)
        elif own.rating != quality.rating:
            out.append(f"weapon '{name}': {quality} (its type already gives {own})")
    return tuple(kept)


def _weapon(item: dict[str, Any], scale: int, out: list[str]) -> Weapon:
    body = item.get("system") or item.get("data") or {}
    name = str(item.get("name", "Weapon"))[:80]
    lower = name.lower()
    quals = body.get("qualities", {}) or {}
    extra = [Quality(name=q) for k, q in _QUALITY_FLAGS.items() if quals.get(k)]
    extra += [
        Quality(name=q, rating=min(_value(quals.get(k)), 10))
        for k, q in _QUALITY_RATINGS.items()
        if _value(quals.get(k)) > 0
    ]
    if _value(quals.get("hiddenx")):
        out.append(f"weapon '{name}': quality Hidden {_value(quals.get('hiddenx'))}")
    ranges = {"close": Range.CLOSE, "medium": Range.MEDIUM, "long": Range.LONG}
    rng = ranges.get(str(body.get("range", "")).strip().lower())
    if "tractor" in lower:
        return Weapon(name=name, kind="tractor")
    kind = "torpedo" if "torpedo" in lower or "torpedoes" in lower else "energy"
    damage = _value(body.get("damage"))
    if damage and body.get("includescale"):
        damage += scale
    if kind == "torpedo":
        torpedo = next((t for t in ("quantum", "plasma") if t in lower), "photon")
        return Weapon(
            name=name,
            kind="torpedo",
            torpedo_type=torpedo,
            extra_qualities=(),
            damage_override=damage or None,
            range_override=rng,
        )
    energy = next((t for t in ("disruptor", "polaron") if t in lower), "phaser")
    delivery = next((d for d in ("cannons", "banks", "arrays") if d.rstrip("s") in lower), "banks")
    out.append(f"weapon '{name}': damage {damage} and qualities taken from the export as they are")
    type_qualities = ENERGY_QUALITIES[EnergyType(energy)]
    return Weapon(
        name=name,
        kind="energy",
        energy_type=energy,
        delivery=delivery,
        extra_qualities=_without_type_duplicates(name, extra, type_qualities, out),
        damage_override=damage or None,
        range_override=rng,
    )


_DERIVED = {
    "shields": "Bridge derives Shields from Structure, Security and talents",
    "power": "Bridge derives Power from Engines and talents",
    "crew": "Bridge sets crew support from Scale",
}


def _list_derived(body: dict[str, Any], out: list[str]) -> None:
    """List the export's tracks Bridge works out itself, and its notes, so none vanish unseen."""
    for key, reason in _DERIVED.items():
        if key in body and body[key] not in ("", None, {}, []):
            out.append(f"{key} {_value(body[key])} ({reason})")
    _list_notes(body, out)


def _list_notes(body: dict[str, Any], out: list[str]) -> None:
    notes = str(body.get("notes") or "").strip()
    if notes:
        out.append(f"notes: {notes[:200]}")


def _ship(
    name: str, body: dict[str, Any], items: list[dict[str, Any]], small: bool, out: list[str]
) -> Ship:
    systems = body.get("systems", {})
    depts = body.get("departments", {})
    scale = min(max(_value(body.get("scale"), 1), 1), 7)
    weapons, talents = [], []
    for item in items:
        kind = item.get("type")
        if kind == "starshipweapon":
            weapons.append(_weapon(item, scale, out))
        elif kind == "talent":
            talents.append(Talent(name=str(item.get("name", "Talent"))[:80]))
        else:
            out.append(f"item '{item.get('name')}' ({kind})")
    damage = {}
    for system in Systems.model_fields:
        node = systems.get(system)
        count = _value(node.get("breaches")) if isinstance(node, dict) else 0
        damage[system] = {"breaches": min(max(count, 0), 99)}
    _list_derived(body, out)
    resistance = _value(body.get("resistance"))
    if resistance and resistance != scale:
        out.append(f"resistance {resistance} (Bridge derives it from Scale and talents)")
    return Ship.model_validate(
        {
            "id": _slug(name),
            "name": name,
            "ship_class": str(body.get("spaceframe", ""))[:80],
            "scale": scale,
            "small_craft": small,
            "systems": {k: _value(systems.get(k), 7) for k in Systems.model_fields},
            "departments": {k: _value(depts.get(k)) for k in Departments.model_fields},
            "weapons": tuple(weapons),
            "talents": tuple(talents),
            "damage": damage,
        }
    )


def parse_foundry(data: Any, source: str) -> Imported:
    """Map one Foundry ``sta`` actor (already parsed JSON)."""
    if not isinstance(data, dict):
        raise FileProblem(f"{source}: not a Foundry actor export (expected a JSON object).")
    kind = data.get("type")
    body = data.get("system") or data.get("data") or {}
    name = str(data.get("name") or "Imported")[:80]
    items = [i for i in data.get("items", []) if isinstance(i, dict)]
    if not isinstance(body, dict):
        raise FileProblem(f"{source}: system: expected the actor's data object.")
    out: list[str] = []
    try:
        if kind == "character":
            item: Character | Ship = _character(name, body, items, out)
            known = _KNOWN_CHARACTER
        elif kind in ("starship", "smallcraft"):
            item = _ship(name, body, items, kind == "smallcraft", out)
            known = _KNOWN_SHIP
        else:
            raise FileProblem(
                f"{source}: type: {kind!r} is not a Foundry sta character, starship or small craft."
            )
    except ValidationError as exc:
        first = describe_validation_error(exc).splitlines()[0]
        raise FileProblem(f"{source}: {first}") from None
    for key, value in body.items():
        if key not in known and value not in ("", 0, None, {}, []):
            out.append(f"field '{key}'")
    return Imported(item, out)


def import_foundry(path: Path) -> Imported:
    """Read a Foundry VTT ``sta`` actor export file."""
    raw = read_regular(path, MAX_BYTES)
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise FileProblem(
            f"{shorten(path.name, 120)}: not a readable JSON export ({shorten(str(exc), 120)})."
        ) from None
    return parse_foundry(data, path.name)
