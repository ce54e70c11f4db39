"""The Helm and Navigation card (seed 001; ranges from RULES-NOTES)."""

from __future__ import annotations

from bridge.combat.attacks import Attack, ramming_attacks
from bridge.combat.damage import resolve_damage
from bridge.engine.core.context import Ctx, need, refuse
from bridge.engine.core.needs import Need
from bridge.engine.ship.cards.rule import TaskRule, WhyNot
from bridge.engine.ship.cards.shared import (
    attack_items,
    attack_roll,
    attack_spends,
    check_enemy,
    check_not_held,
    duration,
    held,
    land,
    thrusters_only,
)
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.ship.turns import check_outcome
from bridge.engine.state.encounter import DurationKind, Encounter, Expiry, PendingTask
from bridge.engine.state.spends import Spends
from bridge.model.ship import Ship

__all__ = ["RULES"]


def _held_or_thrusters(state: Encounter, actor: str, ship: Ship) -> str | None:
    return held(state, ship) or thrusters_only(state, ship)


def _held(state: Encounter, actor: str, ship: Ship) -> str | None:
    return held(state, ship)


def _check_move(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    zones = ctx.state.zones
    if cmd.zone is None or cmd.zone not in zones.zones:
        need(f"{frame.action.name} needs a destination zone on the map.")
    check_not_held(ctx, frame.ship)
    ship = ctx.ship(frame.ship)
    key = frame.action.key
    if key != "maneuver":
        reason = thrusters_only(ctx.state, ship)
        if reason is not None:
            refuse(reason)
    distance = zones.distance(zones.positions[frame.ship], cmd.zone)
    if key == "maneuver" and distance > 1:
        refuse("Maneuver moves within Medium range (one zone); use Impulse or Warp.")
    if key == "impulse" and distance > 2:
        refuse("Impulse moves within Long range (two zones); use Warp.")
    if key == "warp" and distance < 2:
        refuse("Warp moves two or more zones; use Maneuver or Impulse.")
    if distance == 0:
        refuse(f"{ship.name} is already in {cmd.zone}.")


def _move(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    zone = str(pending.params.zone)
    ctx.set(zones=ctx.state.zones.move(frame.ship, zone))
    ctx.say(f"{ctx.ship_name(frame.ship)} moves to {zone}.")


def _warp_power(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> int:
    """RULES-NOTES: Warp costs 1 Power per zone."""
    zones = ctx.state.zones
    if cmd.zone is not None and cmd.zone in zones.zones:
        return zones.distance(zones.positions[frame.ship], cmd.zone)
    return frame.action.power


def _check_ram(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    check_enemy(ctx, frame, cmd.target)
    check_not_held(ctx, frame.ship)


def _ram_items(state: Encounter, frame: TaskFrame, cmd: AttemptTask) -> list[tuple[str, int]]:
    """Seed 001 Helm card: Ramming Speed is "(Attack)", Difficulty 2 +1 per range beyond
    Close; an attack's Evasive Action and Sensors modifiers apply."""
    if cmd.target not in state.ships:
        return []
    items: list[tuple[str, int]] = []
    distance = state.zones.ship_distance(frame.ship, str(cmd.target))
    if distance:
        items.append(("Range beyond Close", min(distance, 3)))
    return items + attack_items(state, frame, cmd)


def _ram_attacks(
    ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends
) -> tuple[Attack, Attack]:
    target = str(pending.params.target)
    return ramming_attacks(
        ctx.ship(frame.ship),
        attack_spends(spends, frame.npc),
        target_scale=ctx.ship(target).scale,
        scan_for_weakness=pending.params.scan,
    )


def _launch_ram(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> int:
    """The rammer closes on its target (Scan for Weakness is used); the hit rolls
    2 + Scale challenge dice."""
    if spends.devastating:
        refuse("Ramming Speed is already Devastating: the spend would change nothing.")
    on_target, _ = _ram_attacks(ctx, frame, pending, spends)
    if pending.params.scan:
        ctx.drop_durations(*ctx.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, frame.ship))
    target = str(pending.params.target)
    ctx.set(zones=ctx.state.zones.move(frame.ship, ctx.state.zones.positions[target]))
    return on_target.dice


def _ram(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    """The target takes 2 + Scale; the rammer takes the target's Scale (public summaries)."""
    target = str(pending.params.target)
    on_target, recoil = _ram_attacks(ctx, frame, pending, spends)
    roll = attack_roll(ctx, _launch_ram, frame, pending, spends)
    land(
        ctx,
        target,
        resolve_damage(
            on_target, ctx.ship(target), ctx.dice, challenge=roll, house=ctx.state.house_rules
        ),
    )
    land(
        ctx,
        frame.ship,
        resolve_damage(recoil, ctx.ship(frame.ship), ctx.dice, house=ctx.state.house_rules),
    )
    check_outcome(ctx)


def _plot_note(ctx: Ctx, frame: TaskFrame, pending: PendingTask, value: int) -> str:
    return f"-{value} Difficulty"


def _hazard_note(ctx: Ctx, frame: TaskFrame, pending: PendingTask, value: int) -> str:
    what = pending.params.note.strip() or "hazard"
    more = f" and {value - 1} more" if value > 1 else ""
    return f"{what}{more}: -2 Difficulty to avoid"


def _move_rule(key: str, why_not: WhyNot) -> TaskRule:
    """RULES-NOTES Ranges: Maneuver within Medium (one zone), Impulse within Long (two),
    Warp two or more at 1 Power a zone."""
    return TaskRule(
        key,
        needs=(Need.DESTINATION,),
        why_not=why_not,
        check=_check_move,
        effect=_move,
        power=_warp_power if key == "warp" else None,
    )


RULES = (
    _move_rule("maneuver", _held),
    _move_rule("impulse", _held_or_thrusters),
    _move_rule("warp", _held_or_thrusters),
    TaskRule("evasive_action", effect=duration(DurationKind.EVASIVE_ACTION, Expiry.NEXT_TASK)),
    TaskRule("attack_pattern", effect=duration(DurationKind.ATTACK_PATTERN, Expiry.NEXT_TURN)),
    TaskRule(
        "ramming_speed",
        attack=True,
        needs=(Need.ENEMY_SHIP,),
        why_not=_held,
        check=_check_ram,
        items=_ram_items,
        launch=_launch_ram,
        effect=_ram,
    ),
    TaskRule(
        "plot_course",
        effect=duration(
            DurationKind.PLOT_COURSE, Expiry.USED, base=1, value_per_extra=1, note=_plot_note
        ),
    ),
    TaskRule(
        "chart_hazard",
        needs=(Need.NOTE,),
        effect=duration(
            DurationKind.CHARTED_HAZARD, Expiry.SCENE, base=1, value_per_extra=1, note=_hazard_note
        ),
    ),
)
