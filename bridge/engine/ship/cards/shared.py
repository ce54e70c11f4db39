"""Pieces more than one card's Tasks use: targets, tractor holds, durations, damage."""

from __future__ import annotations

from collections.abc import Callable

from bridge.combat.attacks import AttackSpends
from bridge.combat.damage import DamageOutcome
from bridge.engine.core.context import Ctx, need, refuse
from bridge.engine.ship.cards.rule import Launch
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.ship.turns import apply_damage_side_effects
from bridge.engine.state.encounter import Duration, DurationKind, Encounter, Expiry, PendingTask
from bridge.engine.state.spends import HeldDamage, Spends
from bridge.model.ship import Ship
from bridge.rules.breaches import SystemState
from bridge.rules.challenge import ChallengeRoll, roll_challenge
from bridge.rules.stats import System
from bridge.rules.weapons import Range

__all__ = [
    "attack_items",
    "attack_roll",
    "attack_spends",
    "check_enemy",
    "check_not_held",
    "duration",
    "held",
    "land",
    "narrative",
    "noop",
    "reroll_blanks",
]

Describe = Callable[[Ctx, TaskFrame, PendingTask, int], str]


def check_enemy(ctx: Ctx, frame: TaskFrame, target: str | None) -> str:
    """The target ship, which must be an enemy still in the fight."""
    if target is None or target not in ctx.state.ships:
        need(f"{frame.action.name} needs a target ship.")
    if ctx.state.sides[target] == ctx.state.sides[frame.ship]:
        refuse(f"{ctx.ship_name(target)} is on your own side.")
    if ctx.ship(target).destroyed or target in ctx.state.retreated:
        refuse(f"{ctx.ship_name(target)} is no longer in the fight.")
    return target


def held(state: Encounter, ship: Ship) -> str | None:
    """Why a ship held by a tractor beam cannot move, or None."""
    for d in state.durations_of(DurationKind.TRACTOR_BEAM):
        if d.target == ship.id:
            return f"{ship.name} is held by a tractor beam (strength {d.value})."
    return None


def check_not_held(ctx: Ctx, ship_id: str) -> None:
    reason = held(ctx.state, ctx.ship(ship_id))
    if reason is not None:
        refuse(reason)


def thrusters_only(state: Encounter, ship: Ship) -> str | None:
    if ship.system_state(System.STRUCTURE) is SystemState.DESTROYED:
        return "Structure is destroyed: the ship can use its thrusters only."
    return None


def noop(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    return


def narrative(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    """A Task whose result the GM narrates: its outcome and note go in the log."""
    note = pending.params.note
    ctx.say(
        f"{frame.action.name} succeeds{': ' + str(note) if note else ''}. "
        "The GM narrates the result."
    )


def duration(
    kind: DurationKind,
    expiry: Expiry,
    *,
    value_per_extra: int = 0,
    base: int = 0,
    note: Describe | None = None,
    value_of: Callable[[Ctx, TaskFrame, PendingTask], int] | None = None,
    on_target: bool = False,
    target_zone: bool = False,
) -> Callable[[Ctx, TaskFrame, PendingTask, Spends], None]:
    """An effect that records a lasting effect: its value (``base`` plus
    ``value_per_extra`` per repeatable Momentum spend), a note for the log, on the
    target ship (``on_target``) or the Task's own, pointing at the target ship or at the
    Task's zone (``target_zone``)."""

    def effect(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
        target = pending.params.target
        value = base + value_per_extra * spends.extra
        if value_of is not None:
            value = value_of(ctx, frame, pending)
        said = note(ctx, frame, pending, value) if note is not None else ""
        owner_ship = str(target) if on_target else frame.ship
        points = pending.params.zone if target_zone else target
        ctx.add_duration(
            Duration(
                kind=kind,
                ship=owner_ship,
                owner=frame.owner,
                expiry=expiry,
                set_in_turn=ctx.turn.turn_id,
                value=value,
                target=str(points) if points else None,
                note=said,
            )
        )
        ctx.say(
            f"{kind.label} active on {ctx.ship_name(owner_ship)}"
            + (f" ({said})" if said else "")
            + "."
        )

    return effect


def attack_spends(spends: Spends, npc: bool) -> AttackSpends:
    """A hit's spends for the damage resolver; an NPC ship's are paid in Threat."""
    return AttackSpends(
        bonus_damage=spends.bonus_damage,
        penetration=spends.penetration,
        devastating=spends.devastating,
        power_loss=spends.power_loss,
        reroll_damage=spends.reroll_damage,
        pool="Threat" if npc else "Momentum",
    )


def land(ctx: Ctx, ship_id: str, outcome: DamageOutcome) -> None:
    """Damage arrives: the ship, its report, crew losses; a destroyed ship's effects end."""
    ctx.put_ship(outcome.ship)
    ctx.log.extend(outcome.report.steps)
    apply_damage_side_effects(ctx, ship_id, outcome.report.crew_injured)
    if outcome.ship.destroyed:
        ctx.set(
            durations=tuple(d for d in ctx.state.durations if ship_id not in (d.ship, d.target))
        )


def reroll_blanks(ctx: Ctx, dice: int, spends: Spends) -> ChallengeRoll:
    """Roll the damage dice; a Re-Roll Damage chosen before the roll re-rolls the blanks
    (the Commands saved before the damage was held for the player to see)."""
    roll = roll_challenge(dice, ctx.dice)
    if spends.reroll_damage:
        blanks = [i for i, d in enumerate(roll.dice) if d.damage == 0]
        ctx.say(f"Re-Roll Damage: {roll.describe()}; re-rolling {len(blanks)} blank(s).")
        roll = roll.reroll(blanks, ctx.dice)
    return roll


def attack_roll(
    ctx: Ctx, launch: Launch, frame: TaskFrame, pending: PendingTask, spends: Spends
) -> ChallengeRoll:
    """An attack's challenge dice: those held since RESOLVE (perhaps re-rolled), or,
    when the damage lands at once, the attack made and its dice rolled now. The battle's
    last roll keeps them, so every window (and a window opened later) shows the dice
    that landed."""
    if pending.damage is not None:
        roll = pending.damage.roll
    else:
        roll = reroll_blanks(ctx, launch(ctx, frame, pending, spends), spends)
    remember_damage(ctx, pending, HeldDamage(roll=roll))
    return roll


def remember_damage(ctx: Ctx, pending: PendingTask, damage: HeldDamage) -> None:
    """Keep ``damage`` with the battle's last roll when that roll is ``pending``'s."""
    last = ctx.state.last_roll
    if last is not None and last.actor == pending.actor and last.result == pending.result:
        ctx.set(last_roll=last.model_copy(update={"damage": damage}))


def attack_items(state: Encounter, frame: TaskFrame, cmd: AttemptTask) -> list[tuple[str, int]]:
    """What every attack shares: Evasive Action on either ship, the attacker's Sensors."""
    items: list[tuple[str, int]] = []
    assert cmd.target is not None
    ship = state.ships[frame.ship]
    if state.durations_of(DurationKind.EVASIVE_ACTION, frame.ship):
        items.append(("Own Evasive Action", 1))
    if state.durations_of(DurationKind.EVASIVE_ACTION, cmd.target):
        items.append(("Target's Evasive Action", 1))
    sensors = ship.system_state(System.SENSORS) if ship.per_system else SystemState.NOMINAL
    if sensors in (SystemState.IMPACT, SystemState.DAMAGED):
        items.append((f"Sensors {sensors.label}", 1))
    elif sensors in (SystemState.DISABLED, SystemState.DESTROYED):
        items.append((f"Sensors {sensors.label}", 2))
    return items


def at_close(state: Encounter, ship: str, target: str) -> bool:
    return state.zones.range_between(ship, target) is Range.CLOSE
