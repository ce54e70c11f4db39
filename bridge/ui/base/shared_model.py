"""SharedModel: the one QObject that holds the Session; every window talks through it."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal

from bridge.engine import (
    CATALOG,
    Applied,
    Change,
    Command,
    CommandRefused,
    Encounter,
    JournalEntry,
    ParamInfo,
    Session,
    Station,
    minor_params,
    task_options,
    why_not,
)

__all__ = ["SharedModel"]


class SharedModel(QObject):
    """Windows send Commands here; one signal tells them what changed."""

    sig_changed = Signal(object)
    """Emitted with the :class:`Change` flags after every applied, undone or redone Command."""
    sig_refused = Signal(str)
    """Emitted with the reason when a Command is refused."""
    sig_logged = Signal(object)
    """Emitted with the :class:`JournalEntry` of every applied Command."""

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._prepare_undo_soon()

    @property
    def session(self) -> Session:
        return self._session

    @property
    def state(self) -> Encounter:
        return self._session.state

    def check(self, command: Command) -> str | None:
        """Why ``command`` would be refused, or ``None``."""
        return self._session.check(command)

    def why_not(self, command: Command) -> str | None:
        """The engine's gate: why ``command`` is refused before its parameters, or None."""
        return why_not(self._session.state, command)

    def task_options(self, actor: str, station: Station, action: str) -> tuple[ParamInfo, ...]:
        """What Task ``action`` asks of ``actor`` at ``station``, with the choices now."""
        return task_options(self._session.state, actor, station, CATALOG[action])

    def minor_options(self, actor: str, action: str) -> tuple[ParamInfo, ...]:
        """What Minor Action ``action`` asks of ``actor``, with the choices now."""
        return minor_params(self._session.state, actor, CATALOG[action])

    def submit(self, command: Command) -> Applied | None:
        """Apply ``command``; on refusal emit the reason and return ``None``."""
        try:
            applied = self._session.apply(command)
        except CommandRefused as exc:
            self.sig_refused.emit(exc.reason)
            return None
        self.sig_logged.emit(applied.entry)
        self.sig_changed.emit(applied.changes)
        return applied

    def undo(self) -> None:
        self._step(self._session.undo)

    def redo(self) -> None:
        self._step(self._session.redo)

    def _step(self, action: Callable[[], Applied]) -> None:
        try:
            applied = action()
        except CommandRefused as exc:
            self.sig_refused.emit(exc.reason)
            return
        self.sig_changed.emit(applied.changes | Change.LOG)

    def replace_session(self, session: Session) -> None:
        """Swap in another battle (open, new); every window refreshes everything."""
        self._session = session
        self.sig_changed.emit(Change.ALL)
        self._prepare_undo_soon()

    def _prepare_undo_soon(self) -> None:
        """Once the windows show the battle, do what its first undo would do first (in a
        battle opened from a file: read the journal and check it replays to the saved
        state), so that the GM's first Ctrl+Z waits for nothing."""
        QTimer.singleShot(0, self, self._prepare_undo)

    def _prepare_undo(self) -> None:
        self._session.prepare_undo()

    @property
    def journal(self) -> tuple[JournalEntry, ...]:
        return self._session.journal

    def recent_journal(self, n: int) -> tuple[tuple[JournalEntry, ...], int]:
        """The last ``n`` journal entries and the journal's length (a long battle's
        saved journal is not read for this)."""
        return self._session.recent(n), self._session.length
