"""The Tasks on every station card: Assist, Pass, Ready (seed 001; seed 003)."""

from __future__ import annotations

import re

from bridge.engine.core.context import Ctx, need, refuse
from bridge.engine.core.needs import Need
from bridge.engine.ship.cards.rule import TaskRule
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.state.encounter import Duration, DurationKind, Encounter, Expiry
from bridge.engine.state.turn import AssistOffer
from bridge.model.ship import Ship
from bridge.rules.stats import Attribute, Department

__all__ = ["RULES"]


def _assist_why_not(state: Encounter, actor: str, ship: Ship) -> str | None:
    if actor not in state.characters:
        return "NPC ships assist with their crew dice, not an Assist Task."
    return None


def _assist(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    """Seed 003 ASSIST: the ally's next Task gains this character's die."""
    if frame.npc:
        refuse("NPC ships assist with their crew dice, not an Assist Task.")
    if cmd.target is None or cmd.target not in ctx.state.characters:
        need("Assist needs an ally to assist.")
    if cmd.target == frame.actor:
        refuse("A character cannot assist themselves.")
    attribute = cmd.attribute or Attribute.CONTROL
    discipline = cmd.discipline or Department.COMMAND
    ctx.set(
        assists=(
            *ctx.state.assists,
            AssistOffer(
                assister=frame.actor,
                target=cmd.target,
                attribute=attribute.value,
                discipline=discipline.value,
                focus=cmd.focus,
            ),
        )
    )
    ctx.say(
        f"{ctx.actor_name(frame.actor)} will assist {ctx.actor_name(cmd.target)}'s next "
        f"Task with {attribute.label} + {discipline.label}."
    )


def _pass(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    ctx.set_turn(passed=True)
    ctx.say(f"{ctx.actor_name(frame.actor)} passes.")


def _ready(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    """Seed 003 READY: a Task held until a named event; the trigger interrupts."""
    readied = CATALOG.get(cmd.readied or "")
    if readied is None or readied.kind != "task" or readied.key in ("ready", "pass"):
        need("Ready needs the Task to attempt when the trigger happens.")
    # "when the Qoj decloaks" and "the Qoj decloaks" read the same: no "when when".
    trigger = re.sub(r"^\s*when\s+", "", cmd.note or "", flags=re.IGNORECASE) or "a named event"
    ctx.add_duration(
        Duration(
            kind=DurationKind.READY,
            ship=frame.ship,
            owner=frame.owner,
            expiry=Expiry.NEXT_TURN,
            set_in_turn=ctx.turn.turn_id,
            target=readied.key,
            note=f"{readied.name} when {trigger}",
        )
    )
    ctx.say(f"{ctx.actor_name(frame.actor)} readies {readied.name} for when {trigger}.")


RULES = (
    TaskRule(
        "assist",
        needs=(Need.ALLY, Need.ASSIST_ROLL),
        why_not=_assist_why_not,
        immediate=_assist,
    ),
    TaskRule("pass", immediate=_pass),
    TaskRule("ready", needs=(Need.READIED, Need.TRIGGER), immediate=_ready),
)
