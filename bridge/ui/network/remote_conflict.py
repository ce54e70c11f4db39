"""RemoteConflictSeat: a Conflict card window's model on a player's machine.

The officer's card comes with every snapshot and update (``available.conflict``): each
entry's fields and legal choices, as the host's engine gives them. A Task's odds are the
engine's on the battle this seat sees (an unrevealed NPC's numbers stay the GM's), worked
out here as a station's task dialog does, so choosing asks the host nothing. Commands go
through the seat's :class:`~bridge.ui.network.remote_model.RemoteModel`.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from bridge import engine
from bridge.engine import Command, ConflictCardView, ConflictTask, Encounter, TaskPreview
from bridge.ui.network.remote_model import RemoteModel

__all__ = ["RemoteConflictSeat"]


class RemoteConflictSeat(QObject):
    """The seat's officer's Conflict card, fed by the host."""

    sig_changed = Signal(object)
    sig_refused = Signal(str)

    def __init__(self, model: RemoteModel, character: str, parent: QObject | None = None):
        super().__init__(parent if parent is not None else model)
        self.remote = model
        self.character = character
        model.sig_changed.connect(self.sig_changed.emit)
        model.sig_refused.connect(self.sig_refused.emit)

    @property
    def state(self) -> Encounter:
        return self.remote.state

    def card(self) -> ConflictCardView | None:
        return self.remote.client.available.conflict

    def preview(self, cmd: ConflictTask) -> TaskPreview:
        return engine.preview(self.remote.state, cmd)

    def submit(self, command: Command) -> bool:
        return self.remote.submit(command) is not None
