"""What a card entry asks for and what may be chosen now (bridge.engine.core.forms): one answer
for the task dialog and a thin client (issue 28 "No rules in the page")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.engine import (
    CATALOG,
    AttemptTask,
    MinorAction,
    Session,
    Spends,
    StartTurn,
    Station,
    demo_encounter,
    minor_params,
    roll_params,
    spend_cost,
    task_options,
    task_spends,
)
from bridge.engine.core.commands import SetValue
from bridge.engine.ship.autopilot import suggest
from bridge.engine.ship.cards.operations import NOTHING_TO_REPAIR
from bridge.rules.dice import SeededDice
from bridge.seatview import availability


def test_every_parameter_is_a_field_of_the_command_it_fills() -> None:
    state = demo_encounter()
    for action in CATALOG.values():
        for station in action.stations:
            if action.kind == "task":
                params = task_options(state, "kell", station, action)
                params += roll_params(state, "kell", station, action)
                fields = AttemptTask.model_fields
            else:
                params = minor_params(state, "kell", action)
                fields = MinorAction.model_fields
            for param in params:
                assert param.name in fields, (action.key, param.name)
                assert param.kind != "choice" or param.choices, (action.key, param.name)


def test_every_spend_is_a_field_of_spends_at_the_price_the_engine_charges() -> None:
    """Seed 001 card backs: the costs the host lists are the ones ResolveTask charges."""
    for action in CATALOG.values():
        for spend in task_spends(action):
            one = {"number": 1, "flag": True, "text": "Cover in the nebula"}[spend.kind]
            assert spend_cost(action, Spends.model_validate({spend.name: one})) == spend.cost


def test_a_destination_too_far_is_listed_with_the_rules_reason() -> None:
    """Seed 001 Helm card (RULES-NOTES ranges): Maneuver moves one zone, Warp two or more."""
    state = demo_encounter()  # the Resolute in Open Space
    maneuver = task_options(state, "tovan", Station.HELM, CATALOG["maneuver"])[0]
    warp = task_options(state, "tovan", Station.HELM, CATALOG["warp"])[0]
    near = {c.value: c.reason for c in maneuver.choices}
    far = {c.value: c.reason for c in warp.choices}
    assert near["Planetary Orbit"] is None and near["Asteroid Field"] is None
    assert "within Medium range" in str(near["Nebula Edge"])
    assert far["Nebula Edge"] is None and "two or more zones" in str(far["Planetary Orbit"])


def test_restore_offers_only_an_impacted_system() -> None:
    """Seed 001: Restore clears an Impact."""
    session = Session(demo_encounter())
    session.apply(SetValue(path="ships.resolute.damage.weapons.impact", value=True))
    restore = minor_params(session.state, "kell", CATALOG["restore"])[0]
    assert [c.value for c in restore.choices if c.reason is None] == ["weapons"]


def test_a_determination_die_needs_determination_and_a_value() -> None:
    """Seed 003 Uses for Determination: the die cites an unchallenged Value."""
    session = Session(demo_encounter())
    bought = next(
        p
        for p in roll_params(session.state, "kell", Station.TACTICAL, CATALOG["fire_weapon"])
        if p.name == "bought"
    )
    assert all(c.reason is None for c in bought.choices)
    session.apply(SetValue(path="characters.kell.determination.value", value=0))
    bought = next(
        p
        for p in roll_params(session.state, "kell", Station.TACTICAL, CATALOG["fire_weapon"])
        if p.name == "bought"
    )
    assert [c.value for c in bought.choices if c.reason] == ["determination"]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 40))
def test_a_command_filled_from_the_form_never_misses_a_parameter(seed: int, steps: int) -> None:
    """For every card entry the acting officer may use, the Command made of its fixed
    fields and the first legal choice of each parameter is never refused for a
    parameter left out (the form lists every one the rule needs)."""
    session = Session(demo_encounter(), SeededDice(seed))
    for _ in range(steps):
        command = suggest(session.state, session.check)
        if command is None:
            return
        session.apply(command)
    state = session.state
    actor = state.turn.actor
    if actor not in state.characters:
        waiting = [c for c in state.seated_characters() if c not in state.turn.acted]
        if not waiting or session.check(StartTurn(by=waiting[0], actor=waiting[0])):
            return
        session.apply(StartTurn(by=waiting[0], actor=waiting[0]))
        state, actor = session.state, waiting[0]
    assert actor is not None
    offered = availability(state, actor)
    for key, info in offered.actions.items():
        if info.reason is not None:
            assert info.params == ()  # (what cannot be used carries no form)
            continue
        data: dict[str, object] = {**info.command, "by": actor}
        for param in info.params:
            legal = [c.value for c in param.choices if c.reason is None]
            if param.required and param.kind == "choice" and legal:
                data[param.name] = legal[0]
        command = AttemptTask.model_validate(data) if info.kind == "task" else None
        if command is None:
            command = MinorAction.model_validate(data)  # type: ignore[assignment]
        reason = session.check(command)
        assert reason is None or " needs " not in reason, (key, reason)


def test_an_entry_with_nothing_to_choose_says_so_before_it_is_opened() -> None:
    """Issue 27: Damage Control opened with nothing damaged and a disabled ROLL; the host
    says why at the card: nothing to repair, no Impact to clear."""
    session = Session(demo_encounter())
    session.apply(StartTurn(by="mbeki", actor="mbeki"))
    offered = availability(session.state, "mbeki")
    repair = offered.actions["operations/damage_control"]
    assert repair.reason == NOTHING_TO_REPAIR  # the card's own words (the gate's)
    assert repair.params == ()
    assert offered.actions["operations/restore"].reason == "No system has an Impact to clear."
    session.apply(SetValue(path="ships.resolute.damage.sensors.breaches", value=5, by="gm"))
    offered = availability(session.state, "mbeki")
    assert offered.actions["operations/damage_control"].reason is None
