"""GmFigureSeat: an NPC figure's Conflict card on the GM's laptop, as the GM plays it by
hand (every number the GM may know, the whole battle). The task dialog every card uses
reads it as an officer's dialog reads their seat
(:class:`~bridge.ui.conflict.conflict_model.ConflictSeat`)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QObject, Signal

from bridge import engine
from bridge.engine import (
    Command,
    ConflictCardView,
    ConflictTask,
    Encounter,
    FigureView,
    TaskPreview,
)
from bridge.seatview import GM, LogEntry, seat_log
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.station_model import StationModel

__all__ = ["GmFigureSeat"]


class GmFigureSeat(QObject):
    """The card of the figure ``character`` (an NPC's figure id) for the GM's eyes."""

    sig_changed = Signal(object)
    sig_refused = Signal(str)

    def __init__(self, shared: SharedModel, figure: str, parent: QObject | None = None) -> None:
        super().__init__(parent if parent is not None else shared)
        self.shared = shared
        self.character = figure
        self._card: tuple[Encounter, ConflictCardView | None] | None = None
        shared.sig_changed.connect(self.sig_changed.emit)
        shared.sig_refused.connect(self.sig_refused.emit)

    @property
    def state(self) -> Encounter:
        return self.shared.state

    @property
    def battle(self) -> StationModel:
        return self.shared

    def card(self) -> ConflictCardView | None:
        """The figure's card as the GM sees it (``None``: no fight, or the figure is not
        in it)."""
        state = self.shared.state
        if self._card is None or self._card[0] is not state:
            conflict = state.conflict
            there = conflict is not None and self.character in conflict.figures
            card = engine.conflict_card(state, self.character, "gm") if there else None
            self._card = (state, card)
        return self._card[1]

    def preview(self, cmd: ConflictTask) -> TaskPreview:
        return engine.preview(self.shared.state, cmd)

    def figures(self) -> tuple[FigureView, ...]:
        """Every figure of the fight as the GM knows it (none while none runs)."""
        state = self.shared.state
        return engine.conflict_figures(state, "gm") if state.conflict else ()

    def log_tail(self, n: int) -> Sequence[LogEntry]:
        """The last ``n`` entries of the battle log as the GM reads them."""
        entries, _ = self.shared.recent_journal(n)
        return [seat_log(entry, GM) for entry in entries]

    def submit(self, command: Command) -> bool:
        return self.shared.submit(command) is not None
