"""Attempting and resolving station Tasks: legality, Power, dice, Momentum, effects."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from bridge.engine.core.context import Ctx, refuse
from bridge.engine.core.conversion import resolve_converted
from bridge.engine.core.gm import remove_complication
from bridge.engine.ship.cards import rule_of
from bridge.engine.ship.cards.shared import remember_damage
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import ApplyDamage, AttemptTask, Inspiration, ResolveTask
from bridge.engine.ship.difficulty import (
    attack_pattern_applies,
    complication_range,
    difficulty_items,
    total_difficulty,
)
from bridge.engine.ship.effects import IMMEDIATE, check_params, effect_of, immediate_of, spend_cost
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.ship.gate import ship_why_not, waiting_text
from bridge.engine.ship.turns import expire, owner_key
from bridge.engine.state.cards import ActionDef
from bridge.engine.state.encounter import (
    DurationKind,
    Encounter,
    Expiry,
    PendingTask,
    Side,
    TaskParams,
    Trait,
)
from bridge.engine.state.spends import HeldDamage, Spends
from bridge.rules.challenge import roll_challenge
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
    moment_of_inspiration,
    resolve_task,
)

__all__ = [
    "Cost",
    "TaskPlan",
    "apply_damage",
    "attempt_task",
    "frame_for",
    "inspiration",
    "plan_task",
    "preview_ship_task",
    "resolve_pending",
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


@dataclass(frozen=True)
class Cost:
    """One thing attempting a Task costs, paid before the dice land."""

    what: str
    amount: int
    pool: Literal["Momentum", "Threat added", "Threat spent", "Determination", "Power"]

    def describe(self) -> str:
        """ "1 Threat spent (torpedo attack)", "1 Power (Attack Pattern)": a Task's name
        as the card prints it, any other words as part of the sentence."""
        what = self.what if self.pool == "Power" else self.what[:1].lower() + self.what[1:]
        if self.pool == "Threat added":
            return f"+{self.amount} Threat to the GM ({what})"
        if self.pool == "Threat spent":
            return f"{self.amount} Threat spent ({what})"
        return f"{self.amount} {self.pool} ({what})"


@dataclass(frozen=True)
class TaskPlan:
    """Everything decided about a Task before its dice are rolled."""

    frame: TaskFrame
    items: tuple[tuple[str, int], ...]
    spec: TaskSpec
    who: str
    assist_names: tuple[str, ...]
    complication_why: tuple[str, ...]
    interrupt: bool
    threat: tuple[str, int] = ("", 0)
    """The Task's own Threat (a torpedo attack's), named; paid hit or miss."""

    @property
    def difficulty(self) -> int:
        return self.spec.difficulty

    @property
    def costs(self) -> tuple[Cost, ...]:
        """Everything the attempt costs, item by item: bought dice, the Task's own
        Threat, its Power. The task dialog shows these before the roll."""
        bought = self.spec.cost
        what, threat = self.threat
        out = [
            Cost("the Determination die", bought.determination, "Determination"),
            Cost("bought dice", bought.momentum, "Momentum"),
            Cost("bought dice", bought.threat_added, "Threat added"),
            Cost("bought dice", bought.threat_spent, "Threat spent"),
            Cost(what, threat, "Threat spent" if self.frame.npc else "Threat added"),
            Cost(self.frame.action.name, self.frame.power, "Power"),
        ]
        return tuple(c for c in out if c.amount)


def _begin(ctx: Ctx, cmd: AttemptTask) -> tuple[TaskFrame, bool]:
    state = ctx.state
    reason = ship_why_not(state, cmd)
    if reason is not None:
        refuse(reason)
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


def plan_task(ctx: Ctx, cmd: AttemptTask) -> TaskPlan:
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


def preview_ship_task(state: Encounter, cmd: AttemptTask) -> TaskPlan | str:
    """The plan for ``cmd`` in ``state``, or the reason it would be refused: its dice
    and its own Threat paid on a throwaway copy, so that a pool too small for them is
    said before the roll, in the words the roll would be refused in."""
    try:
        ctx = Ctx(state, GivenDice())
        plan = plan_task(ctx, cmd)
        _pay_for_dice(ctx, plan.frame, plan.spec, cmd)
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
    _pay_for_dice(ctx, frame, spec, cmd)
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
        resolve_pending(ctx, ResolveTask(by=cmd.by, spends=cmd.spends))


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


def _pay_for_dice(ctx: Ctx, frame: TaskFrame, spec: TaskSpec, cmd: AttemptTask) -> None:
    cost = spec.cost
    if cost.determination:
        if frame.npc or cmd.value is None:
            refuse("Only a player character can spend Determination, citing a Value.")
        character = ctx.character(frame.actor).spend_determination(cmd.value)
        ctx.put_character(character)
        ctx.say(f"{character.name} spends Determination ({cmd.value}): a die showing 1.")
    ctx.pay("player", cost.momentum, "Bought dice")
    ctx.add_threat(cost.threat_added, "Bought dice")
    ctx.pay("npc", cost.threat_spent, "Bought dice")


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
    side = "npc" if frame.npc else "player"
    if turn.create_problem.get(side):
        rest = {k: v for k, v in turn.create_problem.items() if k != side}
        ctx.set_turn(create_problem=rest)
    if turn.gm_difficulty or turn.gm_complication:
        ctx.set_turn(gm_difficulty=0, gm_complication=0)
    _use_plot_course(ctx, frame)
    for kind in rule_of(frame.action.key).uses_up:  # e.g. Damage Report, by Damage Control
        ctx.drop_durations(*ctx.state.durations_of(kind, frame.ship))


def resolve_pending(ctx: Ctx, cmd: ResolveTask) -> None:
    pending = ctx.state.pending
    if pending is None:
        refuse("There is no rolled Task to resolve.")
    if cmd.by not in ("gm", pending.actor):
        refuse(f"Only {ctx.actor_name(pending.actor)} (or the GM) resolves this Task.")
    if pending.damage is not None:
        refuse("The damage dice are rolled: apply the damage (re-rolling any dice first).")
    a = CATALOG[pending.action]
    result = pending.result
    side: Side = "npc" if pending.actor not in ctx.state.characters else "player"
    spends = cmd.spends
    cost = spend_cost(a, spends)
    if cost and not result.success:
        refuse(f"{a.name} failed: there is no effect to spend Momentum on.")
    rule = rule_of(a.key)
    attack = rule.attack
    if spends.is_attack and not attack:
        refuse("Damage spends apply only to attacks.")
    hold = cmd.hold_damage and result.success and rule.launch is not None
    if hold and spends.reroll_damage:
        refuse(
            "Re-Roll Damage is chosen once the damage dice are seen: pick the dice to re-roll then."
        )
    outcome = (
        "succeeds at a cost"
        if result.succeeded_at_cost
        else ("succeeds" if result.success else "fails")
    )
    ctx.say(f"{ctx.actor_name(pending.actor)}'s {a.name} {outcome}.")
    generated = result.momentum
    if (
        attack
        and pending.params.scan
        and not result.success
        and ctx.state.house_rules.missed_attack_uses_scan
    ):
        ctx.drop_durations(*ctx.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, pending.ship))
        ctx.say("The attack missed: Scan for Weakness is used up.")
    if pending.params.attack_pattern_bonus and result.success:
        generated += 1
        ctx.say("Attack Pattern at minimum Difficulty: +1 Momentum.")
    pool = ctx.state.threat.value if side == "npc" else ctx.state.momentum.value
    if cost > generated + pool:
        word = "Threat" if side == "npc" else "Momentum"
        refuse(
            f"Not enough {word}: the spends cost {cost}, {generated} generated and "
            f"{pool} in the pool."
        )
    from_pool = max(cost - generated, 0)
    ctx.pay(side, from_pool, "Spends beyond this Task's Momentum")
    kept = generated - min(cost, generated)
    if not hold:
        ctx.gain(side, kept, f"{a.name} saves")
    if result.complications:
        ctx.say(f"{result.complications} Complication(s): the GM describes what goes wrong.")
        _record_complications(ctx, pending, result.complications)
    ctx.set(pending=None)
    frame = _frame_of(ctx, pending)
    if hold:
        assert rule.launch is not None
        dice = rule.launch(ctx, frame, pending, spends)
        roll = roll_challenge(dice, ctx.dice)
        held = HeldDamage(roll=roll, spends=spends, momentum=kept)
        ctx.set(pending=pending.model_copy(update={"damage": held}))
        remember_damage(ctx, pending, held)
        word = "Threat" if side == "npc" else "Momentum"
        pool = ctx.state.threat.value if side == "npc" else ctx.state.momentum.value
        offer = (  # (said only when its 1 can be paid: the attack's own first)
            f" Re-Roll Damage (1 {word}) may re-roll any of them before the damage lands."
            if kept + pool >= 1
            else ""
        )
        ctx.say(f"Damage dice: {roll.describe()}.{offer}")
    elif result.success:
        effect_of(a.key)(ctx, frame, pending, spends)
    _after_spends(ctx, spends)
    if not hold:
        _end_interrupt(ctx, pending)


def _record_complications(ctx: Ctx, pending: PendingTask, count: int) -> None:
    """Seed 001 RULES SUMMARY 3C: "Each die that rolls a 20 causes a Complication": each
    one goes in play (``traits``) until the end of the scene, unless the GM removes it
    first (Bridge's reading: the seeds do not say how long a rolled one lasts)."""
    names = {t.name for t in ctx.state.traits}
    base = (
        f"{CATALOG[pending.action].name} ({ctx.actor_name(pending.actor)}), Round {ctx.turn.round}"
    )
    added = []
    for _ in range(count):
        name, n = base, 2
        while name in names:
            name, n = f"{base} #{n}", n + 1
        names.add(name)
        added.append(Trait(name=name, kind="complication", rolled=True))
    ctx.set(traits=(*ctx.state.traits, *added))


def _after_spends(ctx: Ctx, spends: Spends) -> None:
    if spends.obtain_information:
        ctx.say(f"Obtain Information: {spends.obtain_information} question(s) for the GM.")
    if spends.create_advantage:
        advantage = Trait(name=spends.create_advantage, kind="advantage")
        ctx.set(traits=(*ctx.state.traits, advantage))
        ctx.say(f"Advantage created: {spends.create_advantage}.")
    if spends.remove_complication:
        remove_complication(ctx, spends.remove_complication)


def _end_interrupt(ctx: Ctx, pending: PendingTask) -> None:
    if pending.interrupt:
        ctx.set_turn(interrupt=None)
        ctx.drop_durations(
            *[d for d in ctx.state.durations_of(DurationKind.READY) if d.owner == pending.actor]
        )


def apply_damage(ctx: Ctx, cmd: ApplyDamage) -> None:
    """Land an attack's held damage dice; seed 001 Re-Roll Damage (1 Momentum, NPC 1
    Threat) first re-rolls the dice the attacker picks, once."""
    pending = ctx.state.pending
    if pending is None or pending.damage is None:
        refuse("No attack's damage dice are waiting to land.")
    if cmd.by not in ("gm", pending.actor):
        refuse(f"Only {ctx.actor_name(pending.actor)} (or the GM) applies this damage.")
    held = pending.damage
    a = CATALOG[pending.action]
    side: Side = "npc" if pending.actor not in ctx.state.characters else "player"
    word = "Threat" if side == "npc" else "Momentum"
    roll, kept = held.roll, held.momentum
    if cmd.reroll:
        if len(set(cmd.reroll)) != len(cmd.reroll):
            refuse("Each die is re-rolled at most once: a die is named twice.")
        if kept:
            kept -= 1
            ctx.say(f"Re-Roll Damage: 1 of the attack's {word}.")
        elif (ctx.state.threat.value if side == "npc" else ctx.state.momentum.value) < 1:
            refuse(f"Not enough {word} for Re-Roll Damage: it costs 1, and there is none.")
        else:
            ctx.pay(side, 1, "Re-Roll Damage")
        before = roll
        roll = roll.reroll(cmd.reroll, ctx.dice)
        ctx.say(
            f"Re-Roll Damage: {before.describe()}; re-rolling {len(cmd.reroll)} "
            f"{'die' if len(cmd.reroll) == 1 else 'dice'}: {roll.describe()}."
        )
    ctx.gain(side, kept, f"{a.name} saves")
    landed = pending.model_copy(update={"damage": held.model_copy(update={"roll": roll})})
    ctx.set(pending=None)
    effect_of(a.key)(ctx, _frame_of(ctx, landed), landed, held.spends)
    _end_interrupt(ctx, pending)


def _frame_of(ctx: Ctx, pending: PendingTask) -> TaskFrame:
    npc = pending.actor not in ctx.state.characters
    return TaskFrame(
        actor=pending.actor,
        owner=owner_key(ctx.state, pending.actor, pending.station.value),
        ship=pending.ship,
        action=CATALOG[pending.action],
        station=pending.station,
        override=False,
        npc=npc,
        second_task=False,
    )


def inspiration(ctx: Ctx, cmd: Inspiration) -> None:
    """Seed 003 USES FOR DETERMINATION: Moment of Inspiration re-rolls the dice."""
    pending = ctx.state.pending
    if pending is None:
        refuse("There is no rolled Task to re-roll.")
    if pending.actor not in ctx.state.characters:
        refuse("Only player characters have Determination.")
    if cmd.by not in ("gm", pending.actor):
        refuse("Only the character who rolled can spend their Determination on it.")
    if pending.damage is not None:
        refuse("The Task is resolved and its damage rolled: its dice cannot be re-rolled now.")
    if rule_of(pending.action).opposed:
        refuse("An Opposed Task has been compared with the other side's: it cannot be re-rolled.")
    character = ctx.character(pending.actor).spend_determination(cmd.value)
    ctx.put_character(character)
    spec = pending.result.spec.model_copy(update={"value": cmd.value})
    again = moment_of_inspiration(pending.result.model_copy(update={"spec": spec}), ctx.dice)
    rerolled = pending.model_copy(update={"result": again})
    ctx.set(pending=rerolled, last_roll=rerolled)
    ctx.say(f"{character.name}: Moment of Inspiration ({cmd.value}). {again.describe()}")
