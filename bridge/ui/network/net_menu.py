"""The GM console's network menu entries: Battle > Host on the network, File > Join.

The network (asyncio, websockets, zeroconf, the QR code) loads the first time one of
these is chosen, never at start-up.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from bridge.ui.base.shared_model import SharedModel
    from bridge.ui.network.host_panel import HostPanel
    from bridge.ui.network.join_dialog import JoinDialog

__all__ = ["show_host_panel", "show_join_dialog"]


def show_host_panel(console: QWidget, model: SharedModel) -> HostPanel:
    """The host panel (one per console; it keeps hosting when hidden)."""
    from bridge.ui.network.host_panel import HostPanel

    panel = console.findChild(HostPanel)
    if not isinstance(panel, HostPanel):
        panel = HostPanel(model, console)
    panel.show()
    panel.raise_()
    return panel


def show_join_dialog(console: QWidget) -> JoinDialog:
    """Join another GM's battle from this app: the seat's station windows open."""
    from bridge.ui.network.join_dialog import JoinDialog, open_seat_windows

    dialog = JoinDialog(console)
    dialog.sig_seated.connect(lambda model: dialog.windows.extend(open_seat_windows(model)))
    dialog.show()
    return dialog
