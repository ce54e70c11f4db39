"""``bridge host``: a host without windows, autosaving as the GM's app does."""

from __future__ import annotations

import asyncio
import contextlib
import signal
from pathlib import Path

from bridge.engine.autopilot import suggest
from bridge.engine.session import CommandRefused, Session
from bridge.net.host import Host
from bridge.net.seats import SeatPlan
from bridge.storage.autosave import AutosavedSession, recover
from bridge.storage.battle import open_battle

__all__ = ["hosted_session", "run_host", "seats_file_for"]


def seats_file_for(journal: Path) -> Path:
    """Where the seat tokens of an autosaved battle are kept: beside its journal."""
    return journal.with_name(journal.stem + ".seats.json")


def hosted_session(battle: Path | None, resume: Path | None) -> AutosavedSession:
    """The battle to host, autosaving: a battle file (or the demo), or a journal to resume."""
    if resume is not None:
        return recover(resume).session
    if battle is None:
        from bridge.engine.demo import demo_encounter

        return AutosavedSession(demo_encounter())
    return AutosavedSession.adopt(open_battle(battle).session)


class NpcAutopilot:
    """Plays the NPC ships when nobody sits in the GM's chair (the windowless host)."""

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
        command = suggest(session.state, session.check)
        if command is None or command.by != "gm":
            return
        self.left -= 1
        with contextlib.suppress(CommandRefused):
            self.host.apply(command)


async def run_host(
    session: AutosavedSession,
    *,
    code: str,
    port: int,
    bind: str | None,
    npc_autopilot: bool,
    stop: asyncio.Event | None = None,
) -> None:
    """Serve ``session`` until ``stop`` is set (or SIGINT/SIGTERM), then close it cleanly."""
    stop = stop or asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    host = Host(session, code, seats=SeatPlan(seats_file_for(session.path)))
    listening = await host.start(bind, port)
    if npc_autopilot:
        NpcAutopilot(host).poke()
    print(
        f"Bridge host listening on port {listening}: battle “{session.state.name}”, "
        f"join code {host.guard.code}, autosave {session.path}",
        flush=True,
    )
    try:
        await stop.wait()
    finally:
        await host.close()
        session.close()
