"""Battle > Host on the network: address, join code, QR code, and the seat list.

The QR code holds the web station's address with the join code: a phone's camera opens
the station in its browser, joined, with nothing to type.

The GM starts hosting here; the Host runs on the app's qasync loop and follows the
SharedModel through a :class:`HostLink`. Each seat shows who holds it, their connection
and round-trip time; the GM can free a seat, let two clients share it, or remove a client.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import time
from collections.abc import Coroutine
from typing import Any

import segno
from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QCloseEvent, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from bridge.net.discovery import Announcer, lan_addresses
from bridge.net.guard import new_join_code
from bridge.net.host import Host
from bridge.net.seats import SeatPlan
from bridge.net.web import page_url
from bridge.ui.base.event_loop import app_loop
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.network.host_link import HostLink

__all__ = ["HostPanel", "lan_addresses"]


def qr_pixmap(text: str, scale: int = 5) -> QPixmap:
    """A QR code of ``text`` (segno writes the PNG; no imaging library needed)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="png", scale=scale, border=2)
    pixmap = QPixmap()
    pixmap.loadFromData(out.getvalue(), "PNG")
    return pixmap


class HostPanel(QDialog):
    """Start and watch the network host for the GM's battle."""

    def __init__(
        self,
        model: SharedModel,
        parent: QWidget | None = None,
        *,
        bind: str | None = None,
        announce: bool = True,
    ) -> None:
        super().__init__(parent)
        self.setWindowTitle("Host on the network")
        self.resize(900, 560)
        self.model = model
        self.bind = bind
        self.announce = announce
        self.host: Host | None = None
        self.link: HostLink | None = None
        self.port = 0
        self._announcer: Announcer | None = None
        self._tasks: set[asyncio.Task[object]] = set()
        layout = QHBoxLayout(self)

        left = QVBoxLayout()
        form = QFormLayout()
        self.port_box = QSpinBox()
        self.port_box.setRange(0, 65535)
        self.port_box.setValue(7420)
        self.port_box.setToolTip("The TCP port players connect to; allow it in the firewall.")
        self.address_label = QLabel("—")
        self.address_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.code_label = QLabel(new_join_code())
        self.code_label.setObjectName("big")
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.page_label = QLabel("—")
        self.page_label.setWordWrap(True)
        self.page_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.page_label.setToolTip(
            "A phone or tablet opens this in its browser (or scans the QR code)."
        )
        self.page_url = ""
        """The web station's address with the join code (what the QR code holds)."""
        form.addRow("Port", self.port_box)
        form.addRow("Address", self.address_label)
        form.addRow("Join code", self.code_label)
        form.addRow("Phones", self.page_label)
        left.addLayout(form)
        self.qr = QLabel()
        self.qr.setFixedSize(220, 220)
        self.qr.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.qr.setToolTip("A phone's camera opens the web station from this, already joined.")
        left.addWidget(self.qr)
        self.start_button = QPushButton("START HOSTING")
        self.start_button.setObjectName("primary")
        self.start_button.clicked.connect(self._start)
        self.stop_button = QPushButton("STOP HOSTING")
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(lambda: self._run(self.stop()))
        left.addWidget(self.start_button)
        left.addWidget(self.stop_button)
        self.status = QLabel(
            "Players join with File > Join a battle, or from a phone's browser with the QR "
            "code. LAN traffic is not encrypted: "
            "the code keeps strangers out, not eavesdroppers."
        )
        self.status.setWordWrap(True)
        self.status.setObjectName("reason")
        left.addWidget(self.status)
        left.addStretch()
        layout.addLayout(left)

        right = QVBoxLayout()
        right.addWidget(QLabel("SEATS"))
        self.table = QTableWidget(0, 5)
        self.table.setHorizontalHeaderLabels(["Seat", "Held by", "Connection", "Round trip", ""])
        self.table.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setStretchLastSection(False)
        # Each seat whole, never cut: the seat's name takes the room left and wraps in it;
        # the other columns are as wide as what they say.
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, 5):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setWordWrap(True)
        self.table.setTextElideMode(Qt.TextElideMode.ElideNone)
        right.addWidget(self.table, 1)
        buttons = QHBoxLayout()
        self.free_button = QPushButton("FREE SEAT")
        self.free_button.setToolTip("Disconnect its clients; anyone may take the seat again.")
        self.share_button = QPushButton("SHARE SEAT")
        self.share_button.setToolTip("Let more than one client hold this seat (or stop it).")
        self.remove_button = QPushButton("REMOVE CLIENT")
        self.remove_button.setToolTip("Disconnect the seat's clients; the seat stays theirs.")
        for b in (self.free_button, self.share_button, self.remove_button):
            b.setEnabled(False)
            buttons.addWidget(b)
        buttons.addStretch()
        right.addLayout(buttons)
        layout.addLayout(right, 1)
        self.free_button.clicked.connect(self._free)
        self.share_button.clicked.connect(self._share)
        self.remove_button.clicked.connect(self._remove)
        self.table.itemSelectionChanged.connect(self._selection)
        self._timer = QTimer(self)
        self._timer.setInterval(2000)
        self._timer.timeout.connect(self.refresh)
        self.refresh()

    # -- hosting -----------------------------------------------------------------------
    def _run(self, coro: Coroutine[Any, Any, object]) -> None:
        task = app_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _start(self) -> None:
        self.start_button.setEnabled(False)
        self._run(self.start())

    async def start(self) -> bool:
        """Listen for players; False (and why, in the panel) if the port is unavailable."""
        session = self.model.session
        journal = getattr(session, "path", None)
        seats = SeatPlan(journal.with_name(journal.stem + ".seats.json") if journal else None)
        host = Host(session, self.code_label.text(), seats=seats)
        try:
            self.port = await host.start(self.bind, self.port_box.value())
        except OSError as exc:
            self.status.setText(f"Cannot listen on port {self.port_box.value()}: {exc.strerror}.")
            self.start_button.setEnabled(True)
            return False
        self.host = host
        self.port_box.setValue(self.port)  # the port the system chose, when 0 was asked
        self.link = HostLink(self.model, host, self)
        self.link.sig_clients.connect(self.refresh)
        addresses = lan_addresses() if self.bind is None else [self.bind]
        shown = ", ".join(f"{a}:{self.port}" for a in addresses) or f"this computer:{self.port}"
        self.address_label.setText(shown)
        first = addresses[0] if addresses else "localhost"
        self.page_url = page_url(first, self.port, host.guard.code)
        self.page_label.setText(self.page_url)
        self.qr.setPixmap(qr_pixmap(self.page_url))
        self.port_box.setEnabled(False)
        self.start_button.setEnabled(False)
        self.stop_button.setEnabled(True)
        self.status.setText(
            f"Hosting on port {self.port}: allow TCP {self.port} through the firewall. "
            "LAN traffic is not encrypted: the code keeps strangers out, not eavesdroppers."
        )
        self._timer.start()
        if self.announce and addresses:
            self._announcer = Announcer()
            try:
                await self._announcer.start("Bridge", session.state.name, self.port, addresses)
            except (OSError, RuntimeError):
                self._announcer = None  # discovery is a convenience; the address still works
        self.refresh()
        return True

    async def stop(self) -> None:
        self._timer.stop()
        if self._announcer is not None:
            await self._announcer.stop()
            self._announcer = None
        if self.link is not None:
            self.link.detach()
            self.link = None
        if self.host is not None:
            await self.host.close()
            self.host = None
        self.start_button.setEnabled(True)
        self.stop_button.setEnabled(False)
        self.port_box.setEnabled(True)
        self.address_label.setText("—")
        self.page_url = ""
        self.page_label.setText("—")
        self.qr.clear()
        self.refresh()

    # -- the seat list -----------------------------------------------------------------
    def refresh(self) -> None:
        host = self.host
        state = self.model.state
        seats = host.seats if host else SeatPlan()
        if host is None:
            seats.sync(state)
        clients = host.clients() if host else []
        infos = seats.infos(state)
        self.table.setRowCount(len(infos))
        for row, info in enumerate(infos):
            holders = [c for c in clients if c.seat == info.id]
            names = ", ".join(c.name for c in holders) or ("(claimed)" if info.claimed else "free")
            rtts = [c.rtt_ms for c in holders if c.rtt_ms is not None]
            if holders:
                since = min(time.time() - c.since for c in holders)
                connection = f"connected {int(since // 60)} min" if since >= 60 else "connected"
            else:
                connection = "away" if info.claimed else "—"
            values = [
                info.label,
                names,
                connection,
                (f"{max(rtts):.0f} ms" if max(rtts) >= 1 else "under 1 ms") if rtts else "—",
                "shared" if info.shared and info.character else "",
            ]
            for col, value in enumerate(values):
                self._set_cell(row, col, value, info.id)
        self._selection()

    def _set_cell(self, row: int, col: int, value: str, seat: str) -> None:
        """A cell that already says ``value`` is left as it is: the list refreshes every
        two seconds, and an unchanged table is not drawn again."""
        item = self.table.item(row, col)
        if (
            item is not None
            and item.text() == value
            and item.data(Qt.ItemDataRole.UserRole) == seat
        ):
            return
        item = QTableWidgetItem(value)
        item.setToolTip(value)
        item.setData(Qt.ItemDataRole.UserRole, seat)
        self.table.setItem(row, col, item)

    def selected_seat(self) -> str | None:
        items = self.table.selectedItems()
        return str(items[0].data(Qt.ItemDataRole.UserRole)) if items else None

    def _selection(self) -> None:
        seat = self.selected_seat()
        active = self.host is not None and seat is not None
        is_character = active and seat != "viewscreen"
        why = (
            "Start hosting first."
            if self.host is None
            else "Pick a seat in the list."
            if seat is None
            else "The viewscreen seat is always free to share."
        )
        tips = (
            (self.free_button, is_character, "Disconnect its clients; anyone may take it again."),
            (self.share_button, is_character, "Let more than one client hold this seat."),
            (self.remove_button, active, "Disconnect the seat's clients; the seat stays theirs."),
        )
        for button, enabled, tip in tips:
            button.setEnabled(enabled)
            button.setToolTip(tip if enabled else why)

    def _free(self) -> None:
        seat = self.selected_seat()
        if self.host is not None and seat is not None:
            self.host.free_seat(seat)
            self.refresh()

    def _share(self) -> None:
        seat = self.selected_seat()
        if self.host is not None and seat is not None:
            shared = {i.id: i.shared for i in self.host.seats.infos(self.model.state)}
            self.host.set_shared(seat, not shared.get(seat, False))
            self.refresh()

    def _remove(self) -> None:
        seat = self.selected_seat()
        if self.host is not None and seat is not None:
            for client in self.host.clients():
                if client.seat == seat:
                    self.host.remove_client(client.id)
            self.refresh()

    def closeEvent(self, event: QCloseEvent) -> None:
        # Closing the panel keeps hosting; Stop hosting (or quitting) ends it.
        with contextlib.suppress(RuntimeError):
            self.hide()
        event.ignore()
