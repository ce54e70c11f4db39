"""Everything decided about a Task before its dice are rolled, any card's: who attempts
it and how (its frame), the itemised Difficulty, the dice, the assists, the
complication range, what it costs, and an opposed Task's other roll."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Generic, Literal, TypeVar

from bridge.engine.state.cards import ActionDef
from bridge.rules.task import TaskSpec

__all__ = ["Cost", "Frame", "TaskPlan"]


@dataclass(frozen=True, kw_only=True)
class Frame:
    """Who attempts which card entry: the actor, whether it pays Threat (an NPC), whether
    it is the Turn's second Task, and the Power it spends (a station Task's)."""

    actor: str
    action: ActionDef
    npc: bool
    second_task: bool
    power: int = 0


@dataclass(frozen=True)
class Cost:
    """One thing attempting a Task costs, paid before the dice land."""

    what: str
    amount: int
    pool: Literal["Momentum", "Threat added", "Threat spent", "Determination", "Power"]

    def describe(self) -> str:
        """ "1 Threat spent (torpedo attack)", "1 Power (Attack Pattern)": a Task's name
        as the card prints it, any other words as part of the sentence."""
        what = self.what if self.pool == "Power" else self.what[:1].lower() + self.what[1:]
        if self.pool == "Threat added":
            return f"+{self.amount} Threat to the GM ({what})"
        if self.pool == "Threat spent":
            return f"{self.amount} Threat spent ({what})"
        return f"{self.amount} {self.pool} ({what})"


F = TypeVar("F", bound=Frame)


@dataclass(frozen=True)
class TaskPlan(Generic[F]):
    """Everything decided about a Task before its dice are rolled."""

    frame: F
    items: tuple[tuple[str, int], ...]
    spec: TaskSpec
    who: str
    assist_names: tuple[str, ...]
    complication_why: tuple[str, ...]
    interrupt: bool
    threat: tuple[str, int] = ("", 0)
    """The Task's own Threat (a torpedo attack's, a Lethal attack's), named; paid hit or
    miss: an officer adds it to the GM's pool, an NPC spends it."""
    reactive: TaskSpec | None = None
    """An Opposed Task's other roll, rolled with it (a melee attack's target)."""

    @property
    def difficulty(self) -> int:
        return self.spec.difficulty

    @property
    def costs(self) -> tuple[Cost, ...]:
        """Everything the attempt costs, item by item: bought dice, the Task's own
        Threat, its Power. The task dialog shows these before the roll."""
        bought = self.spec.cost
        what, threat = self.threat
        out = [
            Cost("the Determination die", bought.determination, "Determination"),
            Cost("bought dice", bought.momentum, "Momentum"),
            Cost("bought dice", bought.threat_added, "Threat added"),
            Cost("bought dice", bought.threat_spent, "Threat spent"),
            Cost(what, threat, "Threat spent" if self.frame.npc else "Threat added"),
            Cost(self.frame.action.name, self.frame.power, "Power"),
        ]
        return tuple(c for c in out if c.amount)
