"""A game table for engine tests: the demo battle with named helpers and given dice."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.engine.commands import Command
from bridge.engine.core.commands import EndTurn, ResolveTask, StartTurn
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Applied, CommandRefused, Session
from bridge.engine.ship.commands import AttemptTask, MinorAction
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.spends import Spends
from bridge.rules.dice import GivenDice

HIT = (1, 1, 1)  # criticals: 4 successes on the lead dice, 2 on a ship assist


class Table:
    """Wraps a Session; every dice-rolling call names its dice."""

    def __init__(self, encounter: Encounter | None = None) -> None:
        self.session = Session(encounter or demo_encounter(), GivenDice())

    @property
    def state(self) -> Encounter:
        return self.session.state

    def do(self, command: Command, d20: tuple[int, ...] = (), d6: tuple[int, ...] = ()) -> Applied:
        return self.session.apply(command, GivenDice(d20=d20, d6=d6))

    def refused(self, command: Command, match: str) -> None:
        before = self.state
        with pytest.raises(CommandRefused, match=match):
            self.do(command, d20=(10,) * 10, d6=(3,) * 20)
        assert self.state is before

    def turn(self, actor: str) -> Applied:
        by = actor if actor in self.state.characters else "gm"
        return self.do(StartTurn(actor=actor, by=by))

    def end(self, keep: bool = False) -> Applied:
        actor = self.state.turn.actor or "gm"
        by = actor if actor in self.state.characters else "gm"
        return self.do(EndTurn(by=by, keep_initiative=keep))

    def task(
        self,
        action: str,
        d20: tuple[int, ...] = HIT,
        d6: tuple[int, ...] = (),
        spends: Spends | None = None,
        **kw: Any,
    ) -> Applied:
        actor = self.state.turn.interrupt or self.state.turn.actor or "gm"
        by = kw.pop("by", actor if actor in self.state.characters else "gm")
        return self.do(
            AttemptTask(by=by, action=action, spends=spends or Spends(), **kw), d20=d20, d6=d6
        )

    def roll(self, action: str, d20: tuple[int, ...] = HIT, **kw: Any) -> Applied:
        """Attempt without resolving: the Task waits for its spends."""
        actor = self.state.turn.interrupt or self.state.turn.actor or "gm"
        by = kw.pop("by", actor if actor in self.state.characters else "gm")
        return self.do(AttemptTask(by=by, action=action, **kw), d20=d20)

    def resolve(
        self, spends: Spends | None = None, d20: tuple[int, ...] = (), d6: tuple[int, ...] = ()
    ) -> Applied:
        pending = self.state.pending
        assert pending is not None
        by = pending.actor if pending.actor in self.state.characters else "gm"
        return self.do(ResolveTask(by=by, spends=spends or Spends()), d20=d20, d6=d6)

    def minor(self, action: str, **kw: Any) -> Applied:
        actor = self.state.turn.actor or "gm"
        by = actor if actor in self.state.characters else "gm"
        return self.do(MinorAction(by=by, action=action, **kw))

    def npc_pass(self, ship: str) -> None:
        """An NPC ship takes a Turn doing nothing but Interact."""
        self.turn(ship)
        self.minor("interact")
        self.end()
