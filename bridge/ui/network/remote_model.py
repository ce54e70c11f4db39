"""RemoteModel: a station window's model on a player's machine, fed by the host.

It has SharedModel's face (``state``, ``journal``, ``check``, ``submit``, the three
signals), so a StationWindow does not know which one it has. Commands go to the host;
the state, the log and the "why not" answers come back from it.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal

from bridge.engine import (
    ActionInfo,
    Applied,
    AttemptTask,
    Change,
    Command,
    Encounter,
    EndTurn,
    Inspiration,
    JournalEntry,
    MinorAction,
    ParamInfo,
    SpendDetermination,
    SpendMomentum,
    StartTurn,
    Station,
    ValueComplication,
    why_not,
)
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
        self.answer_timeout = 10.0
        client.on_change.append(self._changed)
        client.on_connection.append(self.sig_connection.emit)

    @property
    def state(self) -> Encounter:
        state = self.client.state
        assert state is not None, "the host's snapshot arrives before a window opens"
        return state

    @property
    def journal(self) -> tuple[JournalEntry, ...]:
        """The newest entries of the log this seat holds (a snapshot brings the newest;
        the client may fetch older ones)."""
        log = self.client.log
        if log != self._shown_log:
            # The client only cuts its log and appends to it (a snapshot replaces every
            # entry): what it kept is a prefix of the very same objects, found from the
            # end, so an update costs the same however long the battle has run.
            shown = self._shown_log
            common = min(len(shown), len(log))
            while common and shown[common - 1] is not log[common - 1]:
                common -= 1
            self._journal = self._journal[:common] + tuple(_entry(e) for e in log[common:])
            self._shown_log = list(log)
        return self._journal

    def recent_journal(self, n: int) -> tuple[tuple[JournalEntry, ...], int]:
        """The last ``n`` entries of the log this seat has received, and the log's length
        (counted from the battle's first entry, as the GM's)."""
        journal = self.journal
        return journal[-n:] if n > 0 else (), self.client.log_start + len(journal)

    def task_options(self, actor: str, station: Station, action: str) -> tuple[ParamInfo, ...]:
        """The Task's parameters and their choices, as the host sent them for this seat."""
        info = self.client.available.actions.get(f"{station.value}/{action}")
        if info is None:
            return ()
        return tuple(p for p in info.params if p.group == "task")

    def minor_options(self, actor: str, action: str) -> tuple[ParamInfo, ...]:
        """A Minor Action's parameters and choices, as the host sent them for this seat."""
        for key, info in self.client.available.actions.items():
            if key.endswith(f"/{action}"):
                return info.params
        return ()

    def check(self, command: Command) -> str | None:
        """Why the host would refuse ``command`` (from its last answer), or ``None``."""
        available = self.client.available
        if command.type == "start_turn":
            return available.start_turn
        if command.type == "end_turn":
            return available.end_turn
        return None

    def why_not(self, command: Command) -> str | None:
        """The host's gate, from its last answer: the host judges on the full battle (a
        player's view hides the NPC ships' statistics). Commands it did not list are judged
        on the view, and the host still has the last word when they are sent."""
        available = self.client.available
        match command:
            case StartTurn():
                return available.start_turn
            case EndTurn(keep_initiative=False, with_threat=False):
                return available.end_turn
            case EndTurn(keep_initiative=True, with_threat=False):
                return self._control("keep_initiative")
            case SpendMomentum(with_threat=False):
                return self._control(command.spend)
            case SpendDetermination():
                return self._control(command.use)
            case ValueComplication():
                return self._control(
                    "challenge_value" if command.challenge else "value_complication"
                )
            case Inspiration():
                return self._control("inspiration")
            case AttemptTask():
                key = f"{command.station.value}/{command.action}" if command.station else None
                if key in available.actions:
                    return available.actions[key].reason
            case MinorAction():
                for key, info in available.actions.items():
                    if key.endswith(f"/{command.action}"):
                        return info.reason
            case _:
                pass
        return why_not(self.state, command)

    def controls(self, actor: str) -> dict[str, ActionInfo]:
        """The Turn's controls the host sent for this seat's officer (none for another:
        the host answers for its own officer only)."""
        available = self.client.available
        return dict(available.controls) if actor == available.character else {}

    def _control(self, key: str) -> str | None:
        """The host's reason for one of the Turn's controls (None: it may be used)."""
        info = self.client.available.controls.get(key)
        return info.reason if info is not None else "The host has not said."

    def submit(self, command: Command) -> Applied | None:
        """Send ``command`` to the host and wait for its answer, as SharedModel would.

        The wait runs a local Qt event loop (at most ``answer_timeout`` seconds), so the
        windows keep painting and the network keeps flowing; by the time the host's
        "accepted" arrives, its update (sent first) has already refreshed the state. A
        refusal is emitted as ``sig_refused`` and gives ``None``.
        """
        future = asyncio.ensure_future(self.client.submit(command, timeout=self.answer_timeout))
        waiter = QEventLoop()
        future.add_done_callback(lambda _f: waiter.quit())
        QTimer.singleShot(int(self.answer_timeout * 1000) + 500, waiter.quit)
        if not future.done():
            waiter.exec()
        if not future.done():
            future.cancel()
            self.sig_refused.emit("The host did not answer in time; try again.")
            return None
        answer = future.result()
        if answer.type == "refused":
            self.sig_refused.emit(answer.reason)
            return None
        entry = self.journal[-1] if self.journal else None
        return Applied(
            state=self.state,
            changes=Change.ALL,
            entry=JournalEntry(
                command=command,
                log=entry.log if entry is not None else (),
                round=entry.round if entry is not None else self.state.turn.round,
            ),
        )

    def undo(self) -> None:
        self.sig_refused.emit("Only the GM can undo.")

    def redo(self) -> None:
        self.sig_refused.emit("Only the GM can redo.")

    def _changed(self, flags: int) -> None:
        changes = Change.ALL if flags < 0 else Change(flags) | Change.LOG
        self.sig_changed.emit(changes)
