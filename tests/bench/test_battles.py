"""The benchmark's battles: an endless battle that keeps its size, a ten-ship fleet."""

from __future__ import annotations

from bridge.bench.battles import endless_battle, endless_step, fleet_encounter
from bridge.engine.core.commands import SetValue
from bridge.engine.session import Session
from bridge.rules.dice import SeededDice


def test_a_refitted_endless_battle_keeps_its_ships_however_long_it_runs() -> None:
    grown = endless_battle(1500, seed=3)
    steady = endless_battle(1500, seed=3, refit=True)
    assert len(steady.journal) == 1500
    assert len(grown.state.ships) > 3  # a fresh Bird-of-Prey joins each won battle
    assert set(steady.state.ships) == {"resolute", "qoj", "vortak"}
    edits = [e.command for e in steady.journal if isinstance(e.command, SetValue)]
    assert any(c.path.endswith(".destroyed") for c in edits)  # a beaten ship came back


def test_the_fleet_battle_has_ten_ships_on_forty_connected_zones() -> None:
    fleet = fleet_encounter()
    assert len(fleet.ships) == 10 and len(fleet.zones.zones) == 40
    assert sum(1 for side in fleet.sides.values() if side == "npc") == 9
    first = fleet.zones.zones[0]
    assert all(fleet.zones.distance(first, z) < 99 for z in fleet.zones.zones)
    session = Session(fleet, SeededDice(2))
    for _ in range(40):
        session.apply(endless_step(session.state, session.check, session.initial))
    assert len(session.journal) == 40
