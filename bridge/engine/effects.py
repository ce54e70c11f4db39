"""What each station Task does when it succeeds (seed 001 cards, RULES-NOTES)."""

from __future__ import annotations

import re
from collections.abc import Callable

from bridge.combat.attacks import AttackSpends, ramming_attacks, weapon_attack
from bridge.combat.damage import DamageOutcome, resolve_damage
from bridge.engine.catalog import CATALOG, ActionDef
from bridge.engine.commands import AttemptTask, Spends
from bridge.engine.context import Ctx, need, refuse
from bridge.engine.difficulty import TaskFrame
from bridge.engine.encounter import (
    AssistOffer,
    Duration,
    DurationKind,
    Expiry,
    PendingTask,
    Side,
)
from bridge.engine.turns import apply_damage_side_effects, check_outcome
from bridge.rules.breaches import SystemState
from bridge.rules.challenge import ChallengeRoll, roll_challenge
from bridge.rules.stats import Attribute, Department, System
from bridge.rules.weapons import Range, WeaponKind

__all__ = ["EFFECTS", "IMMEDIATE", "check_params", "spend_cost"]

Effect = Callable[[Ctx, TaskFrame, PendingTask, Spends], None]
"""What a rolled Task does on success, given its pending roll and the Momentum spent."""
Immediate = Callable[[Ctx, TaskFrame, AttemptTask], None]
"""What an unrolled Task (Assist, Pass, Ready, Direct) does at once."""


def spend_cost(a: ActionDef, spends: Spends) -> int:
    """Momentum the spends on a resolved Task cost."""
    cost = spends.extra * a.momentum_cost if a.momentum_cost else 0
    if spends.extra and not a.momentum_cost:
        refuse(f"{a.name} has no repeatable Momentum effect.")
    cost += spends.attack_cost() + spends.obtain_information
    cost += 2 if spends.create_advantage else 0
    return cost


# -- checks before the roll ------------------------------------------------------------
def check_params(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    """Refuse a Task whose parameters the rules do not allow, before anything is paid."""
    key = frame.action.key
    state = ctx.state
    if cmd.avoid_hazard and not state.durations_of(DurationKind.CHARTED_HAZARD, frame.ship):
        refuse("No hazard has been charted this scene: Chart Hazard first (Helm).")
    if key == "sensor_sweep" and cmd.zone is not None and cmd.zone not in state.zones.zones:
        refuse(f"There is no zone '{cmd.zone}' on the map.")
    if key in ("maneuver", "impulse", "warp"):
        _check_move(ctx, frame, cmd)
    elif key in (
        "fire_weapon",
        "ramming_speed",
        "tractor_beam",
        "signals_jamming",
        "scan_for_weakness",
    ):
        target = _enemy(ctx, frame, cmd.target)
        if key == "fire_weapon":
            _check_weapon(ctx, frame, cmd, target)
        elif key == "tractor_beam":
            if state.zones.range_between(frame.ship, target) is not Range.CLOSE:
                refuse("The tractor beam reaches only a target at Close range.")
            if not ctx.ship(frame.ship).tractor_beams:
                refuse(f"{ctx.ship_name(frame.ship)} has no tractor beam.")
        elif key == "ramming_speed":
            _check_not_held(ctx, frame.ship)
    elif key == "damage_control":
        if cmd.system is None:
            need("Damage Control needs the system to repair.")
        st = ctx.ship(frame.ship).system_state(cmd.system)
        if st is SystemState.DESTROYED:
            refuse(f"{cmd.system.label} is destroyed: Damage Control cannot repair it.")
        if st not in (SystemState.DAMAGED, SystemState.DISABLED):
            refuse(
                f"{cmd.system.label} is {st.label}: Damage Control repairs Damaged or "
                "Disabled systems (Restore clears an Impact)."
            )
    elif key == "launch_probe" and (cmd.zone is None or cmd.zone not in state.zones.zones):
        need("Launch Probe needs a zone on the map.")
    elif key in ("hailing_frequencies", "respond_to_hail") and cmd.target in state.ships:
        comms = ctx.ship(frame.ship).system_state(System.COMMUNICATIONS)
        if (
            comms is SystemState.DISABLED
            and state.zones.range_between(frame.ship, cmd.target) is not Range.CLOSE
        ):
            refuse("Communications are Disabled: unusable beyond Close range.")


def _enemy(ctx: Ctx, frame: TaskFrame, target: str | None) -> str:
    if target is None or target not in ctx.state.ships:
        need(f"{frame.action.name} needs a target ship.")
    if ctx.state.sides[target] == ctx.state.sides[frame.ship]:
        refuse(f"{ctx.ship_name(target)} is on your own side.")
    if ctx.ship(target).destroyed or target in ctx.state.retreated:
        refuse(f"{ctx.ship_name(target)} is no longer in the fight.")
    return target


def _check_not_held(ctx: Ctx, ship_id: str) -> None:
    for d in ctx.state.durations_of(DurationKind.TRACTOR_BEAM):
        if d.target == ship_id:
            refuse(f"{ctx.ship_name(ship_id)} is held by a tractor beam (strength {d.value}).")


def _check_move(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    """RULES-NOTES Ranges: Maneuver within Medium, Impulse within Long, Warp 1 zone/Power."""
    zones = ctx.state.zones
    if cmd.zone is None or cmd.zone not in zones.zones:
        need(f"{frame.action.name} needs a destination zone on the map.")
    _check_not_held(ctx, frame.ship)
    ship = ctx.ship(frame.ship)
    if (
        frame.action.key != "maneuver"
        and ship.system_state(System.STRUCTURE) is SystemState.DESTROYED
    ):
        refuse("Structure is destroyed: the ship can use its thrusters only.")
    distance = zones.distance(zones.positions[frame.ship], cmd.zone)
    key = frame.action.key
    if key == "maneuver" and distance > 1:
        refuse("Maneuver moves within Medium range (one zone); use Impulse or Warp.")
    if key == "impulse" and distance > 2:
        refuse("Impulse moves within Long range (two zones); use Warp.")
    if key == "warp" and distance < 2:
        refuse("Warp moves two or more zones; use Maneuver or Impulse.")
    if distance == 0:
        refuse(f"{ship.name} is already in {cmd.zone}.")


def _check_weapon(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask, target: str) -> None:
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


# -- effects ----------------------------------------------------------------------------
def _assist(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    if frame.npc:
        refuse("NPC ships assist with their crew dice, not an Assist Task.")
    if cmd.target is None or cmd.target not in ctx.state.characters:
        need("Assist needs an ally to assist.")
    if cmd.target == frame.actor:
        refuse("A character cannot assist themselves.")
    attribute = cmd.attribute or Attribute.CONTROL
    discipline = cmd.discipline or Department.COMMAND
    ctx.set(
        assists=(
            *ctx.state.assists,
            AssistOffer(
                assister=frame.actor,
                target=cmd.target,
                attribute=attribute.value,
                discipline=discipline.value,
                focus=cmd.focus,
            ),
        )
    )
    ctx.say(
        f"{ctx.actor_name(frame.actor)} will assist {ctx.actor_name(cmd.target)}'s next "
        f"Task with {attribute.label} + {discipline.label}."
    )


def _pass(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    ctx.set_turn(passed=True)
    ctx.say(f"{ctx.actor_name(frame.actor)} passes.")


def _ready(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    readied = CATALOG.get(cmd.readied or "")
    if readied is None or readied.kind != "task" or readied.key in ("ready", "pass"):
        need("Ready needs the Task to attempt when the trigger happens.")
    # "when the Qoj decloaks" and "the Qoj decloaks" read the same: no "when when".
    trigger = re.sub(r"^\s*when\s+", "", cmd.note or "", flags=re.IGNORECASE) or "a named event"
    ctx.add_duration(
        Duration(
            kind=DurationKind.READY,
            ship=frame.ship,
            owner=frame.owner,
            expiry=Expiry.NEXT_TURN,
            set_in_turn=ctx.turn.turn_id,
            target=readied.key,
            note=f"{readied.name} when {trigger}",
        )
    )
    ctx.say(f"{ctx.actor_name(frame.actor)} readies {readied.name} for when {trigger}.")


def _direct(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    """Seed 001 Command card / seed 003: Direct, once per scene."""
    assert cmd is not None
    if frame.npc:
        _npc_direct(ctx, frame)
        return
    if ctx.turn.direct_used:
        refuse("Direct may be used only once per scene.")
    if cmd.target is None or cmd.target not in ctx.state.seated_characters():
        need("Direct needs another officer on the bridge.")
    if cmd.target == frame.actor:
        refuse("The CO directs another officer, not themselves.")
    ctx.set(
        assists=(
            *ctx.state.assists,
            AssistOffer(
                assister=frame.actor,
                target=cmd.target,
                attribute="control",
                discipline=Department.COMMAND.value,
                source="direct",
            ),
        )
    )
    ctx.set_turn(direct_used=True, interrupt=cmd.target)
    ctx.say(
        f"{ctx.actor_name(frame.actor)} directs {ctx.actor_name(cmd.target)} to act at "
        "once, assisting with Command."
    )


def _npc_direct(ctx: Ctx, frame: TaskFrame) -> None:
    """Seed 003 DIRECT: "one character on each side in a position of authority". An NPC
    ship's commander directs its crew: the ship attempts one more Task at once, assisted
    by its commander (the crew's quality), once per scene for the NPC side."""
    if ctx.turn.npc_direct_used:
        refuse("The NPCs have used their Direct this scene.")
    ctx.set(
        assists=(
            *ctx.state.assists,
            AssistOffer(
                assister=frame.ship,
                target=frame.ship,
                attribute="control",
                discipline=Department.COMMAND.value,
                source="direct",
            ),
        )
    )
    ctx.set_turn(npc_direct_used=True, interrupt=frame.ship)
    ctx.say(
        f"{ctx.ship_name(frame.ship)}'s commander directs the crew: one more Task at once, "
        "assisted by the commander."
    )


def _noop(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    return


def _narrative(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    note = pending.params.note
    ctx.say(
        f"{frame.action.name} succeeds{': ' + str(note) if note else ''}. "
        "The GM narrates the result."
    )


def _zone(pending: PendingTask) -> str:
    return str(pending.params.zone)


def _move(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    zone = _zone(pending)
    ctx.set(zones=ctx.state.zones.move(frame.ship, zone))
    ctx.say(f"{ctx.ship_name(frame.ship)} moves to {zone}.")


def _duration(
    kind: DurationKind, expiry: Expiry, *, value_per_extra: int = 0, base: int = 0
) -> Effect:
    def effect(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
        extra = spends.extra
        target = pending.params.target
        zone = pending.params.zone
        value = base + value_per_extra * extra
        if kind is DurationKind.JAMMED:
            value = pending.result.spec.difficulty
        note = ""
        if kind is DurationKind.TRACTOR_BEAM:
            value = ctx.ship(frame.ship).tractor_strength
            note = f"holding {ctx.ship_name(str(target))}, strength {value}"
        elif kind is DurationKind.PLOT_COURSE:
            note = f"-{value} Difficulty"
        elif kind is DurationKind.PROBE:
            note = f"in {zone}"
        elif kind is DurationKind.CHARTED_HAZARD:
            what = pending.params.note.strip() or "hazard"
            more = f" and {value - 1} more" if value > 1 else ""
            note = f"{what}{more}: -2 Difficulty to avoid"
        owner_ship = str(target) if kind is DurationKind.JAMMED else frame.ship
        if kind is DurationKind.PROBE:
            target = zone  # where the probe is: Sensor Sweeps of phenomena there are -2
        ctx.add_duration(
            Duration(
                kind=kind,
                ship=owner_ship,
                owner=frame.owner,
                expiry=expiry,
                set_in_turn=ctx.turn.turn_id,
                value=value,
                target=str(target) if target else None,
                note=note,
            )
        )
        ctx.say(
            f"{kind.label} active on {ctx.ship_name(owner_ship)}"
            + (f" ({note})" if note else "")
            + "."
        )

    return effect


def _modulate(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    bonus = 1 + spends.extra
    ship = ctx.ship(frame.ship)
    ctx.update_ship(frame.ship, modulation_bonus=max(ship.modulation_bonus, bonus))
    ctx.say(f"Shields modulated: +{bonus} Resistance until {ship.name} next takes damage.")


def _power_management(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    gain = 1 + spends.extra
    ship = ctx.ship(frame.ship)
    after = min(ship.power_now + gain, ship.power_capacity)
    ctx.update_ship(frame.ship, power=after)
    ctx.say(f"Power Management: {ship.name} Power {ship.power_now} -> {after}.")


def _regenerate(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    gain = 2 + 2 * spends.extra
    ship = ctx.ship(frame.ship)
    before = ship.shields or 0
    after = min(before + gain, ship.shields_max)
    ctx.update_ship(frame.ship, shields=after)
    ctx.say(f"Shields regenerated: {before} -> {after}.")


def _damage_control(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    system = pending.params.system
    assert system is not None
    ship = ctx.ship(frame.ship)
    d = ship.damage[system].model_copy(update={"repaired": True, "impact": False})
    ctx.update_ship(frame.ship, damage=ship.damage.replace(system, d))
    ctx.say(
        f"Damage Control repairs {system.label}: its penalties are lifted "
        f"({d.breaches} breach(es) remain)."
    )


def _sensor_sweep(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    contacts = tuple(
        s
        for s in ctx.state.ships
        if ctx.state.sides[s] != ctx.state.sides[frame.ship] and not ctx.ship(s).destroyed
    )
    ctx.set(scanned=tuple(sorted({*ctx.state.scanned, *contacts})))
    names = ", ".join(ctx.ship_name(s) for s in contacts) or "nothing"
    ctx.say(f"Sensor Sweep: contacts {names}.")
    if spends.extra:
        ctx.say(f"Obtain Information: {spends.extra} question(s) for the GM.")


def _attack_spends(spends: Spends) -> AttackSpends:
    return AttackSpends(
        bonus_damage=spends.bonus_damage,
        penetration=spends.penetration,
        devastating=spends.devastating,
        power_loss=spends.power_loss,
        reroll_damage=spends.reroll_damage,
    )


def _land(ctx: Ctx, ship_id: str, outcome: DamageOutcome) -> None:
    ctx.put_ship(outcome.ship)
    ctx.log.extend(outcome.report.steps)
    apply_damage_side_effects(ctx, ship_id, outcome.report.crew_injured)
    if outcome.ship.destroyed:
        ctx.set(
            durations=tuple(d for d in ctx.state.durations if ship_id not in (d.ship, d.target))
        )


def _reroll_blanks(ctx: Ctx, dice: int, spends: Spends) -> ChallengeRoll:
    roll = roll_challenge(dice, ctx.dice)
    if spends.reroll_damage:
        blanks = [i for i, d in enumerate(roll.dice) if d.damage == 0]
        ctx.say(f"Re-Roll Damage: {roll.describe()}; re-rolling {len(blanks)} blank(s).")
        roll = roll.reroll(blanks, ctx.dice)
    return roll


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
        spends=_attack_spends(spends),
        scan_for_weakness=p.scan,
        extra_power=p.extra_power,
        array_mode=p.array_mode,
        salvo=salvo,
        house=ctx.state.house_rules,
    )
    if p.scan:
        ctx.drop_durations(*ctx.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, frame.ship))
    roll = _reroll_blanks(ctx, attack.dice, spends)
    outcome = resolve_damage(
        attack, ctx.ship(target), ctx.dice, challenge=roll, house=ctx.state.house_rules
    )
    _land(ctx, target, outcome)
    report = outcome.report
    side: Side = "npc" if frame.npc else "player"
    ctx.gain(side, report.versatile_momentum, f"{weapon.name} (Versatile)")
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
            _land(ctx, other, extra)
    check_outcome(ctx)


def _ram(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    target = str(pending.params.target)
    if spends.devastating:
        refuse("Ramming Speed is already Devastating: the spend would change nothing.")
    scan = pending.params.scan
    on_target, recoil = ramming_attacks(
        ctx.ship(frame.ship),
        _attack_spends(spends),
        target_scale=ctx.ship(target).scale,
        scan_for_weakness=scan,
    )
    if scan:
        ctx.drop_durations(*ctx.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, frame.ship))
    ctx.set(zones=ctx.state.zones.move(frame.ship, ctx.state.zones.positions[target]))
    roll = _reroll_blanks(ctx, on_target.dice, spends)
    _land(
        ctx,
        target,
        resolve_damage(
            on_target, ctx.ship(target), ctx.dice, challenge=roll, house=ctx.state.house_rules
        ),
    )
    _land(
        ctx,
        frame.ship,
        resolve_damage(recoil, ctx.ship(frame.ship), ctx.dice, house=ctx.state.house_rules),
    )
    check_outcome(ctx)


IMMEDIATE: dict[str, Immediate] = {
    "assist": _assist,
    "pass": _pass,
    "ready": _ready,
    "direct": _direct,
}

EFFECTS: dict[str, Effect] = {
    "rally": _noop,
    "maneuver": _move,
    "impulse": _move,
    "warp": _move,
    "evasive_action": _duration(DurationKind.EVASIVE_ACTION, Expiry.NEXT_TASK),
    "attack_pattern": _duration(DurationKind.ATTACK_PATTERN, Expiry.NEXT_TURN),
    "ramming_speed": _ram,
    "plot_course": _duration(DurationKind.PLOT_COURSE, Expiry.USED, base=1, value_per_extra=1),
    "chart_hazard": _duration(DurationKind.CHARTED_HAZARD, Expiry.SCENE, base=1, value_per_extra=1),
    "fire_weapon": _fire,
    "modulate_shields": _modulate,
    "tractor_beam": _duration(DurationKind.TRACTOR_BEAM, Expiry.SCENE),
    "signals_jamming": _duration(DurationKind.JAMMED, Expiry.SCENE),
    "damage_report": _duration(DurationKind.DAMAGE_REPORT, Expiry.USED, base=1),
    "power_management": _power_management,
    "regenerate_shields": _regenerate,
    "damage_control": _damage_control,
    "sensor_sweep": _sensor_sweep,
    "scan_for_weakness": _duration(DurationKind.SCAN_FOR_WEAKNESS, Expiry.END_OF_NEXT_TURN),
    "launch_probe": _duration(DurationKind.PROBE, Expiry.SCENE),
}
# Tasks the catalog marks narrative are logged with their outcome for the GM to narrate.
EFFECTS.update({key: _narrative for key, a in CATALOG.items() if a.narrative})
