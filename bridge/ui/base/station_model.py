"""The one model interface a station window talks to: local (SharedModel) or remote."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import SignalInstance

from bridge.engine import Applied, Command, Encounter, JournalEntry

__all__ = ["StationModel"]


class StationModel(Protocol):
    """What a station window and its task dialog use of their model."""

    @property
    def sig_changed(self) -> SignalInstance: ...
    @property
    def sig_refused(self) -> SignalInstance: ...
    @property
    def sig_logged(self) -> SignalInstance: ...
    @property
    def state(self) -> Encounter: ...
    @property
    def journal(self) -> tuple[JournalEntry, ...]: ...
    def recent_journal(self, n: int) -> tuple[tuple[JournalEntry, ...], int]:
        """The last ``n`` journal entries and the journal's length."""
        ...

    def check(self, command: Command) -> str | None: ...
    def why_not(self, command: Command) -> str | None:
        """The engine's gate on ``command`` without its parameters (enabled when None)."""
        ...

    def submit(self, command: Command) -> Applied | None: ...
