"""A station Task as one rule object: what it needs, its checks, its Difficulty, its
Power and its effect. The engine's generic steps (who may act, the roll, the spends)
call into the rule; nothing else switches on a Task's key."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bridge.engine.core.context import Ctx
from bridge.engine.core.needs import Need
from bridge.engine.core.rule import CardRule
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.state.encounter import DurationKind, Encounter, PendingTask
from bridge.engine.state.spends import Spends
from bridge.model.ship import Ship

__all__ = [
    "NEED_GIVEN",
    "Base",
    "Check",
    "Effect",
    "Immediate",
    "Items",
    "Launch",
    "Offered",
    "PowerOf",
    "TaskRule",
    "ThreatOf",
    "WhyNot",
]


WhyNot = Callable[[Encounter, str, Ship], str | None]
"""Why the Task cannot be attempted now, before any parameter (the gate asks)."""
Check = Callable[[Ctx, TaskFrame, AttemptTask], None]
"""Refuse chosen parameters the rules do not allow (``need`` for a missing one)."""
Base = Callable[[Encounter, TaskFrame, AttemptTask], tuple[str, int]]
"""The base Difficulty, named, when it is not the card's number."""
Items = Callable[[Encounter, TaskFrame, AttemptTask], list[tuple[str, int]]]
"""This Task's own Difficulty modifiers, each named."""
PowerOf = Callable[[Ctx, TaskFrame, AttemptTask], int]
"""The Power the Task spends, when it is not the card's number."""
Effect = Callable[[Ctx, TaskFrame, PendingTask, Spends], None]
"""What a rolled Task does on success, given its pending roll and the Momentum spent."""
Immediate = Callable[[Ctx, TaskFrame, AttemptTask], None]
"""What an unrolled Task (Assist, Pass, Ready, Direct, Launch Probe) does at once."""
Launch = Callable[[Ctx, TaskFrame, PendingTask, Spends], int]
"""What an attack does as its damage is rolled, before the dice land (Scan for Weakness
used, a ram's move); returns how many challenge dice its damage rolls."""
Offered = Callable[[Encounter, str, AttemptTask], str | None]
"""Why a need that depends on other parameters is not offered for them (``None``: it
is), given the acting ship's id: Salvo only for a torpedo, for instance."""
ThreatOf = Callable[[Encounter, TaskFrame, AttemptTask], tuple[str, int]]
"""Threat the Task costs when it is attempted, named: an NPC spends it, a player adds
it to the GM's pool (RULES-NOTES: a torpedo attack)."""

NEED_GIVEN: dict[Need, Callable[[AttemptTask], bool]] = {
    Need.SALVO: lambda cmd: cmd.salvo,
    Need.AREA: lambda cmd: cmd.array_mode == "area",
    Need.EXTRA_POWER: lambda cmd: cmd.extra_power > 0,
}
"""Whether a Command uses a need that may not be offered (it differs from its default)."""


@dataclass(frozen=True)
class TaskRule(CardRule[TaskFrame, AttemptTask, PendingTask]):
    """One Task of a station card: what its rules add to any card entry's (its
    ``offered`` needs must each be in ``needs`` and in :data:`NEED_GIVEN`: the task dialog
    hides them, the engine refuses them, for the same reason)."""

    why_not: WhyNot | None = None
    power: PowerOf | None = None
    opposed: bool = False
    """Seed 003 Opposed Task: the other side rolls too (Deploy Security)."""
    close_when_disabled: bool = False
    """Still usable at Close range when its system is Disabled (RULES-NOTES: Disabled
    Communications are "unusable beyond Close")."""
    uses_up: tuple[DurationKind, ...] = ()
    """Lasting effects on the ship the Task uses up when attempted (Damage Report)."""
