"""What a rolled Conflict card Task comes to: a melee attack's opposed outcome (seed 003
OPPOSED TASK OUTCOMES, compared after any re-roll), whether it succeeds, what its spends
cost, who may be its Secondary Target, and how many d20s Aim may re-roll."""

from __future__ import annotations

from bridge.engine.conflict.attack import attack_weapon
from bridge.engine.conflict.catalog import CONFLICT_CARD
from bridge.engine.conflict.commands import ConflictTask
from bridge.engine.conflict.figures import in_reach
from bridge.engine.conflict.ops import figure
from bridge.engine.conflict.rule import ConflictRule
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.state.conflict import ConflictPending
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.spends import Spends
from bridge.rules.opposed import OpposedOutcome, resolve_opposed
from bridge.rules.personal_gear import PersonalQuality

__all__ = [
    "aim_room",
    "check_secondary",
    "melee_outcome",
    "roll_succeeds",
    "secondary_refusal",
    "spend_cost",
]


def melee_outcome(pending: ConflictPending) -> OpposedOutcome | None:
    """Seed 003 OPPOSED TASK OUTCOMES for a melee attack, compared now (after any re-roll)."""
    if pending.reactive is None:
        return None
    return resolve_opposed(pending.result, pending.reactive)


def spend_cost(rule: ConflictRule, spends: Spends) -> int:
    """Momentum the spends on a resolved Conflict card Task cost, or refuse a spend the
    Task cannot take."""
    name = CONFLICT_CARD[rule.key].name
    if spends.extra and "extra" not in rule.spends:
        refuse(f"{name} has no repeatable Momentum effect.")
    if spends.is_attack and "damage" not in rule.spends:
        refuse("Damage spends apply only to attacks.")
    if spends.revive and "revive" not in rule.spends:
        refuse("Only First Aid puts a patient back in the fight.")
    if spends.create_advantage and spends.remove_complication:
        refuse("Create Advantage is one spend: an Advantage or a Complication removed.")
    cost = spends.extra * CONFLICT_CARD[rule.key].momentum_cost
    cost += spends.attack_cost() + spends.obtain_information + 2 * spends.revive
    cost += 2 if spends.create_advantage or spends.remove_complication else 0
    return cost


def revive_refusal(state: Encounter, pending: ConflictPending) -> str | None:
    """Why First Aid's 2-Momentum spend cannot put this patient back in the fight, or
    None: it brings an ally back, never an enemy (seed 003 FIRST AID treats a patient;
    the spend is the healer's side's Momentum)."""
    now = state.conflict
    patient = now.figures.get(pending.params.target or "") if now is not None else None
    healer = now.figures.get(pending.actor) if now is not None else None
    if patient is None or healer is None:
        return "There is no patient to put back in the fight."
    if patient.side != healer.side:
        return (
            f"{patient.name} is an enemy: First Aid stabilises them, but does not put "
            "them back in the fight."
        )
    return None


def secondary_refusal(state: Encounter, pending: ConflictPending, second: str) -> str | None:
    """Why ``second`` cannot be the rolled attack's Secondary Target (None: it can): a
    second figure "within Reach of the Attack's target" (house rule: or within Close
    range)."""
    now = state.conflict
    assert now is not None, "a Secondary Target needs a personal conflict"
    target = str(pending.params.target)
    other = now.figures.get(second)
    if other is None:
        return f"There is no figure '{second[:40]}' in the conflict."
    if second in (target, pending.actor) or other.out:
        return f"{other.name} cannot be the Secondary Target."
    if state.house_rules.secondary_within_reach:
        if not in_reach(now, target, second):
            return f"{other.name} is not within Reach of the target."
    elif now.zone_of(second) != now.zone_of(target):
        return f"{other.name} is not within Close range of the target."
    return None


def check_secondary(ctx: Ctx, pending: ConflictPending, spends: Spends) -> None:
    second = spends.secondary_target
    if second is None:
        return
    figure(ctx, second)
    reason = secondary_refusal(ctx.state, pending, second)
    if reason is not None:
        refuse(reason)


def roll_succeeds(pending: ConflictPending) -> bool:
    """Whether the rolled Task succeeds as it stands (a melee attack: by the opposed
    outcome, seed 003)."""
    opposed = melee_outcome(pending)
    return opposed.winner == "active" if opposed is not None else pending.result.success


def aim_room(state: Encounter) -> tuple[str | None, int]:
    """Aim's re-roll of the rolled attack (seed 003 Aim; ACCURATE, INACCURATE): why not
    (None: it may), and how many of its d20s it may re-roll (one; all with an Accurate
    weapon)."""
    now = state.conflict
    pending = now.pending if now is not None else None
    if now is None or pending is None:
        return "There is no rolled Task to re-roll.", 0
    if pending.damage is not None:
        return "The Task is resolved and its damage rolled: its dice cannot be re-rolled now.", 0
    me = now.figures[pending.actor]
    if pending.action != "attack":
        return "Aim re-rolls the dice of an attack.", 0
    if not me.aim or pending.params.aimed:
        return f"{me.name} has not Aimed (or its re-roll is used).", 0
    task = ConflictTask(action="attack", target=pending.params.target, weapon=pending.params.weapon)
    weapon = attack_weapon(state, me.id, task)
    if weapon.has(PersonalQuality.INACCURATE):
        return f"{weapon.name} is Inaccurate: Aim gives no benefit.", 0
    d20s = len(pending.result.dice)
    return None, d20s if weapon.has(PersonalQuality.ACCURATE) else 1
