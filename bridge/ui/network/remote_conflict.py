"""RemoteConflictSeat: a Conflict card window's model on a player's machine.

The officer's card comes with every snapshot and update (``available.conflict``); what an
entry needs as the player chooses, its legal choices and a Task's odds are asked of the
host (``conflict_form``), which answers from the engine on the whole battle. Commands go
through the seat's :class:`~bridge.ui.network.remote_model.RemoteModel`.
"""

from __future__ import annotations

import asyncio

from PySide6.QtCore import QEventLoop, QObject, QTimer, Signal

from bridge.engine import (
    Command,
    ConflictCardView,
    ConflictChoice,
    ConflictMinor,
    ConflictPreview,
    ConflictTask,
    Encounter,
    Need,
)
from bridge.net.protocol import ConflictForm
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
        self._forms: dict[str, ConflictForm] = {}
        model.sig_changed.connect(self._changed)
        model.sig_refused.connect(self.sig_refused.emit)

    def _changed(self, changes: object) -> None:
        self._forms.clear()  # the battle moved: every answer is asked again
        self.sig_changed.emit(changes)

    @property
    def state(self) -> Encounter:
        return self.remote.state

    def card(self) -> ConflictCardView | None:
        return self.remote.client.available.conflict

    def _form(self, cmd: ConflictTask | ConflictMinor) -> ConflictForm:
        """The host's answer for ``cmd`` (asked once until the battle changes); the wait
        runs a local event loop, as a Command's does, at most the model's timeout."""
        key = cmd.model_dump_json()
        known = self._forms.get(key)
        if known is not None:
            return known
        timeout = self.remote.answer_timeout
        future = asyncio.ensure_future(self.remote.client.conflict_form(cmd, timeout=timeout))
        waiter = QEventLoop()
        future.add_done_callback(lambda _f: waiter.quit())
        QTimer.singleShot(int(timeout * 1000) + 500, waiter.quit)
        if not future.done():
            waiter.exec()
        if not future.done():
            future.cancel()
            return ConflictForm(id=0, reason="The host did not answer in time; try again.")
        answer = future.result()
        if answer.reason is None:
            self._forms[key] = answer
        return answer

    def needs(self, key: str, cmd: ConflictTask | ConflictMinor) -> tuple[Need, ...]:
        return self._form(cmd).needs

    def choices(
        self, key: str, cmd: ConflictTask | ConflictMinor
    ) -> dict[Need, tuple[ConflictChoice, ...]]:
        return self._form(cmd).choices

    def preview(self, cmd: ConflictTask) -> ConflictPreview:
        form = self._form(cmd)
        if form.reason is not None:
            return ConflictPreview(reason=form.reason)
        return form.preview or ConflictPreview(reason="The host sent no preview.")

    def submit(self, command: Command) -> bool:
        return self.remote.submit(command) is not None
