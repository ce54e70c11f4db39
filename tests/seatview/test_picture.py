"""The battle's picture a thin client draws beside its card: the crew's eyes only."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.engine import (
    AdjustPool,
    ApplyDamage,
    AttemptTask,
    ResolveTask,
    SetValue,
    StartTurn,
    demo_encounter,
)
from bridge.engine.session import Session
from bridge.rules.dice import GivenDice
from bridge.rules.stats import System
from bridge.seatview import CREW, availability, seat_view
from bridge.seatview.picture import battle_picture
from tests.seatview.played import NPCS, played


@settings(max_examples=30, deadline=None)
@given(
    scanned=st.sets(st.sampled_from(NPCS)),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 40),
)
def test_the_picture_holds_only_what_the_crew_sees(
    scanned: set[str], seed: int, steps: int
) -> None:
    """Issue 28's rule for the picture: it is the same worked out on the crew's view as on
    the whole battle (nothing in it depends on a hidden statistic), and an unscanned NPC
    ship shows no number of its own (a contact's silhouette)."""
    state = played(seed, steps, scanned).state
    picture = battle_picture(state)
    assert battle_picture(seat_view(state, CREW)) == picture
    for ship in picture.ships:
        if ship.contact:
            assert ship.id not in scanned and ship.side == "npc"
            numbers = (ship.shields, ship.shields_max, ship.power, ship.power_capacity)
            assert numbers == (None, None, None, None)
            assert ship.resistance is None
            assert all(s.rating is None for s in ship.systems)
        else:
            assert ship.shields is not None and ship.resistance is not None


def test_a_hit_shows_on_the_contact_and_the_map_gives_each_zones_range() -> None:
    """Seed 003 BREACHES: the crew sees a contact's breaches and how hurt it is, never its
    shields; the zones carry their range from the players' ship (RULES-NOTES "Ranges")."""
    session = Session(demo_encounter())
    picture = availability(session.state, "kell").picture
    own = next(s for s in picture.ships if s.own)
    assert (own.name, own.shields, own.shields_max, own.power, own.power_capacity) == (
        "USS Resolute",
        13,
        13,
        10,
        10,
    )
    assert [(z.name, z.range) for z in picture.zones] == [
        ("Planetary Orbit", "Medium"),
        ("Open Space", "Close"),
        ("Asteroid Field", "Medium"),
        ("Nebula Edge", "Long"),
    ]
    assert [c.turn for c in picture.crew] == ["waiting"] * 5
    session.apply(StartTurn(by="kell", actor="kell"))
    fire = AttemptTask(
        by="kell", action="fire_weapon", station="tactical", target="qoj", weapon="Phaser Arrays"
    )
    session.apply(fire, GivenDice(d20=(1, 1, 1)))
    session.apply(
        ResolveTask(by="kell", hold_damage=True), GivenDice(d6=(6, 5, 1, 2, 3, 4, 5, 6, 1, 2))
    )
    session.apply(ApplyDamage(by="kell", reroll=[]), GivenDice(d20=(18, 18)))
    picture = availability(session.state, None).picture  # the viewscreen's too
    qoj = next(s for s in picture.ships if s.id == "qoj")
    assert qoj.contact and qoj.shields is None
    assert qoj.breaches == session.state.ships["qoj"].total_breaches > 0
    assert qoj.status == session.state.ships["qoj"].whole_ship_state.label
    assert (qoj.zone, qoj.range) == ("Asteroid Field", "Medium")
    kell = next(c for c in picture.crew if c.id == "kell")
    assert kell.turn == "ACTING" and kell.stations == "Security and Tactical"


def test_a_scanned_ship_shows_its_numbers_and_effects_are_named() -> None:
    encounter = demo_encounter().model_copy(update={"scanned": ("qoj",)})
    picture = battle_picture(encounter)
    qoj = next(s for s in picture.ships if s.id == "qoj")
    ship = encounter.ships["qoj"]
    assert not qoj.contact
    assert (qoj.shields, qoj.shields_max, qoj.resistance) == (
        ship.shields_now,
        ship.shields_max,
        ship.resistance,
    )
    assert [s.rating for s in qoj.systems] == [ship.systems[s] for s in System]


def test_a_command_that_moves_none_of_its_parts_keeps_the_picture() -> None:
    """A GM's Momentum (or a dice-tray roll) leaves the picture as it was: it is not
    worked out again for every seat at every Command; a hit on a ship is."""
    session = Session(demo_encounter())
    first = battle_picture(session.state)
    session.apply(AdjustPool(pool="momentum", delta=1))
    assert battle_picture(session.state) is first
    session.apply(StartTurn(by="kell", actor="kell"))
    turned = battle_picture(session.state)
    assert turned is not first and turned.crew != first.crew
    session.apply(SetValue(path="ships.resolute.shields", value=4))
    hit = battle_picture(session.state)
    assert next(s for s in hit.ships if s.own).shields == 4
