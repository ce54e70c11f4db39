"""One answer to "why not": the gate the windows read is the engine's own refusal."""

from __future__ import annotations

import contextlib

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.engine.commands import Command
from bridge.engine.core.commands import EndTurn, SpendMomentum, StartTurn
from bridge.engine.demo import demo_encounter
from bridge.engine.gate import why_not
from bridge.engine.session import CommandRefused, ParameterMissing, Session
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask, MinorAction
from bridge.engine.state.cards import Station
from bridge.rules.dice import SeededDice
from tests.engine.table import Table
from tests.engine.test_properties import CREW, candidate


def controls(session: Session, issuer: str) -> list[Command]:
    """Every card entry and turn control a window offers ``issuer``, parameter-free."""
    state = session.state
    out: list[Command] = [
        StartTurn(by=issuer, actor=issuer if issuer != "gm" else "qoj"),
        EndTurn(by=issuer),
        EndTurn(by=issuer, keep_initiative=True),
        SpendMomentum(by=issuer, spend="extra_minor"),
        SpendMomentum(by=issuer, spend="swift_task"),
        SpendMomentum(by=issuer, spend="create_problem"),
    ]
    for key, action in CATALOG.items():
        if action.kind == "minor":
            out.append(MinorAction(by=issuer, action=key))
        else:
            for station in action.stations:
                out.append(AttemptTask(by=issuer, action=key, station=station, roll=True))
    assert state is session.state
    return out


def engine_answer(session: Session, command: Command) -> tuple[str | None, bool]:
    """The engine's refusal of ``command`` (and whether only a parameter was missing)."""
    try:
        session.apply(command, SeededDice(7))
    except ParameterMissing as exc:
        return exc.reason, True
    except CommandRefused as exc:
        return exc.reason, False
    session.undo()
    return None, False


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40), data=st.data())
def test_window_enabled_equals_engine_accepting(seed: int, steps: int, data: st.DataObject) -> None:
    session = Session(demo_encounter(), SeededDice(seed))
    for _ in range(steps):
        with contextlib.suppress(CommandRefused):
            session.apply(candidate(session.state, data.draw))
        if session.state.ended:
            break
    for command in [c for issuer in ("gm", *CREW) for c in controls(session, issuer)]:
        state = session.state
        gate = why_not(state, command)
        engine, missing = engine_answer(session, command)
        assert session.state == state
        if gate is not None:
            assert engine == gate, command  # the same sentence
        else:
            assert engine is None or missing, (command, engine)


def test_raise_shields_is_disabled_while_the_shields_are_up() -> None:
    """Seed 001 Tactical card: Raise Shields only when they are down."""
    t = Table()
    t.turn("kell")
    assert why_not(t.state, MinorAction(by="kell", action="raise_shields")) == (
        "The shields are already up."
    )
    t.refused(MinorAction(by="kell", action="raise_shields"), "already up")


def test_keep_the_initiative_needs_the_momentum() -> None:
    """RULES-NOTES "Turn order": Keep the Initiative costs 2 Momentum."""
    t = Table()
    t.turn("kell")
    t.do(SpendMomentum(by="kell", spend="extra_minor", amount=t.state.momentum.value))
    reason = why_not(t.state, EndTurn(by="kell", keep_initiative=True))
    assert reason is not None and reason.startswith("Not enough Momentum")


def test_while_npcs_act_the_stations_say_so() -> None:
    t = Table()
    t.turn("kell")
    t.end()
    t.turn("qoj")
    assert why_not(t.state, StartTurn(by="tovan", actor="tovan")) == (
        "Ship Qoj is still taking their Turn; end it first."
    ).replace("Ship Qoj", t.state.name_of("qoj"))
    assert Station.HELM
