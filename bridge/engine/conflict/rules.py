"""The Conflict card's Tasks (seed 001 COMBAT TASKS; seed 003 COMMON CONFLICT TASKS):
Assist, Attack, Create Advantage, Direct, Guard, Pass, Ready, Recover, Sprint, First Aid
and the GM's Other Tasks, one :class:`ConflictRule` each."""

from __future__ import annotations

import re

from bridge.engine.conflict.attack import ATTACK, ATTACK_CHOICES
from bridge.engine.conflict.catalog import CONFLICT_CARD
from bridge.engine.conflict.commands import ConflictTask
from bridge.engine.conflict.figures import hidden_from_players, in_reach
from bridge.engine.conflict.ops import (
    conflict,
    figure,
    place,
    set_conflict,
    set_cturn,
    update_figure,
)
from bridge.engine.conflict.rolls import revive_refusal
from bridge.engine.conflict.rule import Choices, ConflictRule, FigureFrame
from bridge.engine.core.context import Ctx, need, refuse
from bridge.engine.core.forms import Choice
from bridge.engine.core.gm import remove_complication
from bridge.engine.core.needs import Need
from bridge.engine.core.rule import registry
from bridge.engine.state.conflict import Conflict, ConflictPending
from bridge.engine.state.encounter import Encounter, Trait
from bridge.engine.state.spends import Spends
from bridge.engine.state.turn import AssistOffer
from bridge.engine.state.zones import UNCONNECTED
from bridge.rules.stats import Attribute, Department

__all__ = ["CONFLICT_CHOICES", "CONFLICT_RULES", "conflict_rule_of"]


def _conflict(state: Encounter) -> Conflict:
    assert state.conflict is not None, "a Conflict card Task needs a personal conflict"
    return state.conflict


def _allies(state: Encounter, actor: str, cmd: ConflictTask) -> tuple[Choice, ...]:
    now = _conflict(state)
    side = now.figures[actor].side
    return tuple(
        Choice(value=fid, label=f.name)
        for fid, f in now.figures.items()
        if fid != actor and f.side == side and not f.out
    )


def _check_ally(ctx: Ctx, frame: FigureFrame, target: str | None, what: str) -> str:
    if target is None:
        need(f"{what} needs an ally.")
    ally = figure(ctx, target)
    if ally.id == frame.actor:
        refuse(f"{what}: choose another character, not yourself.")
    if ally.side != frame.side:
        refuse(f"{ally.name} is not on your side.")
    if ally.out:
        refuse(f"{ally.name} is out of the fight.")
    return ally.id


# -- Assist, Direct, Pass, Ready ----------------------------------------------------------
def _assist(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> None:
    """Seed 003 ASSIST: the ally's next Task gains this character's die."""
    ally = _check_ally(ctx, frame, cmd.target, "Assist")
    attribute = cmd.attribute or Attribute.CONTROL
    discipline = cmd.discipline or Department.SECURITY
    offer = AssistOffer(
        assister=frame.actor,
        target=ally,
        attribute=attribute.value,
        discipline=discipline.value,
        focus=cmd.focus,
    )
    set_conflict(ctx, assists=(*conflict(ctx).assists, offer))
    ctx.say(
        f"{frame.stats.name} will assist {figure(ctx, ally).name}'s next Task with "
        f"{attribute.label} + {discipline.label}."
    )


def _direct_why_not(state: Encounter, actor: str) -> str | None:
    """Seed 003 DIRECT: "one character on each side in a position of authority"; "The
    Direct Task may only be used once per Scene"."""
    now = _conflict(state)
    fig = now.figures[actor]
    leader = now.leader if fig.side == "player" else now.npc_leader
    if leader != actor:
        who = now.figures[leader].name if leader in now.figures else "no one"
        return f"Only the leader may Direct ({who} leads this side)."
    used = now.turn.direct_used if fig.side == "player" else now.turn.npc_direct_used
    if used:
        return "Direct has already been used this scene."
    if now.turn.interrupt is not None:
        return "Another Task interrupts this Turn: wait for it."
    return None


def _direct(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> None:
    """The directed figure attempts one Task at once, assisted by the leader (Command)."""
    ally = _check_ally(ctx, frame, cmd.target, "Direct")
    offer = AssistOffer(
        assister=frame.actor,
        target=ally,
        attribute=Attribute.PRESENCE.value,
        discipline=Department.COMMAND.value,
        source="direct",
    )
    used = "direct_used" if frame.side == "player" else "npc_direct_used"
    set_conflict(ctx, assists=(*conflict(ctx).assists, offer))
    set_cturn(ctx, interrupt=ally, directed_by=frame.actor, **{used: True})
    ctx.say(
        f"{frame.stats.name} directs {figure(ctx, ally).name}: one Task at once, assisted "
        "by their Command."
    )


def _pass(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> None:
    set_cturn(ctx, passed=True)
    ctx.say(f"{frame.stats.name} passes.")


def _readied_choices(state: Encounter, actor: str, cmd: ConflictTask) -> tuple[Choice, ...]:
    return tuple(
        Choice(value=a.key, label=a.name)
        for a in CONFLICT_CARD.values()
        if a.kind == "task" and a.key not in ("ready", "pass")
    )


def _ready(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> None:
    """Seed 003 READY: a Task held until a named event; the trigger interrupts."""
    readied = CONFLICT_CARD.get(cmd.readied or "")
    if readied is None or readied.kind != "task" or readied.key in ("ready", "pass"):
        need("Ready needs the Task to attempt when the trigger happens.")
    trigger = re.sub(r"^\s*when\s+", "", cmd.note or "", flags=re.IGNORECASE) or "a named event"
    update_figure(
        ctx, frame.actor, readied=readied.key, readied_note=f"{readied.name} when {trigger}"
    )
    ctx.say(f"{frame.stats.name} readies {readied.name} for when {trigger}.")


# -- rolled Tasks -------------------------------------------------------------------------
def _complications_in_play(state: Encounter, actor: str, cmd: ConflictTask) -> tuple[Choice, ...]:
    return tuple(
        Choice(value=t.name, label=t.name) for t in state.traits if t.kind == "complication"
    )


def _advantage_check(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> None:
    if cmd.complication:
        if not any(
            t.kind == "complication" and t.name == cmd.complication for t in ctx.state.traits
        ):
            refuse(f"There is no Complication '{cmd.complication}' in play.")
    elif not cmd.note:
        need("Name the Advantage to create, or a Complication to remove.")


def _advantage(ctx: Ctx, frame: FigureFrame, pending: ConflictPending, spends: Spends) -> None:
    """Seed 003 CREATE ADVANTAGE (Difficulty 2); seed 001: "or remove a Complication"."""
    p = pending.params
    if p.complication:
        remove_complication(ctx, p.complication)
        return
    ctx.set(traits=(*ctx.state.traits, Trait(name=p.note or "Advantage", kind="advantage")))
    ctx.say(f"Advantage created: {p.note}.")


def _guard_base(state: Encounter, frame: FigureFrame, cmd: ConflictTask) -> tuple[str, int]:
    """Seed 003 GUARD: "a Difficulty of 0"; guarding an ally "increases the Difficulty of
    this Task by one"."""
    if cmd.target and cmd.target != frame.actor:
        return "Base (guard an ally)", 1
    return "Base (guard yourself)", 0


def _guard_check(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> None:
    if cmd.target and cmd.target != frame.actor:
        _check_ally(ctx, frame, cmd.target, "Guard")


def _guard(ctx: Ctx, frame: FigureFrame, pending: ConflictPending, spends: Spends) -> None:
    who = pending.params.target or frame.actor
    fig = update_figure(ctx, who, guarded=True)
    ctx.say(f"{fig.name} is on Guard: attacks on them are +1 Difficulty until their next Turn.")


def _recover_items(
    state: Encounter, frame: FigureFrame, cmd: ConflictTask
) -> list[tuple[str, int]]:
    """Seed 003 RECOVER: "reduce the Difficulty by 1 if the character is in Cover"."""
    now = _conflict(state)
    if now.cover.get(now.zone_of(frame.actor), 0):
        return [("In Cover", -1)]
    return []


def _recover(ctx: Ctx, frame: FigureFrame, pending: ConflictPending, spends: Spends) -> None:
    """Seed 003 RECOVER: +1 Resistance per Effect on Cover dice, Avoid Injury again, and
    2 Stress per Momentum."""
    me = figure(ctx, frame.actor)
    top = frame.stats.stress_max
    stress = min(me.stress + 2 * spends.extra, top)
    me = update_figure(ctx, me.id, recover_cover=True, avoid_injury_used=False, stress=stress)
    ctx.say(
        f"{me.name} recovers: +1 Resistance per Effect on their Cover dice until their next "
        "Turn, and may Avoid an Injury again."
    )
    if spends.extra:
        line = f"{me.name} regains Stress: now {stress}."
        ctx.say_gm(line) if hidden_from_players(ctx.state, me) else ctx.say(line)


def _sprint_why_not(state: Encounter, actor: str) -> str | None:
    """Seed 003 SPRINT: "not more than once per Round, and not at all if the character has
    performed the Movement Minor Action"."""
    now = _conflict(state)
    if now.figures[actor].sprinted_round == now.turn.round:
        return "Sprint only once per Round."
    if "movement" in now.turn.minors_used:
        return "Not after the Movement Minor Action this Turn."
    return None


def _zones(state: Encounter, actor: str, cmd: ConflictTask) -> tuple[Choice, ...]:
    now = _conflict(state)
    here = now.zone_of(actor)
    out = []
    for zone in now.zones.zones:
        distance = now.zones.distance(here, zone)
        if 1 <= distance < UNCONNECTED:
            extra = f", {distance - 1} Momentum" if distance > 1 else ""
            out.append(
                Choice(value=zone, label=f"{zone} ({distance} zone{'s' * (distance > 1)}{extra})")
            )
    return tuple(out)


def _beside(state: Encounter, actor: str, cmd: ConflictTask) -> tuple[Choice, ...]:
    now = _conflict(state)
    zone = cmd.zone or now.zone_of(actor)
    return tuple(
        Choice(value=fid, label=f.name)
        for fid, f in now.figures.items()
        if fid != actor and not f.withdrawn and now.zone_of(fid) == zone
    )


def _sprint_check(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> None:
    now = conflict(ctx)
    if cmd.zone is None:
        need("Sprint needs the zone to run to.")
    if cmd.zone not in now.zones.zones:
        refuse(f"There is no zone '{cmd.zone}' on the map.")
    distance = now.zones.distance(now.zone_of(frame.actor), cmd.zone)
    if distance == 0:
        refuse("Sprint moves at least one zone: Movement moves within this one.")
    if distance >= UNCONNECTED:
        refuse(f"{cmd.zone} cannot be reached from here.")
    if cmd.beside is not None and now.zone_of(cmd.beside) != cmd.zone:
        refuse(f"{figure(ctx, cmd.beside).name} is not in {cmd.zone}.")


def _sprint_attempted(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> None:
    update_figure(ctx, frame.actor, sprinted_round=conflict(ctx).turn.round)


def _sprint_spends(ctx: Ctx, frame: FigureFrame, pending: ConflictPending, spends: Spends) -> None:
    now = conflict(ctx)
    distance = now.zones.distance(now.zone_of(frame.actor), str(pending.params.zone))
    if pending.result.success and spends.extra < distance - 1:
        refuse(
            f"{pending.params.zone} is {distance} zones away: Sprint moves one zone and one "
            f"more per Momentum, so it needs {distance - 1}."
        )


def _sprint(ctx: Ctx, frame: FigureFrame, pending: ConflictPending, spends: Spends) -> None:
    """Seed 003 SPRINT: one zone, one more per Momentum (Repeatable)."""
    zone = str(pending.params.zone)
    place(ctx, frame.actor, zone, pending.params.beside)
    ctx.say(f"{frame.stats.name} sprints to {zone}.")


def _patients(state: Encounter, actor: str, cmd: ConflictTask) -> tuple[Choice, ...]:
    """The Injured within Reach; one of the other side is marked an enemy (First Aid may
    stabilise a foe, and its Momentum spend would put one back in the fight)."""
    now = _conflict(state)
    side = now.figures[actor].side
    return tuple(
        Choice(
            value=fid,
            label=f"{f.name} ({'Lethal' if f.injury == 'lethal' else 'Non-lethal'} Injury"
            + (", stabilised" if f.stabilised else "")
            + (", an enemy)" if f.side != side else ")"),
        )
        for fid, f in now.figures.items()
        if f.injury is not None and not f.dead and not f.withdrawn and in_reach(now, actor, fid)
    )


def _first_aid_why_not(state: Encounter, actor: str) -> str | None:
    if not _patients(state, actor, ConflictTask(action="first_aid")):
        return "No Injured character is within Reach."
    return None


def _first_aid_check(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> None:
    if cmd.target is None:
        need("First Aid needs an Injured character within Reach.")
    patient = figure(ctx, cmd.target)
    if patient.injury is None or patient.dead:
        refuse(f"{patient.name} has no Injury to treat.")
    if not in_reach(conflict(ctx), frame.actor, patient.id):
        refuse(f"{patient.name} is not within Reach.")


def _first_aid_items(
    state: Encounter, frame: FigureFrame, cmd: ConflictTask
) -> list[tuple[str, int]]:
    """Seed 003 DEBILITATING: First Aid on its Injuries "increase in difficulty by one"."""
    patient = _conflict(state).figures.get(cmd.target or "")
    if patient is not None and patient.debilitated:
        return [("Injured by a Debilitating weapon", 1)]
    return []


def _first_aid(ctx: Ctx, frame: FigureFrame, pending: ConflictPending, spends: Spends) -> None:
    """Seed 003 FIRST AID: stabilised, will not die at the end of the scene, still
    incapacitated; 2 Momentum: back in the fight at once."""
    if spends.revive:
        reason = revive_refusal(ctx.state, pending)
        if reason is not None:
            refuse(reason)
    patient = update_figure(ctx, str(pending.params.target), stabilised=True)
    if spends.revive:
        update_figure(ctx, patient.id, fighting_on=True)
        ctx.say(f"{patient.name} is stabilised and back in the fight (First Aid, 2 Momentum).")
    else:
        ctx.say(f"{patient.name} is stabilised: they will not die, but stay down.")


def _other_base(state: Encounter, frame: FigureFrame, cmd: ConflictTask) -> tuple[str, int]:
    return "The GM's Difficulty", cmd.difficulty_choice or 0


def _other_check(ctx: Ctx, frame: FigureFrame, cmd: ConflictTask) -> None:
    if cmd.difficulty_choice is None:
        need("The GM sets the Difficulty of this Task.")
    if not cmd.note:
        need("Say what the Task is.")


def _other(ctx: Ctx, frame: FigureFrame, pending: ConflictPending, spends: Spends) -> None:
    ctx.say(f"{frame.stats.name} succeeds: {pending.params.note}. The GM narrates the result.")


_RULES: tuple[ConflictRule, ...] = (
    ATTACK,
    ConflictRule(
        "assist",
        needs=(Need.ALLY, Need.ROLL),
        immediate=_assist,
    ),
    ConflictRule(
        "create_advantage",
        needs=(Need.ROLL, Need.NOTE, Need.COMPLICATION),
        check=_advantage_check,
        effect=_advantage,
    ),
    ConflictRule(
        "direct",
        needs=(Need.ALLY,),
        why_not=_direct_why_not,
        immediate=_direct,
    ),
    ConflictRule(
        "guard",
        needs=(Need.GUARDED, Need.ROLL),
        check=_guard_check,
        base=_guard_base,
        effect=_guard,
    ),
    ConflictRule("pass", immediate=_pass),
    ConflictRule(
        "ready",
        needs=(Need.READIED, Need.TRIGGER),
        immediate=_ready,
    ),
    ConflictRule(
        "recover",
        items=_recover_items,
        effect=_recover,
        spends=frozenset({"extra"}),
    ),
    ConflictRule(
        "sprint",
        needs=(Need.ZONE, Need.BESIDE),
        why_not=_sprint_why_not,
        check=_sprint_check,
        attempted=_sprint_attempted,
        check_spends=_sprint_spends,
        effect=_sprint,
        movement=True,
        spends=frozenset({"extra"}),
    ),
    ConflictRule(
        "first_aid",
        needs=(Need.PATIENT,),
        why_not=_first_aid_why_not,
        check=_first_aid_check,
        items=_first_aid_items,
        effect=_first_aid,
        spends=frozenset({"revive"}),
    ),
    ConflictRule(
        "other_task",
        needs=(Need.ROLL, Need.DIFFICULTY, Need.NOTE),
        check=_other_check,
        base=_other_base,
        effect=_other,
    ),
)
"""Every Task of the Conflict card, one rule each."""


CONFLICT_CHOICES: dict[Need, Choices] = {
    **ATTACK_CHOICES,
    Need.ALLY: _allies,
    Need.GUARDED: _allies,
    Need.COMPLICATION: _complications_in_play,
    Need.READIED: _readied_choices,
    Need.ZONE: _zones,
    Need.BESIDE: _beside,
    Need.PATIENT: _patients,
}
"""The legal values of each need of the card's Tasks, one function a need whichever Task
asks it (the ship's forms answer by need too). A roll, a Difficulty, a tick and words are
fields the form writes itself."""

CONFLICT_RULES: dict[str, ConflictRule] = registry(_RULES, CONFLICT_CARD, "Conflict card")
"""Every Conflict card Task's rule, by key (the sixth card, keyed apart from the stations)."""


def conflict_rule_of(key: str) -> ConflictRule:
    """The rule of the Conflict card's Task ``key`` (KeyError if it has none)."""
    return CONFLICT_RULES[key]
