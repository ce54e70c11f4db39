"""A card entry as one rule object, any card's: what it needs, its checks, its Difficulty,
its effect or immediate action, an attack's launch, the Threat it costs. Each card's rule
(:class:`~bridge.engine.ship.cards.rule.TaskRule`,
:class:`~bridge.engine.conflict.rule.ConflictRule`) adds only what its rules add, typed for
its own frame (a station, a figure), Command and waiting roll. The generic steps call
into the rule; nothing else switches on an entry's key."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from bridge.engine.core.commands import TaskCommand
from bridge.engine.core.context import Ctx
from bridge.engine.core.needs import Need
from bridge.engine.core.plan import Frame
from bridge.engine.state.cards import ActionDef
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.spends import Spends
from bridge.engine.state.turn import Rolled

__all__ = ["CardRule", "registry"]

F = TypeVar("F", bound=Frame)
R = TypeVar("R", bound="CardRule")  # type: ignore[type-arg]
C = TypeVar("C", bound=TaskCommand)
P = TypeVar("P", bound=Rolled)


@dataclass(frozen=True)
class CardRule(Generic[F, C, P]):
    """One card entry: everything particular to it that both battles' rules have."""

    key: str
    needs: tuple[Need, ...] = ()
    check: Callable[[Ctx, F, C], None] | None = None
    """Refuse chosen parameters the rules do not allow (``need`` for a missing one)."""
    base: Callable[[Encounter, F, C], tuple[str, int]] | None = None
    """The base Difficulty, named, when it is not the card's number."""
    items: Callable[[Encounter, F, C], list[tuple[str, int]]] | None = None
    """The entry's own Difficulty modifiers, each named."""
    effect: Callable[[Ctx, F, P, Spends], None] | None = None
    """What a rolled Task does on success, given its roll and the Momentum spent."""
    immediate: Callable[[Ctx, F, C], None] | None = None
    """What an unrolled Task (Assist, Pass, Ready, Direct, Launch Probe) does at once."""
    launch: Callable[[Ctx, F, P, Spends], int] | None = None
    """An attack's first half, as its damage is rolled: how many challenge dice."""
    attack: bool = False
    offered: Mapping[Need, Callable[[Encounter, str, C], str | None]] = field(default_factory=dict)
    """Needs offered only for some parameters (why not for these, or None)."""
    threat: Callable[[Encounter, F, C], tuple[str, int]] | None = None
    """Threat the Task costs when attempted, hit or miss, named: an NPC spends it, a
    player adds it to the GM's pool."""

    def needs_for(self, state: Encounter, actor: str, cmd: C) -> tuple[Need, ...]:
        """The needs offered for these parameters (``actor``: the ship or figure)."""
        return tuple(
            n
            for n in self.needs
            if n not in self.offered or self.offered[n](state, actor, cmd) is None
        )


def registry(rules: Iterable[R], card: Mapping[str, ActionDef], which: str) -> dict[str, R]:
    """``rules`` by key, one for each Task of ``card`` at most (``which``: the card's
    name in the error, a mistake in the code caught as it loads)."""
    out: dict[str, R] = {}
    for rule in rules:
        if rule.key in out:
            raise ValueError(f"Two rules for the {which}'s Task '{rule.key}'")
        if rule.key not in card or card[rule.key].kind != "task":
            raise ValueError(f"'{rule.key}' is not a Task of the {which}")
        out[rule.key] = rule
    return out
