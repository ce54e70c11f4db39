"""The ship battle as a theatre of the shared steps (:mod:`bridge.engine.core.theatre`):
its Turn and waiting roll live in the encounter, a player character pays Momentum and an
NPC ship Threat, NPC ships take one Turn per point of Scale, and its rolls add what the
station cards say (Attack Pattern's bonus Momentum, Scan for Weakness used by a miss, an
Opposed Task that cannot be re-rolled)."""

from __future__ import annotations

from typing import Any

from bridge.engine.core.context import Ctx, refuse
from bridge.engine.core.theatre import Outcome, Theatre
from bridge.engine.ship import turns
from bridge.engine.ship.cards import rule_of
from bridge.engine.ship.cards.shared import remember_damage
from bridge.engine.ship.catalog import CATALOG, MOMENTUM_SPENDS
from bridge.engine.ship.effects import effect_of, spend_cost
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.state.cards import ActionDef
from bridge.engine.state.encounter import DurationKind, Encounter, Expiry, PendingTask
from bridge.engine.state.spends import HeldDamage, Spends
from bridge.engine.state.turn import Rolled, Side, TurnBase

__all__ = ["SHIP", "ShipTheatre", "frame_of"]


def _pending(rolled: Rolled) -> PendingTask:
    assert isinstance(rolled, PendingTask), "the ship battle's rolls are station Tasks"
    return rolled


def frame_of(state: Encounter, pending: PendingTask) -> TaskFrame:
    """Who attempted the waiting station Task, from which station, for which ship."""
    return TaskFrame(
        actor=pending.actor,
        owner=turns.owner_key(state, pending.actor, pending.station.value),
        ship=pending.ship,
        action=CATALOG[pending.action],
        station=pending.station,
        override=False,
        npc=pending.actor not in state.characters,
        second_task=False,
    )


class ShipTheatre(Theatre):
    """The ship battle."""

    where = "ship"
    spends = MOMENTUM_SPENDS
    round_word = "Round"

    def turn(self, state: Encounter) -> TurnBase:
        return state.turn

    def set_turn(self, ctx: Ctx, **changes: Any) -> None:
        ctx.set_turn(**changes)

    def pending(self, state: Encounter) -> Rolled | None:
        return state.pending

    def set_pending(self, ctx: Ctx, pending: Rolled | None) -> None:
        ctx.set(pending=pending)

    def tasks_taken(self, state: Encounter) -> int:
        return state.turn.tasks_taken

    def action(self, key: str) -> ActionDef:
        return CATALOG[key]

    def name(self, state: Encounter, actor: str) -> str:
        return state.name_of(actor)

    def issuer(self, state: Encounter, actor: str) -> str:
        return actor if actor in state.characters else "gm"

    def pays_threat(self, state: Encounter, actor: str) -> bool:
        return actor not in state.characters

    def side(self, state: Encounter, actor: str) -> Side:
        return "player" if actor in state.characters else state.sides.get(actor, "npc")

    def officer(self, state: Encounter, actor: str) -> str | None:
        return actor if actor in state.characters else None

    def pool(self, state: Encounter, actor: str) -> int:
        return state.threat.value if self.pays_threat(state, actor) else state.momentum.value

    def pay(self, ctx: Ctx, actor: str, amount: int, why: str, with_threat: bool = False) -> None:
        ctx.pay_or_threat(self.side(ctx.state, actor), amount, why, with_threat)

    def gain(self, ctx: Ctx, actor: str, amount: int, why: str) -> None:
        ctx.gain("npc" if self.pays_threat(ctx.state, actor) else "player", amount, why)

    def turns_left(self, state: Encounter, actor: str) -> int:
        return state.turn.npc_turns_left.get(actor, 1)

    def waiting(self, state: Encounter, side: Side) -> tuple[str, ...]:
        return turns.waiting(state, side)

    def close_turn(self, ctx: Ctx, actor: str, counted: bool) -> None:
        turn = ctx.turn
        if counted and actor in ctx.state.characters:
            ctx.set_turn(acted=(*turn.acted, actor))
        elif counted:
            left = dict(turn.npc_turns_left)
            left[actor] = max(left.get(actor, 0) - 1, 0)
            ctx.set_turn(npc_turns_left=left)
        turns.expire(ctx, actor, Expiry.END_OF_NEXT_TURN)
        ctx.set_turn(actor=None, actor_ship=None, interrupt=None)

    def check_outcome(self, ctx: Ctx) -> None:
        turns.check_outcome(ctx)

    def ended(self, state: Encounter) -> bool:
        return state.ended

    def end_round(self, ctx: Ctx) -> None:
        turns.end_round(ctx)

    # -- a rolled Task -------------------------------------------------------------------
    def outcome(self, state: Encounter, pending: Rolled) -> Outcome:
        result = pending.result
        return Outcome(result.success, result.succeeded_at_cost, result.momentum)

    def spend_cost(self, state: Encounter, pending: Rolled, spends: Spends) -> int:
        foreign = self.spends.refusal(spends)
        if foreign is not None:
            refuse(foreign)
        return spend_cost(CATALOG[pending.action], spends)

    def check_spends(
        self, ctx: Ctx, pending: Rolled, spends: Spends, success: bool, hold: bool
    ) -> None:
        if spends.is_attack and not rule_of(pending.action).attack:
            refuse("Damage spends apply only to attacks.")
        if hold and spends.reroll_damage:
            refuse(
                "Re-Roll Damage is chosen once the damage dice are seen: pick the dice to "
                "re-roll then."
            )

    def momentum(self, ctx: Ctx, pending: Rolled, outcome: Outcome) -> int:
        """Seed 001 Helm card: Attack Pattern at Difficulty 1 adds 1 Momentum to a hit; a
        missed attack uses up Scan for Weakness (house rule)."""
        task = _pending(pending)
        generated = outcome.momentum
        missed_scan = task.params.scan and not outcome.success
        uses_scan = ctx.state.house_rules.missed_attack_uses_scan
        if rule_of(task.action).attack and missed_scan and uses_scan:
            scans = ctx.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, task.ship)
            ctx.drop_durations(*scans)
            ctx.say("The attack missed: Scan for Weakness is used up.")
        if task.params.attack_pattern_bonus and outcome.success:
            generated += 1
            ctx.say("Attack Pattern at minimum Difficulty: +1 Momentum.")
        return generated

    def attack(self, pending: Rolled) -> bool:
        return rule_of(pending.action).launch is not None

    def complication_name(self, state: Encounter, pending: Rolled) -> str:
        name = CATALOG[pending.action].name
        return f"{name} ({state.name_of(pending.actor)}), Round {state.turn.round}"

    def launch(self, ctx: Ctx, pending: Rolled, spends: Spends) -> int:
        task = _pending(pending)
        launch = rule_of(task.action).launch
        assert launch is not None  # (an attack: :meth:`attack`)
        return launch(ctx, frame_of(ctx.state, task), task, spends)

    def held(self, ctx: Ctx, pending: Rolled, held: HeldDamage) -> None:
        remember_damage(ctx, _pending(pending), held)

    def effect(self, ctx: Ctx, pending: Rolled, spends: Spends) -> None:
        task = _pending(pending)
        effect_of(task.action)(ctx, frame_of(ctx.state, task), task, spends)

    def end_interrupt(self, ctx: Ctx, pending: Rolled) -> None:
        if pending.interrupt:
            ctx.set_turn(interrupt=None)
            ready = ctx.state.durations_of(DurationKind.READY)
            ctx.drop_durations(*[d for d in ready if d.owner == pending.actor])

    def reroll_refusal(self, state: Encounter, pending: Rolled) -> str | None:
        if rule_of(pending.action).opposed:
            return (
                "An Opposed Task has been compared with the other side's: it cannot be re-rolled."
            )
        return None

    def rerolled(self, ctx: Ctx, pending: Rolled) -> None:
        ctx.set(pending=pending, last_roll=pending)

    def readied(self, state: Encounter, actor: str) -> str | None:
        ready = [d for d in state.durations_of(DurationKind.READY) if d.owner == actor]
        return ready[0].note if ready else None


SHIP = ShipTheatre()
"""The ship battle, as the shared steps see it."""
