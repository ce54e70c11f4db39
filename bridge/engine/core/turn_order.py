"""Ending a Turn, keeping the Initiative and ending a Round: one rule for both battles
(RULES-NOTES "Turn order"; seed 001 COMBAT ACTIONS: the sides alternate, an ally may act
next for 2 Momentum but not twice in a row, and a Round ends when no one is left to act).
Each battle counts its own Turns (an NPC ship takes one per point of Scale)."""

from __future__ import annotations

from bridge.engine.core.commands import EndTurn
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.core.spending import short
from bridge.engine.core.theatre import Theatre
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.turn import Side

__all__ = ["end_round_refusal", "end_turn", "end_turn_refusal"]


def _other(side: Side) -> Side:
    return "npc" if side == "player" else "player"


def end_turn_refusal(state: Encounter, theatre: Theatre, cmd: EndTurn) -> str | None:
    """Why the Turn cannot end now (so), or None."""
    turn = theatre.turn(state)
    actor = turn.actor
    if actor is None:
        return "No one is taking a Turn."
    if theatre.pending(state) is not None:
        return "Resolve the rolled Task before ending the Turn."
    if not cmd.keep_initiative:
        return None
    if turn.kept_initiative:
        return "The Initiative cannot be kept twice in a row: the other side must act first."
    side = theatre.side(state, actor)
    if not [a for a in theatre.waiting(state, side) if a != actor or _more(state, theatre, a)]:
        return "No one else on this side can act this Round."
    if cmd.with_threat and not theatre.pays_threat(state, actor):
        return None
    cost = state.house_rules.keep_initiative_cost
    return short(theatre.word(state, actor), cost, theatre.pool(state, actor))


def _more(state: Encounter, theatre: Theatre, actor: str) -> bool:
    """Whether the acting ``actor`` has a Turn left after this one (an NPC ship of Scale 2
    or more may keep the Initiative for itself)."""
    return theatre.turns_left(state, actor) > 1


def end_turn(ctx: Ctx, theatre: Theatre, cmd: EndTurn) -> None:
    """End the acting Turn: count it (a Pass with no Minor Action leaves it for later), hand
    the action to the other side, or to an ally for the Initiative's price, and end the
    Round when no one is left to act."""
    reason = end_turn_refusal(ctx.state, theatre, cmd)
    if reason is not None:
        refuse(reason)
    turn = theatre.turn(ctx.state)
    actor = turn.actor
    assert actor is not None  # (refused above)
    name = theatre.name(ctx.state, actor)
    side = theatre.side(ctx.state, actor)
    counted = not (turn.passed and not turn.minors_used)
    if not counted:
        ctx.say(f"{name} passes and may act later this Round.")
    theatre.close_turn(ctx, actor, counted)
    if cmd.keep_initiative:
        cost = ctx.state.house_rules.keep_initiative_cost
        theatre.pay(ctx, actor, cost, "Keep the Initiative", with_threat=cmd.with_threat)
        theatre.set_turn(ctx, side=side, kept_initiative=True)
    elif theatre.waiting(ctx.state, _other(side)):
        theatre.set_turn(ctx, side=_other(side), kept_initiative=False)
    elif theatre.waiting(ctx.state, side):
        theatre.set_turn(ctx, side=side)
    theatre.check_outcome(ctx)
    if theatre.ended(ctx.state):
        return
    if not theatre.waiting(ctx.state, "player") and not theatre.waiting(ctx.state, "npc"):
        theatre.end_round(ctx)
    else:
        whose = "the players" if theatre.turn(ctx.state).side == "player" else "the NPCs"
        ctx.say(f"{name} ends their Turn; {whose} act next.")


def end_round_refusal(state: Encounter, theatre: Theatre) -> str | None:
    """Why the GM cannot end the Round now, or None."""
    turn = theatre.turn(state)
    if turn.actor is not None:
        return f"{theatre.name(state, turn.actor)} is still taking their Turn."
    if theatre.pending(state) is not None:
        return "Resolve the rolled Task before ending the Round."
    return None
