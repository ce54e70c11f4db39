"""The Security and Tactical card (seed 001; weapons from RULES-NOTES)."""

from __future__ import annotations

from bridge.combat.attacks import weapon_attack
from bridge.combat.damage import resolve_damage
from bridge.engine.cards.rule import Need, TaskRule
from bridge.engine.cards.shared import (
    at_close,
    attack_items,
    attack_spends,
    check_enemy,
    duration,
    land,
    reroll_blanks,
)
from bridge.engine.commands import AttemptTask, Spends
from bridge.engine.context import Ctx, need, refuse
from bridge.engine.encounter import DurationKind, Encounter, Expiry, PendingTask, Side
from bridge.engine.frame import TaskFrame
from bridge.engine.turns import check_outcome
from bridge.model.ship import Ship
from bridge.rules.hidden import secret
from bridge.rules.weapons import WeaponKind

__all__ = ["RULES"]


def _check_fire(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    target = check_enemy(ctx, frame, cmd.target)
    ship = ctx.ship(frame.ship)
    weapon = ship.weapon(cmd.weapon or "")
    if weapon is None:
        if cmd.weapon is None:
            need(f"{frame.action.name} needs a weapon.")
        refuse(f"{ship.name} has no weapon '{cmd.weapon}'.")
    if weapon.kind is WeaponKind.TRACTOR:
        refuse("The tractor beam is not a weapon: use the Tractor Beam Task.")
    if (
        weapon.qualities
        and any(q.name.value == "calibration" for q in weapon.qualities)
        and not ctx.turn.prepared
    ):
        refuse(f"{weapon.name} needs calibrating: take the Prepare Minor Action first.")
    if ctx.state.house_rules.range_penalty_per_band == 0:
        distance = ctx.state.zones.ship_distance(frame.ship, target)
        if distance > int(weapon.range):
            refuse(f"{ctx.ship_name(target)} is beyond {weapon.name}'s {weapon.range.label} range.")
    if weapon.kind is WeaponKind.TORPEDO and frame.npc:
        cost = 3 if cmd.salvo else 1
        if ctx.state.threat.value < cost:
            refuse(
                f"An NPC torpedo attack spends {cost} Threat; there is {ctx.state.threat.value}."
            )


def _fire_base(state: Encounter, frame: TaskFrame, cmd: AttemptTask) -> tuple[str, int]:
    """RULES-NOTES: an energy weapon attack is Difficulty 2, a torpedo attack 3."""
    weapon = state.ships[frame.ship].weapon(cmd.weapon or "")
    if weapon is not None and weapon.kind is WeaponKind.TORPEDO:
        return "Base (torpedo attack)", 3
    return "Base (energy weapon attack)", 2


def _fire_items(state: Encounter, frame: TaskFrame, cmd: AttemptTask) -> list[tuple[str, int]]:
    if cmd.target not in state.ships:
        return []
    items: list[tuple[str, int]] = []
    weapon = state.ships[frame.ship].weapon(cmd.weapon or "")
    if weapon is not None:
        distance = state.zones.ship_distance(frame.ship, str(cmd.target))
        beyond = min(distance, 3) - int(weapon.range)
        per = state.house_rules.range_penalty_per_band
        if beyond > 0 and per:
            items.append((f"Beyond {weapon.range.label} range", beyond * per))
    if cmd.system is not None:
        items.append((f"Targeting {cmd.system.label}", 1))
    return items + attack_items(state, frame, cmd)


def _fire_power(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> int:
    """[default] An energy weapon costs 1 Power; extra Power adds +1 damage each."""
    weapon = ctx.ship(frame.ship).weapon(cmd.weapon or "")
    if weapon is not None and weapon.kind is WeaponKind.ENERGY:
        return ctx.state.house_rules.energy_weapon_power_cost + cmd.extra_power
    return 0


def _fire(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    p = pending.params
    target = str(p.target)
    ship = ctx.ship(frame.ship)
    weapon = ship.weapon(str(p.weapon))
    assert weapon is not None
    salvo = p.salvo
    if weapon.kind is WeaponKind.TORPEDO:
        n = 3 if salvo else 1
        if frame.npc:
            ctx.pay("npc", n, "Torpedo attack")
        else:
            ctx.add_threat(n, "Torpedo attack")
    attack = weapon_attack(
        ship,
        weapon,
        targeted_system=p.system,
        spends=attack_spends(spends),
        scan_for_weakness=p.scan,
        extra_power=p.extra_power,
        array_mode=p.array_mode,
        salvo=salvo,
        house=ctx.state.house_rules,
    )
    if p.scan:
        ctx.drop_durations(*ctx.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, frame.ship))
    roll = reroll_blanks(ctx, attack.dice, spends)
    outcome = resolve_damage(
        attack, ctx.ship(target), ctx.dice, challenge=roll, house=ctx.state.house_rules
    )
    land(ctx, target, outcome)
    report = outcome.report
    side: Side = "npc" if frame.npc else "player"
    versatile = secret(frame.ship, f"{weapon.name} (Versatile)", weapon.kind.label)
    ctx.gain(side, report.versatile_momentum, versatile)
    if report.area_targets:
        zone = ctx.state.zones.positions[target]
        others = [
            s
            for s in ctx.state.active_ships(ctx.state.sides[target])
            if s != target and ctx.state.zones.positions[s] == zone
        ]
        for other in others[: report.area_targets]:
            extra = resolve_damage(
                attack, ctx.ship(other), ctx.dice, challenge=roll, house=ctx.state.house_rules
            )
            land(ctx, other, extra)
    check_outcome(ctx)


def _modulate(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    bonus = 1 + spends.extra
    ship = ctx.ship(frame.ship)
    ctx.update_ship(frame.ship, modulation_bonus=max(ship.modulation_bonus, bonus))
    ctx.say(
        f"{ship.name}'s shields modulated"
        + secret(frame.ship, f": +{bonus} Resistance until it next takes damage")
        + "."
    )


def _no_tractor(state: Encounter, actor: str, ship: Ship) -> str | None:
    return None if ship.tractor_beams else f"{ship.name} has no tractor beam."


def _check_tractor(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    target = check_enemy(ctx, frame, cmd.target)
    if not at_close(ctx.state, frame.ship, target):
        refuse("The tractor beam reaches only a target at Close range.")
    if not ctx.ship(frame.ship).tractor_beams:
        refuse(f"{ctx.ship_name(frame.ship)} has no tractor beam.")


def _tractor_strength(ctx: Ctx, frame: TaskFrame, pending: PendingTask) -> int:
    return ctx.ship(frame.ship).tractor_strength


def _tractor_note(ctx: Ctx, frame: TaskFrame, pending: PendingTask, value: int) -> str:
    return f"holding {ctx.ship_name(str(pending.params.target))}, strength {value}"


RULES = (
    TaskRule("deploy_security", needs=(Need.NOTE, Need.OPPOSITION), opposed=True),
    TaskRule(
        "fire_weapon",
        attack=True,
        needs=(Need.ENEMY_SHIP, Need.WEAPON, Need.AIM, Need.SALVO, Need.AREA, Need.EXTRA_POWER),
        check=_check_fire,
        base=_fire_base,
        items=_fire_items,
        power=_fire_power,
        effect=_fire,
    ),
    TaskRule("modulate_shields", effect=_modulate),
    TaskRule(
        "tractor_beam",
        needs=(Need.ENEMY_SHIP,),
        why_not=_no_tractor,
        check=_check_tractor,
        effect=duration(
            DurationKind.TRACTOR_BEAM,
            Expiry.SCENE,
            value_of=_tractor_strength,
            note=_tractor_note,
        ),
    ),
)
