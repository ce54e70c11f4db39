"""Seat a newly added officer at the station they usually hold."""

from __future__ import annotations

from bridge.engine.ship.commands import SetSeats
from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import Encounter

__all__ = ["seat_at_usual_station"]


def seat_at_usual_station(state: Encounter, character_id: str) -> SetSeats | None:
    """The :class:`SetSeats` that adds the officer to their usual station, keeping every
    other seat; None when they name no station, are already there, or are unknown."""
    character = state.characters.get(character_id)
    if character is None or character.usual_station is None:
        return None
    station = Station(character.usual_station)
    crew = state.crew_at(station)
    if character_id in crew:
        return None
    seats = dict(state.seats)
    seats[station] = (*crew, character_id)
    return SetSeats(seats=seats)
