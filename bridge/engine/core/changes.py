"""Change flags: what kinds of thing a Command changed, so a window refreshes only those."""

from __future__ import annotations

from collections.abc import Iterable
from enum import Flag, auto

from bridge.engine.state.encounter import Encounter

__all__ = ["Change", "diff", "parts_changed"]


class Change(Flag):
    NONE = 0
    POOLS = auto()
    SHIPS = auto()
    CREW = auto()
    SEATS = auto()
    ZONES = auto()
    TURN = auto()
    DURATIONS = auto()
    TRAITS = auto()
    PENDING = auto()
    OUTCOME = auto()
    HOUSE_RULES = auto()
    LOG = auto()
    CONFLICT = auto()
    """The personal conflict: its figures, map, Turn, rolled Task or decisions."""
    ALL = (
        POOLS
        | SHIPS
        | CREW
        | SEATS
        | ZONES
        | TURN
        | DURATIONS
        | TRAITS
        | PENDING
        | OUTCOME
        | HOUSE_RULES
        | LOG
        | CONFLICT
    )


_FIELDS: dict[str, Change] = {
    "momentum": Change.POOLS,
    "threat": Change.POOLS,
    "ships": Change.SHIPS,
    "sides": Change.SHIPS,
    "retreated": Change.SHIPS,
    "characters": Change.CREW,
    "seats": Change.SEATS,
    "pending_seats": Change.SEATS,
    "zones": Change.ZONES,
    "turn": Change.TURN,
    "durations": Change.DURATIONS,
    "traits": Change.TRAITS,
    "assists": Change.PENDING,
    "pending": Change.PENDING,
    "last_roll": Change.PENDING,
    "outcome": Change.OUTCOME,
    "house_rules": Change.HOUSE_RULES,
    "scanned": Change.SHIPS,
    "conflict": Change.CONFLICT,
}


def parts_changed(names: Iterable[str]) -> Change:
    """The flags for the named top-level parts of an encounter (always LOG): what a
    seat's view changed, told from the parts its update patches."""
    flags = Change.LOG
    for name in names:
        flags |= _FIELDS.get(name, Change.NONE)
    return flags


def diff(before: Encounter, after: Encounter) -> Change:
    """The flags for every top-level part of the encounter that differs (always LOG)."""
    flags = Change.LOG
    if before is after:
        return flags
    for name, flag in _FIELDS.items():
        if getattr(before, name, None) != getattr(after, name, None):
            flags |= flag
    return flags
