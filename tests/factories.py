"""Small builders for test ships and characters."""

from __future__ import annotations

from typing import Any

from bridge.model.ship import Ship
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
