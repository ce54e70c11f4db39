"""A damaged boarding file is refused when it is opened, with a sentence naming the field,
or it opens into a fight that plays: its cards and controls are worked out, the autopilot
suggests, and every Command is applied or refused in words (no uncaught error later).

Property test over a boarding file saved with a roll waiting: one to three of its
personal conflict's values replaced by another (a figure or zone that is not there, a
Minor Action's key for a Task's, a number past its figure's maximum, a wrong type).
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from bridge.engine.commands import command_adapter
from bridge.engine.conflict.autopilot import suggest_conflict
from bridge.engine.conflict.card import conflict_card
from bridge.engine.conflict.controls import conflict_controls
from bridge.engine.demo_boarding import demo_boarding
from bridge.engine.session import CommandRefused, Session
from bridge.rules.dice import SeededDice
from bridge.seatview import availability
from bridge.storage.battle import battle_file, session_from
from bridge.storage.formats import EncounterFile
from bridge.storage.load import FileProblem, parse_document


def _waiting_roll() -> Session:
    """The boarding action played by the autopilot until a rolled Task waits."""
    session = Session(demo_boarding(), SeededDice(11))
    for _ in range(60):
        now = session.state.conflict
        if now is not None and now.pending is not None:
            return session
        command = suggest_conflict(session.state, session.check)
        assert command is not None
        session.apply(command)
    raise AssertionError("no roll waited")


SAVED: dict[str, Any] = json.loads(battle_file(_waiting_roll()).model_dump_json())
assert SAVED["state"]["conflict"]["pending"] is not None


def _paths(node: Any, at: tuple[str | int, ...]) -> list[tuple[str | int, ...]]:
    """Every leaf under ``node`` (the personal conflict of the file's current state)."""
    if isinstance(node, dict):
        return [p for k, v in node.items() for p in _paths(v, (*at, k))]
    if isinstance(node, list):
        return [p for i, v in enumerate(node) for p in _paths(v, (*at, i))]
    return [at]


LEAVES = _paths(SAVED["state"]["conflict"], ("state", "conflict"))
WAITING = [p for p in LEAVES if p[2] in ("pending", "turn", "decisions")]
"""What the fight reads at once when it opens: half the changes fall here."""
OTHERS = (
    "ghost",
    "aim",
    "attack",
    "kell",
    "klingon-warrior",
    "Main Engineering",
    "Nowhere",
    -1,
    0,
    1,
    18,
    19,
    60,
    999,
    1000,
    True,
    None,
    [],
    {},
    "",
)


def _set(doc: dict[str, Any], path: tuple[str | int, ...], value: Any) -> None:
    node: Any = doc
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@example(changes=[(("state", "conflict", "pending", "action"), "aim")])
@example(changes=[(("state", "conflict", "pending", "params", "target"), "ghost")])
@example(changes=[(("state", "conflict", "figures", "kell", "stress"), 60)])
@example(changes=[(("state", "conflict", "figures", "kell", "wielding"), "ghost")])
@given(
    changes=st.lists(
        st.tuples(st.sampled_from(WAITING) | st.sampled_from(LEAVES), st.sampled_from(OTHERS)),
        min_size=1,
        max_size=3,
    )
)
def test_a_damaged_boarding_file_is_refused_or_plays(
    changes: list[tuple[tuple[str | int, ...], Any]],
) -> None:
    doc = json.loads(json.dumps(SAVED))
    for path, value in changes:
        _set(doc, path, value)
    try:
        opened = parse_document(json.dumps(doc).encode(), "boarding.bridge")
    except FileProblem as exc:
        assert exc.message.startswith("boarding.bridge: ") and len(exc.message) < 2000
        return
    assert isinstance(opened, EncounterFile)
    session = session_from(opened).session
    for _ in range(8):
        state = session.state
        now = state.conflict
        if now is None:
            return
        for fid, fig in now.figures.items():
            conflict_card(state, fid, "gm")
            conflict_card(state, fid, "crew")
            for control in conflict_controls(state, fid).values():
                if control.reason is None and not control.params:
                    _judged(session, {**control.command, "by": "gm"})
            if fig.character is not None:
                availability(state, fig.character)
        command = suggest_conflict(state, session.check)
        if command is None:
            return
        try:
            session.apply(command)
        except CommandRefused:
            return


def _judged(session: Session, fields: dict[str, Any]) -> None:
    """The engine's word on a control's Command: a sentence, or None."""
    try:
        command = command_adapter().validate_python(fields)
    except ValidationError:
        return
    reason = session.check(command)
    assert reason is None or isinstance(reason, str)


def test_the_examples_the_fight_could_not_use_are_refused_by_name() -> None:
    """A waiting roll whose action is a Minor Action, one aimed at a figure that is not
    there, and Stress above a figure's maximum (Kell at 60 of 18)."""
    cases = [
        (("state", "conflict", "pending", "action"), "aim", "pending.action"),
        (("state", "conflict", "pending", "params", "target"), "ghost", "params.target"),
        (("state", "conflict", "figures", "kell", "stress"), 60, "figures.kell.stress"),
    ]
    for path, value, named in cases:
        doc = json.loads(json.dumps(SAVED))
        _set(doc, path, value)
        try:
            parse_document(json.dumps(doc).encode(), "boarding.bridge")
        except FileProblem as exc:
            assert named in exc.message, exc.message
        else:
            raise AssertionError(f"{path} = {value!r} was opened")
