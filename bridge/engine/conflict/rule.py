"""A Task of the Conflict card as one rule object, the sixth card's counterpart of
:class:`~bridge.engine.ship.cards.rule.TaskRule`: the same parts (needs, a parameter-free "why
not", checks, base Difficulty and items, effect or immediate action, an attack's launch),
typed for a figure on a personal map instead of a ship's station. The conflict's generic
steps (:mod:`bridge.engine.conflict.tasks`) call into it; nothing else switches on a
Conflict card Task's key."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bridge.engine.conflict.commands import ConflictTask
from bridge.engine.conflict.figures import FigureStats
from bridge.engine.core.context import Ctx
from bridge.engine.core.forms import Choice
from bridge.engine.core.plan import Frame
from bridge.engine.core.rule import CardRule
from bridge.engine.state.conflict import ConflictPending
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.spends import Spends
from bridge.engine.state.turn import Side
from bridge.rules.stats import Attribute, Department
from bridge.rules.task import TaskSpec

__all__ = ["ConflictRule", "FigureFrame"]


@dataclass(frozen=True, kw_only=True)
class FigureFrame(Frame):
    """Who attempts which Conflict card Task: the figure (``npc``: every figure not an
    officer of the crew, which pays and gains Threat), its side and statistics."""

    side: Side
    stats: FigureStats


WhyNot = Callable[[Encounter, str], str | None]
"""Why the figure cannot attempt the Task now, before any parameter (the gate asks)."""
Check = Callable[[Ctx, FigureFrame, ConflictTask], None]
Base = Callable[[Encounter, FigureFrame, ConflictTask], tuple[str, int]]
Items = Callable[[Encounter, FigureFrame, ConflictTask], list[tuple[str, int]]]
Complications = Callable[[Encounter, FigureFrame, ConflictTask], list[tuple[str, int]]]
"""Additions to the complication range, each named."""
Roll = Callable[[Encounter, FigureFrame, ConflictTask], tuple[Attribute, Department]]
"""The Attribute and Discipline rolled when the Command names none."""
Effect = Callable[[Ctx, FigureFrame, ConflictPending, Spends], None]
Immediate = Callable[[Ctx, FigureFrame, ConflictTask], None]
Launch = Callable[[Ctx, FigureFrame, ConflictPending, Spends], int]
Opposition = Callable[[Encounter, FigureFrame, ConflictTask], TaskSpec | None]
"""The reactive side's roll of an Opposed Task (a melee attack's target), or None."""
Countered = Callable[[Ctx, FigureFrame, ConflictPending], None]
"""What happens when the reactive side wins (a melee target hits back)."""
SpendCheck = Callable[[Ctx, FigureFrame, ConflictPending, Spends], None]
"""Refuse spends the Task cannot use, before they are paid (Sprint's zones)."""
Choices = Callable[[Encounter, str, ConflictTask], tuple[Choice, ...]]
"""The legal values of one need for the figure, given the parameters chosen so far."""
Offered = Callable[[Encounter, str, ConflictTask], str | None]
"""Why a need is not offered for these parameters (None: it is)."""
ThreatOf = Callable[[Encounter, FigureFrame, ConflictTask], tuple[str, int]]
"""Threat the Task costs when attempted, named (a Lethal attack's)."""


@dataclass(frozen=True)
class ConflictRule(CardRule[FigureFrame, ConflictTask, ConflictPending]):
    """One Task of the Conflict card: what its rules add to any card entry's."""

    why_not: WhyNot | None = None
    complications: Complications | None = None
    roll: Roll | None = None
    attempted: Immediate | None = None
    """What attempting the rolled Task does at once, hit or miss (Sprint's once a Round)."""
    opposed: Opposition | None = None
    countered: Countered | None = None
    check_spends: SpendCheck | None = None
    movement: bool = False
    """A movement Task (seed 003 MOVEMENT: not in a Turn with the Movement Minor Action)."""
    spends: frozenset[str] = frozenset()
    """The Task's own spends beyond the common ones: "extra" (its repeatable effect),
    "damage" (the attack spends), "revive" (First Aid)."""
