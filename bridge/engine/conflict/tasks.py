"""Attempting and resolving the Tasks of the Conflict card: who acts, the itemised
Difficulty, the dice (a melee attack's opposition too), the Momentum spends, the held
damage and re-rolls. The same steps as the station Tasks' (:mod:`bridge.engine.ship.tasks`),
for a figure instead of a ship's officer; each Task's own part is its rule's
(:mod:`bridge.engine.conflict.rules`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bridge.engine.conflict.attack import attack_weapon
from bridge.engine.conflict.catalog import CONFLICT_CARD, conflict_spend_immediate
from bridge.engine.conflict.commands import (
    ConflictApplyDamage,
    ConflictReroll,
    ConflictResolve,
    ConflictSecondTask,
    ConflictSpend,
    ConflictTask,
    ConflictTriggerReady,
)
from bridge.engine.conflict.figures import in_reach, issuer, stats
from bridge.engine.conflict.gate import conflict_why_not
from bridge.engine.conflict.ops import (
    conflict,
    figure,
    figure_gain,
    figure_pay,
    pays_threat,
    record_complications,
    set_conflict,
    set_cturn,
    threat_available,
    update_figure,
)
from bridge.engine.conflict.rule import ConflictRule, FigureFrame
from bridge.engine.conflict.rules import CONFLICT_RULES
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.core.gm import remove_complication
from bridge.engine.state.conflict import ConflictParams, ConflictPending, Figure
from bridge.engine.state.encounter import Encounter, Trait
from bridge.engine.state.spends import PersonalHeld, PersonalSpends
from bridge.rules.challenge import roll_challenge
from bridge.rules.dice import GivenDice
from bridge.rules.errors import RuleViolation
from bridge.rules.npc_abilities import NpcAbilityKind
from bridge.rules.opposed import OpposedOutcome, resolve_opposed
from bridge.rules.personal_gear import PersonalQuality
from bridge.rules.stats import Attribute, Department
from bridge.rules.task import (
    COMPLICATION_RANGE_MAX,
    Assist,
    TaskResult,
    TaskSpec,
    moment_of_inspiration,
    reroll,
    resolve_task,
)

__all__ = [
    "ConflictPlan",
    "aim_room",
    "apply_conflict_damage",
    "attempt_conflict_task",
    "conflict_reroll",
    "conflict_second_task",
    "conflict_spend",
    "melee_outcome",
    "plan_conflict_task",
    "preview_conflict_task",
    "resolve_conflict_task",
    "roll_succeeds",
    "secondary_refusal",
    "spend_cost",
    "trigger_ready",
]


@dataclass(frozen=True)
class ConflictPlan:
    """Everything decided about a Conflict card Task before its dice are rolled."""

    frame: FigureFrame
    items: tuple[tuple[str, int], ...]
    spec: TaskSpec
    who: str
    assist_names: tuple[str, ...]
    complication_why: tuple[str, ...]
    interrupt: bool
    threat: tuple[str, int] = ("", 0)
    """The Task's own Threat (a Lethal attack's): an officer adds it, an NPC spends it."""
    reactive: TaskSpec | None = None
    """A melee attack's opposing roll (the target's Daring + Security)."""

    @property
    def difficulty(self) -> int:
        return self.spec.difficulty


def _rule(key: str) -> ConflictRule:
    return CONFLICT_RULES[key]


def _actor(ctx: Ctx, by: str) -> Figure:
    turn = conflict(ctx).turn
    actor = turn.interrupt or turn.actor
    if actor is None:
        refuse("Tasks are attempted during a Turn: start one first.")
    fig = figure(ctx, actor)
    if by not in ("gm", issuer(fig)):
        refuse(f"It is {fig.name}'s Task now, not yours.")
    return fig


def _frame(ctx: Ctx, cmd: ConflictTask) -> tuple[FigureFrame, bool]:
    reason = conflict_why_not(ctx.state, cmd)
    if reason is not None:
        refuse(reason)
    me = _actor(ctx, cmd.by)
    turn = conflict(ctx).turn
    action = CONFLICT_CARD[cmd.action]
    interrupt = turn.interrupt is not None
    if interrupt and me.readied is not None and me.readied != action.key:
        refuse(f"{me.name} readied {CONFLICT_CARD[me.readied].name}, not {action.name}.")
    frame = FigureFrame(
        actor=me.id,
        action=action,
        side=me.side,
        npc=pays_threat(me),
        second_task=turn.tasks_taken >= 1 and not interrupt,
        stats=stats(ctx.state, me),
    )
    return frame, interrupt


def _items(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> list[tuple[str, int]]:
    rule = _rule(frame.action.key)
    state = ctx.state
    now = conflict(ctx)
    if rule.base is not None:
        items = [rule.base(state, frame, cmd)]
    else:
        items = [("Base", frame.action.difficulty or 0)]
    if frame.second_task:
        items.append(("Second Task this Turn", 1))
    problem = now.turn.create_problem.get(frame.side, 0)
    if problem:
        items.append(("Create Problem", problem))
    if now.turn.gm_difficulty:
        items.append(("GM adjustment", now.turn.gm_difficulty))
    dark = now.darkness.get(now.zone_of(frame.actor), 0)
    if dark and not frame.stats.has(NpcAbilityKind.NIGHT_VISION):
        items.append(("Darkness", dark))
    if rule.items is not None:
        items.extend(rule.items(state, frame, cmd))
    return items


def _roll_of(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> tuple[Attribute, Department]:
    a = frame.action
    rule = _rule(a.key)
    fixed = rule.roll(ctx.state, frame, cmd) if rule.roll is not None else None
    attribute = cmd.attribute or (fixed[0] if fixed else a.attributes[0])
    discipline = cmd.discipline or (fixed[1] if fixed else a.disciplines[0])
    if fixed is not None and (attribute, discipline) != fixed:
        refuse(
            f"This {a.name} uses {fixed[0].label} + {fixed[1].label}, "
            f"not {attribute.label} + {discipline.label}."
        )
    if attribute not in a.attributes or discipline not in a.disciplines:
        refuse(f"{a.name} uses {a.roll_text}, not {attribute.label} + {discipline.label}.")
    return attribute, discipline


def _assists(ctx: Ctx, frame: FigureFrame, attribute: Attribute) -> list[Assist]:
    offers = [o for o in conflict(ctx).assists if o.target == frame.actor]
    out = []
    for offer in offers:
        helper = conflict(ctx).figures.get(offer.assister)
        if helper is None or helper.out:
            continue
        them = stats(ctx.state, helper)
        attr = Attribute(offer.attribute) if offer.source == "assist" else attribute
        disc = Department(offer.discipline)
        out.append(
            Assist.character(them.name, them.attributes[attr], them.disciplines[disc], offer.focus)
        )
    if offers:
        set_conflict(
            ctx, assists=tuple(o for o in conflict(ctx).assists if o.target != frame.actor)
        )
    return out


def plan_conflict_task(ctx: Ctx, cmd: ConflictTask) -> ConflictPlan:
    """Check a rolled Conflict card Task and work out its Difficulty and dice (no roll).
    Uses up the assists on ``ctx``; a preview runs it on a throwaway context."""
    frame, interrupt = _frame(ctx, cmd)
    rule = _rule(frame.action.key)
    if rule.immediate is not None:
        refuse(f"{frame.action.name} is not rolled.")
    if rule.check is not None:
        rule.check(ctx, frame, cmd)
    items = _items(ctx, frame, cmd)
    attribute, discipline = _roll_of(ctx, frame, cmd)
    me = figure(ctx, frame.actor)
    if cmd.focus_name is not None and cmd.focus_name not in frame.stats.focuses:
        refuse(f"{me.name} has no Focus “{cmd.focus_name}”.")
    focus = cmd.focus or cmd.focus_name is not None
    roller = frame.stats.roller(attribute, discipline, focus)
    automatic = min(frame.stats.automatic(attribute), 5)
    assists = _assists(ctx, frame, attribute)
    rng, why = 1, []
    for what, n in rule.complications(ctx.state, frame, cmd) if rule.complications else []:
        rng += n
        why.append(f"{what} +{n}")
    gm = conflict(ctx).turn.gm_complication
    if gm > min(rng, COMPLICATION_RANGE_MAX):
        rng = gm
        why.append(f"the GM set {gm}")
    try:
        spec = TaskSpec(
            lead=roller,
            difficulty=max(sum(n for _, n in items), 0),
            complication_range=min(rng, COMPLICATION_RANGE_MAX),
            bought=cmd.bought,
            assists=tuple(assists),
            side="npc" if frame.npc else "player",
            succeed_at_cost=frame.action.succeed_at_cost,
            automatic=automatic,
            value=cmd.value,
        )
    except ValueError as exc:
        refuse(str(exc).splitlines()[-1].split(", ", 1)[-1].split(" [type=")[0])
    focus_text = f", Focus: {cmd.focus_name}" if cmd.focus_name else (", Focus" if focus else "")
    auto = f", +{automatic} automatic" if automatic else ""
    who = f"{attribute.label} + {discipline.label} ({roller.target}{focus_text}{auto})"
    return ConflictPlan(
        frame=frame,
        items=tuple(items),
        spec=spec,
        who=who,
        assist_names=tuple(a.name for a in assists),
        complication_why=tuple(why),
        interrupt=interrupt,
        threat=rule.threat(ctx.state, frame, cmd) if rule.threat is not None else ("", 0),
        reactive=rule.opposed(ctx.state, frame, cmd) if rule.opposed is not None else None,
    )


def preview_conflict_task(state: Encounter, cmd: ConflictTask) -> ConflictPlan | str:
    """The plan for ``cmd`` in ``state``, or the reason it would be refused: its dice
    paid on a throwaway copy, so that a pool too small for them is said before the roll,
    in the words the roll would be refused in."""
    try:
        ctx = Ctx(state, GivenDice())
        plan = plan_conflict_task(ctx, cmd)
        _pay_dice(ctx, figure(ctx, plan.frame.actor), plan.spec, cmd)
        return plan
    except RuleViolation as exc:
        return exc.reason


def _count_task(ctx: Ctx, key: str, interrupt: bool) -> None:
    if interrupt:
        set_cturn(ctx, interrupt=None)
        return
    turn = conflict(ctx).turn
    set_cturn(ctx, tasks_used=(*turn.tasks_used, key))


def _pay_dice(ctx: Ctx, me: Figure, spec: TaskSpec, cmd: ConflictTask) -> None:
    cost = spec.cost
    if cost.determination:
        if me.character is None or cmd.value is None:
            refuse("Only an officer of the crew can spend Determination, citing a Value.")
        character = ctx.character(me.character).spend_determination(cmd.value)
        ctx.put_character(character)
        ctx.say(f"{character.name} spends Determination ({cmd.value}): a die showing 1.")
    ctx.pay("player", cost.momentum, "Bought dice")
    ctx.add_threat(cost.threat_added, "Bought dice")
    figure_pay(ctx, me, cost.threat_spent, "Bought dice")


def attempt_conflict_task(ctx: Ctx, cmd: ConflictTask) -> None:
    """Seed 001 COMBAT ACTIONS: the figure's Task. An unrolled one acts at once; a rolled
    one pays for its dice and its Threat, rolls (a melee target rolls against it) and
    waits for its spends (or resolves at once with ``spends``)."""
    rule = CONFLICT_RULES.get(cmd.action)
    if rule is not None and rule.immediate is not None:
        frame, interrupt = _frame(ctx, cmd)
        rule.immediate(ctx, frame, cmd)
        _count_task(ctx, frame.action.key, interrupt)
        return
    plan = plan_conflict_task(ctx, cmd)
    frame, spec = plan.frame, plan.spec
    me = figure(ctx, frame.actor)
    a = frame.action
    rule = _rule(a.key)
    breakdown = ", ".join(f"{k} {'+' if n >= 0 else ''}{n}" for k, n in plan.items[1:])
    rng = spec.complication_range
    ctx.say(
        f"{me.name} attempts {a.name}: {plan.who}, Difficulty {spec.difficulty}"
        + (f" ({plan.items[0][0]} {plan.items[0][1]}; {breakdown})" if breakdown else "")
        + (f", complication range {rng} ({'; '.join(plan.complication_why)})" if rng > 1 else "")
        + (f"; assisted by {', '.join(plan.assist_names)}" if plan.assist_names else "")
        + "."
    )
    _pay_dice(ctx, me, spec, cmd)
    what, threat = plan.threat
    if threat:
        if frame.npc:
            if threat_available(ctx, me) < threat:
                refuse(f"{what} spends {threat} Threat, and there is not enough.")
            figure_pay(ctx, me, threat, what)
        else:
            ctx.add_threat(threat, what)
    turn = conflict(ctx).turn
    if turn.create_problem.get(frame.side):
        set_cturn(
            ctx, create_problem={k: v for k, v in turn.create_problem.items() if k != frame.side}
        )
    if turn.gm_difficulty or turn.gm_complication:
        set_cturn(ctx, gm_difficulty=0, gm_complication=0)
    if rule.attempted is not None:
        rule.attempted(ctx, frame, cmd)
    result = resolve_task(spec, ctx.dice, roll=cmd.roll)
    ctx.say(result.describe())
    reactive: TaskResult | None = None
    if plan.reactive is not None:
        reactive = resolve_task(plan.reactive, ctx.dice)
        target = figure(ctx, str(cmd.target))
        ctx.say(f"{target.name} opposes with Daring + Security: {reactive.describe()}")
    pending = ConflictPending(
        actor=me.id,
        action=a.key,
        result=result,
        params=ConflictParams(
            target=cmd.target,
            weapon=cmd.weapon,
            lethal=cmd.lethal,
            charge=cmd.charge,
            zone=cmd.zone,
            beside=cmd.beside,
            also=cmd.also,
            weakness=cmd.weakness,
            complication=cmd.complication,
            note=cmd.note,
        ),
        difficulty_items=plan.items,
        interrupt=plan.interrupt,
        reactive=reactive,
    )
    set_conflict(ctx, pending=pending)
    opposed = melee_outcome(pending)
    if opposed is not None:
        ctx.say(f"Opposed Task: {opposed.explanation}")
    if not plan.interrupt:
        set_cturn(ctx, tasks_used=(*conflict(ctx).turn.tasks_used, a.key))
    if cmd.spends is not None:
        resolve_conflict_task(ctx, ConflictResolve(by=cmd.by, spends=cmd.spends))


def melee_outcome(pending: ConflictPending) -> OpposedOutcome | None:
    """Seed 003 OPPOSED TASK OUTCOMES for a melee attack, compared now (after any re-roll)."""
    if pending.reactive is None:
        return None
    return resolve_opposed(pending.result, pending.reactive)


def spend_cost(rule: ConflictRule, spends: PersonalSpends) -> int:
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


def _check_secondary(ctx: Ctx, pending: ConflictPending, spends: PersonalSpends) -> None:
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
        return "The damage is rolled: the Task's dice cannot be re-rolled now.", 0
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


def resolve_conflict_task(ctx: Ctx, cmd: ConflictResolve) -> None:
    """Spend Momentum on the rolled Task and apply it (an attack's damage may be held)."""
    now = conflict(ctx)
    pending = now.pending
    if pending is None:
        refuse("There is no rolled Task to resolve in the personal conflict.")
    me = figure(ctx, pending.actor)
    if cmd.by not in ("gm", issuer(me)):
        refuse(f"Only {me.name}'s player (or the GM) resolves this Task.")
    if pending.damage is not None:
        refuse("The damage dice are rolled: apply the damage (re-rolling any dice first).")
    rule = _rule(pending.action)
    a = CONFLICT_CARD[pending.action]
    spends = cmd.spends
    opposed = melee_outcome(pending)
    success = roll_succeeds(pending)
    generated = opposed.active_momentum if opposed is not None else pending.result.momentum
    cost = spend_cost(rule, spends)
    if cost and not success:
        refuse(f"{a.name} failed: there is no effect to spend Momentum on.")
    if success:
        _check_secondary(ctx, pending, spends)
        if rule.check_spends is not None:
            frame = _frame_of(ctx, pending)
            rule.check_spends(ctx, frame, pending, spends)
    pool = threat_available(ctx, me) if pays_threat(me) else ctx.state.momentum.value
    if cost > generated + pool:
        word = "Threat" if pays_threat(me) else "Momentum"
        refuse(
            f"Not enough {word}: the spends cost {cost}, {generated} generated and "
            f"{pool} in the pool."
        )
    figure_pay(ctx, me, max(cost - generated, 0), "Spends beyond this Task's Momentum")
    kept = generated - min(cost, generated)
    hold = cmd.hold_damage and success and rule.launch is not None
    result = pending.result
    outcome = (
        "succeeds at a cost"
        if result.succeeded_at_cost and success
        else ("succeeds" if success else "fails")
    )
    ctx.say(f"{me.name}'s {a.name} {outcome}.")
    if not hold:
        figure_gain(ctx, me, kept, f"{a.name} saves")
    complications = result.complications + (
        pending.reactive.complications if pending.reactive else 0
    )
    if complications:
        ctx.say(f"{complications} Complication(s): the GM describes what goes wrong.")
        record_complications(ctx, f"{a.name} ({me.name})", complications)
    set_conflict(ctx, pending=None)
    frame = _frame_of(ctx, pending)
    if opposed is not None and opposed.winner == "reactive" and rule.countered is not None:
        target = figure(ctx, str(pending.params.target))
        figure_gain(ctx, target, opposed.reactive_momentum, f"{target.name}'s Momentum")
        rule.countered(ctx, frame, pending)
    if hold:
        assert rule.launch is not None
        roll = roll_challenge(rule.launch(ctx, frame, pending, spends), ctx.dice)
        held = PersonalHeld(roll=roll, spends=spends, momentum=kept)
        set_conflict(ctx, pending=pending.model_copy(update={"damage": held}))
        word = "Threat" if pays_threat(me) else "Momentum"
        pool = threat_available(ctx, me) if pays_threat(me) else ctx.state.momentum.value
        offer = (  # (said only when its 1 can be paid: the attack's own first)
            f" Re-Roll Damage (1 {word}) may re-roll any of them before the damage lands."
            if kept + pool >= 1
            else ""
        )
        ctx.say(f"Damage dice: {roll.describe()}.{offer}")
    elif success and rule.effect is not None:
        rule.effect(ctx, frame, pending, spends)
    _after_spends(ctx, spends)
    if not hold:
        _end_interrupt(ctx, pending)


def _after_spends(ctx: Ctx, spends: PersonalSpends) -> None:
    if spends.obtain_information:
        ctx.say(f"Obtain Information: {spends.obtain_information} question(s) for the GM.")
    if spends.create_advantage:
        ctx.set(traits=(*ctx.state.traits, Trait(name=spends.create_advantage, kind="advantage")))
        ctx.say(f"Advantage created: {spends.create_advantage}.")
    if spends.remove_complication:
        remove_complication(ctx, spends.remove_complication)


def _end_interrupt(ctx: Ctx, pending: ConflictPending) -> None:
    if pending.interrupt:
        set_cturn(ctx, interrupt=None)
        update_figure(ctx, pending.actor, readied=None, readied_note="")


def _frame_of(ctx: Ctx, pending: ConflictPending) -> FigureFrame:
    me = figure(ctx, pending.actor)
    return FigureFrame(
        actor=me.id,
        action=CONFLICT_CARD[pending.action],
        side=me.side,
        npc=pays_threat(me),
        second_task=False,
        stats=stats(ctx.state, me),
    )


def apply_conflict_damage(ctx: Ctx, cmd: ConflictApplyDamage) -> None:
    """Land a personal attack's held damage; seed 001 Re-Roll Damage (1 Momentum, an NPC
    1 Threat) first re-rolls the dice the attacker picks, once."""
    now = conflict(ctx)
    pending = now.pending
    if pending is None or pending.damage is None:
        refuse("No attack's damage dice are waiting to land.")
    me = figure(ctx, pending.actor)
    if cmd.by not in ("gm", issuer(me)):
        refuse(f"Only {me.name}'s player (or the GM) applies this damage.")
    held = pending.damage
    word = "Threat" if pays_threat(me) else "Momentum"
    roll, kept = held.roll, held.momentum
    if cmd.reroll:
        if len(set(cmd.reroll)) != len(cmd.reroll):
            refuse("Each die is re-rolled at most once: a die is named twice.")
        if kept:
            kept -= 1
            ctx.say(f"Re-Roll Damage: 1 of the attack's {word}.")
        else:
            available = threat_available(ctx, me) if pays_threat(me) else ctx.state.momentum.value
            if available < 1:
                refuse(f"Not enough {word} for Re-Roll Damage: it costs 1, and there is none.")
            figure_pay(ctx, me, 1, "Re-Roll Damage")
        before = roll
        roll = roll.reroll(cmd.reroll, ctx.dice)
        ctx.say(
            f"Re-Roll Damage: {before.describe()}; re-rolling {len(cmd.reroll)} "
            f"{'die' if len(cmd.reroll) == 1 else 'dice'}: {roll.describe()}."
        )
    a = CONFLICT_CARD[pending.action]
    figure_gain(ctx, me, kept, f"{a.name} saves")
    landed = pending.model_copy(update={"damage": held.model_copy(update={"roll": roll})})
    set_conflict(ctx, pending=None)
    rule = _rule(pending.action)
    if rule.effect is not None:
        rule.effect(ctx, _frame_of(ctx, landed), landed, held.spends)
    _end_interrupt(ctx, pending)


def conflict_reroll(ctx: Ctx, cmd: ConflictReroll) -> None:
    """Aim (seed 003: "re-roll a single d20 made on an Attack before the start of their
    next Turn"; ACCURATE: "any number of d20s"; INACCURATE: no benefit) or Determination's
    Moment of Inspiration (re-roll all the character's dice)."""
    pending = conflict(ctx).pending
    if pending is None:
        refuse("There is no rolled Task to re-roll.")
    me = figure(ctx, pending.actor)
    if cmd.by not in ("gm", issuer(me)):
        refuse("Only the figure who rolled can re-roll its dice.")
    if pending.damage is not None:
        refuse("The damage is rolled: the Task's dice cannot be re-rolled now.")
    if cmd.how == "inspiration":
        if me.character is None or cmd.value is None:
            refuse("Moment of Inspiration is an officer's: spend Determination citing a Value.")
        character = ctx.character(me.character).spend_determination(cmd.value)
        ctx.put_character(character)
        spec = pending.result.spec.model_copy(update={"value": cmd.value})
        again = moment_of_inspiration(pending.result.model_copy(update={"spec": spec}), ctx.dice)
        ctx.say(f"{me.name}: Moment of Inspiration ({cmd.value}). {again.describe()}")
    else:
        reason, most = aim_room(ctx.state)
        if reason is not None:
            refuse(reason)
        if not cmd.dice:
            refuse("Choose the die to re-roll.")
        if len(cmd.dice) > most:
            refuse("Aim re-rolls a single d20 (any number with an Accurate weapon).")
        again = reroll(pending.result, cmd.dice, ctx.dice)
        update_figure(ctx, me.id, aim=False)
        ctx.say(f"{me.name} Aimed: re-rolls {len(cmd.dice)} d20. {again.describe()}")
        pending = pending.model_copy(
            update={"params": pending.params.model_copy(update={"aimed": True})}
        )
    pending = pending.model_copy(update={"result": again})
    set_conflict(ctx, pending=pending)
    opposed = melee_outcome(pending)
    if opposed is not None:
        ctx.say(f"Opposed Task: {opposed.explanation}")


def conflict_spend(ctx: Ctx, cmd: ConflictSpend) -> None:
    """Immediate spends during a figure's Turn (the Conflict card's back); a player may
    pay an Immediate one by adding to Threat, an NPC pays Threat."""
    now = conflict(ctx)
    turn = now.turn
    if turn.actor is None:
        refuse("Spend Momentum during a Turn.")
    me = figure(ctx, turn.actor)
    if cmd.by not in ("gm", issuer(me)):
        refuse(f"It is {me.name}'s Turn, not yours.")
    threat = cmd.with_threat and not pays_threat(me)
    if threat and not conflict_spend_immediate(cmd.spend, ctx.state.house_rules):
        refuse("Only Immediate spends may be paid by adding to Threat (the card back).")
    if cmd.spend == "extra_minor":
        figure_pay(ctx, me, cmd.amount, "Extra Minor Action", with_threat=threat)
        set_cturn(ctx, minor_allowance=min(turn.minor_allowance + cmd.amount, 10))
    elif cmd.spend == "swift_task":
        if turn.task_allowance >= 2:
            refuse("At most two Tasks may be attempted in a Turn.")
        figure_pay(ctx, me, 2, "Swift Task", with_threat=threat)
        set_cturn(ctx, task_allowance=2)
        ctx.say("A second Task this Turn, at +1 Difficulty.")
    elif cmd.spend == "create_problem":
        enemy: Literal["player", "npc"] = "npc" if me.side == "player" else "player"
        already = turn.create_problem.get(enemy, 0)
        if already + cmd.amount > 3:
            refuse("Create Problem adds at most +3 Difficulty to one Task.")
        figure_pay(ctx, me, 2 * cmd.amount, "Create Problem", with_threat=threat)
        set_cturn(ctx, create_problem={**turn.create_problem, enemy: already + cmd.amount})
        ctx.say(f"The other side's next Task is +{already + cmd.amount} Difficulty.")
    elif cmd.spend == "create_advantage":
        if cmd.remove_complication:
            figure_pay(ctx, me, 2, "Create Advantage", with_threat=threat)
            remove_complication(ctx, cmd.name)
            return
        if not cmd.name:
            refuse("Name the Advantage to create.")
        figure_pay(ctx, me, 2, "Create Advantage", with_threat=threat)
        ctx.set(traits=(*ctx.state.traits, Trait(name=cmd.name, kind="advantage")))
        ctx.say(f"Advantage created: {cmd.name}.")
    else:
        figure_pay(ctx, me, cmd.amount, "Obtain Information", with_threat=threat)
        ctx.say(f"{cmd.amount} question(s) for the GM.")


def conflict_second_task(ctx: Ctx, cmd: ConflictSecondTask) -> None:
    """Seed 003 COMMON CONFLICT TASKS, DETERMINATION: "spend one Determination to take a
    second Task during a Turn" (+1 Difficulty)."""
    turn = conflict(ctx).turn
    if turn.actor is None:
        refuse("A second Task is taken during the officer's own Turn.")
    me = figure(ctx, turn.actor)
    if me.character is None:
        refuse("Only an officer of the crew has Determination.")
    if cmd.by not in ("gm", me.character):
        refuse("Only the officer's own player spends their Determination.")
    if turn.task_allowance >= 2:
        refuse("At most two Tasks may be attempted in a Turn.")
    character = ctx.character(me.character).spend_determination(cmd.value)
    ctx.put_character(character)
    set_cturn(ctx, task_allowance=2)
    ctx.say(f"{me.name} spends Determination ({cmd.value}): a second Task, +1 Difficulty.")


def trigger_ready(ctx: Ctx, cmd: ConflictTriggerReady) -> None:
    """Seed 003 READY: the readied figure interrupts the acting figure's Turn."""
    now = conflict(ctx)
    me = figure(ctx, cmd.figure)
    if me.readied is None:
        refuse(f"{me.name} has no readied Task.")
    if cmd.by not in ("gm", issuer(me)):
        refuse(f"Only {me.name}'s own player (or the GM) can trigger it.")
    if now.turn.interrupt is not None or now.pending is not None:
        refuse("Another Task is being resolved: wait for it.")
    if me.out:
        refuse(f"{me.name} is out of the fight.")
    if now.turn.actor == me.id:
        refuse(f"{me.name} is taking their own Turn: a readied Task interrupts another's.")
    set_cturn(ctx, interrupt=me.id)
    ctx.say(f"Trigger! {me.name} interrupts: {me.readied_note}.")
