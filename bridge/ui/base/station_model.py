"""The one model interface a station window talks to: local (SharedModel) or remote."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from PySide6.QtCore import SignalInstance

from bridge.engine import ActionInfo, Applied, Command, Encounter, JournalEntry, ParamInfo, Station

__all__ = ["StationModel"]


class StationModel(Protocol):
    """What a station window and its task dialog use of their model.

    ``state`` and the journal are what the window's seat may see (the GM's console: the
    whole battle; a crew seat: :func:`bridge.seatview.seat_view`); ``check``, ``why_not``,
    ``task_options``, ``controls`` and ``submit`` are judged by the engine on the whole
    battle.
    """

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
    def recent_journal(self, n: int) -> tuple[Sequence[JournalEntry], int]:
        """The last ``n`` journal entries and the journal's length."""
        ...

    def check(self, command: Command) -> str | None: ...
    def why_not(self, command: Command) -> str | None:
        """The engine's gate on ``command`` without its parameters (enabled when None)."""
        ...

    def task_options(self, actor: str, station: Station, action: str) -> tuple[ParamInfo, ...]:
        """What Task ``action`` asks of ``actor`` at ``station``: its parameters and
        their legal choices now (the engine's answer, on the whole battle)."""
        ...

    def minor_options(self, actor: str, action: str) -> tuple[ParamInfo, ...]:
        """What Minor Action ``action`` asks of ``actor`` (the system to Restore, the
        station to move to) with the choices now."""
        ...

    def controls(self, actor: str) -> dict[str, ActionInfo]:
        """The Turn's controls for ``actor`` (START TURN, END TURN, the spends, RESOLVE,
        Determination...), each with its Command and fields or why not now: the engine's
        :func:`~bridge.engine.ship_controls` on the whole battle (a network seat: the
        host's answer for its own officer)."""
        ...

    def submit(self, command: Command) -> Applied | None: ...
