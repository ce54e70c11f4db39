"""A rolled Task from its roll to its effect, one rule for both battles: the Momentum spent
on it, the Complications it brings, an attack's damage dice held for Re-Roll Damage, a
Moment of Inspiration, Determination for a second Task or an Advantage, and a readied
Task's trigger. Each battle supplies what is its own (a melee attack's opposed roll, a
ship's Attack Pattern bonus) through its :class:`~bridge.engine.core.theatre.Theatre`.

Seed 001 RULES SUMMARY and card backs; seed 003 USES FOR DETERMINATION, READY.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from bridge.engine.core.commands import (
    ApplyDamage,
    Inspiration,
    ResolveTask,
    SpendDetermination,
    TaskCommand,
    TriggerReady,
)
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.core.gm import add_advantage, remove_complication
from bridge.engine.core.plan import F, TaskPlan
from bridge.engine.core.theatre import Theatre
from bridge.engine.state.encounter import Encounter, Trait
from bridge.engine.state.spends import HeldDamage, Spends
from bridge.engine.state.turn import Rolled
from bridge.rules.challenge import roll_challenge
from bridge.rules.dice import GivenDice
from bridge.rules.errors import RuleViolation
from bridge.rules.task import TaskSpec, moment_of_inspiration
from bridge.rules.text import TITLE_MAX

C = TypeVar("C", bound=TaskCommand)

__all__ = [
    "after_spends",
    "apply_damage",
    "determination",
    "determination_refusal",
    "held_offer",
    "inspiration",
    "pay_for_dice",
    "preview_plan",
    "record_complications",
    "resolve",
    "trigger_ready",
    "trigger_refusal",
]


def resolve(ctx: Ctx, theatre: Theatre, cmd: ResolveTask) -> None:
    """Spend Momentum on the rolled Task and apply it; an attack that hits with
    ``hold_damage`` rolls its damage dice and holds them (:func:`apply_damage` lands them)."""
    state = ctx.state
    pending = theatre.pending(state)
    if pending is None:
        refuse("There is no rolled Task to resolve.")
    actor = pending.actor
    name = theatre.name(state, actor)
    if cmd.by not in ("gm", theatre.issuer(state, actor)):
        refuse(f"Only {name} (or the GM) resolves this Task.")
    if pending.damage is not None:
        refuse("The damage dice are rolled: apply the damage (re-rolling any dice first).")
    a = theatre.action(pending.action)
    spends = cmd.spends
    outcome = theatre.outcome(state, pending)
    cost = theatre.spend_cost(state, pending, spends)
    if cost and not outcome.success:
        refuse(f"{a.name} failed: there is no effect to spend Momentum on.")
    hold = cmd.hold_damage and outcome.success and theatre.attack(pending)
    theatre.check_spends(ctx, pending, spends, outcome.success, hold)
    said = "succeeds at a cost" if outcome.at_cost else "succeeds" if outcome.success else "fails"
    ctx.say(f"{name}'s {a.name} {said}.")
    generated = theatre.momentum(ctx, pending, outcome)
    pool = theatre.pool(ctx.state, actor)
    if cost > generated + pool:
        word = theatre.word(state, actor)
        refuse(
            f"Not enough {word}: the spends cost {cost}, {generated} generated and "
            f"{pool} in the pool."
        )
    theatre.pay(ctx, actor, max(cost - generated, 0), "Spends beyond this Task's Momentum")
    kept = generated - min(cost, generated)
    if not hold:
        theatre.gain(ctx, actor, kept, f"{a.name} saves")
    complications = theatre.complications(pending)
    if complications:
        ctx.say(f"{complications} Complication(s): the GM describes what goes wrong.")
        record_complications(ctx, theatre.complication_name(ctx.state, pending), complications)
    theatre.set_pending(ctx, None)
    theatre.after_roll(ctx, pending, outcome)
    if hold:
        roll = roll_challenge(theatre.launch(ctx, pending, spends), ctx.dice)
        held = HeldDamage(roll=roll, spends=spends, momentum=kept)
        theatre.set_pending(ctx, pending.model_copy(update={"damage": held}))
        theatre.held(ctx, pending, held)
        offer = (  # (said only when its 1 can be paid: the attack's own first)
            f" Re-Roll Damage (1 {theatre.word(state, actor)}) may re-roll any of them "
            "before the damage lands."
            if kept + theatre.pool(ctx.state, actor) >= 1
            else ""
        )
        ctx.say(f"Damage dice: {roll.describe()}.{offer}")
    elif outcome.success:
        theatre.effect(ctx, pending, spends)
    after_spends(ctx, spends)
    if not hold:
        theatre.end_interrupt(ctx, pending)


def after_spends(ctx: Ctx, spends: Spends) -> None:
    """The spends any success allows: questions for the GM, an Advantage created or a
    Complication removed (seed 001 Create Advantage)."""
    if spends.obtain_information:
        ctx.say(f"Obtain Information: {spends.obtain_information} question(s) for the GM.")
    if spends.create_advantage:
        add_advantage(ctx, spends.create_advantage)
    if spends.remove_complication:
        remove_complication(ctx, spends.remove_complication)


def record_complications(ctx: Ctx, what: str, count: int) -> None:
    """Seed 001 RULES SUMMARY 3C: "Each die that rolls a 20 causes a Complication": each
    one goes in play (``traits``) until the end of the scene, unless the GM removes it
    first (Bridge's reading: the seeds do not say how long a rolled one lasts)."""
    names = {t.name for t in ctx.state.traits}
    base = what[: TITLE_MAX - 4]
    added = []
    for _ in range(count):
        name, n = base, 2
        while name in names:
            name, n = f"{base} #{n}", n + 1
        names.add(name)
        added.append(Trait(name=name, kind="complication", rolled=True))
    ctx.set(traits=(*ctx.state.traits, *added))


def apply_damage(ctx: Ctx, theatre: Theatre, cmd: ApplyDamage) -> None:
    """Land an attack's held damage dice; seed 001 Re-Roll Damage (1 Momentum, an NPC 1
    Threat, from the attack's own first) first re-rolls the dice the attacker picks, once."""
    state = ctx.state
    pending = theatre.pending(state)
    if pending is None or pending.damage is None:
        refuse("No attack's damage dice are waiting to land.")
    actor = pending.actor
    if cmd.by not in ("gm", theatre.issuer(state, actor)):
        refuse(f"Only {theatre.name(state, actor)} (or the GM) applies this damage.")
    held = pending.damage
    word = theatre.word(state, actor)
    roll, kept = held.roll, held.momentum
    if cmd.reroll:
        if len(set(cmd.reroll)) != len(cmd.reroll):
            refuse("Each die is re-rolled at most once: a die is named twice.")
        if kept:
            kept -= 1
            ctx.say(f"Re-Roll Damage: 1 of the attack's {word}.")
        elif theatre.pool(state, actor) < 1:
            refuse(f"Not enough {word} for Re-Roll Damage: it costs 1, and there is none.")
        else:
            theatre.pay(ctx, actor, 1, "Re-Roll Damage")
        before = roll
        roll = roll.reroll(cmd.reroll, ctx.dice)
        ctx.say(
            f"Re-Roll Damage: {before.describe()}; re-rolling {len(cmd.reroll)} "
            f"{'die' if len(cmd.reroll) == 1 else 'dice'}: {roll.describe()}."
        )
    theatre.gain(ctx, actor, kept, f"{theatre.action(pending.action).name} saves")
    landed = pending.model_copy(update={"damage": held.model_copy(update={"roll": roll})})
    theatre.set_pending(ctx, None)
    theatre.effect(ctx, landed, held.spends)
    theatre.end_interrupt(ctx, pending)


def inspiration(ctx: Ctx, theatre: Theatre, cmd: Inspiration) -> None:
    """Seed 003 USES FOR DETERMINATION: a Moment of Inspiration re-rolls all the dice of
    the officer's waiting roll, citing a Value."""
    state = ctx.state
    pending = theatre.pending(state)
    if pending is None:
        refuse("There is no rolled Task to re-roll.")
    officer = theatre.officer(state, pending.actor)
    if officer is None:
        refuse("Only an officer of the crew has Determination.")
    if cmd.by not in ("gm", officer):
        refuse("Only the officer who rolled can spend their Determination on it.")
    if pending.damage is not None:
        refuse("The Task is resolved and its damage rolled: its dice cannot be re-rolled now.")
    reason = theatre.reroll_refusal(state, pending)
    if reason is not None:
        refuse(reason)
    character = ctx.character(officer).spend_determination(cmd.value)
    ctx.put_character(character)
    spec = pending.result.spec.model_copy(update={"value": cmd.value})
    again = moment_of_inspiration(pending.result.model_copy(update={"spec": spec}), ctx.dice)
    ctx.say(f"{character.name}: Moment of Inspiration ({cmd.value}). {again.describe()}")
    theatre.rerolled(ctx, pending.model_copy(update={"result": again}))


def _spender(state: Encounter, theatre: Theatre, cmd: SpendDetermination) -> str | None:
    """The officer who spends the Determination: the one named, or the one acting now."""
    if cmd.character is not None:
        return cmd.character
    now = theatre.turn(state).actor
    return theatre.officer(state, now) if now is not None else None


def determination_refusal(
    state: Encounter, theatre: Theatre, cmd: SpendDetermination
) -> str | None:
    """Why the officer cannot spend Determination so now, or None."""
    officer = _spender(state, theatre, cmd)
    if officer is None or officer not in state.characters:
        return "Only an officer of the crew has Determination."
    if cmd.use == "second_task":
        actor = theatre.turn(state).actor
        if actor is None or theatre.officer(state, actor) != officer:
            return "A second Task is taken during the officer's own Turn."
        if theatre.turn(state).task_allowance >= 2:
            return "At most two Tasks may be attempted in a Turn."
    return None


def determination(ctx: Ctx, theatre: Theatre, cmd: SpendDetermination) -> None:
    """Seed 003 USES FOR DETERMINATION: a second Task this Turn (+1 Difficulty), or Make
    It So (an Advantage)."""
    reason = determination_refusal(ctx.state, theatre, cmd)
    if reason is not None:
        refuse(reason)
    officer = _spender(ctx.state, theatre, cmd)
    assert officer is not None  # (refused above)
    if cmd.by not in ("gm", officer):
        refuse("Only the officer's own player spends their Determination.")
    character = ctx.character(officer).spend_determination(cmd.value)
    if cmd.use == "second_task":
        theatre.set_turn(ctx, task_allowance=2)
        ctx.say(
            f"{character.name} spends Determination ({cmd.value}): a second Task, +1 Difficulty."
        )
    else:
        if not cmd.name:
            refuse("Name the Advantage Make It So creates.")
        ctx.set(traits=(*ctx.state.traits, Trait(name=cmd.name, kind="advantage")))
        ctx.say(f"{character.name} spends Determination ({cmd.value}): Make It So - {cmd.name}.")
    ctx.put_character(character)


def trigger_refusal(state: Encounter, theatre: Theatre, actor: str) -> str | None:
    """Seed 003 READY: why ``actor``'s readied Task cannot interrupt now, or None: when
    its trigger happens (in another's Turn, or between Turns), once nothing else is being
    resolved."""
    if theatre.readied(state, actor) is None:
        return f"{theatre.name(state, actor)} has no readied Task."
    unable = theatre.unable(state, actor)
    if unable is not None:
        return unable
    turn = theatre.turn(state)
    if turn.actor == actor:
        name = theatre.name(state, actor)
        return f"{name} is taking their own Turn: a readied Task interrupts another's."
    if turn.interrupt is not None or theatre.pending(state) is not None:
        return "Another Task is being resolved: wait for it."
    return None


def trigger_ready(ctx: Ctx, theatre: Theatre, cmd: TriggerReady) -> None:
    """Seed 003 READY: the readied actor interrupts the acting one's Turn for its Task."""
    reason = trigger_refusal(ctx.state, theatre, cmd.actor)
    if reason is not None:
        refuse(reason)
    note = theatre.readied(ctx.state, cmd.actor)
    theatre.set_turn(ctx, interrupt=cmd.actor)
    ctx.say(f"Trigger! {theatre.name(ctx.state, cmd.actor)} interrupts: {note}.")


def pay_for_dice(ctx: Ctx, theatre: Theatre, actor: str, spec: TaskSpec) -> None:
    """Pay for a roll's bought dice: the Determination die (an officer's, citing the
    roll's Value), Momentum, Threat added by a player, Threat an NPC spends."""
    cost = spec.cost
    if cost.determination:
        officer = theatre.officer(ctx.state, actor)
        if officer is None or spec.value is None:
            refuse("Only an officer of the crew can spend Determination, citing a Value.")
        character = ctx.character(officer).spend_determination(spec.value)
        ctx.put_character(character)
        ctx.say(f"{character.name} spends Determination ({spec.value}): a die showing 1.")
    ctx.pay("player", cost.momentum, "Bought dice")
    ctx.add_threat(cost.threat_added, "Bought dice")
    theatre.pay(ctx, actor, cost.threat_spent, "Bought dice")


def held_offer(state: Encounter, theatre: Theatre, pending: Rolled) -> bool:
    """Whether Re-Roll Damage's 1 can be paid for the held dice (the attack's own first)."""
    held = pending.damage
    return held is not None and held.momentum + theatre.pool(state, pending.actor) >= 1


def preview_plan(
    state: Encounter,
    cmd: C,
    why_not: Callable[[Encounter, C], str | None],
    plan_of: Callable[[Ctx, C], TaskPlan[F]],
    theatre: Theatre,
    paid: Callable[[Ctx, TaskPlan[F]], None] | None = None,
) -> TaskPlan[F] | str:
    """Any card's plan for ``cmd`` in ``state``, or the reason it would be refused: its
    dice (and ``paid``: what else the attempt pays) paid on a throwaway copy, so that a
    pool too small for them is said before the roll, in the words the roll would be
    refused in."""
    reason = why_not(state, cmd)
    if reason is not None:
        return reason
    try:
        ctx = Ctx(state, GivenDice())
        plan = plan_of(ctx, cmd)
        pay_for_dice(ctx, theatre, plan.frame.actor, plan.spec)
        if paid is not None:
            paid(ctx, plan)
        return plan
    except RuleViolation as exc:
        return exc.reason
