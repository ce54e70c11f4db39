"""SharedModel: the one QObject that holds the Session; every window talks through it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from PySide6.QtCore import QObject, QTimer, Signal

from bridge.engine import (
    CATALOG,
    ActionInfo,
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
    ship_controls,
    task_options,
    why_not,
)
from bridge.ui.base.model_prebuild import build_models_when_idle

__all__ = ["SharedModel", "UndoGroup"]


@dataclass(frozen=True)
class UndoGroup:
    """Commands one press played (an autopilot's Turn), undone and redone as one step:
    its name, and the journal's length before and after them."""

    label: str
    start: int
    end: int

    @property
    def steps(self) -> int:
        return self.end - self.start


class SharedModel(QObject):
    """Windows send Commands here; one signal tells them what changed."""

    sig_changed = Signal(object)
    """Emitted with the :class:`Change` flags after every applied, undone or redone Command."""
    sig_refused = Signal(str)
    """Emitted with the reason when a Command is refused."""
    sig_logged = Signal(object)
    """Emitted with the :class:`JournalEntry` of every applied Command."""
    sig_grouped = Signal()
    """Emitted when the Commands one press played become one undo (:meth:`one_undo`)."""

    def __init__(self, session: Session, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._session = session
        self._groups: list[UndoGroup] = []  # played as one press, newest last
        self._undone: list[UndoGroup] = []  # undone as one step, newest last
        self._controls: tuple[Encounter | None, dict[str, dict[str, ActionInfo]]] = (None, {})
        self._prepare_undo_soon()
        build_models_when_idle(self)  # (the first Command waits for none of them)

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

    def controls(self, actor: str) -> dict[str, ActionInfo]:
        """The Turn's controls for ``actor`` (:func:`~bridge.engine.ship_controls`),
        worked out once a state for every window that asks."""
        state = self._session.state
        seen, made = self._controls
        if seen is not state:
            made = {}
            self._controls = (state, made)
        if actor not in made:
            made[actor] = ship_controls(state, actor)
        return made[actor]

    def submit(self, command: Command) -> Applied | None:
        """Apply ``command``; on refusal emit the reason and return ``None``."""
        try:
            applied = self._session.apply(command)
        except CommandRefused as exc:
            self.sig_refused.emit(exc.reason)
            return None
        self._undone.clear()  # a new Command: nothing undone can be redone
        self.sig_logged.emit(applied.entry)
        self.sig_changed.emit(applied.changes)
        return applied

    @contextmanager
    def one_undo(self, label: str) -> Iterator[None]:
        """The Commands submitted inside are undone, and redone, as one step named
        ``label`` (one press, one undo)."""
        start = self._session.length
        try:
            yield
        finally:
            end = self._session.length
            if end - start > 1:
                self._groups.append(UndoGroup(label, start, end))
                self.sig_grouped.emit()

    @property
    def undo_group(self) -> UndoGroup | None:
        """The press the next undo takes back whole, or ``None`` (one Command)."""
        group = self._groups[-1] if self._groups else None
        return group if group is not None and group.end == self._session.length else None

    @property
    def redo_group(self) -> UndoGroup | None:
        """The press the next redo plays again whole, or ``None`` (one Command)."""
        group = self._undone[-1] if self._undone else None
        return group if group is not None and group.start == self._session.length else None

    def undo(self) -> None:
        group = self.undo_group
        if group is None:
            self._step(self._session.undo, 1)
            return
        self._groups.pop()
        self._step(self._session.undo, group.steps, then=lambda: self._undone.append(group))

    def redo(self) -> None:
        group = self.redo_group
        if group is None:
            self._step(self._session.redo, 1)
            return
        self._undone.pop()
        self._step(self._session.redo, group.steps, then=lambda: self._groups.append(group))

    def _step(
        self, action: Callable[[], Applied], count: int, then: Callable[[], None] | None = None
    ) -> None:
        """``action`` ``count`` times, then ``then`` if all were done, the windows told
        once; a refusal stops it and says why."""
        changes = Change.NONE
        done = 0
        for _ in range(count):
            try:
                changes |= action().changes
            except CommandRefused as exc:
                self.sig_refused.emit(exc.reason)
                break
            done += 1
        if done == count and then is not None:
            then()
        if done:
            self.sig_changed.emit(changes | Change.LOG)

    def replace_session(self, session: Session) -> None:
        """Swap in another battle (open, new); every window refreshes everything."""
        self._session = session
        self._groups.clear()
        self._undone.clear()
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
