"""A player's Immediate spend the pool cannot pay may be paid by adding to Threat (seed
001, every card's back: "Momentum spends can be paid by adding the same amount to
Threat"): the Turn's controls then offer it with its Threat field ticked, on the ship and
on foot, so a one-press control or a form's default is a Command the gate accepts."""

from __future__ import annotations

from bridge.engine import Session, conflict_controls, demo_encounter, ship_controls
from bridge.engine.commands import command_adapter
from bridge.engine.core.commands import SetValue, StartTurn
from bridge.engine.core.forms import ActionInfo
from bridge.rules.dice import SeededDice
from tests.engine.conflict_table import Fight


def threat_field(info: ActionInfo) -> object:
    return next(p.default for p in info.params if p.name == "with_threat")


def test_an_immediate_spend_the_pool_cannot_pay_is_offered_paid_in_threat() -> None:
    session = Session(demo_encounter(), SeededDice(1))
    session.apply(StartTurn(by="kell", actor="kell"))
    controls = ship_controls(session.state, "kell")
    assert threat_field(controls["extra_minor"]) is False  # Momentum pays: not ticked
    session.apply(SetValue(by="gm", path="momentum.value", value=0))
    controls = ship_controls(session.state, "kell")
    for key in ("extra_minor", "keep_initiative", "create_problem"):
        assert controls[key].reason is None and threat_field(controls[key]) is True, key
    assert "Not enough Momentum" in (controls["swift_task"].reason or "")  # not Immediate
    info = controls["extra_minor"]
    defaults = {p.name: p.default for p in info.params}
    threat = session.state.threat.value
    session.apply(command_adapter().validate_python({**info.command, "by": "kell", **defaults}))
    assert session.state.threat.value == threat + 1


def test_on_foot_too() -> None:
    f = Fight()
    f.do(SetValue(path="momentum.value", value=0))
    f.turn("kell")
    assert threat_field(conflict_controls(f.state, "kell")["extra_minor"]) is True
