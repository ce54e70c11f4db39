"""An added officer takes the station they usually hold, through the GM's SetSeats."""

from __future__ import annotations

from bridge.engine.core.commands import AddCharacter
from bridge.engine.ship.seating import seat_at_usual_station
from bridge.engine.state.cards import Station
from bridge.model.character import Character
from tests.engine.table import Table


def test_new_officer_joins_their_usual_station_and_nobody_moves() -> None:
    t = Table()
    before = dict(t.state.seats)
    t.do(AddCharacter(character=Character(id="park", name="Ens. Park", usual_station="helm")))
    command = seat_at_usual_station(t.state, "park")
    assert command is not None
    t.do(command)
    assert t.state.crew_at(Station.HELM) == (*before.get(Station.HELM, ()), "park")
    for station, crew in before.items():
        if station is not Station.HELM:
            assert t.state.crew_at(station) == crew
    assert seat_at_usual_station(t.state, "park") is None  # already there


def test_no_station_or_unknown_officer_gives_no_command() -> None:
    t = Table()
    t.do(AddCharacter(character=Character(id="vale", name="Lt. Vale")))
    assert seat_at_usual_station(t.state, "vale") is None
    assert seat_at_usual_station(t.state, "nobody") is None
