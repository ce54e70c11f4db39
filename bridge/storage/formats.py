"""Versioned file formats: ship, character, encounter, each with ``format`` and ``version``.

Older versions load through the explicit migrations in :data:`MIGRATIONS`; a newer
version than this Bridge knows is refused.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bridge.engine import Encounter, JournalEntry
from bridge.model.character import Character
from bridge.model.npc import Npc
from bridge.model.ship import Ship

__all__ = [
    "CURRENT",
    "FORMATS",
    "MIGRATIONS",
    "CharacterFile",
    "Checkpoint",
    "EncounterFile",
    "NpcFile",
    "ShipFile",
]


class _File(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


_NOTES = Field(default="", max_length=20_000)
JOURNAL_MAX = 250_000
"""Commands one battle file may hold (a file is at most 64 MB: about 180,000 Commands)."""
_SOURCE = Field(default="", max_length=200, description="Where it came from")


class ShipFile(_File):
    """A ship stat block (and its state, when saved mid-battle)."""

    format: Literal["bridge.ship"] = "bridge.ship"
    version: Literal[3] = 3
    ship: Ship
    notes: str = _NOTES
    source: str = _SOURCE

    @model_validator(mode="after")
    def _not_a_contact(self) -> Self:
        if self.ship.contact:
            raise ValueError(
                "ship.contact: a sensor contact is how a player's screen shows an unscanned "
                "ship, never a ship in a file"
            )
        return self


class CharacterFile(_File):
    """An officer: statistics, Values, and (from version 3) personal weapons and armour."""

    format: Literal["bridge.character"] = "bridge.character"
    version: Literal[3] = 3
    character: Character
    notes: str = _NOTES
    source: str = _SOURCE


class NpcFile(_File):
    """An NPC template for fights on foot: Minor, Notable or Major, its weapons, armour and
    special abilities (the library's ``npcs`` folder, and the starters in
    ``resources/npcs``)."""

    format: Literal["bridge.npc"] = "bridge.npc"
    version: Literal[1] = 1
    npc: Npc
    notes: str = _NOTES
    source: str = _SOURCE


class Checkpoint(BaseModel):
    """Where the battle stood after the first ``at`` Commands of its journal: undo after
    opening replays from here, not from the start (and checks it against the journal
    when it first goes back past it)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    at: int = Field(ge=1, description="How many Commands of the journal it follows")
    state: Encounter


class EncounterFile(_File):
    """A battle: how it started, every Command since, and where it stands now."""

    format: Literal["bridge.encounter"] = "bridge.encounter"
    version: Literal[7] = 7
    initial: Encounter
    checkpoint: Checkpoint | None = None
    journal: tuple[JournalEntry, ...] = Field(default=(), max_length=JOURNAL_MAX)
    state: Encounter
    notes: str = _NOTES
    source: str = _SOURCE


FORMATS: dict[str, type[_File]] = {
    "bridge.ship": ShipFile,
    "bridge.character": CharacterFile,
    "bridge.encounter": EncounterFile,
    "bridge.npc": NpcFile,
}
CURRENT = {name: int(cls.model_fields["version"].default) for name, cls in FORMATS.items()}


def _wrap(key: str) -> Callable[[dict[str, Any]], dict[str, Any]]:
    """Version 1 kept the stat block at the top level; version 2 puts it under ``key``."""

    def migrate(data: dict[str, Any]) -> dict[str, Any]:
        body = {k: v for k, v in data.items() if k not in ("format", "version")}
        return {"format": data["format"], "version": 2, key: body}

    return migrate


def _encounter_1_to_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 saved only the battle as it stood; it becomes its own start, no journal."""
    body = {k: v for k, v in data.items() if k not in ("format", "version")}
    return {
        "format": "bridge.encounter",
        "version": 2,
        "initial": body,
        "state": body,
        "journal": [],
    }


_PARAMS_2 = {
    "target": None,
    "weapon": None,
    "zone": None,
    "system": None,
    "salvo": False,
    "extra_power": 0,
    "array_mode": "spread",
    "note": "",
    "difficulty_choice": None,
    "attack_pattern_bonus": False,
    "scan": False,
}
"""Version 2's free-form pending-Task parameters, with the value a missing one means."""


def _encounter_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 types a rolled Task's parameters: the known keys, none of them null
    unless they may be (a battle saved mid-Task opens with its Task still pending)."""
    out = {**data, "version": 3}
    for part in ("initial", "state"):
        battle = data.get(part)
        if not isinstance(battle, dict):
            continue
        pending = battle.get("pending")
        if not isinstance(pending, dict) or not isinstance(pending.get("params"), dict):
            continue
        old = pending["params"]
        params = {
            k: (old[k] if old.get(k) is not None else default)
            for k, default in _PARAMS_2.items()
            if k in old
        }
        out[part] = {**battle, "pending": {**pending, "params": params}}
    return out


def _encounter_3_to_4(data: dict[str, Any]) -> dict[str, Any]:
    """Version 4 may keep a checkpoint for undo; a version 3 battle has none."""
    return {**data, "version": 4}


def _ship_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 ships may say they are a sensor contact (never in a file: always false)."""
    return {**data, "version": 3}


def _encounter_4_to_5(data: dict[str, Any]) -> dict[str, Any]:
    """Version 5 may hold an attack's damage dice in its pending Task (``pending.damage``,
    rolled at RESOLVE for Re-Roll Damage), keeps the last rolled Task (``last_roll``) and
    its ships may say they are a sensor contact (never in a file). A version 4 battle
    holds none of these, and its Commands keep their meaning (a ResolveTask without
    ``hold_damage`` lands its damage at once)."""
    return {**data, "version": 5}


def _character_2_to_3(data: dict[str, Any]) -> dict[str, Any]:
    """Version 3 gives an officer personal weapons and armour (and reads the Resolute
    talent's +3 Stress); a version 2 officer carries none and wears none."""
    return {**data, "version": 3}


def _encounter_5_to_6(data: dict[str, Any]) -> dict[str, Any]:
    """Version 6 may hold a personal conflict (``conflict``), its Commands in the journal,
    and officers with personal weapons and armour; a version 5 battle has no conflict and
    its officers carry nothing."""
    return {**data, "version": 6}


def _encounter_6_to_7(data: dict[str, Any]) -> dict[str, Any]:
    """Version 7's journal gives the personal conflict the Commands both battles share
    (a Turn, the spends, a roll's resolution and damage, Determination, a readied Task,
    the NPCs first, the next Task, the Round: ``where="conflict"``); its entries are read
    in today's shapes as they load (:func:`bridge.engine.upgrade_command`), so a version 6
    battle keeps every Command and replays as it was played."""
    return {**data, "version": 7}


MIGRATIONS: dict[tuple[str, int], Callable[[dict[str, Any]], dict[str, Any]]] = {
    ("bridge.ship", 1): _wrap("ship"),
    ("bridge.ship", 2): _ship_2_to_3,
    ("bridge.character", 1): _wrap("character"),
    ("bridge.encounter", 1): _encounter_1_to_2,
    ("bridge.encounter", 2): _encounter_2_to_3,
    ("bridge.encounter", 3): _encounter_3_to_4,
    ("bridge.encounter", 4): _encounter_4_to_5,
    ("bridge.encounter", 5): _encounter_5_to_6,
    ("bridge.encounter", 6): _encounter_6_to_7,
    ("bridge.character", 2): _character_2_to_3,
}
"""(format, version) -> a function giving the data one version later."""
