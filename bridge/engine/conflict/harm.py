"""Damage landing on the figures of a personal conflict: Resistance and Cover dice, Stress,
Injuries and what stands in their way (Avoid Injury, the NPC abilities), the damage
effects, and the decisions a hit leaves waiting (seed 001 ATTACKS AND DAMAGE; seed 003
INJURIES, DAMAGE EFFECTS, NPC SPECIAL ABILITIES; RULES-NOTES "Personal conflict")."""

from __future__ import annotations

from dataclasses import dataclass

from bridge.engine.conflict.commands import AvoidInjury, ResistKnockdown, StrayHit
from bridge.engine.conflict.figures import for_crew, hidden_from_players, stats
from bridge.engine.conflict.ops import (
    conflict,
    figure,
    figure_pay,
    pays_threat,
    record_complications,
    set_conflict,
    update_figure,
)
from bridge.engine.conflict.turns import check_outcome
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.state.conflict import Decision, GroundItem
from bridge.rules.challenge import ChallengeRoll, roll_challenge
from bridge.rules.injury import avoid_injury_cost, harm, personal_damage
from bridge.rules.npc_abilities import NpcAbilityKind
from bridge.rules.personal_gear import PersonalEffect, PersonalQuality, PersonalWeapon

__all__ = [
    "Blow",
    "answer_avoid_injury",
    "answer_knockdown",
    "answer_stray",
    "disarm",
    "strike",
]


@dataclass(frozen=True)
class Blow:
    """One attack's damage as it leaves the attacker: the weapon, its effects (a Charge's
    added), its dice as rolled, whether it is Lethal, and the spends on it."""

    attacker: str
    weapon: PersonalWeapon
    roll: ChallengeRoll
    lethal: bool
    effects: tuple[tuple[PersonalEffect, int], ...]
    bonus: int = 0
    penetration: int = 0
    weakness: bool = False
    melee: bool = False

    def rating(self, effect: PersonalEffect) -> int | None:
        return next((x for e, x in self.effects if e is effect), None)


def strike(ctx: Ctx, blow: Blow, target_id: str, *, halved: bool = False, note: str = "") -> None:
    """Land ``blow`` on one figure: Resistance (armour, Machine X, Cover dice rolled now),
    Vicious, Piercing, Penetration; the Stress it removes; an Injury and what stops it;
    Knockdown. ``halved`` is a Secondary Target's half share."""
    target = figure(ctx, target_id)
    if target.out:
        ctx.say(f"{target.name} is already out of the fight.")
        return
    rules = ctx.state.house_rules
    now = conflict(ctx)
    npc = target.npc
    cover_dice = now.cover.get(now.zone_of(target_id), 0)
    if blow.melee and not rules.cover_against_melee:
        cover_dice = 0
    cover = roll_challenge(cover_dice, ctx.dice) if cover_dice else None
    vicious = blow.rating(PersonalEffect.VICIOUS) or 0
    piercing = blow.rating(PersonalEffect.PIERCING) or 0
    dealt = personal_damage(
        blow.roll,
        vicious=vicious,
        piercing=piercing,
        bonus=blow.bonus,
        penetration=blow.penetration,
        armour=stats(ctx.state, target).resistance,
        cover=cover,
        cover_effect_bonus=1 if target.recover_cover else 0,
        halved=halved,
    )
    who = f"{target.name}{note}"
    if npc is not None and not blow.lethal and npc.immune_to(PersonalQuality.NONLETHAL):
        ctx.say(
            f"{who} shrugs off the Non-lethal attack{for_crew(ctx.state, target, ' (Immune)')}."
        )
        return
    if hidden_from_players(ctx.state, target):
        ctx.say(f"The attack on {who}: {dealt.total} damage before Resistance.")
        ctx.say_gm(f"{who}: {dealt.describe()}.")
    else:
        ctx.say(f"The attack on {who}: {dealt.describe()}.")
    hurt = harm(dealt.damage, target.stress)
    target = update_figure(ctx, target_id, stress=hurt.stress_after)
    if hurt.stress_before != hurt.stress_after:
        line = f"{target.name}: Stress {hurt.stress_before} → {hurt.stress_after}."
        ctx.say_gm(line) if hidden_from_players(ctx.state, target) else ctx.say(line)
    if hurt.injury:
        _injure(ctx, blow, target_id, hurt.why)
    _knockdown(ctx, blow, target_id)


def _injure(ctx: Ctx, blow: Blow, target_id: str, why: str) -> None:
    """Seed 003: an Injury (``why``), unless an ability stops it or the target may Avoid it
    (a decision then waits)."""
    target = figure(ctx, target_id)
    npc = target.npc
    if npc is not None:
        if npc.has(NpcAbilityKind.INVULNERABLE) and not (
            blow.weakness and npc.has(NpcAbilityKind.SPECIFIC_WEAKNESS)
        ):
            ctx.say(
                f"{target.name} cannot be Injured{for_crew(ctx.state, target, ' (Invulnerable)')}."
            )
            return
        if npc.has(NpcAbilityKind.STAGGERED):
            update_figure(ctx, target_id, staggered=True)
            ctx.say(
                f"{target.name} is {for_crew(ctx.state, target, 'Staggered', 'stunned')} "
                "instead of Injured: its next Turn is lost."
            )
            return
        if npc.has(NpcAbilityKind.WRATHFUL):
            ctx.add_threat(
                2,
                for_crew(
                    ctx.state,
                    target,
                    f"{target.name} is Wrathful instead of Injured",
                    f"{target.name} is not Injured",
                ),
            )
            return
    lethal = blow.lethal
    debilitating = blow.weapon.has(PersonalQuality.DEBILITATING)
    if stats(ctx.state, target).may_avoid_injury and not target.avoid_injury_used:
        intense = blow.roll.effects if blow.rating(PersonalEffect.INTENSE) is not None else 0
        cost = avoid_injury_cost(intense)
        _queue(
            ctx,
            Decision(
                kind="avoid_injury",
                figure=target_id,
                cost=cost,
                lethal=lethal,
                debilitating=debilitating,
                source=f"{why}, from {blow.weapon.name}",
            ),
        )
        ctx.say(
            f"{target.name} would be Injured{for_crew(ctx.state, target, f' ({why})')}: "
            "they may Avoid the Injury "
            f"({cost} {'Threat' if pays_threat(target) else 'Momentum'}, or a Complication)."
        )
        return
    _take_injury(ctx, target_id, lethal, debilitating, why)


def _take_injury(ctx: Ctx, target_id: str, lethal: bool, debilitating: bool, why: str) -> None:
    """Seed 001: "An Injury incapacitates the target and they can no longer act"."""
    target = figure(ctx, target_id)
    kind = "lethal" if lethal or target.injury == "lethal" else "nonlethal"
    update_figure(
        ctx,
        target_id,
        injury=kind,
        debilitated=debilitating or target.debilitated,
        stabilised=False,
        fighting_on=False,
    )
    what = "a Lethal Injury" if kind == "lethal" else "a Non-lethal Injury (unconscious)"
    ctx.say(
        f"{target.name} suffers {what}{for_crew(ctx.state, target, f' ({why})')} "
        "and is incapacitated."
    )
    check_outcome(ctx)


def _knockdown(ctx: Ctx, blow: Blow, target_id: str) -> None:
    """Seed 003 KNOCKDOWN: any Effect knocks the target prone, unless it resists by adding
    Threat equal to the Effects (an NPC spends it)."""
    effects = blow.roll.effects
    if blow.rating(PersonalEffect.KNOCKDOWN) is None or not effects:
        return
    target = figure(ctx, target_id)
    if target.prone or target.dead or target.withdrawn:
        return
    if target.npc is not None and target.npc.immune_to(PersonalEffect.KNOCKDOWN):
        ctx.say(f"{target.name} cannot be knocked down (Immune).")
        return
    if pays_threat(target) and target.own_threat + ctx.state.threat.value < effects:
        update_figure(ctx, target_id, prone=True)
        ctx.say(f"{target.name} is knocked prone (Knockdown; no Threat to resist it).")
        return
    _queue(ctx, Decision(kind="resist_knockdown", figure=target_id, cost=effects))
    word = "spending" if pays_threat(target) else "adding"
    ctx.say(f"{target.name} is knocked down unless they resist by {word} {effects} Threat.")


def _queue(ctx: Ctx, decision: Decision) -> None:
    set_conflict(ctx, decisions=(*conflict(ctx).decisions, decision))


def _front(ctx: Ctx, kind: str, figure_id: str | None) -> Decision:
    decisions = conflict(ctx).decisions
    if not decisions:
        refuse("Nothing waits for a decision.")
    front = decisions[0]
    if front.kind != kind or (figure_id is not None and front.figure != figure_id):
        refuse("Another decision waits first.")
    set_conflict(ctx, decisions=decisions[1:])
    return front


def answer_avoid_injury(ctx: Ctx, cmd: AvoidInjury) -> None:
    """Seed 003 Avoid Injury (2, Immediate): once per scene; the cost may be paid by
    suffering a Complication; Intense adds 1 per Effect. A player may add it to Threat
    (an Immediate spend); an NPC spends Threat."""
    decision = _front(ctx, "avoid_injury", cmd.figure)
    target = figure(ctx, cmd.figure)
    if cmd.pay == "none":
        _take_injury(ctx, target.id, decision.lethal, decision.debilitating, decision.source)
        return
    if cmd.pay == "complication":
        record_complications(ctx, f"{target.name} avoids an Injury", 1)
        ctx.say(f"{target.name} avoids the Injury and suffers a Complication instead.")
    else:
        figure_pay(ctx, target, decision.cost, "Avoid Injury", with_threat=cmd.pay == "threat")
        ctx.say(f"{target.name} avoids the Injury (once this scene).")
    update_figure(ctx, target.id, avoid_injury_used=True)


def answer_knockdown(ctx: Ctx, cmd: ResistKnockdown) -> None:
    decision = _front(ctx, "resist_knockdown", cmd.figure)
    target = figure(ctx, cmd.figure)
    if not cmd.resist:
        update_figure(ctx, target.id, prone=True)
        ctx.say(f"{target.name} is knocked prone (Knockdown).")
        return
    if pays_threat(target):
        figure_pay(ctx, target, decision.cost, f"{target.name} resists the Knockdown")
    else:
        ctx.add_threat(decision.cost, f"{target.name} resists the Knockdown")


def answer_stray(ctx: Ctx, cmd: StrayHit) -> None:
    """Seed 003 MAKING AN ATTACK 4b: a Complication "may indicate that one of those other
    creatures are struck by the attack as well": the GM names one (or none)."""
    decision = _front(ctx, "stray_hit", None)
    if cmd.figure is None:
        ctx.say("The GM rules that the Complication strikes no one else.")
        return
    if cmd.figure not in decision.options:
        refuse(f"{cmd.figure} was not within Reach of the target: choose one who was.")
    victim = figure(ctx, cmd.figure)
    ctx.say(f"The Complication: the shot strikes {victim.name} as well.")
    qualities = ((PersonalQuality.DEBILITATING, 0),) if decision.debilitating else ()
    blow = Blow(
        attacker="",
        weapon=PersonalWeapon(
            name=decision.source or "The shot", kind="Ranged", dice=1, qualities=qualities
        ),
        roll=ChallengeRoll(dice=()),
        lethal=decision.lethal,
        effects=(),
        bonus=decision.damage,
    )
    strike(ctx, blow, victim.id)


def disarm(ctx: Ctx, target_id: str) -> None:
    """Seed 001 Disarm: "One weapon held by the target is knocked away and falls to the
    ground within Reach"."""
    target = figure(ctx, target_id)
    weapon = target.weapon(target.wielding)
    if weapon is None:
        ctx.say(f"Disarm: {target.name} holds no weapon.")
        return
    rest = tuple(w for w in target.weapons if w is not weapon)
    update_figure(ctx, target_id, weapons=rest, wielding=None)
    now = conflict(ctx)
    item = GroundItem(weapon=weapon, zone=now.zone_of(target_id), huddle=target.huddle)
    set_conflict(ctx, ground=(*now.ground, item))
    ctx.say(f"Disarm: {target.name}'s {weapon.name} falls to the ground within Reach.")
