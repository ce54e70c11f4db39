"""The Immediate spends of a Turn, the NPCs acting first and the GM's word on the next
Task: one rule for both battles, each paying from its own pools (an NPC figure's own
Threat first).

Seed 001, the back of every card: Extra Minor Action (1), Swift Task (2), Create Problem
(2, at most +3), Create Advantage (2) and Obtain Information (1) outside a Task's
resolution; an Immediate one may be paid by adding to Threat instead.
"""

from __future__ import annotations

from bridge.engine.core.commands import AdjustDifficulty, SpendMomentum
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.core.gm import add_advantage, remove_complication
from bridge.engine.core.theatre import Theatre
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.turn import Side, TurnBase
from bridge.rules.task import complication_faces

__all__ = [
    "adjust_difficulty",
    "npc_first",
    "npc_first_refusal",
    "short",
    "spend",
    "spend_refusal",
]

CREATE_PROBLEM_MAX = 3
"""Seed 001: Create Problem adds at most +3 Difficulty to one Task."""


def short(word: str, amount: int, have: int) -> str | None:
    """The pool's refusal when ``have`` cannot pay ``amount``, or None."""
    if amount > have:
        return f"Not enough {word}: {amount} needed, {have} in the pool."
    return None


def _enemy(side: Side) -> Side:
    return "npc" if side == "player" else "player"


def _cost(state: Encounter, turn: TurnBase, side: Side, cmd: SpendMomentum) -> int | str:
    """What the spend costs, or why it cannot be made however it is paid."""
    match cmd.spend:
        case "extra_minor" | "obtain_information":
            return cmd.amount
        case "swift_task":
            if turn.task_allowance >= 2:
                return "At most two Tasks may be attempted in a Turn."
            return 2
        case "create_problem":
            if turn.create_problem.get(_enemy(side), 0) + cmd.amount > CREATE_PROBLEM_MAX:
                return "Create Problem adds at most +3 Difficulty to one Task."
            return 2 * cmd.amount
        case _:
            if cmd.remove_complication and not any(t.kind == "complication" for t in state.traits):
                return "No Complication is in play to remove."
            return 2


def spend_refusal(state: Encounter, theatre: Theatre, cmd: SpendMomentum) -> str | None:
    """Why the acting side may not make this Immediate spend now, or None."""
    actor = theatre.turn(state).actor
    if actor is None:
        return "Spend Momentum during a Turn."
    unable = theatre.unable(state, actor)
    if unable is not None:
        return unable
    threat = cmd.with_threat and not theatre.pays_threat(state, actor)
    if threat:
        refusal = theatre.spends.threat_refusal(cmd.spend, state.house_rules)
        if refusal is not None:
            return refusal
    cost = _cost(state, theatre.turn(state), theatre.side(state, actor), cmd)
    if isinstance(cost, str):
        return cost
    if threat:
        return None
    return short(theatre.word(state, actor), cost, theatre.pool(state, actor))


def spend(ctx: Ctx, theatre: Theatre, cmd: SpendMomentum) -> None:
    """Make an Immediate spend for the acting side (the gate has judged it)."""
    state = ctx.state
    turn = theatre.turn(state)
    actor = turn.actor
    if actor is None:
        refuse("Spend Momentum during a Turn.")
    threat = cmd.with_threat and not theatre.pays_threat(state, actor)
    cost = _cost(state, turn, theatre.side(state, actor), cmd)
    if isinstance(cost, str):
        refuse(cost)
    names = {
        "extra_minor": "Extra Minor Action",
        "swift_task": "Swift Task",
        "create_problem": "Create Problem",
        "create_advantage": "Create Advantage",
        "obtain_information": "Obtain Information",
    }
    if cmd.spend == "create_advantage" and not cmd.name:
        refuse("Name the Advantage to create.")
    theatre.pay(ctx, actor, cost, names[cmd.spend], with_threat=threat)
    match cmd.spend:
        case "extra_minor":
            theatre.set_turn(ctx, minor_allowance=turn.minor_allowance + cmd.amount)
        case "swift_task":
            theatre.set_turn(ctx, task_allowance=2)
            ctx.say("A second Task this Turn, at +1 Difficulty.")
        case "create_problem":
            enemy = _enemy(theatre.side(state, actor))
            now = turn.create_problem.get(enemy, 0) + cmd.amount
            theatre.set_turn(ctx, create_problem={**turn.create_problem, enemy: now})
            ctx.say(f"The other side's next Task is +{now} Difficulty.")
        case "create_advantage":
            if cmd.remove_complication:
                remove_complication(ctx, cmd.name)
            else:
                add_advantage(ctx, cmd.name)
        case _:
            ctx.say(f"{cmd.amount} question(s) for the GM.")


def npc_first_refusal(state: Encounter, theatre: Theatre) -> str | None:
    """[default] Why the GM cannot send the NPCs first this Round, or None."""
    turn = theatre.turn(state)
    if turn.any_turn_this_round:
        return "NPCs can be sent first only before anyone has acted this Round."
    if turn.side == "npc":
        return "The NPCs already act first this Round."
    return short("Threat", state.house_rules.npc_act_first_threat, state.threat.value)


def npc_first(ctx: Ctx, theatre: Theatre) -> None:
    """[default] The GM pays Threat (2 by the house rules) to have the NPCs act first."""
    reason = npc_first_refusal(ctx.state, theatre)
    if reason is not None:
        refuse(reason)
    ctx.pay("npc", ctx.state.house_rules.npc_act_first_threat, "The NPCs act first")
    theatre.set_turn(ctx, side="npc")


def adjust_difficulty(ctx: Ctx, theatre: Theatre, cmd: AdjustDifficulty) -> None:
    """The GM's word on the next Task: its Difficulty and its complication range."""
    rng = cmd.complication_range or 0
    theatre.set_turn(ctx, gm_difficulty=cmd.amount, gm_complication=rng)
    parts = [f"Difficulty {cmd.amount:+d}"] if cmd.amount or not rng else []
    if rng:
        parts.append(f"complication range {rng} ({complication_faces(rng)})")
    task = "personal Task" if cmd.on_foot else "Task"
    ctx.say(
        f"GM: the next {task}'s {' and '.join(parts)}"
        + (f" ({cmd.reason})" if cmd.reason else "")
        + "."
    )
