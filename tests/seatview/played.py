"""A demo battle played on by the ship autopilot, some NPCs scanned: what the seat-view
property tests look at."""

from __future__ import annotations

from bridge.engine import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import SeededDice

__all__ = ["NPCS", "played"]

NPCS = ("qoj", "vortak")
"""The demo's NPC ships."""


def played(seed: int, steps: int, scanned: set[str]) -> Session:
    """The demo with ``scanned`` scanned, ``steps`` autopilot moves on (fewer if it stops)."""
    session = Session(
        demo_encounter().model_copy(update={"scanned": tuple(sorted(scanned))}),
        SeededDice(seed),
    )
    for _ in range(steps):
        command = suggest(session.state, session.check)
        if command is None:
            break
        session.apply(command)
    return session
