"""Attempting and resolving station Tasks: legality, Power, dice, Momentum, effects."""

from __future__ import annotations

from dataclasses import replace

from bridge.engine.core.commands import ResolveTask
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.core.conversion import resolve_converted
from bridge.engine.core.plan import TaskPlan
from bridge.engine.core.resolution import pay_for_dice, resolve
from bridge.engine.ship.cards import rule_of
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.difficulty import (
    attack_pattern_applies,
    complication_range,
    difficulty_items,
    total_difficulty,
)
from bridge.engine.ship.effects import IMMEDIATE, check_params, immediate_of
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.ship.gate import ship_why_not, waiting_text
from bridge.engine.ship.theatre import SHIP
from bridge.engine.ship.turns import expire, owner_key
from bridge.engine.state.cards import ActionDef
from bridge.engine.state.encounter import DurationKind, Encounter, Expiry, PendingTask, TaskParams
from bridge.engine.state.turn import Side
from bridge.rules.dice import GivenDice
from bridge.rules.errors import RuleViolation
from bridge.rules.hidden import secret
from bridge.rules.opposed import resolve_opposed
from bridge.rules.stats import Attribute, CrewQuality, Department
from bridge.rules.task import (
    Assist,
    Roller,
    TaskResult,
    TaskSpec,
    resolve_task,
)

__all__ = [
    "attempt_task",
    "frame_for",
    "plan_task",
    "preview_ship_task",
]


def _actor(ctx: Ctx, by: str) -> str:
    turn = ctx.turn
    actor = turn.interrupt or turn.actor
    if actor is None:
        refuse("Tasks are attempted during a Turn: start one first.")
    if by not in ("gm", actor):
        refuse(f"It is {ctx.actor_name(actor)}'s Turn, not yours.")
    return actor


def frame_for(ctx: Ctx, actor: str, cmd: AttemptTask) -> TaskFrame:
    """Work out the station, ship and Override for a Task, or refuse it."""
    a = CATALOG.get(cmd.action)
    if a is None or a.kind != "task":
        refuse(f"'{cmd.action}' is not a Task on any station card.")
    if a.key == "override":
        refuse("Choose the Task to attempt and tick Override: it adds +1 Difficulty.")
    state = ctx.state
    npc = actor not in state.characters
    ship = actor if npc else state.player_ship
    override = cmd.override
    if npc:
        station = cmd.station or a.stations[0]
        if station not in a.stations:
            refuse(f"{a.name} is not on the {station.label} card.")
    else:
        mine = state.stations_of(actor)
        if cmd.station is not None and cmd.station not in mine and not override:
            refuse(f"The {cmd.station.label} station is not yours: use Override (+1 Difficulty).")
        own = [s for s in mine if s in a.stations]
        if cmd.station is not None and cmd.station in a.stations and (cmd.station in mine):
            station = cmd.station
            override = False
        elif own:
            station = own[0]
            override = False
        elif override:
            station = a.stations[0]
        else:
            refuse(
                f"{a.name} is on the {a.stations[0].label} card, not yours: "
                "use Override (+1 Difficulty)."
            )
    second = ctx.turn.tasks_taken >= 1 and ctx.turn.interrupt is None
    return TaskFrame(
        actor=actor,
        owner=owner_key(state, actor, station.value),
        ship=ship,
        action=a,
        station=station,
        override=override,
        npc=npc,
        second_task=second,
    )


def _check_turn_allows_task(ctx: Ctx) -> None:
    turn = ctx.turn
    if turn.interrupt is not None:
        return
    if turn.tasks_taken >= turn.task_allowance:
        if turn.tasks_taken >= 2:
            refuse("At most two Tasks may be attempted in a Turn.")
        refuse(
            "A Task has already been attempted this Turn: a Swift Task (2 Momentum) or "
            "Determination allows a second one."
        )


def _roller(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> tuple[Roller, str]:
    a = frame.action
    if frame.npc:
        quality = ctx.ship(frame.ship).crew_quality or CrewQuality.PROFICIENT
        roller = Roller.of(quality.attribute, quality.discipline, focus=True)
        return roller, f"{quality.label} crew ({roller.target})"
    attribute = cmd.attribute or a.attributes[0]
    discipline = cmd.discipline or a.disciplines[0]
    if attribute not in a.attributes or discipline not in a.disciplines:
        refuse(f"{a.name} uses {a.roll_text}, not {attribute.label} + {discipline.label}.")
    character = ctx.character(frame.actor)
    if cmd.focus_name is not None and cmd.focus_name not in character.focuses:
        refuse(f"{character.name} has no Focus “{cmd.focus_name}”.")
    applies = cmd.focus or cmd.focus_name is not None
    roller = character.roller(attribute, discipline, applies)
    focus = f", Focus: {cmd.focus_name}" if cmd.focus_name else (", Focus" if applies else "")
    return roller, f"{attribute.label} + {discipline.label} ({roller.target}{focus})"


def _assists(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> tuple[list[Assist], bool]:
    a = frame.action
    out: list[Assist] = []
    ship_assisted = False
    ship = ctx.ship(frame.ship)
    if a.assist is not None and cmd.ship_assist:
        system, dept = a.assist
        reason = ship.system_usable(system)
        impact_only = reason is not None and "Impact" in reason
        if reason is None or (impact_only and not ctx.state.house_rules.impact_blocks_assist):
            focus = ctx.state.house_rules.ship_assist_focus
            out.append(
                Assist.ship(
                    ship.systems[system],
                    ship.departments[dept],
                    focus,
                    name=f"{ship.name} ({system.label} + {dept.label})",
                )
            )
            ship_assisted = True
        else:
            ctx.say(f"The ship cannot assist: {reason}")
    offers = [o for o in ctx.state.assists if o.target == frame.actor]
    attribute = cmd.attribute or (a.attributes[0] if a.attributes else Attribute.CONTROL)
    for offer in offers:
        if offer.assister in ctx.state.ships:  # an NPC ship's commander (Direct)
            crew = ctx.ship(offer.assister).crew_quality or CrewQuality.PROFICIENT
            name = f"{ctx.ship_name(offer.assister)}'s commander"  # (its quality is hidden)
            out.append(Assist.character(name, crew.attribute, crew.discipline, False))
            continue
        helper = ctx.character(offer.assister)
        attr = Attribute(offer.attribute) if offer.source == "assist" else attribute
        disc = Department(offer.discipline)
        out.append(
            Assist.character(
                helper.name, helper.attributes[attr], helper.disciplines[disc], offer.focus
            )
        )
    if offers:
        ctx.set(assists=tuple(o for o in ctx.state.assists if o.target != frame.actor))
    return out, ship_assisted


def _power(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> int:
    """The Power the Task spends: its rule's figure, else the card's."""
    power = rule_of(frame.action.key).power
    return power(ctx, frame, cmd) if power is not None else frame.action.power


def _pay_power(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask, need: int) -> int:
    """Spend the Task's Power; returns Complications from overdrawing (house rule)."""
    if need <= 0:
        return 0
    ship = ctx.ship(frame.ship)
    have = ship.power_now
    if need <= have:
        ctx.update_ship(frame.ship, power=have - need)
        spent = secret(frame.ship, f"{need} Power (now {have - need})", "Power")
        ctx.say(f"{ship.name} spends {spent}.")
        return 0
    if cmd.extra_power and need - cmd.extra_power <= have < need:
        refuse(f"Not enough Power for {cmd.extra_power} extra: {need} needed, {have} left.")
    if ctx.state.house_rules.power_overdraw == "refuse":
        refuse(f"Not enough Power: {frame.action.name} needs {need}, {ship.name} has {have}.")
    ctx.update_ship(frame.ship, power=0)
    short = secret(frame.ship, f"needs {need} Power but has {have}", "lacks the Power")
    ctx.say(f"{ship.name} {short}: the shortfall causes a Complication.")
    return 1


def _begin(ctx: Ctx, cmd: AttemptTask) -> tuple[TaskFrame, bool]:
    state = ctx.state
    if state.ended:
        refuse(f"The battle is over: {state.outcome}")
    if state.pending is not None:
        refuse(waiting_text(state.pending))
    actor = _actor(ctx, cmd.by)
    _check_turn_allows_task(ctx)
    frame = frame_for(ctx, actor, cmd)
    interrupt = ctx.turn.interrupt is not None
    if interrupt:
        _check_readied(ctx, actor, frame.action)
    return frame, interrupt


def plan_task(ctx: Ctx, cmd: AttemptTask) -> TaskPlan[TaskFrame]:
    """Check a rolled Task and work out its Difficulty, dice and assists (no roll).

    Consumes assists and expires durations on ``ctx``; a preview runs it on a
    throwaway context.
    """
    frame, interrupt = _begin(ctx, cmd)
    a = frame.action
    if a.key in IMMEDIATE:
        refuse(f"{a.name} is not rolled.")
    check_params(ctx, frame, cmd)  # the system a Task uses is checked by the gate
    expire(ctx, frame.owner, Expiry.NEXT_TASK)
    if frame.npc:  # this bridge role acts in a later Turn: its "next Turn" has come
        expire(ctx, frame.owner, Expiry.NEXT_TURN)
    frame = replace(frame, power=_power(ctx, frame, cmd))
    items = difficulty_items(ctx.state, frame, cmd)
    roller, who = _roller(ctx, frame, cmd)
    assists, ship_assisted = _assists(ctx, frame, cmd)
    rng, rng_why = complication_range(ctx.state, frame, ship_assisted)
    try:
        spec = TaskSpec(
            lead=roller,
            difficulty=total_difficulty(items),
            complication_range=rng,
            bought=cmd.bought,
            assists=tuple(assists),
            side="npc" if frame.npc else "player",
            succeed_at_cost=a.succeed_at_cost,
            value=cmd.value,
        )
    except ValueError as exc:
        refuse(str(exc).splitlines()[-1].split(", ", 1)[-1].split(" [type=")[0])
    threat = rule_of(a.key).threat
    return TaskPlan(
        frame=frame,
        items=tuple(items),
        spec=spec,
        who=who,
        assist_names=tuple(x.name for x in assists),
        complication_why=tuple(rng_why),
        interrupt=interrupt,
        threat=threat(ctx.state, frame, cmd) if threat is not None else ("", 0),
    )


def preview_ship_task(state: Encounter, cmd: AttemptTask) -> TaskPlan[TaskFrame] | str:
    """The plan for ``cmd`` in ``state``, or the reason it would be refused: its dice
    and its own Threat paid on a throwaway copy, so that a pool too small for them is
    said before the roll, in the words the roll would be refused in."""
    reason = ship_why_not(state, cmd)
    if reason is not None:
        return reason
    try:
        ctx = Ctx(state, GivenDice())
        plan = plan_task(ctx, cmd)
        pay_for_dice(ctx, SHIP, plan.frame.actor, plan.spec)
        _pay_task_threat(ctx, plan.frame, plan.threat)
        return plan
    except RuleViolation as exc:
        return exc.reason


def attempt_task(ctx: Ctx, cmd: AttemptTask) -> None:
    action = CATALOG.get(cmd.action)
    if action is not None and action.key in IMMEDIATE:
        frame, interrupt = _begin(ctx, cmd)
        if action.key != "pass":  # Assist, Direct and Ready are Tasks: "next Task" ends here
            expire(ctx, frame.owner, Expiry.NEXT_TASK)
            _use_plot_course(ctx, frame)
        if frame.npc:
            expire(ctx, frame.owner, Expiry.NEXT_TURN)
        immediate_of(action.key)(ctx, frame, cmd)
        _count_task(ctx, frame, interrupt)
        if interrupt:
            ctx.set_turn(interrupt=None)
        return
    plan = plan_task(ctx, cmd)
    frame, spec, items = plan.frame, plan.spec, plan.items
    a = frame.action
    breakdown = ", ".join(f"{k} {'+' if n >= 0 else ''}{n}" for k, n in items[1:])
    rng = spec.complication_range
    who = secret(frame.ship, plan.who, "its crew") if frame.npc else plan.who
    ctx.say(
        f"{ctx.actor_name(frame.actor)} attempts {a.name}"
        + (" (Override)" if frame.override else "")
        + f" from {frame.station.label}: {who}, Difficulty {spec.difficulty}"
        + (f" ({items[0][0]} {items[0][1]}; {breakdown})" if breakdown else "")
        + (f", complication range {rng} ({'; '.join(plan.complication_why)})" if rng > 1 else "")
        + (f"; assisted by {', '.join(plan.assist_names)}" if plan.assist_names else "")
        + "."
    )
    pay_for_dice(ctx, SHIP, frame.actor, spec)
    _pay_task_threat(ctx, frame, plan.threat)
    extra_complications = _pay_power(ctx, frame, cmd, frame.power)
    _consume_modifiers(ctx, frame)
    rules = ctx.state.house_rules
    if rules.resolution != "sta" and (cmd.roll or spec.difficulty):
        converted = resolve_converted(spec, rules, ctx.dice)
        result, described = converted.result, converted.description
    else:
        result = resolve_task(spec, ctx.dice, roll=cmd.roll)
        described = result.describe()
    if extra_complications:
        result = result.model_copy(update={"complications": result.complications + 1})
    ctx.say(described)
    if rule_of(a.key).opposed:
        result = _opposed(ctx, frame, cmd, result)
    params = TaskParams(
        target=cmd.target,
        weapon=cmd.weapon,
        zone=cmd.zone,
        system=cmd.system,
        salvo=cmd.salvo,
        extra_power=cmd.extra_power,
        array_mode=cmd.array_mode,
        note=cmd.note,
        difficulty_choice=cmd.difficulty_choice,
        # Seed 001 Helm card: +1 Momentum only if the attack was already at Difficulty 1.
        attack_pattern_bonus=attack_pattern_applies(ctx.state, frame)
        and ("Attack Pattern", -1) not in items
        and spec.difficulty <= 1,
        scan=bool(ctx.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, frame.ship)),
    )
    rolled = PendingTask(
        actor=frame.actor,
        ship=frame.ship,
        action=a.key,
        station=frame.station,
        result=result,
        params=params,
        difficulty_items=items,
        interrupt=plan.interrupt,
    )
    ctx.set(pending=rolled, last_roll=rolled)
    _count_task(ctx, frame, plan.interrupt)
    if cmd.spends is not None:
        resolve(ctx, SHIP, ResolveTask(by=cmd.by, spends=cmd.spends))


def _opposed(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask, active: TaskResult) -> TaskResult:
    """Seed 003 OPPOSED TASK OUTCOMES: the reactive side rolls its own Task; the outcome
    decides who succeeds and the Momentum each keeps. The intruders' kept Momentum, when
    they oppose the players, goes to Threat."""
    quality = cmd.opposition or CrewQuality.PROFICIENT
    spec = TaskSpec(
        lead=Roller.of(quality.attribute, quality.discipline, focus=True),
        difficulty=cmd.opposition_difficulty,
        side="player" if frame.npc else "npc",
    )
    reactive = resolve_task(spec, ctx.dice)
    outcome = resolve_opposed(active, reactive)
    ctx.say(f"The intruders ({quality.label}) oppose: {reactive.describe()}")
    ctx.say(f"Opposed Task: {outcome.explanation}")
    if not frame.npc:
        ctx.add_threat(outcome.reactive_momentum, "The intruders' Momentum")
    return active.model_copy(
        update={
            "success": outcome.winner == "active",
            "succeeded_at_cost": False,
            "momentum": outcome.active_momentum,
        }
    )


def _check_readied(ctx: Ctx, actor: str, a: ActionDef) -> None:
    for d in ctx.state.durations_of(DurationKind.READY):
        if d.owner == actor and d.target and d.target != a.key:
            refuse(f"{ctx.actor_name(actor)} readied {CATALOG[d.target].name}, not {a.name}.")


def _count_task(ctx: Ctx, frame: TaskFrame, interrupt: bool) -> None:
    if interrupt:
        return
    turn = ctx.turn
    roles = dict(turn.npc_roles_used)
    if frame.npc:
        roles[frame.ship] = (*roles.get(frame.ship, ()), frame.station.value)
    ctx.set_turn(tasks_taken=turn.tasks_taken + 1, npc_roles_used=roles)


def _pay_task_threat(ctx: Ctx, frame: TaskFrame, threat: tuple[str, int]) -> None:
    """The Task's own Threat, paid as it is attempted, hit or miss (RULES-NOTES: a
    torpedo attack adds 1 Threat; an NPC spends 1)."""
    what, amount = threat
    why = what[:1].upper() + what[1:]
    if frame.npc:
        ctx.pay("npc", amount, why)
    else:
        ctx.add_threat(amount, why)


def _use_plot_course(ctx: Ctx, frame: TaskFrame) -> None:
    """Seed 001 Plot Course: "the next Task the helmsman attempts", whatever it is."""
    for d in ctx.state.durations_of(DurationKind.PLOT_COURSE, frame.ship):
        if d.owner == frame.owner:
            ctx.drop_durations(d)


def _consume_modifiers(ctx: Ctx, frame: TaskFrame) -> None:
    turn = ctx.turn
    side: Side = "npc" if frame.npc else "player"
    if turn.create_problem.get(side):
        rest = {k: v for k, v in turn.create_problem.items() if k != side}
        ctx.set_turn(create_problem=rest)
    if turn.gm_difficulty or turn.gm_complication:
        ctx.set_turn(gm_difficulty=0, gm_complication=0)
    _use_plot_course(ctx, frame)
    for kind in rule_of(frame.action.key).uses_up:  # e.g. Damage Report, by Damage Control
        ctx.drop_durations(*ctx.state.durations_of(kind, frame.ship))
