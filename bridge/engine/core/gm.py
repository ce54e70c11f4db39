"""The GM's edits every battle shares (a new session, the pools, Advantages and
Complications, a new officer) and a Value's Complication."""

from __future__ import annotations

from bridge.engine.core.commands import (
    AddCharacter,
    AddTrait,
    AdjustPool,
    BeginSession,
    RemoveTrait,
    ValueComplication,
)
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.state.encounter import Trait
from bridge.model.pools import THREAT_MAX

__all__ = [
    "add_advantage",
    "add_character",
    "add_trait",
    "adjust_pool",
    "begin_session",
    "remove_complication",
    "remove_trait",
    "value_complication",
]


STARTING_THREAT_PER_CHARACTER = 2
"""RULES-NOTES [known]: the GM starts each session with 2 Threat per player character."""


def begin_session(ctx: Ctx, cmd: BeginSession) -> None:
    """RULES-NOTES [known]: a session starts with 2 Threat per player character; seed
    003: Determination starts each session at 1; a Value may be challenged once a session."""
    if ctx.turn.actor is not None or ctx.state.pending is not None:
        refuse("Begin a new session between Turns.")
    players = len(ctx.state.characters)
    threat = STARTING_THREAT_PER_CHARACTER * players
    ctx.set(threat=ctx.state.threat.model_copy(update={"value": threat}))
    for character in ctx.state.characters.values():
        ctx.put_character(
            character.model_copy(
                update={
                    "determination": character.determination.model_copy(update={"value": 1}),
                    "value_challenged_this_session": False,
                }
            )
        )
    ctx.say(
        f"A new session begins: Threat {threat} (2 for each of {players} player "
        "characters); every officer's Determination is 1."
    )


def adjust_pool(ctx: Ctx, cmd: AdjustPool) -> None:
    if cmd.pool == "threat":
        value = ctx.state.threat.value + cmd.delta
        if value < 0:
            refuse(f"Threat cannot go below 0 (it is {ctx.state.threat.value}).")
        if value > THREAT_MAX:
            refuse(f"Threat cannot go above {THREAT_MAX}.")
        ctx.set(threat=ctx.state.threat.model_copy(update={"value": value}))
    else:
        value = ctx.state.momentum.value + cmd.delta
        if not 0 <= value <= ctx.state.momentum.cap:
            refuse(f"Momentum must stay within 0..{ctx.state.momentum.cap}.")
        ctx.set(momentum=ctx.state.momentum.model_copy(update={"value": value}))
    ctx.say(f"GM: {cmd.pool.capitalize()} {cmd.delta:+d} (now {value}).")


def add_trait(ctx: Ctx, cmd: AddTrait) -> None:
    if cmd.ship is not None:
        ctx.ship(cmd.ship)
    ctx.set(traits=(*ctx.state.traits, Trait(name=cmd.name, kind=cmd.kind, ship=cmd.ship)))
    ctx.say(f"{cmd.kind.capitalize()}: {cmd.name}.")


def remove_trait(ctx: Ctx, cmd: RemoveTrait) -> None:
    kept = tuple(t for t in ctx.state.traits if t.name != cmd.name)
    if len(kept) == len(ctx.state.traits):
        refuse(f"There is no Advantage or Complication '{cmd.name}'.")
    ctx.set(traits=kept)
    ctx.say(f"Removed: {cmd.name}.")


def add_character(ctx: Ctx, cmd: AddCharacter) -> None:
    if cmd.character.id in ctx.state.characters:
        refuse(f"There is already a character '{cmd.character.id}'.")
    ctx.put_character(cmd.character)
    ctx.say(f"{cmd.character.name} joins the crew.")


def value_complication(ctx: Ctx, cmd: ValueComplication) -> None:
    """Seed 001 VALUES: a hindering Value gives a Complication and 1 Determination."""
    if cmd.by not in ("gm", cmd.character):
        refuse("Only the character's own player (or the GM) can invoke their Values.")
    before = ctx.character(cmd.character)
    if cmd.challenge:
        after = before.challenge_value(cmd.value)
        ctx.say(
            f"{before.name} challenges the Value “{cmd.value}”: +1 Determination; "
            "the Value is crossed out."
        )
    else:
        after = before.comply_with_value(cmd.value)
        ctx.set(
            traits=(
                *ctx.state.traits,
                Trait(name=f"{before.name}: {cmd.value}", kind="complication"),
            )
        )
        ctx.say(f"{before.name}'s Value “{cmd.value}” causes a Complication: +1 Determination.")
    ctx.put_character(after)


def remove_complication(ctx: Ctx, name: str) -> None:
    """Seed 001 Create Advantage: "Establish an Advantage in the scene, or remove a
    Complication"; seed 003: an Advantage "may alternatively be used to remove a
    Complication currently in play"."""
    if not name:
        refuse("Name the Complication to remove.")
    traits = ctx.state.traits
    for i, trait in enumerate(traits):
        if trait.kind == "complication" and trait.name == name:
            ctx.set(traits=traits[:i] + traits[i + 1 :])
            ctx.say(f"Create Advantage removes the Complication: {name}.")
            return
    refuse(f"There is no Complication '{name}' in play.")


def add_advantage(ctx: Ctx, name: str) -> None:
    """An Advantage in play (seed 001 Create Advantage)."""
    ctx.set(traits=(*ctx.state.traits, Trait(name=name, kind="advantage")))
    ctx.say(f"Advantage created: {name}.")
