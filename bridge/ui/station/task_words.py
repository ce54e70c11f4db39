"""What the task dialog says of a Task, whichever card it is on: its Difficulty item by
item, its odds, and a roll's outcome. Pure functions of the engine's answers
(:class:`~bridge.engine.TaskPreview`, the waiting roll), so a station's Task and a
Conflict card's read alike."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bridge.engine import HeldDamage, TaskPreview
from bridge.rules.opposed import resolve_opposed
from bridge.rules.task import DieRoll, TaskResult

__all__ = [
    "RollSaid",
    "WaitingRoll",
    "costs_line",
    "count",
    "difficulty_lines",
    "odds_words",
    "roll_said",
]


class WaitingRoll(Protocol):
    """A rolled Task waiting for its spends (and an attack's damage dice), any card's."""

    @property
    def actor(self) -> str: ...
    @property
    def action(self) -> str: ...
    @property
    def result(self) -> TaskResult: ...
    @property
    def difficulty_items(self) -> tuple[tuple[str, int], ...]: ...
    @property
    def damage(self) -> HeldDamage | None: ...


def count(n: int, one: str, many: str | None = None) -> str:
    """``1 success``, ``2 successes``."""
    if n == 1:
        return f"{n} {one}"
    return f"{n} {many or one + ('S' if one.isupper() else 's')}"


def difficulty_lines(items: tuple[tuple[str, int], ...]) -> list[str]:
    """The Difficulty item by item (the first its base, the others signed), rich text."""
    return [f"{name}: <b>{'+' if n > 0 and i else ''}{n}</b>" for i, (name, n) in enumerate(items)]


def costs_line(preview: TaskPreview) -> str:
    """What the attempt costs, hit or miss: always a line (a choice that adds a cost, a
    Lethal attack's Threat, changes its words, never the dialog's height)."""
    return "Paid on the roll, hit or miss: " + ("; ".join(preview.costs) or "nothing")


def odds_words(preview: TaskPreview, pool: str) -> str:
    """Who rolls what, and the exact odds: a Task's success, Momentum (``pool``: an NPC's
    is Threat) and Complication; an attack on foot's hit, the blow back in melee, and
    its damage as a range; what the odds leave out."""
    lines = [f"{preview.roll} · {preview.dice}d20"]
    if preview.assists:
        lines.append(f"assisted by {', '.join(preview.assists)}")
    attack = preview.attack
    if attack is not None:
        if attack.kind == "melee":
            lines.append(
                f"HIT {attack.p_hit:.0%}   ·   THE TARGET HITS BACK {attack.p_countered:.0%}"
                f"   ·   NEITHER {attack.p_miss:.0%} (exact, with the opposing roll)"
            )
        else:
            lines.append(f"HIT {attack.p_hit:.0%} (exact)")
        damage = attack.damage.describe()
        lines.append(f"Damage {damage}")
        lines.extend(note.replace(f": {damage}", "") for note in attack.notes)
    elif preview.odds is not None:
        odds = preview.odds
        lines.append(
            f"SUCCESS {odds.p_success:.0%}   ·   {pool} {odds.expected_momentum:.2f}"
            f"   ·   COMPLICATION {odds.p_complication:.0%}"
        )
    lines.extend(preview.notes)
    return "\n".join(lines)


@dataclass(frozen=True)
class RollSaid:
    """A waiting roll as the dialog shows it: whether it succeeds, the Momentum it brings
    to its spends, its outcome in words, and a melee target's opposing dice."""

    success: bool
    momentum: int
    words: str
    opposing: tuple[DieRoll, ...] = ()


def roll_said(result: TaskResult, pool: str, reactive: TaskResult | None = None) -> RollSaid:
    """The roll's outcome (seed 001 RULES SUMMARY), or, against a melee target's opposing
    roll, the Opposed Task's (seed 003 OPPOSED TASK OUTCOMES): who wins, and the Momentum
    the winner keeps."""
    if not result.rolled:
        verdict = "SUCCESS" if result.success else "FAILURE"
        return RollSaid(result.success, result.momentum, f"No roll (Difficulty 0): {verdict}")
    comp = f" · {count(result.complications, 'COMPLICATION')}" if result.complications else ""
    successes = count(result.successes, "success", "successes")
    if reactive is not None:
        opposed = resolve_opposed(result, reactive)
        won = opposed.winner == "active"
        theirs = count(reactive.successes, "success", "successes")
        kept = f" · {opposed.active_momentum} {pool}" if won and opposed.active_momentum else ""
        verdict = {"active": "THE BLOW LANDS", "reactive": "THE TARGET HITS BACK"}.get(
            opposed.winner, "NEITHER HITS"
        )
        words = f"{successes} against the target's {theirs}: {verdict}{kept}{comp}"
        return RollSaid(won, opposed.active_momentum, words, reactive.dice)
    verdict = "SUCCESS" if result.success else "FAILURE"
    if result.succeeded_at_cost:
        verdict = "SUCCESS AT A COST"
    extra = f" · {result.momentum} {pool}" if result.momentum else ""
    words = f"{successes} vs {result.spec.difficulty}: {verdict}{extra}{comp}"
    return RollSaid(result.success, result.momentum, words)
