"""ConflictSeat: one officer's Conflict card, as the window reads it.

The engine's card view (:func:`bridge.engine.conflict_card`) holds every rule: each
entry's fields and legal choices, the gate's reason; a Task's preview gives its itemised
Difficulty and exact odds, worked out from what the seat may know (an unrevealed NPC's
numbers stay the GM's). A window asks it through this interface, on the GM's laptop
(:class:`LocalConflictSeat`) or over the LAN (the remote model reads what the host sends).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import QObject, Signal, SignalInstance

from bridge import engine
from bridge.engine import (
    Command,
    ConflictCardView,
    ConflictTask,
    Encounter,
    FigureView,
    TaskPreview,
)
from bridge.seatview import CREW, LogEntry, conflict_card_of, figure_of, seat_log
from bridge.ui.base.seat_model import SeatModel
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.station_model import StationModel

__all__ = ["ConflictSeat", "LocalConflictSeat", "figure_of"]


class ConflictSeat(Protocol):
    """What a Conflict card window uses of its model: the crew's view of the battle, the
    officer's card, and the engine's answers on what a Task needs and its odds."""

    character: str

    @property
    def sig_changed(self) -> SignalInstance: ...
    @property
    def sig_refused(self) -> SignalInstance: ...
    @property
    def state(self) -> Encounter: ...
    @property
    def battle(self) -> StationModel:
        """The battle as this seat reads it, as a station's window does: its journal, and
        a Command sent with the log it made (the task dialog's)."""
        ...

    def card(self) -> ConflictCardView | None:
        """The officer's card (``None``: no conflict runs, or the officer is not in it)."""
        ...

    def preview(self, cmd: ConflictTask) -> TaskPreview:
        """The Task before its roll, from what the seat may know (or why not)."""
        ...

    def figures(self) -> tuple[FigureView, ...]:
        """Every figure of the fight as the crew may see it (none while none runs)."""
        ...

    def log_tail(self, n: int) -> Sequence[LogEntry]:
        """The last ``n`` entries of the battle log as this seat reads them."""
        ...

    def submit(self, command: Command) -> bool:
        """Send ``command``; whether it was applied (a refusal is signalled)."""
        ...


class LocalConflictSeat(QObject):
    """The Conflict card of ``character`` on the GM's laptop: the card read on the whole
    battle for the officer's eyes; the battle itself as the crew sees it."""

    sig_changed = Signal(object)
    sig_refused = Signal(str)

    def __init__(self, shared: SharedModel, character: str, parent: QObject | None = None):
        super().__init__(parent if parent is not None else shared)
        self.shared = shared
        self.character = character
        self.crew = SeatModel(shared, parent=self)
        self._card: tuple[Encounter, ConflictCardView | None] | None = None
        self._figures: tuple[Encounter, tuple[FigureView, ...]] | None = None
        shared.sig_changed.connect(self.sig_changed.emit)
        shared.sig_refused.connect(self.sig_refused.emit)

    @property
    def state(self) -> Encounter:
        return self.crew.state

    @property
    def battle(self) -> StationModel:
        return self.crew

    def card(self) -> ConflictCardView | None:
        state = self.shared.state
        if self._card is None or self._card[0] is not state:
            self._card = (state, conflict_card_of(state, self.character))
        return self._card[1]

    def preview(self, cmd: ConflictTask) -> TaskPreview:
        return engine.preview(self.crew.state, cmd)

    def figures(self) -> tuple[FigureView, ...]:
        state = self.shared.state
        if self._figures is None or self._figures[0] is not state:
            seen = engine.conflict_figures(state, "crew") if state.conflict else ()
            self._figures = (state, seen)
        return self._figures[1]

    def log_tail(self, n: int) -> Sequence[LogEntry]:
        entries, _ = self.shared.recent_journal(n)
        return [seat_log(entry, CREW) for entry in entries]

    def submit(self, command: Command) -> bool:
        return self.shared.submit(command) is not None
