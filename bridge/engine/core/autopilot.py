"""The autopilot's Turn, one loop for both battles: it submits the Commands its battle's
plain fighter suggests, one at a time, each checked by the engine, until the Turn ends,
the battle is decided, it is someone else's move, or a limit is reached; and it says
what it did in the GM's words. An NPC ship's Turn and an NPC figure's differ only in what
they suggest (:mod:`bridge.engine.ship.autopilot`, :mod:`bridge.engine.conflict.autopilot`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from bridge.engine.core.command import BaseCommand
from bridge.engine.core.commands import EndTurn
from bridge.engine.state.encounter import Encounter

__all__ = ["AutopilotTurn", "TurnLoop", "run_turn"]

C = TypeVar("C", bound=BaseCommand)


@dataclass(frozen=True)
class AutopilotTurn:
    """What the autopilot did in one NPC's Turn (a ship's or a figure's), in words."""

    actor: str
    name: str
    steps: tuple[str, ...]

    def describe(self) -> str:
        done = "; ".join(self.steps) if self.steps else "nothing"
        return f"Autopilot, {self.name}: {done}."


@dataclass(frozen=True)
class TurnLoop(Generic[C]):
    """How one battle's autopilot plays: what it suggests next (``None``: nothing more),
    how a step reads (``None``: nothing worth saying), whether to go on after a step."""

    suggest: Callable[[Encounter], C | None]
    words: Callable[[Encounter, C, Encounter], str | None]
    going: Callable[[Encounter], bool]


def run_turn(
    state: Encounter,
    first: C,
    submit: Callable[[C], Encounter | None],
    loop: TurnLoop[C],
    limit: int,
) -> tuple[Encounter, tuple[str, ...]]:
    """Submit ``first`` and what ``loop`` suggests after it, at most ``limit`` Commands;
    stop at a refusal, the end of the Turn, or when ``loop.going`` says so. Returns the
    state reached and the steps in words."""
    steps: list[str] = []
    command: C | None = first
    for _ in range(limit):
        if command is None:
            break
        after = submit(command)
        if after is None:
            break
        words = loop.words(state, command, after)
        if words:
            steps.append(words)
        state = after
        if isinstance(command, EndTurn) or not loop.going(state):
            break
        command = loop.suggest(state)
    return state, tuple(steps)
