"""What the viewscreen says, as text: the damage report's lines, a roll's detail line, the
roster's order. It reads what its model gives a crew seat: the lines are already as the
crew may read them (:func:`bridge.seatview.seat_lines`)."""

from __future__ import annotations

import re
from collections.abc import Sequence

from bridge.engine import Encounter, JournalEntry
from bridge.rules.challenge import ChallengeDie
from bridge.rules.task import TaskResult

__all__ = ["damage_detail", "damage_lines", "roll_detail", "roster_key"]

_NOT_REPORTED = re.compile(r"\battempts\b|\bDifficulty\b")
"""A Task's opening line (its Difficulty may count breaches) is no damage report."""


_REPORTED = re.compile(
    r" against .+: \[|\bhit\b|\bnow:|breach|destroy|disabled|withdr|"
    r"shields (?:lowered|raised|up|down)|damage control|repair|\btotal damage\b|"
    r"\+\d+ damage\b",
    re.IGNORECASE,
)


def damage_lines(entries: Sequence[JournalEntry]) -> list[str]:
    """The lines of ``entries`` that report hits, damage and losses, oldest first."""
    return [
        line
        for entry in entries
        for line in entry.log
        if _REPORTED.search(line) and not _NOT_REPORTED.search(line)
    ]


def damage_detail(dice: Sequence[ChallengeDie], held: bool) -> str:
    """The line under an attack's damage dice: their total, and whether they wait for a
    re-roll."""
    total = sum(d.damage for d in dice)
    effects = sum(d.effect for d in dice)
    line = f"{total} DAMAGE · {effects} EFFECT{'' if effects == 1 else 'S'}"
    return f"{line} · RE-ROLL?" if held else line


def roll_detail(result: TaskResult, resolved: bool) -> str:
    """One short line under the outcome: the count, or that the roll is being resolved."""
    d = result.spec.difficulty
    if not resolved:
        return f"DIFFICULTY {d} · RESOLVING…"
    if result.complications:
        c = result.complications
        return f"{result.successes} OF {d} · {c} COMPLICATION{'' if c == 1 else 'S'}"
    n = result.successes
    return f"{n} SUCCESS{'' if n == 1 else 'ES'} · DIFFICULTY {d}"


def roster_key(state: Encounter, sid: str, own: str) -> tuple[bool, bool, bool, int]:
    """Our ship, then allies, then the nearest contacts; ships out of the fight last."""
    zones = state.zones.positions
    near = state.zones.range_between(own, sid) if sid in zones and own in zones else 9
    gone = state.ships[sid].destroyed or sid in state.retreated
    return (sid != own, state.sides[sid] != "player", gone, int(near))
