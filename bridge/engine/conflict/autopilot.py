"""A plain fighter for the figures of a personal conflict: suggests the next Command, and
plays an NPC figure's whole Turn for the GM (AUTOPILOT TURN), as the ship autopilot does
for NPC ships. It plays legal Commands only: each is checked by the engine first.

It plays plainly: answer what waits (keep Threat rather than pay for a Knockdown; pay to
Avoid an Injury when it can), land the dice, draw a weapon, stand up, close in to melee or
aim, then attack the target it is likeliest to hit (by the exact odds); with no one to
attack, sprint toward the enemy, give First Aid, Recover, or pass.
"""

from __future__ import annotations

from collections.abc import Callable

from bridge.engine.conflict.catalog import CONFLICT_CARD
from bridge.engine.conflict.commands import (
    Aim,
    AvoidInjury,
    ConflictCommand,
    ConflictMinor,
    ConflictTask,
    ResistKnockdown,
    StrayHit,
)
from bridge.engine.conflict.figures import (
    enemies_of,
    in_reach,
    issuer,
    reach_of,
    stats,
    waiting_figures,
)
from bridge.engine.conflict.rolls import melee_outcome
from bridge.engine.conflict.tasks import preview_conflict_task
from bridge.engine.core.autopilot import AutopilotTurn, TurnLoop, run_turn
from bridge.engine.core.commands import ApplyDamage, EndRound, EndTurn, ResolveTask, StartTurn
from bridge.engine.state.conflict import Conflict, Figure
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.spends import Spends
from bridge.engine.state.zones import UNCONNECTED
from bridge.rules.odds import task_odds
from bridge.rules.opposed import opposed_odds
from bridge.rules.personal_gear import PersonalQuality

__all__ = [
    "ASKED",
    "FIGURES_ONLY",
    "AutopilotTurn",
    "allies_waiting",
    "conflict_npcs_only",
    "play_conflict_turn",
    "suggest_conflict",
]

FIGURES_ONLY = "The autopilot plays the NPC figures only: it is the players' move."
ASKED = "waits for the GM's decision"
Check = Callable[[ConflictCommand], str | None]


def _conflict(state: Encounter) -> Conflict:
    assert state.conflict is not None
    return state.conflict


def _nearest_enemy(now: Conflict, fid: str) -> str | None:
    enemies = enemies_of(now, fid)
    if not enemies:
        return None
    here = now.zone_of(fid)
    return min(enemies, key=lambda e: (now.zones.distance(here, now.zone_of(e)), e))


def _decision(state: Encounter, now: Conflict) -> ConflictCommand:
    front = now.decisions[0]
    fig = now.figures[front.figure]
    by = issuer(fig)
    if front.kind == "stray_hit":
        return StrayHit(figure=None)
    if front.kind == "resist_knockdown":
        return ResistKnockdown(by=by, figure=fig.id, resist=False)
    if fig.npc is not None:
        enough = fig.own_threat + state.threat.value >= front.cost
        return AvoidInjury(by=by, figure=fig.id, pay="momentum" if enough else "none")
    if state.momentum.value >= front.cost:
        return AvoidInjury(by=by, figure=fig.id, pay="momentum")
    return AvoidInjury(by=by, figure=fig.id, pay="threat")


def _pending(state: Encounter, now: Conflict, check: Check) -> ConflictCommand:
    pending = now.pending
    assert pending is not None
    fig = now.figures[pending.actor]
    by = issuer(fig)
    if pending.damage is not None:
        return ApplyDamage(by=by, where="conflict")
    opposed = melee_outcome(pending)
    failing = opposed.winner != "active" if opposed is not None else not pending.result.success
    if pending.action == "attack" and failing and fig.aim and not pending.params.aimed:
        worst = max(
            (i for i, d in enumerate(pending.result.dice) if d.kind == "lead"),
            key=lambda i: pending.result.dice[i].value,
            default=None,
        )
        if worst is not None:
            aim = Aim(by=by, dice=(worst,))
            if check(aim) is None:
                return aim
    extra = 0
    if pending.action == "sprint" and pending.params.zone in now.zones.zones:
        extra = max(now.zones.distance(now.zone_of(fig.id), pending.params.zone) - 1, 0)
    resolve = ResolveTask(by=by, spends=Spends(extra=extra), where="conflict")
    return resolve if check(resolve) is None else ResolveTask(by=by, where="conflict")


def _minor(state: Encounter, now: Conflict, fig: Figure, check: Check) -> ConflictCommand | None:
    by = issuer(fig)
    options: list[ConflictMinor] = []
    if fig.prone:
        options.append(ConflictMinor(by=by, action="stand"))
    held = fig.weapon(fig.wielding)
    if held is None and fig.weapons:
        options.append(ConflictMinor(by=by, action="draw_item", weapon=fig.weapons[0].name))
    target = _nearest_enemy(now, fig.id)
    melee = held is None or held.melee
    if target is not None and melee and not in_reach(now, fig.id, target):
        distance = now.zones.distance(now.zone_of(fig.id), now.zone_of(target))
        if distance <= 1:
            options.append(
                ConflictMinor(by=by, action="movement", zone=now.zone_of(target), beside=target)
            )
    aims = held is not None and not held.melee and not held.has(PersonalQuality.INACCURATE)
    if aims and not fig.aim:
        options.append(ConflictMinor(by=by, action="aim"))
    for option in options:
        if check(option) is None:
            return option
    return None


def _attacks(state: Encounter, now: Conflict, fig: Figure, check: Check) -> list[ConflictTask]:
    by = issuer(fig)
    lethal = fig.npc is not None and fig.own_threat + state.threat.value >= 2
    out = []
    for enemy in enemies_of(now, fig.id):
        attack = ConflictTask(by=by, action="attack", target=enemy, lethal=lethal)
        if check(attack) is None:
            out.append(attack)
    return out


def _p_hit(state: Encounter, attack: ConflictTask) -> float:
    plan = preview_conflict_task(state, attack)
    if isinstance(plan, str):
        return -1.0
    if plan.reactive is not None:
        return opposed_odds(plan.spec, plan.reactive).p_active
    return task_odds(plan.spec).p_success


def _task(state: Encounter, now: Conflict, fig: Figure, check: Check) -> ConflictCommand | None:
    by = issuer(fig)
    attacks = _attacks(state, now, fig, check)
    if attacks:
        return max(attacks, key=lambda a: _p_hit(state, a))
    target = _nearest_enemy(now, fig.id)
    if target is not None:
        here, there = now.zone_of(fig.id), now.zone_of(target)
        distance = now.zones.distance(here, there)
        if 0 < distance < UNCONNECTED:
            step = min(
                (z for z in now.zones.zones if now.zones.distance(here, z) == 1),
                key=lambda z: (now.zones.distance(z, there), z),
                default=None,
            )
            sprint = ConflictTask(by=by, action="sprint", zone=step, roll=False)
            if step is not None and check(sprint) is None:
                return sprint
    for patient in reach_of(now, fig.id, active=False):
        other = now.figures[patient]
        if other.side == fig.side and other.injury is not None and not other.stabilised:
            aid = ConflictTask(by=by, action="first_aid", target=patient)
            if check(aid) is None:
                return aid
    if fig.stress < stats(state, fig).stress_max // 2:
        recover = ConflictTask(by=by, action="recover")
        if check(recover) is None:
            return recover
    passing = ConflictTask(by=by, action="pass")
    return passing if check(passing) is None else None


def suggest_conflict(state: Encounter, check: Check) -> ConflictCommand | None:
    """The next Command of the personal conflict for whoever is to act (or decide), or
    ``None`` when none runs or it is decided. ``check`` is ``Session.check``."""
    now = state.conflict
    if now is None or now.ended:
        return None
    if now.decisions:
        return _decision(state, now)
    if now.pending is not None:
        return _pending(state, now, check)
    turn = now.turn
    if turn.actor is None:
        for side in (turn.side, "npc" if turn.side == "player" else "player"):
            for fid in waiting_figures(state, side):
                start = StartTurn(by=issuer(now.figures[fid]), actor=fid, where="conflict")
                if check(start) is None:
                    return start
        return EndRound(where="conflict")
    acting = now.figures[turn.interrupt or turn.actor]
    free = turn.interrupt is None and not turn.stunned
    if free and len(turn.minors_used) < turn.minor_allowance:
        minor = _minor(state, now, acting, check)
        if minor is not None:
            return minor
    if turn.interrupt is not None or (turn.tasks_taken < turn.task_allowance and not turn.stunned):
        task = _task(state, now, acting, check)
        if task is not None:
            return task
    return EndTurn(by=issuer(now.figures[turn.actor]), where="conflict")


def conflict_npcs_only(state: Encounter) -> str | None:
    """Why the GM's autopilot cannot step the personal conflict now (an officer is to act
    or decide), or None."""
    now = state.conflict
    if now is None:
        return "No personal conflict is running."
    if now.ended:
        return f"The personal conflict is over: {now.outcome}"
    if now.decisions:
        front = now.decisions[0]
        if front.kind != "stray_hit" and now.figures[front.figure].npc is None:
            return FIGURES_ONLY
        return None
    pending = now.pending
    actor = pending.actor if pending is not None else (now.turn.interrupt or now.turn.actor)
    if actor is None:
        npcs_move = now.turn.side == "npc" and waiting_figures(state, "npc")
        return None if npcs_move or allies_waiting(state) else FIGURES_ONLY
    return None if now.figures[actor].npc is not None else FIGURES_ONLY


def allies_waiting(state: Encounter) -> tuple[str, ...]:
    """NPC figures fighting with the crew that may take their Turn now, on the players'
    move: the GM plays them (the autopilot starts the first one's Turn)."""
    now = state.conflict
    if now is None or now.turn.side != "player" or now.turn.actor is not None:
        return ()
    return tuple(f for f in waiting_figures(state, "player") if now.figures[f].npc is not None)


def _words(before: Encounter, command: ConflictCommand, after: Encounter) -> str | None:
    now = after.conflict

    def name(fid: str) -> str:
        return now.figures[fid].name if now is not None and fid in now.figures else fid

    if isinstance(command, ConflictMinor):
        what = CONFLICT_CARD[command.action].name
        return f"{what} {command.weapon or command.zone or ''}".strip()
    if isinstance(command, ConflictTask):
        words = CONFLICT_CARD[command.action].name
        if command.target:
            words += f" {name(command.target)}"
        return words
    if isinstance(command, EndTurn):
        return "ends its Turn"
    if isinstance(command, AvoidInjury):
        return "takes the Injury" if command.pay == "none" else "avoids the Injury"
    if isinstance(command, ResistKnockdown):
        return "resists the Knockdown" if command.resist else "is knocked prone"
    if isinstance(command, StrayHit):
        return "the stray shot strikes no one else"
    return None


def play_conflict_turn(
    state: Encounter,
    check: Check,
    submit: Callable[[ConflictCommand], Encounter | None],
    limit: int = 16,
    decide: bool = True,
) -> AutopilotTurn | str:
    """Play the rest of an NPC figure's Turn (all of it, when none is under way): start
    it, its Minor Action, its Task and the answers it waits for, end it. ``submit`` applies
    one Command and returns the new state (``None`` if refused). ``decide``: whether it
    answers an NPC's decision (Avoid Injury, a Knockdown, a stray shot) or stops for the
    GM's. At most ``limit`` Commands; returns what it did, or why nothing could be done."""
    reason = conflict_npcs_only(state)
    if reason is not None:
        return reason
    first = suggest_conflict(state, check)
    if first is None:
        return FIGURES_ONLY
    now = _conflict(state)
    if now.decisions:  # an NPC's answer, perhaps in an officer's Turn
        who: str | None = now.decisions[0].figure
    elif now.pending is not None:
        who = now.pending.actor
    else:
        who = now.turn.interrupt or now.turn.actor
    allies = allies_waiting(state) if who is None else ()
    if allies and not (isinstance(first, StartTurn) and first.actor in allies):
        first = StartTurn(actor=allies[0], where="conflict")  # an ally of the crew, on their move
    if who is None and isinstance(first, StartTurn):
        who = first.actor
    if who is None or (now.figures[who].npc is None and not now.decisions):
        return FIGURES_ONLY

    def going(now: Encounter) -> bool:
        over = now.conflict is None or now.conflict.ended
        return not over and conflict_npcs_only(now) is None and (decide or not _asks(now))

    def next_step(now: Encounter) -> ConflictCommand | None:
        return suggest_conflict(now, check)

    loop: TurnLoop[ConflictCommand] = TurnLoop(next_step, _words, going)
    if not decide and _asks(state):
        return AutopilotTurn(actor=who, name=now.figures[who].name, steps=(ASKED,))
    after, steps = run_turn(state, first, submit, loop, limit)
    if not decide and _asks(after):
        steps = (*steps, ASKED)
    return AutopilotTurn(actor=who, name=now.figures[who].name, steps=steps)


def _asks(state: Encounter) -> bool:
    """Whether an NPC's decision waits (an Avoid Injury, a Knockdown, a stray shot)."""
    now = state.conflict
    return now is not None and bool(now.decisions) and conflict_npcs_only(state) is None
