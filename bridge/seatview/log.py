"""The battle log as a seat reads it.

Each journal entry's lines are written by the engine with the secrets marked
(:mod:`bridge.rules.hidden`): the GM reads them whole; a crew seat reads what it may (an
unscanned NPC ship's Power, crew, weapon, shields and Resistance give way to the words
the crew sees). The lines of the GM's own edits and private dice-tray rolls read
:data:`GM_EDIT` to the crew.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from bridge.engine import JournalEntry
from bridge.rules.hidden import conceal, reveal
from bridge.rules.text import LOG_LINES_MAX, LogLine
from bridge.seatview.seat import Seat

__all__ = ["GM_EDIT", "LogEntry", "seat_entry", "seat_lines", "seat_log"]

_PUBLIC_GM_COMMANDS = frozenset(
    {
        "end_round",
        "end_scene",
        "adjust_pool",
        "npc_first",
        "withdraw",
        "move_ship",
        "add_trait",
        "remove_trait",
        "adjust_difficulty",
        "trigger_ready",
    }
)
"""GM Commands whose log lines the crew reads (they describe what the table sees); so are
every Command's on foot, the GM's too: a personal conflict's secrets are marked in its
lines, as a ship's are (an NPC's Stress until the GM reveals it)."""
GM_EDIT = "The GM edited the battle."


class LogEntry(BaseModel):
    """One Command's lines of the battle log, as this seat may read them."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    round: int = Field(description="The Round the Command was applied in")
    by: str = Field(description="Who issued it: 'gm' or a character id")
    action: str = Field(description="The Command type that made it")
    lines: tuple[LogLine, ...] = Field(max_length=LOG_LINES_MAX)


def seat_lines(entry: JournalEntry, seat: Seat) -> tuple[str, ...]:
    """``entry``'s lines as ``seat`` reads them."""
    if seat.gm:
        return tuple(reveal(line) for line in entry.log)
    command = entry.command
    private = command.by == "gm" and (
        (command.gm_only and command.type not in _PUBLIC_GM_COMMANDS and not command.on_foot)
        or command.type == "tray_roll"
    )
    if private:
        return (GM_EDIT,)
    return tuple(shown for shown in (conceal(line) for line in entry.log) if shown)


def seat_log(entry: JournalEntry, seat: Seat) -> LogEntry:
    """``entry`` as ``seat`` reads it, for the wire."""
    command = entry.command
    return LogEntry(
        round=entry.round, by=command.by, action=command.type, lines=seat_lines(entry, seat)
    )


def seat_entry(entry: JournalEntry, seat: Seat) -> JournalEntry:
    """``entry`` with its lines as ``seat`` reads them (for a window's log)."""
    lines = seat_lines(entry, seat)
    return entry if lines == entry.log else entry.model_copy(update={"log": lines})
