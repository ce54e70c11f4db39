"""A zone map: named zones, which touch which, and who stands in which (ships in a ship
battle, figures in a personal conflict). RULES-NOTES "Ranges": Close is the same zone,
Medium the next, Long two zones away, Extreme beyond."""

from collections import deque
from functools import lru_cache
from typing import Annotated, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bridge.rules.text import ID_MAX, ZoneName
from bridge.rules.weapons import Range, range_for_zones

__all__ = ["LINKS_MAX", "POSITIONS_MAX", "UNCONNECTED", "ZONES_MAX", "ZoneMap"]

ZONES_MAX = 40
LINKS_MAX = 800
"""Links between zones (every pair of 40 zones is 780)."""
POSITIONS_MAX = 60
"""Ships (or figures) one map places (a fleet action with room to spare)."""
Id = Annotated[str, Field(max_length=ID_MAX)]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ZoneMap(_Frozen):
    """Named zones, which touch which, and where each ship is."""

    zones: tuple[ZoneName, ...] = Field(default=("Zone A",), max_length=ZONES_MAX)
    links: tuple[tuple[ZoneName, ZoneName], ...] = Field(default=(), max_length=LINKS_MAX)
    positions: dict[Id, ZoneName] = Field(default_factory=dict, max_length=POSITIONS_MAX)

    @model_validator(mode="after")
    def _known_zones(self) -> Self:
        names = set(self.zones)
        if len(names) != len(self.zones):
            raise ValueError("zones: zone names must be unique")
        for a, b in self.links:
            for z in (a, b):
                if z not in names:
                    raise ValueError(f"links: unknown zone '{z}'")
        for ship, z in self.positions.items():
            if z not in names:
                raise ValueError(f"positions.{ship}: unknown zone '{z}'")
        return self

    def neighbours(self, zone: str) -> set[str]:
        return set(_adjacency(self.links).get(zone, ()))

    def distance(self, a: str, b: str) -> int:
        """Zones between ``a`` and ``b`` (a large number when unconnected)."""
        if a == b:
            return 0
        return _distances_from(a, self.links).get(b, UNCONNECTED)

    def ship_distance(self, ship_a: str, ship_b: str) -> int:
        return self.distance(self.positions[ship_a], self.positions[ship_b])

    def range_between(self, ship_a: str, ship_b: str) -> Range:
        return range_for_zones(self.ship_distance(ship_a, ship_b))

    def move(self, ship: str, zone: str) -> "ZoneMap":
        return self.model_copy(update={"positions": {**self.positions, ship: zone}})


UNCONNECTED = 99
"""The distance between zones no chain of links joins."""


@lru_cache(maxsize=256)
def _adjacency(links: tuple[tuple[str, str], ...]) -> dict[str, tuple[str, ...]]:
    """Each zone's neighbours, once per map (maps are immutable and shared by states)."""
    near: dict[str, set[str]] = {}
    for a, b in links:
        near.setdefault(a, set()).add(b)
        near.setdefault(b, set()).add(a)
    return {zone: tuple(sorted(ns)) for zone, ns in near.items()}


@lru_cache(maxsize=1024)
def _distances_from(start: str, links: tuple[tuple[str, str], ...]) -> dict[str, int]:
    """Breadth-first distances from ``start`` to every zone it reaches (cached: the
    windows ask for every ship's range on every refresh)."""
    near = _adjacency(links)
    found = {start: 0}
    queue = deque([start])
    while queue:
        zone = queue.popleft()
        for n in near.get(zone, ()):
            if n not in found:
                found[n] = found[zone] + 1
                queue.append(n)
    return found
