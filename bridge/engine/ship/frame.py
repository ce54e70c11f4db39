"""Who attempts which Task, from which station, for which ship."""

from __future__ import annotations

from dataclasses import dataclass, field

from bridge.engine.core.plan import Frame
from bridge.engine.state.cards import Station

__all__ = ["TaskFrame"]


@dataclass(frozen=True, kw_only=True)
class TaskFrame(Frame):
    """Who attempts which station Task, from which station, for which ship (its bridge
    role's ``owner``, whose durations it ends), and whether by Override."""

    owner: str
    ship: str
    station: Station
    override: bool
    notes: list[str] = field(default_factory=list)
