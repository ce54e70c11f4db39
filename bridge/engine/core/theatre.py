"""A theatre of the battle: the ship battle or the personal conflict.

The steps both battles share are written once, against this (:mod:`bridge.engine.core.spending`,
:mod:`bridge.engine.core.turn_order`, :mod:`bridge.engine.core.resolution`): an Immediate
spend, ending a Turn and keeping the Initiative, the NPCs acting first, the GM's word on
the next Task, resolving a roll and spending its Momentum, an attack's damage dice and
Re-Roll Damage, a Moment of Inspiration, a second Task for Determination, a readied Task's
trigger. Each battle answers here for its own state (whose Turn, what waits, who pays
Threat, where a figure's own Threat comes first) and its own rules (a melee attack's
opposed roll, a ship attack's Attack Pattern bonus): they differ only where the rules do.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import Any, ClassVar

from bridge.engine.core.command import Where
from bridge.engine.core.context import Ctx
from bridge.engine.core.spend_table import SpendTable
from bridge.engine.state.cards import ActionDef
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.spends import HeldDamage, Spends
from bridge.engine.state.turn import Rolled, Side, TurnBase

__all__ = ["Outcome", "Theatre"]


@dataclass(frozen=True)
class Outcome:
    """How a rolled Task stands when it is resolved: whether it succeeds (at a cost), the
    Momentum it generated, and in words (an opposed roll's explanation, if any)."""

    success: bool
    at_cost: bool
    momentum: int


class Theatre(ABC):
    """One battle a Command plays in, as the shared steps see it."""

    where: ClassVar[Where]
    spends: ClassVar[SpendTable]
    """The spends the card's back names (which are Immediate, which may add to Threat)."""
    round_word: ClassVar[str]
    """How its log names a Round: "Round", "personal Round"."""

    # -- its state -----------------------------------------------------------------------
    @abstractmethod
    def turn(self, state: Encounter) -> TurnBase:
        """Whose Turn it is and what the Turn has used."""

    @abstractmethod
    def set_turn(self, ctx: Ctx, **changes: Any) -> None:
        """Change the Turn, within the model's limits (or refuse naming the value)."""

    @abstractmethod
    def pending(self, state: Encounter) -> Rolled | None:
        """The rolled Task that waits, if any."""

    @abstractmethod
    def set_pending(self, ctx: Ctx, pending: Rolled | None) -> None:
        """The rolled Task that waits from now on (``None``: none)."""

    @abstractmethod
    def tasks_taken(self, state: Encounter) -> int:
        """Tasks attempted in the Turn so far (an interruption's not counted)."""

    @abstractmethod
    def action(self, key: str) -> ActionDef:
        """The card entry ``key``."""

    # -- who acts ------------------------------------------------------------------------
    @abstractmethod
    def name(self, state: Encounter, actor: str) -> str:
        """The actor's name, as the log says it."""

    @abstractmethod
    def issuer(self, state: Encounter, actor: str) -> str:
        """Who issues the actor's Commands: ``"gm"`` or the officer's character id."""

    @abstractmethod
    def pays_threat(self, state: Encounter, actor: str) -> bool:
        """Whether the actor's Momentum is Threat (an NPC's)."""

    @abstractmethod
    def side(self, state: Encounter, actor: str) -> Side:
        """The actor's side."""

    @abstractmethod
    def officer(self, state: Encounter, actor: str) -> str | None:
        """The character id of an officer of the crew (who has Determination), or None."""

    def unable(self, state: Encounter, actor: str) -> str | None:
        """Why the actor cannot act in its own Turn any more (out of the fight), or None."""
        return None

    # -- the pools -----------------------------------------------------------------------
    @abstractmethod
    def pool(self, state: Encounter, actor: str) -> int:
        """What the actor may spend: the Momentum pool, or the Threat an NPC may spend."""

    @abstractmethod
    def pay(self, ctx: Ctx, actor: str, amount: int, why: str, with_threat: bool = False) -> None:
        """The actor pays ``amount`` (a player's Immediate spend may add to Threat instead)."""

    @abstractmethod
    def gain(self, ctx: Ctx, actor: str, amount: int, why: str) -> None:
        """Momentum the actor saves (an NPC's goes to Threat)."""

    def word(self, state: Encounter, actor: str) -> str:
        """What the actor's Momentum is called: "Momentum" or "Threat"."""
        return "Threat" if self.pays_threat(state, actor) else "Momentum"

    # -- the Round -----------------------------------------------------------------------
    def turns_left(self, state: Encounter, actor: str) -> int:
        """How many Turns the actor has left this Round (an NPC ship one per Scale)."""
        return 1

    @abstractmethod
    def waiting(self, state: Encounter, side: Side) -> tuple[str, ...]:
        """Who of ``side`` may still take a Turn this Round."""

    @abstractmethod
    def close_turn(self, ctx: Ctx, actor: str, counted: bool) -> None:
        """The actor's Turn is over: count it (unless a Pass leaves it for later), end what
        lasts "until the end of its next Turn", and clear who acts."""

    @abstractmethod
    def check_outcome(self, ctx: Ctx) -> None:
        """Decide the battle (or the fight) if one side is out."""

    @abstractmethod
    def ended(self, state: Encounter) -> bool:
        """Whether the battle (or the fight) is decided."""

    @abstractmethod
    def end_round(self, ctx: Ctx) -> None:
        """End the Round and begin the next."""

    # -- a rolled Task -------------------------------------------------------------------
    @abstractmethod
    def outcome(self, state: Encounter, pending: Rolled) -> Outcome:
        """Whether the roll succeeds as it stands, and the Momentum it made."""

    @abstractmethod
    def spend_cost(self, state: Encounter, pending: Rolled, spends: Spends) -> int:
        """What the spends cost, or refuse a spend the card or the Task cannot take."""

    def check_spends(
        self, ctx: Ctx, pending: Rolled, spends: Spends, success: bool, hold: bool
    ) -> None:
        """Refuse spends this roll cannot take, before anything is paid."""
        return None

    def momentum(self, ctx: Ctx, pending: Rolled, outcome: Outcome) -> int:
        """The Momentum the roll brings to its spends (a bonus said in the log)."""
        return outcome.momentum

    @abstractmethod
    def attack(self, pending: Rolled) -> bool:
        """Whether the Task rolls damage dice when it hits (they may be held)."""

    def complications(self, pending: Rolled) -> int:
        """Complications the roll brings (each a d20 in the complication range)."""
        return pending.result.complications

    @abstractmethod
    def complication_name(self, state: Encounter, pending: Rolled) -> str:
        """What a Complication the roll brings is called in play."""

    def after_roll(self, ctx: Ctx, pending: Rolled, outcome: Outcome) -> None:
        """What the resolved roll does whether it hits or not (a melee target hits back)."""
        return None

    @abstractmethod
    def launch(self, ctx: Ctx, pending: Rolled, spends: Spends) -> int:
        """An attack's first half: how many challenge dice its damage rolls."""

    def held(self, ctx: Ctx, pending: Rolled, held: HeldDamage) -> None:
        """The damage dice are rolled and wait (the ship remembers its target)."""
        return None

    @abstractmethod
    def effect(self, ctx: Ctx, pending: Rolled, spends: Spends) -> None:
        """What the successful Task does (an attack's: its damage lands)."""

    @abstractmethod
    def end_interrupt(self, ctx: Ctx, pending: Rolled) -> None:
        """An interrupting Task is done: the Turn goes back to its own actor."""

    def reroll_refusal(self, state: Encounter, pending: Rolled) -> str | None:
        """Why the roll's d20s cannot be re-rolled (an Opposed Task already compared)."""
        return None

    @abstractmethod
    def rerolled(self, ctx: Ctx, pending: Rolled) -> None:
        """The roll's d20s were rolled again: it waits as it now stands."""

    # -- a readied Task ------------------------------------------------------------------
    @abstractmethod
    def readied(self, state: Encounter, actor: str) -> str | None:
        """The actor's readied Task and its trigger, in words, or None."""
