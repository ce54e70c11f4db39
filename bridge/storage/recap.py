"""The battle log as a record to keep: Round by Round, Turn by Turn, as Markdown (and, in
:mod:`bridge.storage.recap_html`, as a web page with the dice drawn).

Who reads it decides what it says: the GM's copy has every hidden word
(:func:`bridge.rules.hidden.reveal`); a players' copy is made with the reading a crew
seat has (``read``: the seat view's :func:`bridge.seatview.seat_lines`, and ``final``
as the crew sees it), so what the GM hid stays out.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from bridge.engine import Encounter, JournalEntry
from bridge.rules.hidden import reveal

__all__ = [
    "LineReader",
    "Recap",
    "RecapRound",
    "RecapTurn",
    "Told",
    "gm_reading",
    "md_text",
    "recap",
    "recap_markdown",
]

LineReader = Callable[[JournalEntry], Sequence[str]]
"""A journal entry's lines as the recap's reader may read them."""

_STARTS = ("start_turn", "conflict_start_turn")
_ENDS = ("end_turn", "conflict_end_turn")


def gm_reading(entry: JournalEntry) -> tuple[str, ...]:
    """``entry``'s lines as the GM reads them: every hidden word."""
    return tuple(reveal(line) for line in entry.log)


@dataclass(frozen=True)
class Told:
    """One Command's lines; ``quiet`` for the line that ends a Turn."""

    lines: tuple[str, ...]
    quiet: bool = False


@dataclass
class RecapTurn:
    """A Turn (its heading: the line that started it) or, with no heading, what happened
    in the Round outside any Turn (the GM's moves between them)."""

    heading: str | None
    told: list[Told] = field(default_factory=list)


@dataclass
class RecapRound:
    number: int
    turns: list[RecapTurn] = field(default_factory=list)


@dataclass(frozen=True)
class Recap:
    """The battle from start to end, ready to be written in any format."""

    title: str
    cast: tuple[tuple[str, str], ...]
    """(who, what): the players' ships, the opposition, the bridge crew."""
    rounds: tuple[RecapRound, ...]
    outcome: tuple[str, ...]


def _cast(initial: Encounter) -> tuple[tuple[str, str], ...]:
    sides: dict[str, list[str]] = {"player": [], "npc": []}
    for sid, ship in initial.ships.items():
        sides[initial.sides[sid]].append(
            f"{ship.name} ({ship.ship_class or 'starship'}, Scale {ship.scale})"
        )
    cast = [("Players", ", ".join(sides["player"])), ("Opposition", ", ".join(sides["npc"]))]
    crew = [
        f"{c.name} ({', '.join(s.label for s in initial.stations_of(cid)) or 'unseated'})"
        for cid, c in initial.characters.items()
    ]
    if crew:
        cast.append(("Bridge crew", ", ".join(crew)))
    return tuple(cast)


def _outcome(final: Encounter) -> tuple[str, ...]:
    """How the battle stands; a ship the reader has not scanned (a sensor contact) says
    only what a contact shows."""
    lines = [final.outcome or f"The battle stands at Round {final.turn.round}."]
    for ship in final.ships.values():
        if ship.destroyed:
            state = "destroyed"
        elif ship.id in final.retreated:
            state = "withdrew"
        elif ship.contact:
            state = f"{ship.total_breaches} breach(es)"
        else:
            state = (
                f"Shields {ship.shields_now}/{ship.shields_max}, {ship.total_breaches} breach(es)"
            )
        lines.append(f"{ship.name}: {state}")
    lines.append(f"Momentum {final.momentum.value}, Threat {final.threat.value}")
    return tuple(lines)


def recap(
    initial: Encounter,
    journal: Sequence[JournalEntry],
    final: Encounter,
    read: LineReader = gm_reading,
) -> Recap:
    """The battle's record as ``read`` reads each Command's lines (the GM's by default)."""
    rounds: list[RecapRound] = []
    turn: RecapTurn | None = None
    for entry in journal:
        if not rounds or rounds[-1].number != entry.round:
            rounds.append(RecapRound(entry.round))
            turn = None
        lines = tuple(line.rstrip() for line in read(entry) if line.strip())
        if not lines:
            continue
        kind = entry.command.type
        if kind in _STARTS:  # the Turn's heading, under its Round's: "Lt. Tovan takes a Turn"
            turn = RecapTurn(lines[0].removeprefix(f"Round {entry.round}: ").rstrip("."))
            rounds[-1].turns.append(turn)
            lines = lines[1:]
            if not lines:
                continue
        elif turn is None:
            turn = RecapTurn(None)
            rounds[-1].turns.append(turn)
        turn.told.append(Told(lines, quiet=kind in _ENDS and len(lines) == 1))
        if kind in _ENDS:
            turn = None
    return Recap(initial.name, _cast(initial), tuple(rounds), _outcome(final))


_MARKDOWN = re.compile(r"([\\`*_\[\]<~])")


def md_text(text: str) -> str:
    """``text`` as Markdown shows it: names and dice (``[2*, 17]``) never become emphasis,
    links or markup."""
    return _MARKDOWN.sub(r"\\\1", text)


def recap_markdown(
    initial: Encounter,
    journal: Sequence[JournalEntry],
    final: Encounter,
    read: LineReader = gm_reading,
) -> str:
    """The battle as Markdown: Rounds and Turns as headings, each Command a bullet with
    its rolls, damage and breaches beneath it."""
    record = recap(initial, journal, final, read)
    out = [f"# {md_text(record.title)}", ""]
    out += [f"**{who}:** {md_text(what)}  " for who, what in record.cast]
    out[-1] = out[-1].rstrip()
    for rnd in record.rounds:
        out += ["", f"## Round {rnd.number}"]
        for turn in rnd.turns:
            if turn.heading is not None:
                out += ["", f"### {md_text(turn.heading)}"]
            out.append("")
            for told in turn.told:
                first, rest = md_text(told.lines[0]), told.lines[1:]
                out.append(f"- *{first}*" if told.quiet else f"- **{first}**")
                out += [f"  - {md_text(line.strip())}" for line in rest]
    out += ["", "## Outcome", "", md_text(record.outcome[0])]
    out += [f"- {md_text(line)}" for line in record.outcome[1:]]
    return "\n".join(out) + "\n"
