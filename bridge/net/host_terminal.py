"""The windowless host's terminal: what the GM types to run the seats under ``bridge host``.

The GM console has a seats panel; a host with no windows reads the same few orders from
its terminal, one a line: ``seats`` lists them, ``free SEAT`` frees one whose player
cannot come back with their own app (a lost or closed phone: its token stops working and
the next player to claim it gets it), ``share SEAT`` and ``unshare SEAT`` let more than
one client hold it, ``help`` says so. A seat is named by its number in the list, its id
(``char:kell``), its character's id or the start of its name. What the terminal prints
holds no control character: a player's name is shown with its escapes, never acted on.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import threading
from collections.abc import Callable
from typing import TextIO

from bridge.net.host import ClientInfo, Host
from bridge.net.protocol import SeatInfo
from bridge.rules.text import escaped

__all__ = ["HELP", "answer", "read_terminal"]

HELP = (
    "Type one order a line: seats (who holds which seat); free SEAT (a lost or closed "
    "phone's seat: its token stops working, so its player can join afresh); share SEAT "
    "or unshare SEAT (let more than one client hold it, or not); help. A SEAT is its "
    "number in the seats list, its id (char:kell) or the start of its name."
)

LINE_MAX = 200
"""Longer lines are cut to this (a terminal line, not a file)."""


def _seat_lines(seats: tuple[SeatInfo, ...], clients: list[ClientInfo]) -> str:
    """Each seat: whether it is held, and the names its clients joined with."""
    lines = []
    for n, seat in enumerate(seats, 1):
        held = "claimed" if seat.claimed else "free"
        if seat.character is None:
            held = "anyone may watch"
        shared = ", shared" if seat.shared and seat.character is not None else ""
        names = [escaped(c.name[:40]) for c in clients if c.seat == seat.id]
        who = f" ({', '.join(names)})" if names else ""
        label, seat_id = escaped(seat.label), escaped(seat.id)
        lines.append(f"  {n}. {label} [{seat_id}]: {held}{shared}, {seat.clients} connected{who}")
    return "\n".join(["Seats:", *lines])


def _find(seats: tuple[SeatInfo, ...], name: str) -> SeatInfo | str:
    """The seat ``name`` names, or why none (a player's seat, not the viewscreen)."""
    players = [s for s in seats if s.character is not None]
    wanted = name.strip().lower()
    if not wanted:
        return "Name a seat: its number in the seats list, its id or its name."
    if wanted.isdigit() and 1 <= int(wanted) <= len(seats):
        found = [seats[int(wanted) - 1]]
    else:
        found = [s for s in players if wanted in (s.id.lower(), (s.character or "").lower())]
        found = found or [s for s in players if s.label.lower().startswith(wanted)]
    found = [s for s in found if s.character is not None]
    if len(found) == 1:
        return found[0]
    if found:
        names = ", ".join(s.id for s in found)
        return f"'{name[:40]}' names more than one seat ({names}): give its id."
    return f"No player's seat is '{name[:40]}'. Type seats to list them."


def answer(host: Host, line: str) -> str:
    """The host's answer to one typed ``line``; it changes only the seat it names."""
    words = line[:LINE_MAX].split(maxsplit=1)
    if not words:
        return ""
    verb, rest = words[0].lower(), words[1] if len(words) > 1 else ""
    if verb == "help":
        return HELP
    seats = host.seats.infos(host.session.state)
    if verb == "seats":
        return _seat_lines(seats, host.clients())
    if verb not in ("free", "share", "unshare"):
        return f"Unknown order '{words[0][:40]}'. {HELP}"
    seat = _find(seats, rest)
    if isinstance(seat, str):
        return seat
    if verb == "free":
        host.free_seat(seat.id)
        return f"Freed {seat.label}: the next player to claim it gets it."
    host.set_shared(seat.id, verb == "share")
    if verb == "share":
        return f"{seat.label} may now be held by more than one client."
    return f"{seat.label} is held by one client again (the last to claim it)."


def read_terminal(
    host: Host,
    loop: asyncio.AbstractEventLoop,
    source: TextIO | None = None,
    say: Callable[[str], None] | None = None,
) -> threading.Thread | None:
    """Read orders from ``source`` (the terminal) on a thread of their own, each answered
    on the host's loop, until the input ends. None if there is no input to read."""
    source = source if source is not None else sys.stdin
    if source is None or source.closed:
        return None
    say = say or (lambda text: print(text, flush=True))
    if hasattr(signal, "SIGTTIN") and source.isatty():
        # A host put in the background would be stopped by its first read of the
        # terminal; ignored, that read fails instead and the host serves on.
        with contextlib.suppress(ValueError):  # (only the main thread may set it)
            signal.signal(signal.SIGTTIN, signal.SIG_IGN)

    def handle(line: str) -> None:
        text = answer(host, line)
        if text:  # one line a seat: nothing in it acts on the terminal
            say(escaped(text, keep="\n"))

    def read() -> None:
        try:
            for line in source:
                if loop.is_closed():
                    return
                loop.call_soon_threadsafe(handle, line)
        except (OSError, ValueError, RuntimeError):
            return  # the terminal went away, or the loop closed: the host goes on

    thread = threading.Thread(target=read, name="host-terminal", daemon=True)
    thread.start()
    return thread
