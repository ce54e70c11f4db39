"""The turn controller of a personal conflict: figures' Turns, the sides alternating,
Rounds, the outcome and the end of its scene (seed 001 COMBAT ACTIONS; RULES-NOTES "Turn
order" and "Personal conflict"), on the same pattern as the ship battle's."""

from __future__ import annotations

from bridge.engine.conflict.figures import (
    can_act,
    for_crew,
    hidden_from_players,
    issuer,
    stats,
    waiting_figures,
)
from bridge.engine.conflict.ops import (
    conflict,
    figure,
    figure_pay,
    set_conflict,
    set_cturn,
    update_figure,
)
from bridge.engine.core.commands import StartTurn
from bridge.engine.core.context import Ctx, refuse
from bridge.rules.npc_abilities import NpcAbilityKind

__all__ = [
    "begin_round",
    "check_outcome",
    "end_round",
    "scene_end_for_figures",
    "start_turn",
]

FAST_RECOVERY_INJURY_THREAT = 2
"""Seed 003 FAST RECOVERY: "it may instead spend two Threat to remove that Injury"."""


def begin_round(ctx: Ctx, number: int) -> None:
    set_cturn(
        ctx,
        round=number,
        side="player",
        actor=None,
        acted=(),
        kept_initiative=False,
        any_turn_this_round=False,
        interrupt=None,
    )
    if not waiting_figures(ctx.state, "player"):
        set_cturn(ctx, side="npc")


def start_turn(ctx: Ctx, cmd: StartTurn) -> None:
    """A figure takes its Turn: what lasts "until the start of its next Turn" ends (Aim,
    Guard, Recover's Cover, a readied Task), then its abilities act (seed 003 FAST
    RECOVERY; STAGGERED)."""
    now = conflict(ctx)
    turn = now.turn
    fig = figure(ctx, cmd.actor)
    if turn.actor is not None:
        refuse(f"{now.figures[turn.actor].name} is still taking their Turn; end it first.")
    if cmd.by not in ("gm", issuer(fig)):
        refuse(f"Only {fig.name}'s own player (or the GM) can start their Turn.")
    if fig.side != turn.side and waiting_figures(ctx.state, turn.side):
        side = "the players'" if turn.side == "player" else "the NPCs'"
        refuse(f"It is {side} Turn: {fig.name}'s side acts after them.")
    if fig.id in turn.acted:
        refuse(f"{fig.name} has already taken a Turn this Round.")
    if not can_act(ctx.state, fig):
        refuse(f"{fig.name} is out of the fight and takes no Turns.")
    set_cturn(
        ctx,
        side=fig.side,  # (the other side, when no one of this one can act)
        turn_id=turn.turn_id + 1,
        actor=fig.id,
        minors_used=(),
        minor_allowance=1,
        tasks_used=(),
        task_allowance=1,
        prepared=False,
        any_turn_this_round=True,
        passed=False,
        stunned=fig.staggered,
    )
    ctx.say(f"Personal Round {turn.round}: {fig.name} takes a Turn.")
    lasting: dict[str, object] = {
        "aim": False,
        "guarded": False,
        "recover_cover": False,
        "staggered": False,
    }
    if fig.readied is not None:
        ctx.say(f"{fig.name}'s readied Task is lost: its trigger did not come.")
        lasting.update(readied=None, readied_note="")
    fig = update_figure(ctx, fig.id, **lasting)
    if conflict(ctx).turn.stunned:
        ctx.say(f"{fig.name} is Staggered: no Task or Minor Action this Turn.")
    _fast_recovery(ctx, fig.id)


def _fast_recovery(ctx: Ctx, figure_id: str) -> None:
    fig = figure(ctx, figure_id)
    npc = fig.npc
    if npc is None or not npc.has(NpcAbilityKind.FAST_RECOVERY):
        return
    if fig.injury is not None and not fig.fighting_on:
        why = for_crew(ctx.state, fig, f"{fig.name}'s Fast Recovery", f"{fig.name} recovers")
        figure_pay(ctx, fig, FAST_RECOVERY_INJURY_THREAT, why)
        update_figure(ctx, fig.id, injury=None, debilitated=False, stabilised=False)
        ctx.say(f"{fig.name} shakes off its Injury{for_crew(ctx.state, fig, ' (Fast Recovery)')}.")
        return
    top = stats(ctx.state, fig).stress_max
    regained = min(npc.rating(NpcAbilityKind.FAST_RECOVERY), top - fig.stress)
    if regained > 0:
        update_figure(ctx, fig.id, stress=fig.stress + regained)
        line = f"{fig.name} regains {regained} Stress (Fast Recovery; {fig.stress + regained})."
        if hidden_from_players(ctx.state, fig):
            ctx.say_gm(line)
        else:
            ctx.say(line)


def end_round(ctx: Ctx) -> None:
    now = conflict(ctx)
    if now.turn.actor is not None:
        refuse(f"{now.figures[now.turn.actor].name} is still taking their Turn.")
    if now.pending is not None:
        refuse("Resolve the rolled Task before ending the Round.")
    if now.turn.round >= 999:
        refuse("Round 999 is the last Round Bridge counts: end the personal conflict.")
    ctx.say(f"End of personal Round {now.turn.round}.")
    begin_round(ctx, now.turn.round + 1)
    ctx.say(f"Personal Round {conflict(ctx).turn.round} begins.")


def check_outcome(ctx: Ctx) -> None:
    """The personal conflict is decided when one side has no one left in the fight."""
    now = conflict(ctx)
    if now.ended:
        return
    standing = {  # (an Injured figure with Fast Recovery and Threat to spend is not out)
        side: [f for f in now.figures.values() if f.side == side and can_act(ctx.state, f)]
        for side in ("player", "npc")
    }
    present = {side: any(f.side == side for f in now.figures.values()) for side in standing}
    if not (present["player"] and present["npc"]):
        return
    if not standing["npc"]:
        outcome = "The away team wins: no NPC is left in the fight."
    elif not standing["player"]:
        outcome = "The NPCs win: no one of the away team is left in the fight."
    else:
        return
    set_conflict(ctx, outcome=outcome)
    ctx.say(f"The personal conflict is over. {outcome}")


def scene_end_for_figures(ctx: Ctx) -> None:
    """The end of the conflict's scene (RULES-NOTES [known]): a lethally Injured figure
    not stabilised dies; one knocked out by a Non-lethal attack comes round."""
    for fig in conflict(ctx).figures.values():
        if fig.dead or fig.injury is None:
            continue
        if fig.injury == "lethal" and not fig.stabilised:
            update_figure(ctx, fig.id, dead=True)
            ctx.say(f"{fig.name} was not stabilised and dies of their Injury.")
        elif fig.injury == "nonlethal":
            update_figure(ctx, fig.id, injury=None, fighting_on=False)
            ctx.say(f"{fig.name} comes round: the scene is over.")
