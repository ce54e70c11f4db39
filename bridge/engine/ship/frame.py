"""Who attempts which Task, from which station, for which ship."""

from __future__ import annotations

from dataclasses import dataclass, field

from bridge.engine.state.cards import ActionDef, Station

__all__ = ["TaskFrame"]


@dataclass(frozen=True)
class TaskFrame:
    """Who attempts which Task, from which station, for which ship."""

    actor: str
    owner: str
    ship: str
    action: ActionDef
    station: Station
    override: bool
    npc: bool
    second_task: bool
    power: int = 0
    notes: list[str] = field(default_factory=list)
