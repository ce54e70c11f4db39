"""The Security and Tactical card (seed 001; weapons from RULES-NOTES)."""

from __future__ import annotations

from bridge.combat.attacks import Attack, weapon_attack
from bridge.combat.damage import resolve_damage
from bridge.engine.core.context import Ctx, need, refuse
from bridge.engine.core.needs import Need
from bridge.engine.ship.cards.rule import TaskRule
from bridge.engine.ship.cards.shared import (
    at_close,
    attack_items,
    attack_roll,
    attack_spends,
    check_enemy,
    duration,
    land,
)
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.ship.turns import check_outcome
from bridge.engine.state.encounter import DurationKind, Encounter, Expiry, PendingTask
from bridge.engine.state.spends import Spends
from bridge.engine.state.turn import Side
from bridge.model.ship import Ship
from bridge.rules.hidden import secret
from bridge.rules.weapons import Delivery, Weapon, WeaponKind

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
        cost = _torpedo_threat(ctx.state, frame, cmd)[1]
        if ctx.state.threat.value < cost:
            refuse(
                f"An NPC torpedo attack spends {cost} Threat; there is {ctx.state.threat.value}."
            )


def _chosen_weapon(state: Encounter, ship: str, cmd: AttemptTask) -> Weapon | None:
    own = state.ships.get(ship)
    return own.weapon(cmd.weapon or "") if own is not None else None


def _salvo_offered(state: Encounter, ship: str, cmd: AttemptTask) -> str | None:
    """RULES-NOTES: a torpedo salvo (+1 die, Spread, 3 Threat in all); torpedoes only."""
    weapon = _chosen_weapon(state, ship, cmd)
    if weapon is None or weapon.kind is not WeaponKind.TORPEDO:
        return "Only torpedoes are fired as a salvo."
    return None


def _area_offered(state: Encounter, ship: str, cmd: AttemptTask) -> str | None:
    """RULES-NOTES: "Arrays ... attacker picks Area or Spread"; no other weapon does."""
    weapon = _chosen_weapon(state, ship, cmd)
    if (
        weapon is None
        or weapon.kind is not WeaponKind.ENERGY
        or weapon.delivery is not (Delivery.ARRAYS)
    ):
        return "Only arrays pick Area instead of Spread."
    return None


def _extra_power_offered(state: Encounter, ship: str, cmd: AttemptTask) -> str | None:
    """[default] Extra Power adds +1 damage each, on an energy weapon, if the house rule
    allows it."""
    weapon = _chosen_weapon(state, ship, cmd)
    if weapon is None or weapon.kind is not WeaponKind.ENERGY:
        return "Extra Power adds damage only to energy weapons."
    if not state.house_rules.extra_power_damage:
        return "The house rules give extra Power no damage."
    return None


def _torpedo_threat(state: Encounter, frame: TaskFrame, cmd: AttemptTask) -> tuple[str, int]:
    """RULES-NOTES: each torpedo attack adds 1 Threat (an NPC spends 1); a salvo costs 3
    in all. Paid when the attack is made, hit or miss."""
    weapon = _chosen_weapon(state, frame.ship, cmd)
    if weapon is None or weapon.kind is not WeaponKind.TORPEDO:
        return "", 0
    return ("torpedo salvo", 3) if cmd.salvo else ("torpedo attack", 1)


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


def _fire_attack(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> Attack:
    p = pending.params
    ship = ctx.ship(frame.ship)
    weapon = ship.weapon(str(p.weapon))
    assert weapon is not None
    return weapon_attack(
        ship,
        weapon,
        targeted_system=p.system,
        spends=attack_spends(spends, frame.npc),
        scan_for_weakness=p.scan,
        extra_power=p.extra_power,
        array_mode=p.array_mode,
        salvo=p.salvo,
        house=ctx.state.house_rules,
    )


def _launch_fire(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> int:
    """The shot leaves: Scan for Weakness is used; the damage rolls the attack's challenge
    dice. (A torpedo's Threat was paid as the attack was made: ``_torpedo_threat``.)"""
    if pending.params.scan:
        ctx.drop_durations(*ctx.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, frame.ship))
    return _fire_attack(ctx, frame, pending, spends).dice


def _fire(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    target = str(pending.params.target)
    attack = _fire_attack(ctx, frame, pending, spends)
    roll = attack_roll(ctx, _launch_fire, frame, pending, spends)
    outcome = resolve_damage(
        attack, ctx.ship(target), ctx.dice, challenge=roll, house=ctx.state.house_rules
    )
    land(ctx, target, outcome)
    report = outcome.report
    side: Side = "npc" if frame.npc else "player"
    weapon = ctx.ship(frame.ship).weapon(str(pending.params.weapon))
    assert weapon is not None
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
        launch=_launch_fire,
        effect=_fire,
        offered={
            Need.SALVO: _salvo_offered,
            Need.AREA: _area_offered,
            Need.EXTRA_POWER: _extra_power_offered,
        },
        threat=_torpedo_threat,
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
