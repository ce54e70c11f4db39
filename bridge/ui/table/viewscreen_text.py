"""What the viewscreen says, as text: the damage report's lines, a roll's detail line, the
roster's order. Players' eyes only: an unscanned NPC ship's Power and Resistance are cut."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from bridge.engine import Encounter, JournalEntry
from bridge.net.views import log_entry
from bridge.rules.challenge import ChallengeDie, challenge_faces
from bridge.rules.task import TaskResult

__all__ = [
    "damage_detail",
    "damage_lines",
    "landed_damage",
    "public_lines",
    "roll_detail",
    "roster_key",
]

_NOT_REPORTED = re.compile(r"\battempts\b|\bDifficulty\b")


"""A Task's opening line (its Difficulty may count breaches) is no damage report."""


_REPORTED = re.compile(
    r" against .+: \[|\bhit\b|\bnow:|breach|destroy|disabled|withdr|"
    r"shields (?:lowered|raised|up|down)|damage control|repair",
    re.IGNORECASE,
)


def public_lines(entry: JournalEntry) -> tuple[str, ...]:
    """An entry's lines as the players read them (a network seat's are already so)."""
    if getattr(entry, "command", None) is None:
        return entry.log
    return log_entry(entry).lines


def damage_lines(entries: Sequence[JournalEntry], hidden: Collection[str]) -> list[str]:
    """The lines of ``entries`` that report hits, damage and losses, oldest first.

    ``hidden`` holds the names of unscanned NPC ships: their Power and Resistance are cut
    from the lines that name them.
    """
    out = []
    for entry in entries:
        for line in public_lines(entry):
            if not _REPORTED.search(line) or _NOT_REPORTED.search(line):
                continue
            if any(name in line for name in hidden):
                out.append(re.sub(r",? ?\b(?:Power|Resistance) \d+:?", "", line))
            else:
                out.append(line)
    return out


_ATTACK_LINE = re.compile(r" against .+: \[")


def landed_damage(entries: Sequence[JournalEntry]) -> tuple[ChallengeDie, ...]:
    """The challenge dice of the first attack that landed in ``entries`` (the damage
    resolver's opening line, "Phaser Arrays against IKS Qoj: [2 1 - 1E] = ...")."""
    for entry in entries:
        for line in public_lines(entry):
            if _ATTACK_LINE.search(line):
                rolls = challenge_faces(line)
                if rolls:
                    return rolls[0]
    return ()


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
