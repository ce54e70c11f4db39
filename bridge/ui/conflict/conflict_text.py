"""The words a Conflict card window shows of a Task's preview, its roll and how it came
out, who is down, and the card back's spends. Pure functions of what the seat sees (no
Qt), so the window, the viewscreen and the tests read the same sentences (the figure's
status is the engine's own: :mod:`bridge.engine.conflict.card`)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from html import escape

from bridge.engine import ConflictCardView, FigureView, preview_lines, preview_summary
from bridge.rules.opposed import resolve_opposed
from bridge.rules.task import TaskResult
from bridge.seatview import LogEntry

__all__ = [
    "FOLLOWS",
    "back_html",
    "down_words",
    "melee_words",
    "outcome_lines",
    "preview_lines",
    "preview_summary",
    "roll_words",
]

FOLLOWS = frozenset(
    {"aim", "inspiration", "resolve", "apply_damage", "avoid_injury", "resist_knockdown"}
    | {"stray_hit"}
)
"""What a rolled Task leads to, up to its last consequence: a re-roll, RESOLVE, the damage
landing, and the decisions the hit asks for (Avoid Injury, a Knockdown, a stray shot)."""


def _count(n: int, one: str, many: str | None = None) -> str:
    return f"{n} {one if n == 1 else (many or one + 's')}"


def roll_words(result: TaskResult) -> str:
    """A roll's outcome as the task dialog says it: ``3 successes vs 2: SUCCESS · 1
    Momentum · 1 COMPLICATION``."""
    if not result.rolled:
        return "No roll (Difficulty 0): SUCCESS"
    verdict = "SUCCESS" if result.success else "FAILURE"
    if result.succeeded_at_cost:
        verdict = "SUCCESS AT A COST"
    pool = "Threat" if result.generates == "threat" else "Momentum"
    extra = f" · {result.momentum} {pool}" if result.momentum else ""
    comp = f" · {_count(result.complications, 'COMPLICATION')}" if result.complications else ""
    count = _count(result.successes, "success", "successes")
    return f"{count} vs {result.spec.difficulty}: {verdict}{extra}{comp}"


def melee_words(active: TaskResult, reactive: TaskResult, names: tuple[str, str]) -> str:
    """Who wins a melee attack's opposed roll and the Momentum kept (seed 003 OPPOSED
    TASK OUTCOMES), by name: ``Lt. Cmdr. Kell wins, keeping 1 Momentum``."""
    outcome = resolve_opposed(active, reactive)
    if outcome.winner == "none":
        return "Both fail: neither wins"
    side = 0 if outcome.winner == "active" else 1
    kept = (outcome.active_momentum, outcome.reactive_momentum)[side]
    pool = "Threat" if (active, reactive)[side].generates == "threat" else "Momentum"
    keeping = f", keeping {kept} {pool}" if kept else ""
    return f"{names[side]} wins{keeping}"


def outcome_lines(log: Sequence[LogEntry], by: str) -> tuple[str, ...]:
    """How ``by``'s last rolled Task came out, in the seat's own log lines: those after
    its roll, while nothing else has happened since (none once anything has)."""
    after: list[LogEntry] = []
    for entry in reversed(log):
        if entry.action == "conflict_task" and entry.by == by:
            break
        if entry.action not in FOLLOWS:
            return ()
        after.append(entry)
    else:
        return ()
    if not any(e.action == "resolve" for e in after):
        return ()  # (still rolling, or taken without a roll)
    lines = tuple(line for entry in reversed(after) for line in entry.lines)
    if any(e.action == "apply_damage" for e in after):  # (the offer is over: it landed)
        lines = tuple(_REROLL_OFFER.sub("", line) for line in lines)
    return lines


_REROLL_OFFER = re.compile(
    r" Re-Roll Damage \(1 \w+\) may re-roll any of them before the damage lands\."
)
"""RESOLVE's offer to re-roll the damage dice, at the end of its "Damage dice" line."""


def down_words(figures: Sequence[FigureView], me: str) -> str:
    """Who is down (incapacitated or dead), allies first, each with its Injury and where
    it lies from ``me``: ``Down: Capt. Elena Reyes (Lethal Injury: incapacitated, in
    Deck 6 Corridor, not within your Reach)``; empty while no one is."""
    mine = next((f for f in figures if f.id == me), None)
    side = mine.side if mine is not None else "player"
    down = [f for f in figures if f.id != me and (f.incapacitated or f.dead) and not f.withdrawn]
    down.sort(key=lambda f: f.side != side)
    said = []
    for f in down:
        if mine is None or f.zone != mine.zone:
            where = f"in {f.zone}"
        elif any(r == f.name or r.startswith(f"{f.name} (") for r in mine.within_reach):
            where = "within your Reach"
        else:
            where = f"in {f.zone}, not within your Reach"
        said.append(f"{f.name} ({f.injury_words}, {where})")
    return f"Down: {', '.join(said)}" if said else ""


def back_html(card: ConflictCardView) -> str:
    """The card's back: the personal Momentum spends (seed 001 COMBAT MOMENTUM)."""
    rows = "".join(
        f"<tr><td><b>{escape(s.name)}</b></td><td>{escape(s.cost)}</td>"
        f"<td>{escape(s.marks)}</td><td>{escape(s.effect)}</td></tr>"
        for s in card.spends
    )
    return (
        "<h3>COMBAT MOMENTUM (PERSONAL)</h3>"
        "<p>I: Immediate, spent at once. R: Repeatable.</p>"
        "<table cellpadding='4'><tr><th align='left'>Spend</th><th align='left'>Cost</th>"
        f"<th></th><th align='left'>Effect</th></tr>{rows}</table>"
    )
