"""The battle's picture as the crew may see it: what a station window shows beside its card.

A client that knows no rules draws the players' ship (Shields, Power, Resistance, each
system's breaches and state), the map's zones with their range from the players' ship and
who is in each, every other ship (a sensor contact as its silhouette: class, Scale,
shields up or down, breaches and how hurt it is; a scanned ship with its numbers), the
lasting effects and the crew's Turns. Every crew seat sees the same picture, so it is
worked out once a state, from the engine's own values (built without validating them
again: a picture is made for each Command the battle takes).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bridge.engine import Encounter, acting, players_waiting
from bridge.model.ship import Ship
from bridge.rules.stats import System
from bridge.rules.weapons import range_for_zones

__all__ = ["BattlePicture", "CrewView", "ShipView", "SystemView", "ZoneView", "battle_picture"]


class _View(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)


class SystemView(_View):
    """One system of a ship: its rating (``None``: not known, a contact's), breaches and
    state in words."""

    label: str
    rating: int | None = None
    breaches: int
    state: str = Field(description="Nominal, Impact, Damaged, Disabled or Destroyed")


class ShipView(_View):
    """A ship as the crew sees it. A sensor contact's numbers are ``None`` (not known)."""

    id: str
    name: str
    ship_class: str
    scale: int
    side: Literal["player", "npc"]
    own: bool = Field(description="The players' ship")
    contact: bool = Field(description="An NPC ship the crew has not scanned")
    zone: str | None = None
    range: str | None = Field(default=None, description="From the players' ship: Close ... Extreme")
    shields: int | None = Field(default=None, description="Shields now (0 while down)")
    shields_max: int | None = None
    shields_up: bool
    power: int | None = None
    power_capacity: int | None = None
    resistance: int | None = None
    breaches: int
    status: str = Field(
        description="How hurt the ship is in words: its worst system (an NPC ship counted "
        "whole: the ship), Destroyed or Withdrawn"
    )
    lost_turns: int
    out_of_turns: bool
    systems: tuple[SystemView, ...]


class ZoneView(_View):
    """A zone of the map, with its range from the players' ship."""

    name: str
    range: str | None = None


class CrewView(_View):
    """A seated officer's Turn this Round, where they sit and their Determination."""

    id: str
    name: str
    turn: str = Field(description="ACTING, waiting or acted (the Command card's words)")
    stations: str
    determination: int


class BattlePicture(_View):
    """What a station window shows beside its card, for the crew's eyes."""

    ships: tuple[ShipView, ...] = ()
    zones: tuple[ZoneView, ...] = ()
    effects: tuple[str, ...] = Field(
        default=(), description="Lasting effects and the Advantages and Complications"
    )
    crew: tuple[CrewView, ...] = ()


def _status(state: Encounter, sid: str, ship: Ship) -> str:
    if ship.destroyed:
        return "Destroyed"
    if sid in state.retreated:
        return "Withdrawn"
    if ship.per_system:
        worst = max((ship.system_state(s) for s in System), key=lambda s: s.rank)
        return worst.label
    return ship.whole_ship_state.label


def _ship(state: Encounter, sid: str, ship: Ship) -> ShipView:
    own = sid == state.player_ship
    contact = state.unscanned(sid)
    zones = state.zones.positions
    here, there = zones.get(state.player_ship), zones.get(sid)
    known = not contact
    return ShipView.model_construct(
        id=sid,
        name=ship.name,
        ship_class=ship.ship_class,
        scale=ship.scale,
        side=state.sides[sid],
        own=own,
        contact=contact,
        zone=there,
        range=None
        if own or here is None or there is None
        else state.zones.range_between(state.player_ship, sid).label,
        shields=ship.shields_now if known else None,
        shields_max=ship.shields_max if known else None,
        shields_up=ship.shields_up,
        power=ship.power_now if known else None,
        power_capacity=ship.power_capacity if known else None,
        resistance=ship.resistance if known else None,
        breaches=ship.total_breaches,
        status=_status(state, sid, ship),
        lost_turns=ship.lost_turns,
        out_of_turns=ship.out_of_turns,
        systems=tuple(
            SystemView.model_construct(
                label=s.label,
                rating=ship.systems[s] if known else None,
                breaches=ship.damage[s].breaches,
                state=ship.system_state(s).label,
            )
            for s in System
        ),
    )


def _crew(state: Encounter) -> tuple[CrewView, ...]:
    waiting = players_waiting(state)
    now = acting(state)
    out = []
    for cid in state.seated_characters():
        c = state.characters[cid]
        turn = "waiting" if cid in waiting else "acted"
        if now.now == cid:
            turn = {"directed": "ACTING (DIRECTED)", "readied": "ACTING (READIED)"}.get(
                now.kind, "ACTING"
            )
        elif now.owner == cid:
            turn = "DIRECTING" if now.kind == "directed" else "INTERRUPTED"
        out.append(
            CrewView.model_construct(
                id=cid,
                name=c.name,
                turn=turn,
                stations=", ".join(s.label for s in state.stations_of(cid)),
                determination=c.determination.value,
            )
        )
    return tuple(out)


def _zones(state: Encounter) -> tuple[ZoneView, ...]:
    zones = state.zones
    here = zones.positions.get(state.player_ship)
    return tuple(
        ZoneView.model_construct(
            name=z,
            range=None if here is None else range_for_zones(zones.distance(here, z)).label,
        )
        for z in zones.zones
    )


def _inputs(state: Encounter) -> tuple[object, ...]:
    """Every part of the state the picture is made of (a state's parts are shared with the
    state before it when a Command leaves them as they were)."""
    return (
        state.ships,
        state.zones,
        state.sides,
        state.scanned,
        state.retreated,
        state.player_ship,
        state.durations,
        state.traits,
        state.turn,
        state.characters,
        state.seats,
        state.conflict,
    )


_LAST: list[tuple[tuple[object, ...], BattlePicture]] = []
"""The last picture and what it was made of: every seat's availability of a state shows
the same, and a Command that moves none of its parts (a pool, the log) keeps it."""


def battle_picture(state: Encounter) -> BattlePicture:
    """The battle as the crew may see it beside a station's card."""
    inputs = _inputs(state)
    if (
        _LAST
        and len(_LAST[0][0]) == len(inputs)
        and all(a is b for a, b in zip(_LAST[0][0], inputs, strict=True))
    ):
        return _LAST[0][1]
    picture = BattlePicture.model_construct(
        ships=tuple(_ship(state, sid, ship) for sid, ship in state.ships.items()),
        zones=_zones(state),
        effects=tuple(
            f"{d.describe()}: {state.ships[d.ship].name}"
            for d in state.durations
            if d.ship in state.ships
        )
        + tuple(
            f"{t.kind.capitalize()}: {t.name}"
            + (f" ({state.ships[t.ship].name})" if t.ship in state.ships else "")
            for t in state.traits
        ),
        crew=_crew(state),
    )
    _LAST[:] = [(inputs, picture)]
    return picture
