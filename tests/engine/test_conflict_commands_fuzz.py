"""Whatever Command arrives on foot, the engine answers: it applies it, or refuses it with
a sentence (a bad figure, zone or weapon named), and never raises anything else; and what
it applies it can save and reopen (the file's checks, its references, its limits).

Property tests: a boarding action played a random number of steps by the autopilot, then
a Command of the personal conflict's kinds whose every reference is drawn from the fight's
own figures, zones and weapons and from names that are not there.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from bridge.engine.commands import Command, command_adapter
from bridge.engine.conflict.autopilot import suggest_conflict
from bridge.engine.conflict.card import conflict_card
from bridge.engine.conflict.commands import AddFigure, ConflictMinor, MoveFigure, NpcPlacement
from bridge.engine.conflict.controls import conflict_controls
from bridge.engine.core.commands import StartTurn
from bridge.engine.demo_boarding import demo_boarding, klingon_bekk
from bridge.engine.session import CommandRefused, Session
from bridge.engine.state.encounter import Encounter
from bridge.rules.dice import SeededDice
from bridge.storage.references import encounter_problem

BOARDING = demo_boarding()
assert BOARDING.conflict is not None
FIGURES = (*BOARDING.conflict.figures, "ghost", "")
ZONES = (*BOARDING.conflict.zones.zones, "Nowhere")
WEAPONS = ("Phaser Type-2", "Disruptor Pistol", "Blade (sword, mek'leth)", "Unarmed Strike", "x")
ACTIONS = ("aim", "draw_item", "movement", "stand", "prepare", "drop_prone", "interact")
TASKS = ("attack", "sprint", "first_aid", "guard", "pass", "ready", "direct", "assist")
TASKS += ("create_advantage", "other", "recover", "bogus")
BY = ("gm", "kell", "reyes", "tovan", "mbeki", "sorel")

ref = st.sampled_from(FIGURES) | st.just("ghost")
"""A figure: one of the fight's, or (half the time) one that is not in it."""
maybe_ref = st.none() | ref
zone = st.sampled_from(ZONES)


def _command(kind: str, fields: dict[str, Any]) -> Command | None:
    data = {"type": kind, **{k: v for k, v in fields.items() if v is not None}}
    try:
        return command_adapter().validate_python(data)
    except ValidationError:
        return None  # (the schema refuses it before the engine sees it)


@st.composite
def foot_commands(draw: st.DrawFn) -> Command | None:
    """One Command of the personal conflict, its references any names at all."""
    by = draw(st.sampled_from(BY))
    kind = draw(
        st.sampled_from(
            (
                "conflict_minor",
                "conflict_task",
                "aim",
                "avoid_injury",
                "resist_knockdown",
                "stray_hit",
                "move_figure",
                "withdraw_figure",
                "reveal_figure",
                "zone_terrain",
                "add_figure",
                "spend",
                "resolve",
                "apply_damage",
                "start_turn",
                "end_turn",
                "determination",
                "trigger_ready",
                "inspiration",
                "end_round",
            )
        )
    )
    where = {"where": "conflict"}
    fields: dict[str, Any] = {"by": by}
    if kind == "conflict_minor":
        fields |= {
            "action": draw(st.sampled_from(ACTIONS + TASKS)),
            "weapon": draw(st.none() | st.sampled_from(WEAPONS)),
            "zone": draw(st.none() | zone),
            "beside": draw(maybe_ref),
            "pick_up": draw(st.booleans()),
        }
    elif kind == "conflict_task":
        fields |= {
            "action": draw(st.sampled_from(TASKS + ACTIONS)),
            "target": draw(maybe_ref),
            "weapon": draw(st.none() | st.sampled_from(WEAPONS)),
            "zone": draw(st.none() | zone),
            "beside": draw(maybe_ref),
            "also": draw(st.lists(ref, max_size=2)),
            "lethal": draw(st.booleans()),
            "difficulty_choice": draw(st.none() | st.integers(0, 5)),
            "note": draw(st.sampled_from(("", "Hold the door"))),
            "roll": draw(st.booleans()),
            "spends": draw(st.none() | st.fixed_dictionaries({"revive": st.booleans()})),
        }
    elif kind == "aim":
        fields["dice"] = draw(st.lists(st.integers(0, 6), max_size=3))
    elif kind in ("avoid_injury", "resist_knockdown", "withdraw_figure", "reveal_figure"):
        fields["figure"] = draw(ref)
    elif kind == "stray_hit":
        fields["figure"] = draw(maybe_ref)
    elif kind == "move_figure":
        fields |= {"figure": draw(ref), "zone": draw(zone), "beside": draw(maybe_ref)}
    elif kind == "zone_terrain":
        fields |= {"zone": draw(zone), "cover": draw(st.integers(0, 4))}
    elif kind == "add_figure":
        huddle = draw(st.sampled_from((0, 1, 998, 999)))
        who = draw(st.sampled_from(("kell", "ghost", "reyes")))
        fields["officer"] = {"character": who, "zone": draw(zone), "huddle": huddle}
    elif kind in ("start_turn", "trigger_ready"):
        fields |= {"actor": draw(ref), **where}
    elif kind == "spend":
        spend = ("extra_minor", "swift_task", "create_problem", "obtain_information")
        fields |= {"spend": draw(st.sampled_from(spend)), "with_threat": draw(st.booleans())}
        fields |= where
    elif kind == "resolve":
        spends = st.fixed_dictionaries(
            {
                "bonus_damage": st.integers(0, 2),
                "secondary_target": maybe_ref,
                "revive": st.booleans(),
                "disarm": st.booleans(),
                "extra": st.integers(0, 2),
            }
        )
        fields |= {"hold_damage": draw(st.booleans()), "spends": draw(spends), **where}
    elif kind == "apply_damage":
        fields |= {"reroll": draw(st.lists(st.integers(0, 8), max_size=2)), **where}
    elif kind == "determination":
        fields |= {"use": "second_task", "value": "x", **where}
    elif kind == "inspiration":
        fields |= {"value": "x", **where}
    else:
        fields |= where
    return _command(kind, fields)


def _played(seed: int, steps: int, acting: bool = False) -> Session:
    """The demo boarding action, ``steps`` Commands of the autopilot into it (and, if
    ``acting``, on until a figure is taking its Turn)."""
    session = Session(BOARDING, SeededDice(seed))
    for step in range(steps + (20 if acting else 0)):
        now = session.state.conflict
        if step >= steps and (now is None or now.turn.actor is not None):
            break
        command = suggest_conflict(session.state, session.check)
        if command is None:
            break
        try:
            session.apply(command)
        except CommandRefused:
            break
    return session


def _reopens(state: Encounter) -> None:
    """What a save writes, its open reads back whole, and finds nothing amiss in."""
    again = Encounter.model_validate_json(state.model_dump_json())
    assert again == state
    assert encounter_problem(again, "state") is None


def _views_answer(state: Encounter) -> None:
    """Every figure's card and controls, for the GM and for the crew, are worked out."""
    if state.conflict is None:
        return
    for fid in state.conflict.figures:
        conflict_card(state, fid, "gm")
        conflict_card(state, fid, "crew")
        conflict_controls(state, fid)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(
    seed=st.integers(0, 10**6),
    steps=st.integers(0, 40),
    commands=st.lists(foot_commands(), min_size=1, max_size=6),
)
def test_any_command_on_foot_is_applied_or_refused_in_words(
    seed: int, steps: int, commands: list[Command | None]
) -> None:
    session = _played(seed, steps)
    for command in commands:
        if command is None:
            continue
        reason = session.check(command)
        assert reason is None or (isinstance(reason, str) and reason)
        try:
            applied = session.apply(command)
        except CommandRefused as exc:
            assert exc.reason and len(exc.reason) < 600
            continue
        _reopens(applied.state)
        _views_answer(applied.state)


def _offered(state: Encounter, data: st.DataObject) -> Command | None:
    """A Task or Minor Action the acting figure's card offers, its fields filled with
    legal choices, then one reference swapped for any name (one not in the fight)."""
    now = state.conflict
    actor = now.turn.interrupt or now.turn.actor if now is not None else None
    if now is None or actor is None:
        return None
    card = conflict_card(state, actor, "gm")
    entries = [e for e in (*card.minors, *card.tasks) if e.reason is None]
    if not entries:
        return None
    entry = data.draw(st.sampled_from(entries))
    fields: dict[str, Any] = {**entry.command, "by": "gm"}
    for param in entry.params:
        legal = [c.value for c in param.choices if c.reason is None]
        if param.kind in ("dice", "list"):
            fields[param.name] = data.draw(st.lists(st.sampled_from(legal), max_size=2))
        elif legal:
            fields[param.name] = data.draw(st.sampled_from(legal))
    refs = ("target", "beside", "zone", "weapon", "also")
    named = [p.name for p in entry.params if p.name in refs]
    swap = data.draw(st.sampled_from((*named, "none")))
    if swap == "also":
        fields["also"] = [data.draw(ref)]
    elif swap == "zone":
        fields["zone"] = data.draw(zone)
    elif swap == "weapon":
        fields["weapon"] = data.draw(st.sampled_from(WEAPONS))
    elif swap != "none":
        fields[swap] = data.draw(ref)
    return _command(str(fields.pop("type")), fields)


@settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), data=st.data())
def test_an_offered_command_with_a_reference_changed_is_applied_or_refused(
    seed: int, steps: int, data: st.DataObject
) -> None:
    session = _played(seed, steps, acting=True)
    for _ in range(4):
        command = _offered(session.state, data)
        if command is None:
            return
        reason = session.check(command)
        assert reason is None or (isinstance(reason, str) and reason)
        try:
            applied = session.apply(command)
        except CommandRefused as exc:
            assert exc.reason and len(exc.reason) < 600
            return
        _reopens(applied.state)
        _views_answer(applied.state)


def test_a_figure_named_that_is_not_there_is_refused_by_name() -> None:
    """The Sprint that named a figure not in the fight crashed the check (a KeyError)."""
    session = _played(0, 0)
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    far = "Main Engineering"
    sprint = command_adapter().validate_python(
        {"type": "conflict_task", "by": "kell", "action": "sprint", "zone": far, "beside": "ghost"}
    )
    assert session.check(sprint) == "There is no figure 'ghost' in the personal conflict."
    move = ConflictMinor(by="kell", action="movement", zone="Nowhere")
    assert session.check(move) == "There is no zone 'Nowhere' on the map."


def test_a_new_huddle_is_never_past_what_a_file_holds() -> None:
    """A bekk added in huddle 999, then Kell moved beside Sorel, who stands alone: their
    new huddle is a free number (it was 1000, and the saved file could not be opened)."""
    session = _played(0, 0)
    corridor = "Deck 6 Corridor"
    session.apply(AddFigure(npcs=NpcPlacement(npc=klingon_bekk(), zone=corridor, huddle=999)))
    state = session.state
    assert state.conflict is not None and state.conflict.figures["sorel"].huddle == 0
    engineering = state.conflict.zone_of("sorel")
    applied = session.apply(MoveFigure(figure="kell", zone=engineering, beside="sorel"))
    now = applied.state.conflict
    assert now is not None
    assert now.figures["kell"].huddle == now.figures["sorel"].huddle == 2  # (1 is taken)
    _reopens(applied.state)
