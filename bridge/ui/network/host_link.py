"""The GM's app as a network host: the Host follows the SharedModel and feeds it back.

A change made in the GM's own windows goes out to the clients; a client's Command,
applied by the Host, refreshes the GM's windows through the model's usual signals. That
refresh waits for the next turn of the event loop: the clients' updates are already
written by then, and the loop may serve a due timer or another message between the
two. Client Commands applied in the same turn refresh the GM's windows once. While it
hosts, what was alive when hosting began (or another battle was opened) is frozen for
the garbage collector (:mod:`bridge.net.heap`): no full collection stalls the updates.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer, Signal

from bridge.engine import Applied, Change
from bridge.net import heap
from bridge.net.host import Host
from bridge.ui.base.model_prebuild import build_models_when_idle
from bridge.ui.base.shared_model import SharedModel

__all__ = ["HostLink"]


class HostLink(QObject):
    """Keeps a :class:`Host` and the GM's :class:`SharedModel` in step."""

    sig_clients = Signal()
    """The seat list or a client's connection changed."""

    def __init__(self, model: SharedModel, host: Host, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.host = host
        self._echo = False
        self._waiting: list[Applied] = []
        """Client Commands applied whose refresh of the GM's windows is still to come."""
        self._refresh = QTimer(self)
        self._refresh.setSingleShot(True)
        self._refresh.setInterval(0)
        self._refresh.timeout.connect(self.flush)
        model.sig_changed.connect(self._model_changed)
        host.client_applied.append(self._client_applied)
        host.listeners.append(self.sig_clients.emit)
        heap.freeze()
        build_models_when_idle(self)  # the network's, before the first update needs them

    def _model_changed(self, changes: object) -> None:
        if self._echo:
            return
        if self.model.session is not self.host.session:
            self.host.replace_session(self.model.session)
            heap.thaw()  # the battle before is garbage now, and the new one is here to stay
            heap.freeze()
            return
        self.host.publish(changes if isinstance(changes, Change) else Change.ALL)

    def _client_applied(self, applied: Applied) -> None:
        self._waiting.append(applied)
        if not self._refresh.isActive():
            self._refresh.start()

    def flush(self) -> None:
        """Refresh the GM's windows now for the client Commands applied so far."""
        self._refresh.stop()
        waiting, self._waiting = self._waiting, []
        if not waiting:
            return
        changes = Change.NONE
        self._echo = True
        try:
            for applied in waiting:
                self.model.sig_logged.emit(applied.entry)
                changes |= applied.changes
            self.model.sig_changed.emit(changes)
        finally:
            self._echo = False

    def detach(self) -> None:
        self.flush()
        self.model.sig_changed.disconnect(self._model_changed)
        self.host.client_applied.remove(self._client_applied)
        self.host.listeners.remove(self.sig_clients.emit)
        heap.thaw()
