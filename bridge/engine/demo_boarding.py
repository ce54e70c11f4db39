"""The built-in boarding action: Klingon boarders beam aboard the USS Resolute during the
demo battle, and her officers meet them on three zones of the ship's decks."""

from __future__ import annotations

from bridge.engine.conflict.commands import NpcPlacement, OfficerPlacement, StartConflict
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.zones import ZoneMap
from bridge.model.character import Attributes, Disciplines
from bridge.model.npc import Npc
from bridge.rules.dice import GivenDice
from bridge.rules.npc_abilities import NpcTier
from bridge.rules.personal_gear import personal_weapon

__all__ = [
    "BOARDING_ZONES",
    "boarding_command",
    "demo_boarding",
    "klingon_bekk",
    "klingon_warrior",
]

TRANSPORTER = "Transporter Room 3"
CORRIDOR = "Deck 6 Corridor"
ENGINEERING = "Main Engineering"
BOARDING_ZONES = ZoneMap(
    zones=(TRANSPORTER, CORRIDOR, ENGINEERING),
    links=((TRANSPORTER, CORRIDOR), (CORRIDOR, ENGINEERING)),
)
"""Three zones in a row: where the boarders beam in, the corridor, and Engineering."""


def klingon_warrior() -> Npc:
    """A Notable NPC: the boarders' leader (as ``resources/npcs/klingon-warrior.json``)."""
    return Npc(
        id="klingon-warrior",
        name="Klingon Warrior",
        species="Klingon",
        tier=NpcTier.NOTABLE,
        attributes=Attributes(control=9, daring=11, fitness=10, insight=8, presence=9, reason=7),
        disciplines=Disciplines(
            command=2, conn=1, engineering=1, security=3, science=1, medicine=1
        ),
        focuses=("Hand-to-Hand Combat", "Intimidation"),
        weapons=(
            personal_weapon("Disruptor Pistol"),
            personal_weapon("Blade (sword, mek'leth)"),
        ),
        armour=1,
        description="A seasoned warrior of the Empire, eager for a glorious fight.",
    )


def klingon_bekk() -> Npc:
    """A Minor NPC: a boarder of the ranks (as ``resources/npcs/klingon-bekk.json``)."""
    return Npc(
        id="klingon-bekk",
        name="Klingon Bekk",
        species="Klingon",
        tier=NpcTier.MINOR,
        attributes=Attributes(control=8, daring=10, fitness=10, insight=7, presence=8, reason=7),
        disciplines=Disciplines(
            command=1, conn=1, engineering=1, security=2, science=1, medicine=1
        ),
        weapons=(personal_weapon("Disruptor Pistol"),),
        armour=1,
        description="A young Klingon soldier, armoured and spoiling for battle.",
    )


def boarding_command(by: str = "gm") -> StartConflict:
    """The GM's Command that starts the boarding action in the demo battle: the bridge
    crew against a Klingon warrior and three bekks, the ship battle waiting."""
    return StartConflict(
        by=by,
        name="Boarders on Deck 6",
        zones=BOARDING_ZONES,
        cover={CORRIDOR: 1, ENGINEERING: 2},
        officers=(
            OfficerPlacement(character="kell", zone=CORRIDOR),
            OfficerPlacement(character="reyes", zone=CORRIDOR),
            OfficerPlacement(character="tovan", zone=CORRIDOR),
            OfficerPlacement(character="mbeki", zone=ENGINEERING),
            OfficerPlacement(character="sorel", zone=ENGINEERING),
        ),
        npcs=(
            NpcPlacement(npc=klingon_warrior(), zone=TRANSPORTER, huddle=1, leader=True),
            NpcPlacement(npc=klingon_bekk(), zone=TRANSPORTER, huddle=1, count=3),
        ),
        leader="reyes",
    )


def demo_boarding() -> Encounter:
    """The demo battle with the boarding action under way (its Round 1, the players to
    act): what ``bridge --demo`` offers for fights on foot, and what tests play."""
    session = Session(demo_encounter(), GivenDice())
    session.apply(boarding_command())
    return session.state
