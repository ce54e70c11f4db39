"""The built-in demo battle: USS Resolute and her bridge crew against two Klingon ships."""

from __future__ import annotations

from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.zones import ZoneMap
from bridge.model.character import Attributes, Character, CharacterValue, Disciplines
from bridge.model.pools import Momentum, Threat
from bridge.model.ship import Departments, Ship, Systems, Talent
from bridge.rules.personal_gear import personal_weapon
from bridge.rules.stats import CrewQuality
from bridge.rules.weapons import Weapon

__all__ = ["demo_encounter", "demo_ships"]

PHASER_ARRAYS = Weapon(name="Phaser Arrays", kind="energy", energy_type="phaser", delivery="arrays")
PHOTON = Weapon(name="Photon Torpedoes", kind="torpedo", torpedo_type="photon")
TRACTOR = Weapon(name="Tractor Beam", kind="tractor")
DISRUPTOR_CANNONS = Weapon(
    name="Disruptor Cannons", kind="energy", energy_type="disruptor", delivery="cannons"
)
DISRUPTOR_BANKS = Weapon(
    name="Disruptor Banks", kind="energy", energy_type="disruptor", delivery="banks"
)


def demo_ships() -> tuple[Ship, Ship, Ship]:
    """The three ships of the demo: one player ship, two NPC ships."""
    resolute = Ship(
        id="resolute",
        name="USS Resolute",
        ship_class="Akira class",
        scale=5,
        systems=Systems(
            communications=9, computers=9, engines=10, sensors=9, structure=10, weapons=11
        ),
        departments=Departments(
            command=1, conn=2, engineering=2, security=3, science=2, medicine=1
        ),
        weapons=(PHASER_ARRAYS, PHOTON, TRACTOR),
        talents=(
            Talent(name="Improved Hull Integrity", resistance_bonus=1, description="+1 Resistance"),
        ),
    )
    qoj = Ship(
        id="qoj",
        name="IKS Qoj",
        ship_class="B'rel-class Bird-of-Prey",
        scale=3,
        systems=Systems(
            communications=8, computers=8, engines=9, sensors=8, structure=8, weapons=9
        ),
        departments=Departments(
            command=2, conn=3, engineering=2, security=3, science=1, medicine=1
        ),
        weapons=(DISRUPTOR_CANNONS, PHOTON, TRACTOR),
        crew_quality=CrewQuality.TALENTED,
        breach_mode="whole_ship",
    )
    vortak = Ship(
        id="vortak",
        name="IKS Vor'tak",
        ship_class="K'Vort-class Bird-of-Prey",
        scale=4,
        systems=Systems(
            communications=8, computers=8, engines=9, sensors=8, structure=9, weapons=9
        ),
        departments=Departments(
            command=2, conn=2, engineering=2, security=3, science=1, medicine=1
        ),
        weapons=(DISRUPTOR_BANKS, PHOTON, TRACTOR),
        crew_quality=CrewQuality.PROFICIENT,
        breach_mode="whole_ship",
    )
    return resolute, qoj, vortak


def _crew() -> tuple[Character, ...]:
    def value(*texts: str) -> tuple[CharacterValue, ...]:
        return tuple(CharacterValue(text=t) for t in texts)

    phaser = personal_weapon("Phaser Type-2")
    rifle = personal_weapon("Phaser Type-3 (phaser rifle)")
    hand_phaser = personal_weapon("Phaser Type-1")

    return (
        Character(
            id="reyes",
            name="Capt. Elena Reyes",
            rank="Captain",
            attributes=Attributes(
                control=9, daring=10, fitness=8, insight=10, presence=12, reason=9
            ),
            disciplines=Disciplines(
                command=5, conn=2, engineering=2, security=3, science=2, medicine=2
            ),
            focuses=("Diplomacy", "Starship Tactics"),
            values=value("The crew comes home, every one of them", "Peace is worth the risk"),
            weapons=(phaser,),
        ),
        Character(
            id="tovan",
            name="Lt. Tovan",
            rank="Lieutenant",
            attributes=Attributes(
                control=11, daring=10, fitness=9, insight=8, presence=8, reason=10
            ),
            disciplines=Disciplines(
                command=2, conn=5, engineering=3, security=2, science=2, medicine=1
            ),
            focuses=("Evasive Maneuvers", "Astronavigation"),
            values=value("I can fly anything with warp nacelles"),
            weapons=(phaser,),
        ),
        Character(
            id="kell",
            name="Lt. Cmdr. Kell",
            rank="Lieutenant Commander",
            attributes=Attributes(
                control=11, daring=10, fitness=10, insight=8, presence=9, reason=8
            ),
            disciplines=Disciplines(
                command=3, conn=2, engineering=2, security=5, science=1, medicine=1
            ),
            focuses=("Starship Weapons", "Security Teams"),
            values=value("Hesitation gets people killed"),
            weapons=(rifle, phaser),
            talents=("Resolute",),
        ),
        Character(
            id="mbeki",
            name="Lt. Amara Mbeki",
            rank="Lieutenant",
            attributes=Attributes(
                control=11, daring=9, fitness=8, insight=9, presence=9, reason=10
            ),
            disciplines=Disciplines(
                command=2, conn=2, engineering=5, security=2, science=3, medicine=1
            ),
            focuses=("Power Systems", "Damage Control"),
            values=value("Every system has one more trick in it"),
            weapons=(hand_phaser,),
        ),
        Character(
            id="sorel",
            name="Lt. Sorel",
            rank="Lieutenant",
            attributes=Attributes(
                control=10, daring=8, fitness=9, insight=10, presence=8, reason=12
            ),
            disciplines=Disciplines(
                command=2, conn=2, engineering=3, security=1, science=5, medicine=2
            ),
            focuses=("Sensor Analysis", "Astrophysics"),
            values=value("Logic is the beginning of wisdom"),
            weapons=(phaser,),
        ),
    )


def demo_encounter() -> Encounter:
    """A player ship with a seated crew against two NPC ships, on a four-zone map."""
    resolute, qoj, vortak = demo_ships()
    crew = _crew()
    return Encounter(
        name="Ambush at Kessik Nebula",
        ships={s.id: s for s in (resolute, qoj, vortak)},
        sides={"resolute": "player", "qoj": "npc", "vortak": "npc"},
        player_ship="resolute",
        characters={c.id: c for c in crew},
        seats={
            Station.COMMAND: ("reyes",),
            Station.HELM: ("tovan",),
            Station.TACTICAL: ("kell",),
            Station.OPERATIONS: ("mbeki",),
            Station.SCIENCE: ("sorel",),
        },
        zones=ZoneMap(
            zones=("Planetary Orbit", "Open Space", "Asteroid Field", "Nebula Edge"),
            links=(
                ("Planetary Orbit", "Open Space"),
                ("Open Space", "Asteroid Field"),
                ("Asteroid Field", "Nebula Edge"),
            ),
            positions={"resolute": "Open Space", "qoj": "Asteroid Field", "vortak": "Nebula Edge"},
        ),
        momentum=Momentum(value=2),
        threat=Threat.for_session(len(crew)),
    )
