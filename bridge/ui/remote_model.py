"""RemoteModel: a station window's model on a player's machine, fed by the host.

It has SharedModel's face (``state``, ``journal``, ``check``, ``submit``, the three
signals), so a StationWindow does not know which one it has. Commands go to the host;
the state, the log and the "why not" answers come back from it.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QObject, Signal

from bridge.engine.changes import Change
from bridge.engine.commands import Command
from bridge.engine.encounter import Encounter
from bridge.engine.session import Applied, JournalEntry
from bridge.net.client import NetClient
from bridge.net.protocol import LogEntry

__all__ = ["RemoteModel"]


def _entry(log: LogEntry) -> JournalEntry:
    """A log entry as the log view shows it: its lines and Round (the Command stays on
    the host, so none is attached)."""
    return JournalEntry.model_construct(  # type: ignore[call-arg]  # no Command on purpose
        log=log.lines or (f"({log.action})",), round=log.round, d20s=(), d6s=()
    )


class RemoteModel(QObject):
    """Windows send Commands here; the host's answers come back as the usual signals."""

    sig_changed = Signal(object)
    sig_refused = Signal(str)
    sig_logged = Signal(object)
    sig_connection = Signal(bool)
    """True when (re)connected to the host, False when the connection dropped."""

    def __init__(self, client: NetClient, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.client = client
        self._journal: tuple[JournalEntry, ...] = ()
        self._shown_log: list[LogEntry] = []
        self._tasks: set[asyncio.Task[None]] = set()
        client.on_change.append(self._changed)
        client.on_connection.append(self.sig_connection.emit)

    @property
    def state(self) -> Encounter:
        state = self.client.state
        assert state is not None, "the host's snapshot arrives before a window opens"
        return state

    @property
    def journal(self) -> tuple[JournalEntry, ...]:
        log = self.client.log
        if log != self._shown_log:
            common = 0
            for mine, theirs in zip(self._shown_log, log, strict=False):
                if mine != theirs:
                    break
                common += 1
            self._journal = self._journal[:common] + tuple(_entry(e) for e in log[common:])
            self._shown_log = list(log)
        return self._journal

    def check(self, command: Command) -> str | None:
        """Why the host would refuse ``command`` (from its last answer), or ``None``."""
        available = self.client.available
        if command.type == "start_turn":
            return available.start_turn
        if command.type == "end_turn":
            return available.end_turn
        return None

    def submit(self, command: Command) -> Applied | None:
        """Send ``command`` to the host; a refusal arrives as ``sig_refused``.

        Returns ``None``: the change itself arrives with the host's next update.
        """
        task = asyncio.get_running_loop().create_task(self._send(command))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return None

    async def _send(self, command: Command) -> None:
        answer = await self.client.submit(command)
        if answer.type == "refused":
            self.sig_refused.emit(answer.reason)

    def undo(self) -> None:
        self.sig_refused.emit("Only the GM can undo.")

    def redo(self) -> None:
        self.sig_refused.emit("Only the GM can redo.")

    def _changed(self, flags: int) -> None:
        changes = Change.ALL if flags < 0 else Change(flags) | Change.LOG
        self.sig_changed.emit(changes)
