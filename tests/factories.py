"""Small builders for test ships, characters and battles played by the autopilot."""

from __future__ import annotations

from typing import Any

from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.autopilot import suggest
from bridge.model.ship import Ship
from bridge.rules.dice import SeededDice
from bridge.rules.weapons import Weapon

PHASER_ARRAYS = Weapon(name="Phaser Arrays", kind="energy", energy_type="phaser", delivery="arrays")
DISRUPTOR_CANNONS = Weapon(
    name="Disruptor Cannons", kind="energy", energy_type="disruptor", delivery="cannons"
)
PHOTON = Weapon(name="Photon Torpedoes", kind="torpedo", torpedo_type="photon")
QUANTUM = Weapon(name="Quantum Torpedoes", kind="torpedo", torpedo_type="quantum")
PLASMA = Weapon(name="Plasma Torpedoes", kind="torpedo", torpedo_type="plasma")
POLARON = Weapon(name="Polaron Beams", kind="energy", energy_type="polaron", delivery="banks")
TRACTOR = Weapon(name="Tractor Beam", kind="tractor")


def ship(**changes: Any) -> Ship:
    """A Scale 4 ship: Structure 9 + Security 3 = 12 Shields, Resistance 4, Engines 10."""
    data: dict[str, Any] = {
        "id": "target",
        "name": "Target",
        "scale": 4,
        "systems": {
            "communications": 9,
            "computers": 10,
            "engines": 10,
            "sensors": 9,
            "structure": 9,
            "weapons": 10,
        },
        "departments": {
            "command": 2,
            "conn": 2,
            "engineering": 3,
            "security": 3,
            "science": 2,
            "medicine": 1,
        },
        "weapons": [PHASER_ARRAYS, PHOTON],
    }
    data.update(changes)
    return Ship.model_validate(data)


def played(commands: int, seed: int) -> Session:
    """The demo battle after ``commands`` autopilot Commands with seeded dice; a battle
    won or lost goes on as the benchmark's campaign night does (a fresh foe, or the
    crew's ship refitted)."""
    from bridge.bench.battles import endless_step

    session = Session(demo_encounter(), SeededDice(seed))
    for _ in range(commands):
        command = suggest(session.state, session.check)
        session.apply(command or endless_step(session.state, session.check))
    return session
