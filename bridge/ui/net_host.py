"""The GM's app as a network host: the Host follows the SharedModel and feeds it back.

A change made in the GM's own windows goes out to the clients; a client's Command,
applied by the Host, refreshes the GM's windows through the model's usual signals.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from bridge.engine import Applied, Change
from bridge.net.host import Host
from bridge.ui.shared_model import SharedModel

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
        model.sig_changed.connect(self._model_changed)
        host.client_applied.append(self._client_applied)
        host.listeners.append(self.sig_clients.emit)

    def _model_changed(self, changes: object) -> None:
        if self._echo:
            return
        if self.model.session is not self.host.session:
            self.host.replace_session(self.model.session)
            return
        self.host.publish(changes if isinstance(changes, Change) else Change.ALL)

    def _client_applied(self, applied: Applied) -> None:
        self._echo = True
        try:
            self.model.sig_logged.emit(applied.entry)
            self.model.sig_changed.emit(applied.changes)
        finally:
            self._echo = False

    def detach(self) -> None:
        self.model.sig_changed.disconnect(self._model_changed)
        self.host.client_applied.remove(self._client_applied)
        self.host.listeners.remove(self.sig_clients.emit)
