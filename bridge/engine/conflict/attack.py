"""The Conflict card's Attack (seed 001 ATTACKS AND DAMAGE; seed 003 MAKING AN ATTACK,
DAMAGE EFFECTS and the weapon qualities): melee, opposed by the target, and ranged."""

from __future__ import annotations

from bridge.engine.conflict.commands import ConflictTask
from bridge.engine.conflict.figures import (
    enemies_of,
    figure_range,
    in_reach,
    reach_of,
    stats,
    weapon_of,
)
from bridge.engine.conflict.harm import Blow, disarm, strike
from bridge.engine.conflict.ops import (
    conflict,
    figure,
    figure_pay,
    pays_threat,
    set_conflict,
    threat_available,
)
from bridge.engine.conflict.rule import Choices, ConflictRule, FigureFrame
from bridge.engine.core.context import Ctx, need, refuse
from bridge.engine.core.forms import Choice
from bridge.engine.core.needs import Need
from bridge.engine.state.conflict import Conflict, ConflictPending, Decision, Figure
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.spends import Spends
from bridge.engine.state.zones import UNCONNECTED
from bridge.rules.challenge import roll_challenge
from bridge.rules.personal_gear import (
    CHARGE_EFFECTS,
    UNARMED,
    PersonalEffect,
    PersonalQuality,
    PersonalWeapon,
)
from bridge.rules.stats import Attribute, Department
from bridge.rules.task import Roller, TaskSpec

__all__ = ["ATTACK", "attack_weapon", "blow_effects", "counter_weapon"]

MELEE_DIFFICULTY = 1
"""Seed 003 MAKING AN ATTACK 4a: "Daring + Security Task with a Difficulty of 1, opposed
by the target's Daring + Security (also Difficulty 1)"."""
RANGED_DIFFICULTY = 2
"""Seed 003 MAKING AN ATTACK 4b: "Control + Security Task with a Difficulty of 2"."""
LETHAL_THREAT = 1
"""Seed 003 MAKING AN ATTACK 3: "If the attack is Lethal, add a single point to the Threat
pool" (RULES-NOTES: an NPC spends 1 instead)."""


def attack_weapon(state: Encounter, actor: str, cmd: ConflictTask) -> PersonalWeapon:
    """The weapon the attack names, else the one in hand, else bare hands."""
    fig = _conflict(state).figures[actor]
    named = weapon_of(fig, cmd.weapon) if cmd.weapon else None
    if named is not None:
        return named
    return fig.weapon(fig.wielding) or UNARMED


def _conflict(state: Encounter) -> Conflict:
    assert state.conflict is not None, "a Conflict card Task needs a personal conflict"
    return state.conflict


def blow_effects(
    weapon: PersonalWeapon, charge: PersonalEffect | None
) -> tuple[tuple[PersonalEffect, int], ...]:
    """The weapon's damage effects and the one a Charge adds (seed 003 CHARGE)."""
    effects = list(weapon.effects)
    if charge is not None:
        rating = dict(CHARGE_EFFECTS)[charge]
        effects = [(e, x) for e, x in effects if e is not charge]
        effects.append((charge, max(rating, weapon.effect(charge) or 0)))
    return tuple(effects)


def counter_weapon(fig: Figure) -> PersonalWeapon:
    """What a melee target strikes back with: its melee weapon in hand, else bare hands."""
    held = fig.weapon(fig.wielding)
    return held if held is not None and held.melee else UNARMED


def _bystanders(state: Encounter, actor: str, target: str) -> tuple[str, ...]:
    """Seed 003 4b: "creatures within Reach of the target" (other than the attacker)."""
    return tuple(f for f in reach_of(_conflict(state), target) if f != actor)


# -- the gate and the checks --------------------------------------------------------------
def _why_not(state: Encounter, actor: str) -> str | None:
    if not enemies_of(_conflict(state), actor):
        return "No enemy is left in the fight to attack."
    return None


def _check(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> None:
    now = conflict(ctx)
    me = figure(ctx, frame.actor)
    if cmd.target is None:
        need("The attack needs a target.")
    target = figure(ctx, cmd.target)
    if target.id == me.id:
        refuse("A figure cannot attack itself.")
    if target.out:
        refuse(f"{target.name} is already out of the fight.")
    if cmd.weapon is not None and cmd.weapon != UNARMED.name:
        carried = me.weapon(cmd.weapon)
        if carried is None:
            refuse(f"{me.name} carries no {cmd.weapon}.")
        if me.wielding != cmd.weapon:
            refuse(f"{cmd.weapon} is not in hand: draw it first (Draw Item).")
    weapon = attack_weapon(ctx.state, me.id, cmd)
    if weapon.melee and not in_reach(now, me.id, target.id):
        refuse(
            f"{target.name} is not within Reach: a melee attack needs Reach. "
            "Move beside them first."
        )
    if not weapon.melee and figure_range(now, me.id, target.id)[0] >= UNCONNECTED:
        refuse(f"No way to {target.name}: their zone is not connected to this one.")
    if weapon.has(PersonalQuality.CUMBERSOME) and not now.turn.prepared:
        refuse(f"{weapon.name} is Cumbersome: take the Prepare Minor Action this Turn first.")
    if cmd.charge is not None:
        if not weapon.has(PersonalQuality.CHARGE):
            refuse(f"{weapon.name} has no Charge quality.")
        if not now.turn.prepared:
            refuse("A Charge needs the Prepare Minor Action this Turn first.")
        if cmd.charge not in dict(CHARGE_EFFECTS):
            refuse("A Charge adds Area, Intense, Piercing 2 or Vicious 1.")
    if cmd.lethal and pays_threat(me) and threat_available(ctx, me) < LETHAL_THREAT:
        refuse("An NPC's Lethal attack spends 1 Threat, and there is none.")
    area = PersonalEffect.AREA in dict(blow_effects(weapon, cmd.charge))
    if cmd.also and not area:
        refuse("Only an Area attack strikes further targets.")
    for other in cmd.also:
        victim = figure(ctx, other)
        if other in (me.id, target.id) or now.zone_of(other) != now.zone_of(target.id):
            refuse(f"{victim.name} is not within Close range of {target.name}.")


def _base(state: Encounter, frame: FigureFrame, cmd: ConflictTask) -> tuple[str, int]:
    if attack_weapon(state, frame.actor, cmd).melee:
        return "Base (melee attack, opposed)", MELEE_DIFFICULTY
    return "Base (ranged attack)", RANGED_DIFFICULTY


def _items(state: Encounter, frame: FigureFrame, cmd: ConflictTask) -> list[tuple[str, int]]:
    now = _conflict(state)
    weapon = attack_weapon(state, frame.actor, cmd)
    items: list[tuple[str, int]] = []
    mine = now.figures[frame.actor]
    if not weapon.melee and any(
        now.figures[f].side != mine.side for f in reach_of(now, frame.actor)
    ):
        items.append(("An enemy within Reach of you (ranged)", 1))  # seed 003 4b
    target = now.figures.get(cmd.target or "")
    if target is not None:
        if target.guarded:
            items.append((f"{target.name} on Guard", 1))  # seed 003 GUARD
        if target.prone:
            rules = state.house_rules
            if weapon.melee and rules.prone_melee_difficulty:
                items.append((f"{target.name} prone (melee)", rules.prone_melee_difficulty))
            elif not weapon.melee and rules.prone_ranged_difficulty:
                items.append((f"{target.name} prone (ranged)", rules.prone_ranged_difficulty))
    if weapon.has(PersonalQuality.DEADLY) and not cmd.lethal:
        items.append(("Deadly weapon, Non-lethal attack", 1))  # seed 003 DEADLY
    if weapon.has(PersonalQuality.NONLETHAL) and cmd.lethal:
        items.append(("Non-lethal weapon, Lethal attack", 1))  # seed 003 NON-LETHAL
    return items


def _complications(
    state: Encounter, frame: FigureFrame, cmd: ConflictTask
) -> list[tuple[str, int]]:
    """Seed 003 4b: "The Complication Range of the Attack increases by 1 if there are
    creatures within Reach of the target"."""
    if cmd.target is None or cmd.target not in _conflict(state).figures:
        return []
    if attack_weapon(state, frame.actor, cmd).melee:
        return []
    if _bystanders(state, frame.actor, cmd.target):
        return [("Others within Reach of the target", 1)]
    return []


def _roll(state: Encounter, frame: FigureFrame, cmd: ConflictTask) -> tuple[Attribute, Department]:
    if attack_weapon(state, frame.actor, cmd).melee:
        return Attribute.DARING, Department.SECURITY
    return Attribute.CONTROL, Department.SECURITY


def _opposed(state: Encounter, frame: FigureFrame, cmd: ConflictTask) -> TaskSpec | None:
    """A melee attack's target rolls Daring + Security, Difficulty 1 (seed 003 4a)."""
    if not attack_weapon(state, frame.actor, cmd).melee or cmd.target is None:
        return None
    target = _conflict(state).figures.get(cmd.target)
    if target is None:
        return None
    them = stats(state, target)
    return TaskSpec(
        lead=Roller.of(them.attributes.daring, them.disciplines.security),
        difficulty=MELEE_DIFFICULTY,
        side="npc" if target.npc is not None else "player",
        automatic=min(them.automatic(Attribute.DARING), 5),
    )


def _threat(state: Encounter, frame: FigureFrame, cmd: ConflictTask) -> tuple[str, int]:
    return ("Lethal attack", LETHAL_THREAT) if cmd.lethal else ("", 0)


# -- the needs' legal choices -------------------------------------------------------------
def _targets(state: Encounter, actor: str, cmd: ConflictTask) -> tuple[Choice, ...]:
    now = _conflict(state)
    melee = attack_weapon(state, actor, cmd).melee
    out = []
    enemies = set(enemies_of(now, actor))
    for fid, fig in now.figures.items():
        if fid == actor or fig.out:
            continue
        distance, label = figure_range(now, actor, fid)
        if melee and not in_reach(now, actor, fid):
            continue
        if distance >= UNCONNECTED:
            continue
        side = "" if fid in enemies else ", an ally"
        out.append(Choice(value=fid, label=f"{fig.name} ({label}{side})"))
    out.sort(key=lambda c: c.value not in enemies)
    return tuple(out)


def _weapons(state: Encounter, actor: str, cmd: ConflictTask) -> tuple[Choice, ...]:
    fig = _conflict(state).figures[actor]
    held = fig.weapon(fig.wielding)
    options = [held] if held is not None else []
    options.append(UNARMED)
    return tuple(Choice(value=w.name, label=w.describe()) for w in options)


def _charges(state: Encounter, actor: str, cmd: ConflictTask) -> tuple[Choice, ...]:
    return tuple(
        Choice(value=e.value, label=e.label.replace(" X", f" {x}") if x else e.label)
        for e, x in CHARGE_EFFECTS
    )


def _charge_offered(state: Encounter, actor: str, cmd: ConflictTask) -> str | None:
    weapon = attack_weapon(state, actor, cmd)
    if not weapon.has(PersonalQuality.CHARGE):
        return f"{weapon.name} has no Charge quality."
    if not _conflict(state).turn.prepared:
        return "A Charge needs the Prepare Minor Action this Turn first."
    return None


def _also(state: Encounter, actor: str, cmd: ConflictTask) -> tuple[Choice, ...]:
    now = _conflict(state)
    if cmd.target is None or cmd.target not in now.figures:
        return ()
    zone = now.zone_of(cmd.target)
    return tuple(
        Choice(value=fid, label=fig.name)
        for fid, fig in now.figures.items()
        if fid not in (actor, cmd.target)
        and not fig.out
        and now.zone_of(fid) == zone
        and not in_reach(now, cmd.target, fid)
    )


def _also_offered(state: Encounter, actor: str, cmd: ConflictTask) -> str | None:
    weapon = attack_weapon(state, actor, cmd)
    if PersonalEffect.AREA in dict(blow_effects(weapon, cmd.charge)):
        return None
    return "Only an Area attack strikes further targets."


# -- the attack lands ---------------------------------------------------------------------
def _dice(state: Encounter, actor: str, weapon: PersonalWeapon) -> int:
    """RULES-NOTES [known]: "the weapon's challenge dice plus the attacker's Security"."""
    fig = _conflict(state).figures[actor]
    return weapon.dice + stats(state, fig).disciplines.security


def _launch(ctx: Ctx, frame: FigureFrame, pending: ConflictPending, spends: Spends) -> int:
    weapon = attack_weapon(ctx.state, frame.actor, _as_task(pending))
    return _dice(ctx.state, frame.actor, weapon)


def _as_task(pending: ConflictPending) -> ConflictTask:
    p = pending.params
    return ConflictTask(
        action="attack", target=p.target, weapon=p.weapon, lethal=p.lethal, charge=p.charge
    )


def _hit(ctx: Ctx, frame: FigureFrame, pending: ConflictPending, spends: Spends) -> None:
    p = pending.params
    me = figure(ctx, frame.actor)
    weapon = attack_weapon(ctx.state, me.id, _as_task(pending))
    target = str(p.target)
    if pending.damage is not None:
        roll = pending.damage.roll
    else:
        roll = roll_challenge(_dice(ctx.state, me.id, weapon), ctx.dice)
    blow = Blow(
        attacker=me.id,
        weapon=weapon,
        roll=roll,
        lethal=p.lethal,
        effects=blow_effects(weapon, p.charge),
        bonus=spends.bonus_damage,
        penetration=spends.penetration,
        weakness=p.weakness,
        melee=weapon.melee,
    )
    kind = "Lethal" if p.lethal else "Non-lethal"
    ctx.say(
        f"{me.name} hits {figure(ctx, target).name} with {weapon.name} ({kind}): {roll.describe()}."
    )
    bystanders = _bystanders(ctx.state, me.id, target)
    strike(ctx, blow, target)
    _area(ctx, blow, target, p.also)
    if spends.secondary_target is not None:
        strike(ctx, blow, spends.secondary_target, halved=True, note=" (Secondary Target)")
    if spends.disarm:
        disarm(ctx, target)
    if not weapon.melee and pending.result.complications and bystanders:
        total = roll.total + (blow.rating(PersonalEffect.VICIOUS) or 0) * roll.effects
        decision = Decision(
            kind="stray_hit",
            figure=target,
            options=bystanders,
            damage=total + blow.bonus,
            lethal=p.lethal,
            debilitating=weapon.has(PersonalQuality.DEBILITATING),
            source=weapon.name,
        )
        set_conflict(ctx, decisions=(*conflict(ctx).decisions, decision))
        ctx.say(
            "A Complication with others within Reach of the target: the GM says whether "
            "the shot strikes one of them as well."
        )


def _area(ctx: Ctx, blow: Blow, target: str, chosen: tuple[str, ...]) -> None:
    """Seed 003 AREA: everyone within Reach of the target, then one more within Close range
    per Effect, nearest first (the attack's ``also``, then the map's order)."""
    if blow.rating(PersonalEffect.AREA) is None:
        return
    now = conflict(ctx)
    struck = [f for f in reach_of(now, target)]
    for fid in struck:
        strike(ctx, blow, fid, note=" (Area)")
    zone = now.zone_of(target)
    others = [
        fid
        for fid, fig in now.figures.items()
        if fid not in (target, blow.attacker, *struck) and not fig.out and now.zone_of(fid) == zone
    ]
    ordered = [f for f in chosen if f in others] + [f for f in others if f not in chosen]
    for fid in ordered[: blow.roll.effects]:
        strike(ctx, blow, fid, note=" (Area, an Effect)")


def _countered(ctx: Ctx, frame: FigureFrame, pending: ConflictPending) -> None:
    """Seed 003 4a: "If the target wins the Opposed Task, then they are considered to have
    made a successful Attack instead": it strikes back with its melee weapon (or bare
    hands), as Lethal as the attack it answers if it can pay for that."""
    target = figure(ctx, str(pending.params.target))
    me = figure(ctx, frame.actor)
    weapon = counter_weapon(target)
    lethal = pending.params.lethal
    if lethal and pays_threat(target) and threat_available(ctx, target) < LETHAL_THREAT:
        lethal = False
        ctx.say(f"{target.name} has no Threat for a Lethal blow: it strikes Non-lethal.")
    if lethal:
        if pays_threat(target):
            figure_pay(ctx, target, LETHAL_THREAT, "Lethal counter-attack")
        else:
            ctx.add_threat(LETHAL_THREAT, "Lethal counter-attack")
    roll = roll_challenge(_dice(ctx.state, target.id, weapon), ctx.dice)
    ctx.say(
        f"{target.name} wins and strikes back at {me.name} with {weapon.name} "
        f"({'Lethal' if lethal else 'Non-lethal'}): {roll.describe()}."
    )
    blow = Blow(
        attacker=target.id,
        weapon=weapon,
        roll=roll,
        lethal=lethal,
        effects=weapon.effects,
        melee=True,
    )
    strike(ctx, blow, me.id)


ATTACK_CHOICES: dict[Need, Choices] = {
    Need.TARGET: _targets,
    Need.PERSONAL_WEAPON: _weapons,
    Need.CHARGE: _charges,
    Need.ALSO: _also,
}
"""The legal values of the attack's own needs (Lethal and a Specific Weakness are ticks)."""

ATTACK = ConflictRule(
    "attack",
    needs=(
        Need.TARGET,
        Need.PERSONAL_WEAPON,
        Need.LETHAL,
        Need.CHARGE,
        Need.ALSO,
        Need.WEAKNESS,
    ),
    why_not=_why_not,
    check=_check,
    base=_base,
    items=_items,
    complications=_complications,
    roll=_roll,
    effect=_hit,
    launch=_launch,
    opposed=_opposed,
    countered=_countered,
    attack=True,
    offered={Need.CHARGE: _charge_offered, Need.ALSO: _also_offered},
    threat=_threat,
    spends=frozenset({"damage"}),
)
"""Seed 001 ATTACKS AND DAMAGE, seed 003 MAKING AN ATTACK."""
