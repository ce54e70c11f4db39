"""SeatModel: the battle as one seat sees it, on the GM's laptop.

A station window, the shared laptop and the viewscreen on the GM's machine read the
battle through here, not straight from the SharedModel: :func:`bridge.seatview.seat_view`
and :func:`bridge.seatview.seat_entry` give them exactly what a network seat receives, so
a station can never show more on the GM's laptop than over the LAN. What a window sends
is judged by the engine on the whole battle (``check``, ``why_not``, ``submit``), as the
host judges a network seat's Commands.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import overload

from PySide6.QtCore import QObject, Signal

from bridge.engine import (
    ActionInfo,
    Applied,
    Command,
    Encounter,
    JournalEntry,
    ParamInfo,
    Station,
)
from bridge.seatview import CREW, Memo, Seat, seat_entry, seat_view
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.station_model import StationModel

__all__ = ["SeatEntries", "SeatModel", "for_crew"]

_KEEP = 4096
"""Journal entries whose seat reading is remembered (the windows show the newest 1,000)."""


class SeatEntries(Sequence[JournalEntry]):
    """Journal entries as a seat reads them, each read when it is first looked at: a
    window's log looks only at the entries it has not shown yet, not at all it keeps."""

    __slots__ = ("_entries", "_read")

    def __init__(
        self, entries: Sequence[JournalEntry], read: Callable[[JournalEntry], JournalEntry]
    ) -> None:
        self._entries = entries
        self._read = read

    def __len__(self) -> int:
        return len(self._entries)

    @overload
    def __getitem__(self, index: int) -> JournalEntry: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[JournalEntry, ...]: ...
    def __getitem__(self, index: int | slice) -> JournalEntry | tuple[JournalEntry, ...]:
        if isinstance(index, slice):
            return tuple(self._read(e) for e in self._entries[index])
        return self._read(self._entries[index])


class SeatModel(QObject):
    """A :class:`SharedModel` seen from ``seat`` (the crew by default)."""

    sig_changed = Signal(object)
    sig_refused = Signal(str)
    sig_logged = Signal(object)

    def __init__(self, shared: SharedModel, seat: Seat = CREW, parent: QObject | None = None):
        super().__init__(parent if parent is not None else shared)
        self.shared = shared
        self.seat = seat
        self._memo: Memo = {}
        self._seen: tuple[Encounter, Encounter] | None = None
        self._entries: dict[int, tuple[JournalEntry, JournalEntry]] = {}
        shared.sig_changed.connect(self.sig_changed.emit)
        shared.sig_refused.connect(self.sig_refused.emit)
        shared.sig_logged.connect(lambda entry: self.sig_logged.emit(self.entry(entry)))

    # -- reading --------------------------------------------------------------------------
    @property
    def state(self) -> Encounter:
        """The battle as this seat may see it (the same object until the battle changes)."""
        state = self.shared.state
        if self._seen is None or self._seen[0] is not state:
            self._seen = (state, seat_view(state, self.seat, self._memo))
        return self._seen[1]

    def entry(self, entry: JournalEntry) -> JournalEntry:
        """``entry`` as this seat reads it."""
        known = self._entries.get(id(entry))
        if known is not None and known[0] is entry:
            return known[1]
        if len(self._entries) > _KEEP:
            self._entries.clear()
        seen = seat_entry(entry, self.seat)
        self._entries[id(entry)] = (entry, seen)
        return seen

    @property
    def journal(self) -> tuple[JournalEntry, ...]:
        return tuple(self.entry(e) for e in self.shared.journal)

    def recent_journal(self, n: int) -> tuple[Sequence[JournalEntry], int]:
        """The last ``n`` entries as this seat reads them (each read when looked at)."""
        entries, length = self.shared.recent_journal(n)
        return SeatEntries(entries, self.entry), length

    def task_options(self, actor: str, station: Station, action: str) -> tuple[ParamInfo, ...]:
        return self.shared.task_options(actor, station, action)

    def minor_options(self, actor: str, action: str) -> tuple[ParamInfo, ...]:
        return self.shared.minor_options(actor, action)

    # -- judged on the whole battle ---------------------------------------------------------
    def check(self, command: Command) -> str | None:
        return self.shared.check(command)

    def why_not(self, command: Command) -> str | None:
        return self.shared.why_not(command)

    def controls(self, actor: str) -> dict[str, ActionInfo]:
        return self.shared.controls(actor)

    def submit(self, command: Command) -> Applied | None:
        applied = self.shared.submit(command)
        if applied is None:
            return None
        return Applied(state=self.state, changes=applied.changes, entry=self.entry(applied.entry))

    def undo(self) -> None:
        self.shared.undo()

    def redo(self) -> None:
        self.shared.redo()


def for_crew(model: StationModel, owner: QObject) -> StationModel:
    """``model`` as a crew seat sees it: a window for the players given the GM's own
    model reads it through a :class:`SeatModel` (owned by ``owner``, the window); a
    seat's model (a SeatModel, a network seat's) is already so."""
    if isinstance(model, SharedModel):
        return SeatModel(model, CREW, owner)
    return model
