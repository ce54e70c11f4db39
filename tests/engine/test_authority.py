"""Who may do what: the engine alone decides, from the Command's issuer and the seat plan."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.engine.commands import Command
from bridge.engine.core.commands import (
    EndTurn,
    Inspiration,
    ResolveTask,
    SetValue,
    SpendDetermination,
    TriggerReady,
    ValueComplication,
)
from bridge.engine.session import CommandRefused, Session
from bridge.engine.state.encounter import Encounter
from bridge.rules.dice import SeededDice
from bridge.storage.load import FileProblem, parse_document
from tests.engine.table import Table
from tests.engine.test_properties import CREW, candidate

ISSUERS = ("gm", *CREW, "stranger")


def test_a_player_cannot_end_another_players_turn() -> None:
    t = Table()
    t.turn("kell")
    t.refused(EndTurn(by="tovan"), "Kell's Turn: only they")
    t.do(EndTurn(by="kell"))


def test_a_player_cannot_end_an_npc_turn_or_spend_momentum_to_keep_its_initiative() -> None:
    t = Table()
    t.turn("kell")
    t.end()
    t.turn("qoj")
    t.refused(EndTurn(by="reyes", keep_initiative=True), "Turn: only they")  # nothing paid
    t.do(EndTurn(by="gm"))


def test_a_player_cannot_trigger_another_characters_readied_task() -> None:
    """Seed 003 READY: the readied character's own player (or the GM) triggers it."""
    t = Table()
    t.turn("kell")
    t.task("ready", readied="fire_weapon", note="the Qoj decloaks")
    t.end()
    t.turn("qoj")
    t.refused(TriggerReady(by="tovan", actor="kell"), "own player")
    t.do(TriggerReady(by="kell", actor="kell"))
    assert t.state.turn.interrupt == "kell"


def test_player_commands_for_someone_else_are_refused() -> None:
    t = Table()
    t.turn("kell")
    t.roll("fire_weapon", weapon="Phaser Arrays", target="qoj", d20=(1, 1, 10, 12))
    t.refused(ResolveTask(by="tovan"), "Kell's to resolve")
    t.refused(Inspiration(by="tovan", value="x"), "Kell's to resolve")
    for command in (
        SpendDetermination(by="tovan", character="kell", use="make_it_so", value="x", name="y"),
        ValueComplication(by="tovan", character="kell", value="x"),
    ):
        t.refused(command, "own player")
    t.refused(SetValue(by="kell", path="threat.value", value=0), "Only the GM")
    t.refused(EndTurn(by="q"), "not the GM or a character")


@pytest.mark.parametrize(
    ("path", "value", "match"),
    [
        ("turn.tasks_taken", -1, "tasks_taken"),
        ("turn.task_allowance", 10**12, "task_allowance"),
        ("turn.round", -3, "round"),
        ("turn.actor", "nobody", "no character or ship 'nobody'"),
        ("threat.value", 10**18, "threat"),
        ("momentum.cap", 12, "cap"),
        ("turn.gm_difficulty", 40, "gm_difficulty"),
    ],
)
def test_the_gm_cannot_set_values_outside_the_models_limits(
    path: str, value: int | str, match: str
) -> None:
    t = Table()
    t.refused(SetValue(path=path, value=value), match)


def _battle_file(state: dict[str, Any]) -> bytes:
    doc = {"format": "bridge.encounter", "version": 3, "initial": state, "state": state}
    return json.dumps(doc).encode()


def test_files_with_values_outside_the_limits_do_not_open() -> None:
    t = Table()
    t.turn("kell")
    t.roll("fire_weapon", weapon="Phaser Arrays", target="qoj", d20=(1, 1, 10, 12))
    parse_document(_battle_file(t.state.model_dump(mode="json")), "mid-task.json")  # opens
    data = t.state.model_dump(mode="json")
    data["pending"]["result"]["dice"][0]["value"] = -4
    with pytest.raises(FileProblem, match="value"):
        parse_document(_battle_file(data), "mid-task.json")
    data = t.state.model_dump(mode="json")
    data["turn"]["task_allowance"] = 10**12
    with pytest.raises(FileProblem, match="task_allowance"):
        parse_document(_battle_file(data), "allowance.json")


def acts_for(state: Encounter, command: Command) -> str | None:
    """The character or ship a Command acts for (``None``: anyone may issue it)."""
    turn = state.turn
    match command.type:
        case "start_turn":
            return command.actor
        case "end_turn" | "spend" | "minor":
            return turn.actor
        case "task":
            return turn.interrupt or turn.actor
        case "resolve" | "inspiration":
            return state.pending.actor if state.pending else None
        case "determination" | "value_complication" | "trigger_ready":
            return command.character
        case _:
            return None


def has_right(state: Encounter, command: Command) -> bool:
    """The rule the engine must keep: the GM may do anything; a player only for themself."""
    if command.by == "gm":
        return True
    if command.by not in state.characters or command.gm_only:
        return False
    owner = acts_for(state, command)
    return owner is None or owner == command.by


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), data=st.data())
def test_state_changes_only_when_the_issuer_had_the_right(seed: int, data: st.DataObject) -> None:
    session = Session(Table().state, SeededDice(seed))
    for _ in range(60):
        state = session.state
        command = candidate(state, data.draw)
        issuer = data.draw(st.sampled_from(ISSUERS))
        forged = command.model_copy(update={"by": issuer})
        if has_right(state, forged):  # the issuer's right changes nothing else
            as_gm = forged.model_copy(update={"by": "gm"})
            assert session.check(forged) == session.check(as_gm)
        try:
            session.apply(forged)
        except CommandRefused:
            assert session.state is state  # a refusal changes nothing
            continue
        assert has_right(state, forged), f"{issuer} was allowed {forged!r}"
        if session.state.ended:
            break
