"""The working context of one Command: the state being built, the dice, the log lines."""

from __future__ import annotations

from typing import Any, NoReturn

from pydantic import ValidationError

from bridge.engine.state.encounter import Duration, Encounter, TurnState
from bridge.engine.state.turn import Side
from bridge.model.character import Character
from bridge.model.ship import Ship
from bridge.model.validation import describe_validation_error
from bridge.rules.dice import Dice
from bridge.rules.errors import RuleViolation
from bridge.rules.hidden import gm_only

__all__ = ["GM_LINE", "Ctx", "MissingParameter", "need", "refuse"]

GM_LINE = "[GM] "
"""How a log line that only the GM reads begins (an unrevealed NPC's Stress or abilities);
the whole line is a GM-only span (:func:`bridge.rules.hidden.gm_only`), so a crew seat's
log leaves it out."""


class MissingParameter(RuleViolation):
    """A Command lacks a parameter its Task or Minor Action needs (a target, a system)."""


def refuse(reason: str) -> NoReturn:
    """Refuse the Command with a reason a player can read."""
    raise RuleViolation(reason)


def need(reason: str) -> NoReturn:
    """Refuse the Command because a parameter the user still has to choose is missing."""
    raise MissingParameter(reason)


class Ctx:
    """Accumulates the new Encounter; nothing is kept if the Command is refused."""

    def __init__(self, state: Encounter, dice: Dice) -> None:
        self.state = state
        self.dice = dice
        self.log: list[str] = []

    # -- writing ------------------------------------------------------------------------
    def say(self, line: str) -> None:
        self.log.append(line)

    def say_gm(self, line: str) -> None:
        """A line only the GM reads (:data:`GM_LINE`): an NPC's hidden statistics."""
        self.log.append(gm_only(GM_LINE + line))

    def set(self, **changes: Any) -> None:
        self.state = self.state.model_copy(update=changes)

    def set_turn(self, **changes: Any) -> None:
        """Change the turn state, within the model's limits (or refuse naming the value).
        An interruption that ends takes who directed it with it."""
        if "interrupt" in changes and changes["interrupt"] is None:
            changes.setdefault("directed_by", None)
        try:
            turn = TurnState.model_validate({**self.state.turn.model_dump(), **changes})
        except ValidationError as exc:
            refuse(f"The turn cannot change so: {describe_validation_error(exc)}")
        self.set(turn=turn)

    def put_ship(self, ship: Ship) -> None:
        self.set(ships={**self.state.ships, ship.id: ship})

    def update_ship(self, ship_id: str, **changes: Any) -> Ship:
        ship = self.ship(ship_id).model_copy(update=changes)
        self.put_ship(ship)
        return ship

    def put_character(self, character: Character) -> None:
        self.set(characters={**self.state.characters, character.id: character})

    def add_duration(self, duration: Duration) -> None:
        kept = tuple(
            d
            for d in self.state.durations
            if not (
                d.kind is duration.kind and d.ship == duration.ship and d.owner == duration.owner
            )
        )
        self.set(durations=(*kept, duration))

    def drop_durations(self, *gone: Duration) -> None:
        if gone:
            self.set(durations=tuple(d for d in self.state.durations if d not in gone))
            for d in gone:
                self.say(f"{d.describe()} on {self.ship_name(d.ship)} ends.")

    # -- reading ------------------------------------------------------------------------
    @property
    def turn(self) -> TurnState:
        return self.state.turn

    def ship(self, ship_id: str) -> Ship:
        try:
            return self.state.ships[ship_id]
        except KeyError:
            refuse(f"There is no ship '{ship_id}' in this encounter.")

    def ship_name(self, ship_id: str) -> str:
        ship = self.state.ships.get(ship_id)
        return ship.name if ship else ship_id

    def character(self, character_id: str) -> Character:
        try:
            return self.state.characters[character_id]
        except KeyError:
            refuse(f"There is no character '{character_id}' in this encounter.")

    def side_of(self, actor: str) -> Side:
        if actor in self.state.characters:
            return "player"
        return self.state.sides.get(actor, "npc")

    def actor_name(self, actor: str) -> str:
        return self.state.name_of(actor)

    # -- pools --------------------------------------------------------------------------
    def gain(self, side: Side, amount: int, why: str) -> None:
        """Momentum for the players (capped, overflow lost), Threat for the NPCs."""
        if amount <= 0:
            return
        if side == "npc":
            self.set(threat=self.state.threat.add(amount))
            self.say(f"{why}: +{amount} Threat (now {self.state.threat.value}).")
            return
        pool, lost = self.state.momentum.add(amount)
        self.set(momentum=pool)
        lost_text = f"; {lost} lost above the cap" if lost else ""
        self.say(f"{why}: +{amount} Momentum (now {pool.value}{lost_text}).")

    def pay(self, side: Side, amount: int, why: str) -> None:
        """Spend Momentum (players) or Threat (NPCs), or refuse if the pool is short."""
        if amount <= 0:
            return
        if side == "npc":
            self.set(threat=self.state.threat.spend(amount))
            self.say(f"{why}: -{amount} Threat (now {self.state.threat.value}).")
        else:
            self.set(momentum=self.state.momentum.spend(amount))
            self.say(f"{why}: -{amount} Momentum (now {self.state.momentum.value}).")

    def pay_or_threat(self, side: Side, amount: int, why: str, with_threat: bool) -> None:
        """Pay an immediate spend; players may instead add it to Threat (seed 001 card
        back: "Momentum spends can be paid by adding the same amount to Threat")."""
        if with_threat and side == "player":
            self.add_threat(amount, f"{why} (paid in Threat)")
        else:
            self.pay(side, amount, why)

    def add_threat(self, amount: int, why: str) -> None:
        if amount > 0:
            self.set(threat=self.state.threat.add(amount))
            self.say(f"{why}: +{amount} Threat (now {self.state.threat.value}).")
