"""Whose Turn it is and who acts now: one answer for the engine and every window.

A Turn belongs to one character or NPC ship (``turn.actor``). Within it another may act
at once: the officer the Commanding Officer directs (seed 001 Command card, DIRECT: "that
officer attempts a single Task, determined by the CO. The CO assists this Task"), or a
character whose readied Task's trigger happened (seed 003 READY: they "temporarily
interrupt the acting character's Turn"). The engine's refusals, the station windows, the
GM console and the viewscreen all read :func:`acting`, so they say the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bridge.engine.state.encounter import Encounter

__all__ = ["Acting", "acting", "not_yours", "seat_line", "turn_text"]

ActingKind = Literal["none", "turn", "directed", "readied"]


@dataclass(frozen=True)
class Acting:
    """Whose Turn it is (``owner``) and who attempts the next Task (``now``)."""

    owner: str | None
    now: str | None
    kind: ActingKind
    directed_by: str | None = None


def acting(state: Encounter) -> Acting:
    """Who holds the Turn and who acts now."""
    turn = state.turn
    if turn.actor is None:
        return Acting(owner=None, now=None, kind="none")
    if turn.interrupt is None:
        return Acting(owner=turn.actor, now=turn.actor, kind="turn")
    if turn.directed_by is not None:
        return Acting(
            owner=turn.actor, now=turn.interrupt, kind="directed", directed_by=turn.directed_by
        )
    return Acting(owner=turn.actor, now=turn.interrupt, kind="readied")


def turn_text(state: Encounter) -> str:
    """Who acts, in words every window uses: "Capt. Reyes", "Lt. Kell (directed by
    Capt. Reyes)", "Lt. Kell (readied Task, in IKS Qoj's Turn)"; ``""`` between Turns."""
    a = acting(state)
    if a.owner is None or a.now is None:
        return ""
    name = state.name_of
    if a.kind == "directed":
        if a.directed_by == a.now:  # an NPC ship's commander directs its own crew
            return f"{name(a.now)} (its commander directs)"
        return f"{name(a.now)} (directed by {name(a.owner)})"
    if a.kind == "readied":
        return f"{name(a.now)} (readied Task, in {name(a.owner)}'s Turn)"
    return name(a.owner)


def seat_line(state: Encounter, officer: str | None) -> tuple[str, bool]:
    """The turn line of a station window whose officer is ``officer``, and whether that
    officer is the one to act now (the window then signals it)."""
    if state.outcome:
        return state.outcome.upper(), False
    a = acting(state)
    if a.owner is None or a.now is None:
        side = "PLAYERS" if state.turn.side == "player" else "NPCS"
        return f"{side} TO ACT", False
    name = state.name_of
    if officer is not None and officer == a.now:
        if a.kind == "directed":
            return f"▶ YOUR TASK, DIRECTED BY {name(a.owner).upper()}", True
        if a.kind == "readied":
            return f"▶ YOUR READIED TASK: {name(officer).upper()}", True
        return f"▶ YOUR TURN: {name(officer).upper()}", True
    if officer is not None and officer == a.owner:
        if a.kind == "directed":
            return f"YOUR TURN · {name(a.now).upper()} ACTS ON YOUR ORDER", False
        return f"YOUR TURN · {name(a.now).upper()}'S READIED TASK INTERRUPTS", False
    return f"TURN: {turn_text(state).upper()}", False


def not_yours(state: Encounter, by: str, what: Literal["task", "minor", "spend"]) -> str | None:
    """Why ``by`` (a character) may not act so now: not their Turn, or their part of it
    is another's; ``None`` when it is theirs."""
    a = acting(state)
    if a.owner is None or a.now is None:
        return None
    name = state.name_of
    if what == "task":
        if by == a.now:
            return None
        if by == a.owner and a.kind == "directed":
            return f"{name(a.now)} is attempting the Task you directed: wait for it."
        if by == a.owner and a.kind == "readied":
            return f"{name(a.now)}'s readied Task interrupts your Turn: wait for it."
        return (
            f"It is {name(a.now)}'s Task now, not yours."
            if a.kind != "turn"
            else (f"It is {name(a.owner)}'s Turn, not yours.")
        )
    if by == a.owner:
        return None
    if by == a.now and a.kind == "directed":
        return (
            f"{name(a.owner)} directed you to one Task: the Minor Actions and spends of "
            "this Turn are theirs."
        )
    if by == a.now and a.kind == "readied":
        return (
            f"Your readied Task interrupts {name(a.owner)}'s Turn: the Task only, no "
            "Minor Action or spend."
        )
    return f"It is {name(a.owner)}'s Turn, not yours."
