"""The Session: one Command path, refusals with reasons, journal, undo/redo, replay."""

from __future__ import annotations

import json

import pytest

from bridge.engine.commands import command_adapter, parse_command
from bridge.engine.core.changes import Change
from bridge.engine.core.commands import (
    AddTrait,
    AdjustPool,
    EndTurn,
    RemoveTrait,
    SetValue,
    StartTurn,
)
from bridge.engine.session import CommandRefused, Session
from bridge.engine.ship.commands import AttemptTask, MinorAction, Withdraw
from bridge.engine.state.cards import Station
from bridge.engine.state.spends import Spends
from bridge.rules.dice import SeededDice
from bridge.rules.stats import System
from tests.engine.table import Table


def test_refusals_give_readable_reasons_and_change_nothing() -> None:
    """The issue's examples: not your Turn; Minor Action already used; not enough Power;
    Weapons disabled; the station is not yours."""
    t = Table()
    t.refused(MinorAction(by="kell", action="interact"), "start one first")
    t.turn("kell")
    t.refused(AttemptTask(by="tovan", action="evasive_action"), "Kell's Turn, not yours")
    t.minor("interact")
    t.refused(MinorAction(by="kell", action="prepare"), "Minor Action already used")
    t.refused(AttemptTask(by="kell", action="evasive_action"), "use Override")
    t.refused(AttemptTask(by="kell", action="evasive_action", station=Station.HELM), "not yours")
    t.do(SetValue(path="ships.resolute.damage.weapons.breaches", value=5))
    t.refused(
        AttemptTask(by="kell", action="fire_weapon", weapon="Phaser Arrays", target="qoj"),
        "Weapons is disabled",
    )


def test_gm_only_commands_are_marked_and_refused_to_players() -> None:
    t = Table()
    assert SetValue.gm_only and AdjustPool.gm_only and not StartTurn.gm_only
    t.refused(SetValue(by="kell", path="threat.value", value=0), "Only the GM")
    t.refused(AdjustPool(by="reyes", pool="momentum", delta=3), "Only the GM")
    t.refused(StartTurn(by="nobody", actor="kell"), "not the GM or a character")


def test_set_value_edits_anything_but_keeps_the_state_valid() -> None:
    t = Table()
    t.do(SetValue(path="ships.qoj.shields", value=4))
    assert t.state.ships["qoj"].shields == 4
    t.refused(SetValue(path="ships.qoj.shields", value=30), "above this ship.s maximum of 11")
    t.refused(SetValue(path="ships.qoj.shields", value=99), "less than or equal to 60")
    t.refused(SetValue(path="ships.qoj.scale", value=9), "less than or equal to 7")
    t.refused(SetValue(path="ships.nope.shields", value=1), "not a value")
    t.refused(SetValue(path="ships.qoj.systems", value=1), "group of values")
    t.refused(SetValue(path="momentum.value", value=7), "above the pool's cap")


def test_traits_and_withdrawal() -> None:
    t = Table()
    t.do(AddTrait(name="Nebula gas", kind="complication"))
    assert t.state.traits[0].name == "Nebula gas"
    t.do(RemoveTrait(name="Nebula gas"))
    t.refused(RemoveTrait(name="Nebula gas"), "no Advantage or Complication")
    t.do(Withdraw(ship="qoj"))
    t.do(Withdraw(ship="vortak"))
    assert t.state.outcome is not None and t.state.outcome.startswith("Victory")
    t.refused(StartTurn(by="kell", actor="kell"), "The battle is over")


def test_change_flags_name_what_changed() -> None:
    t = Table()
    flags = t.turn("kell").changes
    assert Change.TURN in flags and Change.SHIPS not in flags and Change.POOLS not in flags
    flags = t.task("modulate_shields").changes
    assert Change.SHIPS in flags and Change.POOLS in flags and Change.TURN in flags
    assert Change.ZONES not in flags


def test_undo_restores_the_exact_state_and_redo_reapplies_it() -> None:
    t = Table()
    states = [t.state]
    t.turn("kell")
    states.append(t.state)
    t.task(
        "fire_weapon",
        weapon="Phaser Arrays",
        target="qoj",
        d20=(1, 1, 1, 12, 14),
        d6=(2, 5, 6, 1, 3, 3, 2, 2),
    )
    states.append(t.state)
    t.end()
    states.append(t.state)
    for expected in reversed(states[:-1]):
        t.session.undo()
        assert t.state == expected
    with pytest.raises(CommandRefused, match="nothing to undo"):
        t.session.undo()
    for expected in states[1:]:
        t.session.redo()
        assert t.state == expected
    with pytest.raises(CommandRefused, match="nothing to redo"):
        t.session.redo()


def test_a_new_command_clears_redo() -> None:
    t = Table()
    t.turn("kell")
    t.session.undo()
    t.turn("tovan")
    assert not t.session.can_redo


def test_replaying_the_journal_gives_the_identical_battle() -> None:
    session = Session(Table().state, SeededDice(11))
    session.apply(StartTurn(by="kell", actor="kell"))
    session.apply(
        AttemptTask(
            by="kell",
            action="fire_weapon",
            weapon="Phaser Arrays",
            target="qoj",
            focus=True,
            spends=Spends(),
        )
    )
    session.apply(EndTurn(by="kell"))
    session.apply(StartTurn(actor="qoj"))
    session.apply(
        AttemptTask(
            action="fire_weapon", weapon="Disruptor Cannons", target="resolute", spends=Spends()
        )
    )
    again = Session.replay(session.initial, session.journal)
    assert again.state == session.state
    assert [e.log for e in again.journal] == [e.log for e in session.journal]


def test_commands_and_journal_round_trip_through_json() -> None:
    cmd = AttemptTask(
        by="kell", action="fire_weapon", weapon="Phaser Arrays", target="qoj", system=System.WEAPONS
    )
    text = command_adapter().dump_json(cmd)
    assert json.loads(text)["type"] == "task"
    assert parse_command(text) == cmd
    t = Table()
    t.turn("kell")
    entry = t.session.journal[0]
    assert type(entry).model_validate_json(entry.to_json()) == entry


def test_check_reports_legality_without_changing_anything() -> None:
    t = Table()
    before = t.state
    assert t.session.check(StartTurn(by="kell", actor="kell")) is None
    assert "players' Turn" in (t.session.check(StartTurn(actor="qoj")) or "")
    assert t.state is before and t.session.journal == ()


def test_encounter_setup_commands() -> None:
    """GM setup: add a ship from the starter set, seat the crew, redraw the map."""
    from bridge.engine.core.commands import AddCharacter
    from bridge.engine.demo import demo_ships
    from bridge.engine.ship.commands import AddShip, SetSeats, SetZones
    from bridge.engine.state.cards import Station
    from bridge.engine.state.zones import ZoneMap
    from bridge.model.character import Character

    t = Table()
    _, qoj, _ = demo_ships()
    t.do(AddShip(ship=qoj, side="npc", zone="Planetary Orbit"))
    assert "qoj-2" in t.state.ships and t.state.turn.npc_turns_left["qoj-2"] == 3
    assert t.state.zones.positions["qoj-2"] == "Planetary Orbit"
    t.refused(AddShip(ship=qoj, side="npc", zone="Nowhere"), "unknown zone 'Nowhere'")
    t.do(AddCharacter(character=Character(id="ensign", name="Ens. Park")))
    t.refused(AddCharacter(character=Character(id="ensign", name="Ens. Park")), "already")
    t.do(
        SetSeats(
            seats={
                Station.COMMAND: ("reyes",),
                Station.HELM: ("tovan", "ensign"),
                Station.TACTICAL: ("kell",),
                Station.OPERATIONS: ("mbeki", "sorel"),
                Station.SCIENCE: ("sorel",),
            }
        )
    )
    assert t.state.stations_of("sorel") == (Station.OPERATIONS, Station.SCIENCE)
    t.refused(SetSeats(seats={Station.HELM: ("nobody",)}), "no character 'nobody'")
    zones = t.state.zones.model_copy(
        update={
            "zones": (*t.state.zones.zones, "Moon"),
            "links": (*t.state.zones.links, ("Moon", "Planetary Orbit")),
        }
    )
    t.do(SetZones(zones=zones))
    assert t.state.zones.distance("Moon", "Open Space") == 2
    t.refused(SetZones(zones=ZoneMap(zones=("A",))), "is in no zone")
