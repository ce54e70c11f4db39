"""ConflictSeat: one officer's Conflict card, as the window reads it.

The engine's card view (:func:`bridge.engine.conflict_card`) holds every rule: each
entry's fields and legal choices, the gate's reason; a Task's preview gives its itemised
Difficulty and exact odds, worked out from what the seat may know (an unrevealed NPC's
numbers stay the GM's). A window asks it through this interface, on the GM's laptop
(:class:`LocalConflictSeat`) or over the LAN (the remote model reads what the host sends).
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QObject, Signal, SignalInstance

from bridge import engine
from bridge.engine import Command, ConflictCardView, ConflictTask, Encounter, TaskPreview
from bridge.seatview import conflict_card_of, figure_of
from bridge.ui.base.seat_model import SeatModel
from bridge.ui.base.shared_model import SharedModel

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
    def card(self) -> ConflictCardView | None:
        """The officer's card (``None``: no conflict runs, or the officer is not in it)."""
        ...

    def preview(self, cmd: ConflictTask) -> TaskPreview:
        """The Task before its roll, from what the seat may know (or why not)."""
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
        shared.sig_changed.connect(self.sig_changed.emit)
        shared.sig_refused.connect(self.sig_refused.emit)

    @property
    def state(self) -> Encounter:
        return self.crew.state

    def card(self) -> ConflictCardView | None:
        state = self.shared.state
        if self._card is None or self._card[0] is not state:
            self._card = (state, conflict_card_of(state, self.character))
        return self._card[1]

    def preview(self, cmd: ConflictTask) -> TaskPreview:
        return engine.preview(self.crew.state, cmd)

    def submit(self, command: Command) -> bool:
        return self.shared.submit(command) is not None
