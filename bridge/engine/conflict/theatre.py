"""The personal conflict as a theatre of the shared steps (:mod:`bridge.engine.core.theatre`):
its Turn and waiting roll live in the conflict, an officer pays Momentum and an NPC figure
Threat (its own, Threatening X, first), a figure out of the fight takes no Turns, and its
rolls add what the Conflict card says: a melee attack is opposed (the target may win and
hit back), a Complication may come from either roll, the personal spends (Disarm, a
Secondary Target, First Aid's revival)."""

from __future__ import annotations

from typing import Any

from bridge.engine.conflict import turns
from bridge.engine.conflict.catalog import CONFLICT_CARD, CONFLICT_SPENDS
from bridge.engine.conflict.figures import issuer, stats, waiting_figures
from bridge.engine.conflict.ops import (
    conflict,
    figure,
    figure_gain,
    figure_pay,
    set_conflict,
    set_cturn,
    update_figure,
)
from bridge.engine.conflict.rolls import check_secondary, melee_outcome, roll_succeeds, spend_cost
from bridge.engine.conflict.rule import ConflictRule, FigureFrame
from bridge.engine.conflict.rules import CONFLICT_RULES
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.core.theatre import Outcome, Theatre
from bridge.engine.state.cards import ActionDef
from bridge.engine.state.conflict import Conflict, ConflictPending, Figure
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.spends import Spends
from bridge.engine.state.turn import Rolled, Side, TurnBase

__all__ = ["CONFLICT", "ConflictTheatre", "figure_frame"]


def _now(state: Encounter) -> Conflict:
    if state.conflict is None:
        raise ValueError("No personal conflict is running.")
    return state.conflict


def _fig(state: Encounter, actor: str) -> Figure:
    return _now(state).figures[actor]


def _pending(rolled: Rolled) -> ConflictPending:
    assert isinstance(rolled, ConflictPending), "the conflict's rolls are its card's Tasks"
    return rolled


def _rule(pending: Rolled) -> ConflictRule:
    return CONFLICT_RULES[pending.action]


def figure_frame(state: Encounter, pending: ConflictPending) -> FigureFrame:
    """Who attempted the waiting Conflict card Task: the figure, its side and statistics."""
    me = _fig(state, pending.actor)
    return FigureFrame(
        actor=me.id,
        action=CONFLICT_CARD[pending.action],
        side=me.side,
        npc=me.npc is not None,
        second_task=False,
        stats=stats(state, me),
    )


class ConflictTheatre(Theatre):
    """The personal conflict."""

    where = "conflict"
    spends = CONFLICT_SPENDS
    round_word = "personal Round"

    def turn(self, state: Encounter) -> TurnBase:
        return _now(state).turn

    def set_turn(self, ctx: Ctx, **changes: Any) -> None:
        set_cturn(ctx, **changes)

    def pending(self, state: Encounter) -> Rolled | None:
        return _now(state).pending

    def set_pending(self, ctx: Ctx, pending: Rolled | None) -> None:
        set_conflict(ctx, pending=pending)

    def tasks_taken(self, state: Encounter) -> int:
        return _now(state).turn.tasks_taken

    def action(self, key: str) -> ActionDef:
        return CONFLICT_CARD[key]

    def name(self, state: Encounter, actor: str) -> str:
        fig = _now(state).figures.get(actor)
        return fig.name if fig is not None else actor

    def issuer(self, state: Encounter, actor: str) -> str:
        return issuer(_fig(state, actor))

    def pays_threat(self, state: Encounter, actor: str) -> bool:
        return _fig(state, actor).npc is not None

    def side(self, state: Encounter, actor: str) -> Side:
        return _fig(state, actor).side

    def officer(self, state: Encounter, actor: str) -> str | None:
        return _fig(state, actor).character

    def unable(self, state: Encounter, actor: str) -> str | None:
        fig = _fig(state, actor)
        return f"{fig.name} is out of the fight: end the Turn." if fig.out else None

    def pool(self, state: Encounter, actor: str) -> int:
        fig = _fig(state, actor)
        if fig.npc is None:
            return state.momentum.value
        return fig.own_threat + state.threat.value

    def pay(self, ctx: Ctx, actor: str, amount: int, why: str, with_threat: bool = False) -> None:
        figure_pay(ctx, figure(ctx, actor), amount, why, with_threat=with_threat)

    def gain(self, ctx: Ctx, actor: str, amount: int, why: str) -> None:
        figure_gain(ctx, figure(ctx, actor), amount, why)

    def waiting(self, state: Encounter, side: Side) -> tuple[str, ...]:
        return waiting_figures(state, side)

    def close_turn(self, ctx: Ctx, actor: str, counted: bool) -> None:
        turn = conflict(ctx).turn
        acted = (*turn.acted, actor) if counted else turn.acted
        set_cturn(ctx, actor=None, interrupt=None, acted=acted, stunned=False)

    def check_outcome(self, ctx: Ctx) -> None:
        turns.check_outcome(ctx)

    def ended(self, state: Encounter) -> bool:
        return _now(state).ended

    def end_round(self, ctx: Ctx) -> None:
        turns.end_round(ctx)

    # -- a rolled Task -------------------------------------------------------------------
    def outcome(self, state: Encounter, pending: Rolled) -> Outcome:
        """Seed 003: a melee attack succeeds by the opposed outcome, with its Momentum."""
        task = _pending(pending)
        opposed = melee_outcome(task)
        success = roll_succeeds(task)
        momentum = opposed.active_momentum if opposed is not None else task.result.momentum
        return Outcome(success, success and task.result.succeeded_at_cost, momentum)

    def spend_cost(self, state: Encounter, pending: Rolled, spends: Spends) -> int:
        foreign = self.spends.refusal(spends)
        if foreign is not None:
            refuse(foreign)
        return spend_cost(_rule(pending), spends)

    def check_spends(
        self, ctx: Ctx, pending: Rolled, spends: Spends, success: bool, hold: bool
    ) -> None:
        if not success:
            return
        task = _pending(pending)
        check_secondary(ctx, task, spends)
        rule = _rule(task)
        if rule.check_spends is not None:
            rule.check_spends(ctx, figure_frame(ctx.state, task), task, spends)

    def attack(self, pending: Rolled) -> bool:
        return _rule(pending).launch is not None

    def complications(self, pending: Rolled) -> int:
        reactive = _pending(pending).reactive
        return pending.result.complications + (reactive.complications if reactive else 0)

    def complication_name(self, state: Encounter, pending: Rolled) -> str:
        name = CONFLICT_CARD[pending.action].name
        who = self.name(state, pending.actor)
        return f"{name} ({who}), personal Round {_now(state).turn.round}"

    def after_roll(self, ctx: Ctx, pending: Rolled, outcome: Outcome) -> None:
        """Seed 003 melee: when the target wins the opposed roll, it hits back."""
        task = _pending(pending)
        opposed = melee_outcome(task)
        rule = _rule(task)
        if opposed is None or opposed.winner != "reactive" or rule.countered is None:
            return
        target = figure(ctx, str(task.params.target))
        figure_gain(ctx, target, opposed.reactive_momentum, f"{target.name}'s Momentum")
        rule.countered(ctx, figure_frame(ctx.state, task), task)

    def launch(self, ctx: Ctx, pending: Rolled, spends: Spends) -> int:
        task = _pending(pending)
        launch = _rule(task).launch
        assert launch is not None  # (an attack: :meth:`attack`)
        return launch(ctx, figure_frame(ctx.state, task), task, spends)

    def effect(self, ctx: Ctx, pending: Rolled, spends: Spends) -> None:
        task = _pending(pending)
        effect = _rule(task).effect
        if effect is not None:
            effect(ctx, figure_frame(ctx.state, task), task, spends)

    def end_interrupt(self, ctx: Ctx, pending: Rolled) -> None:
        if pending.interrupt:
            set_cturn(ctx, interrupt=None)
            update_figure(ctx, pending.actor, readied=None, readied_note="")

    def rerolled(self, ctx: Ctx, pending: Rolled) -> None:
        task = _pending(pending)
        set_conflict(ctx, pending=task)
        opposed = melee_outcome(task)
        if opposed is not None:
            ctx.say(f"Opposed Task: {opposed.explanation}")

    def readied(self, state: Encounter, actor: str) -> str | None:
        fig = _now(state).figures.get(actor)
        if fig is None or fig.readied is None:
            return None
        return fig.readied_note or CONFLICT_CARD[fig.readied].name


CONFLICT = ConflictTheatre()
"""The personal conflict, as the shared steps see it."""
