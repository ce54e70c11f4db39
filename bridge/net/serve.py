"""``bridge host``: a host without windows, autosaving as the GM's app does."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
from pathlib import Path

from bridge.engine import (
    Command,
    CommandRefused,
    Encounter,
    Session,
    conflict_npcs_only,
    play_conflict_turn,
    suggest,
)
from bridge.net import heap
from bridge.net.discovery import lan_addresses
from bridge.net.host import Host
from bridge.net.host_terminal import read_terminal
from bridge.net.seats import SeatPlan
from bridge.net.web import page_url
from bridge.rules.dice import SeededDice
from bridge.rules.text import escaped
from bridge.storage.autosave import AutosaveJournal, recover
from bridge.storage.battle import open_battle

__all__ = ["hosted_session", "run_host", "seats_file_for"]


def seats_file_for(journal: Path) -> Path:
    """Where the seat tokens of an autosaved battle are kept: beside its journal."""
    return journal.with_name(journal.stem + ".seats.json")


def hosted_session(battle: Path | None, resume: Path | None, seed: int | None = None) -> Session:
    """The battle to host, autosaving (its sink is an :class:`AutosaveJournal`): a battle
    file (or the demo, its dice seeded with ``seed`` when given), or a journal to resume."""
    if resume is not None:
        recovered = recover(resume)
        if recovered.journal is None:
            AutosaveJournal.start(recovered.session)
        return recovered.session
    if battle is None:
        from bridge.engine import demo_encounter

        session = Session(demo_encounter(), None if seed is None else SeededDice(seed))
    else:
        session = open_battle(battle).session
    AutosaveJournal.start(session)
    return session


def _journal(session: Session) -> AutosaveJournal:
    sink = session.sink
    if not isinstance(sink, AutosaveJournal):
        raise TypeError("a hosted battle autosaves: start it with hosted_session()")
    return sink


class NpcAutopilot:
    """Plays the NPC ships when nobody sits in the GM's chair (the windowless host), and in
    a personal conflict the NPC figures (an enemy's Turn, an ally of the crew's on the
    players' move, an NPC's answer to Avoid Injury), as the GM's AUTOPILOT TURN does."""

    def __init__(self, host: Host, pause: float = 0.02, limit: int = 100_000) -> None:
        self.host = host
        self.pause = pause
        self.left = limit
        self._scheduled = False
        host.after_change.append(self.poke)

    def poke(self) -> None:
        if self._scheduled or self.left <= 0:
            return
        self._scheduled = True
        asyncio.get_running_loop().call_later(self.pause, self._step)

    def _step(self) -> None:
        self._scheduled = False
        session: Session = self.host.session
        if session.state.conflict is not None and conflict_npcs_only(session.state) is None:
            self.left -= 1
            play_conflict_turn(session.state, session.check, self._submit)
            return  # (each Command it applied pokes the autopilot again)
        command = suggest(session.state, session.check)
        if command is None or command.by != "gm":
            return
        self.left -= 1
        with contextlib.suppress(CommandRefused):
            self.host.apply(command)

    def _submit(self, command: Command) -> Encounter | None:
        try:
            return self.host.apply(command).state
        except CommandRefused:
            return None


async def run_host(
    session: Session,
    *,
    code: str,
    port: int,
    bind: str | None,
    npc_autopilot: bool,
    stop: asyncio.Event | None = None,
    terminal: bool = True,
) -> None:
    """Serve ``session`` until ``stop`` is set (or SIGINT/SIGTERM), then close it cleanly;
    with ``terminal``, the GM runs the seats by typing orders (:mod:`bridge.net.host_terminal`)."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    journal = _journal(session)
    host = Host(session, code, seats=SeatPlan(seats_file_for(journal.path)))
    listening = await host.start(bind, port)
    if npc_autopilot:
        NpcAutopilot(host).poke()
    heap.freeze()
    logging.getLogger(__name__).info(
        "hosting “%s” on port %s, autosave %s", session.state.name, listening, journal.path
    )
    print(
        f"Bridge host listening on port {listening}: battle “{escaped(session.state.name)}”, "
        f"join code {host.guard.code}, autosave {journal.path}",
        flush=True,
    )
    addresses = [bind] if bind else lan_addresses()
    page = page_url(addresses[0] if addresses else "localhost", listening, host.guard.code)
    print(f"Phones and tablets: {page}", flush=True)
    if terminal:
        print(
            "Seats: type seats to list them, free SEAT to free a lost phone's seat, help for more.",
            flush=True,
        )
        read_terminal(host, loop)
    try:
        await stop.wait()
    finally:
        heap.thaw()
        await host.close()
        journal.close()
