"""A seat: who looks at the battle (the GM, or the crew: a player or the viewscreen)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CREW", "GM", "Seat"]


@dataclass(frozen=True)
class Seat:
    """Who is looking: the GM sees everything; every crew seat (a player's station, the
    shared laptop, the viewscreen) sees what the crew may see, the same for each.

    ``character`` is the officer the seat acts for (``None``: the GM, the viewscreen, or
    a station window whose officer is chosen in it).
    """

    gm: bool = False
    character: str | None = None

    @property
    def crew(self) -> bool:
        return not self.gm


GM = Seat(gm=True)
"""The GM's console and dialogs: the whole battle."""
CREW = Seat()
"""Any crew seat: what the players may see."""
