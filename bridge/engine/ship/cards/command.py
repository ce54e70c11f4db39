"""The Command card: Direct and Rally (seed 001 Command card; seed 003 DIRECT)."""

from __future__ import annotations

from bridge.engine.core.context import Ctx, need, refuse
from bridge.engine.core.needs import Need
from bridge.engine.ship.cards.rule import TaskRule
from bridge.engine.ship.cards.shared import noop
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.turn import AssistOffer
from bridge.model.ship import Ship
from bridge.rules.stats import Department

__all__ = ["RULES"]


def _direct_why_not(state: Encounter, actor: str, ship: Ship) -> str | None:
    turn = state.turn
    if actor not in state.characters:  # seed 003: one character on each side
        if turn.npc_direct_used:
            return "The NPCs have used their Direct this scene."
        return None
    if Station.COMMAND not in state.stations_of(actor):  # seed 001: "Commanding officers only"
        return "Direct is for the Commanding Officer only."
    if turn.direct_used:
        return "Direct may be used only once per scene."
    return None


def _offer(ctx: Ctx, assister: str, target: str) -> None:
    """The directing officer's assist, waiting for the directed Task (Control + Command)."""
    offer = AssistOffer(
        assister=assister,
        target=target,
        attribute="control",
        discipline=Department.COMMAND.value,
        source="direct",
    )
    ctx.set(assists=(*ctx.state.assists, offer))


def _direct(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    """Seed 001 Command card / seed 003: Direct, once per scene."""
    if frame.npc:
        _npc_direct(ctx, frame)
        return
    if ctx.turn.direct_used:
        refuse("Direct may be used only once per scene.")
    if cmd.target is None or cmd.target not in ctx.state.seated_characters():
        need("Direct needs another officer on the bridge.")
    if cmd.target == frame.actor:
        refuse("The CO directs another officer, not themselves.")
    _offer(ctx, frame.actor, cmd.target)
    ctx.set_turn(direct_used=True, interrupt=cmd.target, directed_by=frame.actor)
    ctx.say(
        f"{ctx.actor_name(frame.actor)} directs {ctx.actor_name(cmd.target)} to act at "
        "once, assisting with Command."
    )


def _npc_direct(ctx: Ctx, frame: TaskFrame) -> None:
    """Seed 003 DIRECT: "one character on each side in a position of authority". An NPC
    ship's commander directs its crew: the ship attempts one more Task at once, assisted
    by its commander (the crew's quality), once per scene for the NPC side."""
    if ctx.turn.npc_direct_used:
        refuse("The NPCs have used their Direct this scene.")
    _offer(ctx, frame.ship, frame.ship)
    ctx.set_turn(npc_direct_used=True, interrupt=frame.ship, directed_by=frame.ship)
    ctx.say(
        f"{ctx.ship_name(frame.ship)}'s commander directs the crew: one more Task at once, "
        "assisted by the commander."
    )


RULES = (
    TaskRule("direct", needs=(Need.ALLY,), why_not=_direct_why_not, immediate=_direct),
    TaskRule("rally", effect=noop),
)
