"""Attempting and resolving the Tasks of the Conflict card: who acts, the itemised
Difficulty, the dice (a melee attack's opposition too), the Momentum spends, the held
damage and re-rolls. The same steps as the station Tasks' (:mod:`bridge.engine.ship.tasks`),
for a figure instead of a ship's officer; each Task's own part is its rule's
(:mod:`bridge.engine.conflict.rules`)."""

from __future__ import annotations

from bridge.engine.conflict.catalog import CONFLICT_CARD
from bridge.engine.conflict.commands import Aim, ConflictTask
from bridge.engine.conflict.figures import for_crew, issuer, stats
from bridge.engine.conflict.gate import conflict_why_not
from bridge.engine.conflict.ops import (
    conflict,
    figure,
    figure_pay,
    pays_threat,
    set_conflict,
    set_cturn,
    threat_available,
    update_figure,
)
from bridge.engine.conflict.rolls import aim_room, melee_outcome
from bridge.engine.conflict.rule import ConflictRule, FigureFrame
from bridge.engine.conflict.rules import CONFLICT_RULES
from bridge.engine.conflict.theatre import CONFLICT
from bridge.engine.core.commands import ResolveTask
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.core.plan import TaskPlan
from bridge.engine.core.resolution import pay_for_dice, resolve
from bridge.engine.state.conflict import ConflictParams, ConflictPending, Figure
from bridge.engine.state.encounter import Encounter
from bridge.rules.dice import GivenDice
from bridge.rules.errors import RuleViolation
from bridge.rules.npc_abilities import NpcAbilityKind
from bridge.rules.stats import Attribute, Department
from bridge.rules.task import (
    COMPLICATION_RANGE_MAX,
    Assist,
    TaskResult,
    TaskSpec,
    reroll,
    resolve_task,
)

__all__ = [
    "aim",
    "attempt_conflict_task",
    "plan_conflict_task",
    "preview_conflict_task",
]


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


def plan_conflict_task(ctx: Ctx, cmd: ConflictTask) -> TaskPlan[FigureFrame]:
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
    return TaskPlan(
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


def preview_conflict_task(state: Encounter, cmd: ConflictTask) -> TaskPlan[FigureFrame] | str:
    """The plan for ``cmd`` in ``state``, or the reason it would be refused: its dice
    paid on a throwaway copy, so that a pool too small for them is said before the roll,
    in the words the roll would be refused in."""
    reason = conflict_why_not(state, cmd)
    if reason is not None:
        return reason
    try:
        ctx = Ctx(state, GivenDice())
        plan = plan_conflict_task(ctx, cmd)
        pay_for_dice(ctx, CONFLICT, plan.frame.actor, plan.spec)
        return plan
    except RuleViolation as exc:
        return exc.reason


def _count_task(ctx: Ctx, key: str, interrupt: bool) -> None:
    if interrupt:
        set_cturn(ctx, interrupt=None)
        return
    turn = conflict(ctx).turn
    set_cturn(ctx, tasks_used=(*turn.tasks_used, key))


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
    who = for_crew(ctx.state, me, plan.who, "its own skill")
    ctx.say(
        f"{me.name} attempts {a.name}: {who}, Difficulty {spec.difficulty}"
        + (f" ({plan.items[0][0]} {plan.items[0][1]}; {breakdown})" if breakdown else "")
        + (f", complication range {rng} ({'; '.join(plan.complication_why)})" if rng > 1 else "")
        + (f"; assisted by {', '.join(plan.assist_names)}" if plan.assist_names else "")
        + "."
    )
    pay_for_dice(ctx, CONFLICT, me.id, spec)
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
        how = for_crew(ctx.state, target, " with Daring + Security")
        ctx.say(f"{target.name} opposes{how}: {reactive.describe()}")
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
        resolve(ctx, CONFLICT, ResolveTask(by=cmd.by, spends=cmd.spends, where="conflict"))


def aim(ctx: Ctx, cmd: Aim) -> None:
    """Seed 003 AIM: "re-roll a single d20 made on an Attack before the start of their next
    Turn"; ACCURATE: "any number of d20s"; INACCURATE: no benefit."""
    pending = conflict(ctx).pending
    if pending is None:
        refuse("There is no rolled Task to re-roll.")
    me = figure(ctx, pending.actor)
    if cmd.by not in ("gm", issuer(me)):
        refuse("Only the figure who rolled can re-roll its dice.")
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
    params = pending.params.model_copy(update={"aimed": True})
    CONFLICT.rerolled(ctx, pending.model_copy(update={"result": again, "params": params}))
