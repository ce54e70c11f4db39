"""The generic steps around a station Task's rule: the checks every Task shares, the
Momentum its spends cost, and where its effect is found (``bridge.engine.ship.cards``)."""

from __future__ import annotations

from bridge.engine.core.context import Ctx, refuse
from bridge.engine.ship.cards import rule_of
from bridge.engine.ship.cards.rule import NEED_GIVEN, Effect, Immediate
from bridge.engine.ship.cards.shared import noop
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.state.cards import ActionDef
from bridge.engine.state.encounter import DurationKind
from bridge.engine.state.spends import Spends

__all__ = ["IMMEDIATE", "check_params", "effect_of", "immediate_of", "spend_cost"]

IMMEDIATE: frozenset[str] = frozenset(key for key in CATALOG if rule_of(key).immediate is not None)
"""Tasks that are not rolled (Assist, Pass, Ready, Direct): they act at once."""


def spend_cost(a: ActionDef, spends: Spends) -> int:
    """Momentum the spends on a resolved Task cost."""
    cost = spends.extra * a.momentum_cost if a.momentum_cost else 0
    if spends.extra and not a.momentum_cost:
        refuse(f"{a.name} has no repeatable Momentum effect.")
    cost += spends.attack_cost() + spends.obtain_information
    if spends.create_advantage and spends.remove_complication:
        refuse(
            "Create Advantage is one spend: establish an Advantage or remove a "
            "Complication, not both."
        )
    cost += 2 if spends.create_advantage or spends.remove_complication else 0
    return cost


def check_params(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    """Refuse a Task whose parameters the rules do not allow, before anything is paid:
    first what every Task shares, then the Task's own rule."""
    if cmd.avoid_hazard and not ctx.state.durations_of(DurationKind.CHARTED_HAZARD, frame.ship):
        refuse("No hazard has been charted this scene: Chart Hazard first (Helm).")
    rule = rule_of(frame.action.key)
    for need, offered in rule.offered.items():
        if NEED_GIVEN[need](cmd):
            reason = offered(ctx.state, frame.ship, cmd)
            if reason is not None:
                refuse(reason)
    if rule.check is not None:
        rule.check(ctx, frame, cmd)


def effect_of(key: str) -> Effect:
    """What the rolled Task ``key`` does on success."""
    return rule_of(key).effect or noop


def immediate_of(key: str) -> Immediate:
    """What the unrolled Task ``key`` does at once."""
    immediate = rule_of(key).immediate
    assert immediate is not None, f"{key} is rolled"
    return immediate
