"""File > Join a battle / ``bridge join``: find or type a host, the code, a free seat.

Hosts announced on the LAN are listed as they are found; typing ``address:port`` always
works (discovery is a convenience). Once seated, the seat's station windows open on a
:class:`RemoteModel`.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections.abc import Coroutine
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import (
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bridge import APP_ID
from bridge.net.client import JoinRefused, NetClient, TokenStore
from bridge.net.discovery import Browser, FoundHost
from bridge.storage.paths import config_dir
from bridge.ui.base.event_loop import app_loop
from bridge.ui.network.remote_model import RemoteModel

__all__ = ["JoinDialog", "run_join", "url_for"]

DEFAULT_PORT = 7420


def url_for(typed: str) -> str:
    """``host``, ``host:port`` or ``ws://...`` as a WebSocket address."""
    text = typed.strip()
    if "://" in text:
        return text
    if text.startswith("[") or text.count(":") == 1:
        return f"ws://{text}"
    if ":" in text:  # a bare IPv6 address
        return f"ws://[{text}]:{DEFAULT_PORT}"
    return f"ws://{text}:{DEFAULT_PORT}"


class JoinDialog(QDialog):
    """Connect to a host and take a seat; ``model`` is set once seated."""

    sig_seated = Signal(object)
    """Emitted with the :class:`RemoteModel` once the seat is taken."""

    def __init__(self, parent: QWidget | None = None, *, discover: bool = True) -> None:
        super().__init__(parent)
        self.setWindowTitle("Join a battle")
        self.resize(560, 520)
        self.client: NetClient | None = None
        self.model: RemoteModel | None = None
        self.windows: list[QWidget] = []
        """The station windows opened for the seat (kept here so they stay alive)."""
        self._browser: Browser | None = None
        self._tasks: set[asyncio.Task[object]] = set()
        layout = QVBoxLayout(self)

        layout.addWidget(QLabel("HOSTS ON THIS NETWORK"))
        self.hosts = QListWidget()
        self.hosts.setToolTip("Bridge hosts announced on the LAN; or type the address below.")
        self.hosts.currentItemChanged.connect(self._pick_host)
        layout.addWidget(self.hosts, 1)

        form = QFormLayout()
        self.address = QLineEdit()
        self.address.setPlaceholderText(
            f"address:port as the GM's screen shows it (port {DEFAULT_PORT})"
        )
        self.code = QLineEdit()
        self.code.setPlaceholderText("the six-letter join code")
        self.name = QLineEdit()
        self.name.setPlaceholderText("your name, for the GM's seat list")
        form.addRow("Address", self.address)
        form.addRow("Join code", self.code)
        form.addRow("Your name", self.name)
        layout.addLayout(form)
        self.connect_button = QPushButton("CONNECT")
        self.connect_button.setObjectName("primary")
        self.connect_button.clicked.connect(self._connect)
        layout.addWidget(self.connect_button)

        layout.addWidget(QLabel("SEATS"))
        self.seats = QListWidget()
        self.seats.setToolTip("Pick a free seat (or yours, if you held it before).")
        layout.addWidget(self.seats, 1)
        self.status = QLabel("Choose a host or type its address, then the code.")
        self.status.setObjectName("reason")
        self.status.setWordWrap(True)
        layout.addWidget(self.status)
        row = QHBoxLayout()
        row.addStretch()
        self.cancel_button = QPushButton("CANCEL")
        self.cancel_button.clicked.connect(self.reject)
        self.take_button = QPushButton("TAKE SEAT")
        self.take_button.setObjectName("primary")
        self.take_button.setEnabled(False)
        self.take_button.clicked.connect(self._take)
        row.addWidget(self.cancel_button)
        row.addWidget(self.take_button)
        layout.addLayout(row)
        self.seats.currentItemChanged.connect(
            lambda item, _old: self.take_button.setEnabled(
                item is not None and bool(item.flags() & Qt.ItemFlag.ItemIsEnabled)
            )
        )
        if discover:
            self._run(self._discover())

    # -- discovery ---------------------------------------------------------------------
    async def _discover(self) -> None:
        self._browser = Browser(self._found)
        try:
            await self._browser.start()
        except OSError as exc:  # no multicast on this network: typing still works
            self.status.setText(f"Hosts cannot be listed here ({exc.strerror}); type the address.")
            self._browser = None

    def _found(self, host: FoundHost) -> None:
        item = QListWidgetItem(f"{host.battle or host.name} — {host.address}:{host.port}")
        item.setData(Qt.ItemDataRole.UserRole, f"{host.address}:{host.port}")
        self.hosts.addItem(item)

    def _pick_host(self, item: QListWidgetItem | None) -> None:
        if item is not None:
            self.address.setText(str(item.data(Qt.ItemDataRole.UserRole)))
            self.code.setFocus()

    # -- joining -----------------------------------------------------------------------
    def _run(self, coro: Coroutine[Any, Any, object]) -> None:
        task = app_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _connect(self) -> None:
        if not self.address.text().strip() or not self.code.text().strip():
            self.status.setText("Type the host's address and the join code.")
            return
        self.connect_button.setEnabled(False)
        self.status.setText("Connecting…")
        self._run(self.connect_to(url_for(self.address.text()), self.code.text()))

    async def connect_to(self, url: str, code: str) -> bool:
        """Say hello to the host at ``url``; lists its seats. False (and why) on failure."""
        if self.client is not None:
            await self.client.close()
        self.client = NetClient(
            url,
            code,
            name=self.name.text().strip(),
            tokens=TokenStore(config_dir() / "seat-tokens.json"),
        )
        try:
            welcome = await self.client.connect()
        except JoinRefused as exc:
            self.status.setText(exc.reason)
            self.connect_button.setEnabled(True)
            self.client = None
            return False
        self.seats.clear()
        for seat in welcome.seats:
            mine = self.client.tokens.get(welcome.battle_id, seat.id) is not None
            free = seat.character is None or not seat.claimed or seat.shared or mine
            taken = "" if free else " — taken"
            item = QListWidgetItem(f"{seat.label}{' — yours' if mine else taken}")
            item.setData(Qt.ItemDataRole.UserRole, seat.id)
            if not free:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled)
            self.seats.addItem(item)
        self.status.setText(f"Connected to “{welcome.battle}”. Pick your seat.")
        self.connect_button.setEnabled(True)
        return True

    def _take(self) -> None:
        item = self.seats.currentItem()
        if item is not None:
            self._run(self.take(str(item.data(Qt.ItemDataRole.UserRole))))

    async def take(self, seat: str) -> bool:
        """Claim ``seat``; on success the dialog closes and ``sig_seated`` is emitted."""
        if self.client is None:
            return False
        try:
            await self.client.claim(seat)
        except JoinRefused as exc:
            self.status.setText(exc.reason)
            return False
        if not await self.client.wait_revision(0):
            self.status.setText("The host sent no battle; try again.")
            return False
        self.model = RemoteModel(self.client)
        self.sig_seated.emit(self.model)
        self.accept()
        return True

    def closeEvent(self, event: QCloseEvent) -> None:
        self._stop_discovery()
        super().closeEvent(event)

    def done(self, result: int) -> None:
        self._stop_discovery()
        super().done(result)

    def _stop_discovery(self) -> None:
        if self._browser is not None:
            browser, self._browser = self._browser, None
            with contextlib.suppress(RuntimeError):
                self._run(browser.stop())


def open_seat_windows(model: RemoteModel) -> list[QWidget]:
    """The station windows of the seat's character (the viewscreen seat: the viewscreen)."""
    from bridge.engine import Station
    from bridge.ui.station.station_window import StationWindow
    from bridge.ui.table.viewscreen import ViewscreenWindow

    seated = model.client.seated
    if seated is not None and seated.character is None:
        # A viewscreen seat is a TV (or a screen of its own): full screen, as the GM's
        # viewscreen goes full screen on a second screen; F11 or Esc leaves it.
        screen = ViewscreenWindow(model)
        screen.showFullScreen()
        return [screen]
    stations = (seated.stations if seated else ()) or (Station.COMMAND,)
    windows: list[QWidget] = []
    officer = model.state.name_of(seated.character) if seated and seated.character else ""
    for station in stations:
        window = StationWindow(model, station)
        title = "Bridge — " + station.label + (f" — {officer}" if officer else "")
        window.setWindowTitle(title)
        window.show()
        windows.append(window)
    if seated is not None and seated.character is not None:
        windows.append(conflict_card_window(model, seated.character))
    return windows


def conflict_card_window(model: RemoteModel, character: str) -> QWidget:
    """The officer's Conflict card: shown whenever a personal conflict runs with them in
    it (it comes up when the GM starts one), hidden otherwise (it goes when the GM
    returns to the ship)."""
    from bridge.ui.conflict.conflict_window import ConflictWindow
    from bridge.ui.network.remote_conflict import RemoteConflictSeat

    seat = RemoteConflictSeat(model, character)
    window = ConflictWindow(seat)

    def follow(_changes: object = None) -> None:
        running = seat.card() is not None
        if running and not window.isVisible():
            window.show()
            window.raise_()
        elif not running and window.isVisible():
            window.hide()  # (hidden, not closed: the seat's last window keeps the app)

    seat.sig_changed.connect(follow)
    follow()
    return window


def run_join(url: str | None, code: str | None, seat: str | None) -> int:
    """``bridge join`` with windows: the dialog, then the seat's station windows."""
    import qasync
    from PySide6.QtWidgets import QApplication

    from bridge.ui.base.theme import apply_theme

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = QApplication(sys.argv[:1])
    app.setApplicationName("Bridge")
    app.setOrganizationName("Bridge")
    app.setDesktopFileName(APP_ID)
    apply_theme(app)  # each window keeps its own text size
    loop = qasync.QEventLoop(app)
    windows: list[QWidget] = []

    async def main() -> int:
        dialog = JoinDialog()
        if url:
            dialog.address.setText(url)
        if code:
            dialog.code.setText(code)
        closed = asyncio.Event()
        dialog.rejected.connect(closed.set)
        dialog.sig_seated.connect(lambda model: windows.extend(open_seat_windows(model)))
        app.lastWindowClosed.connect(closed.set)
        dialog.show()
        if url and code and seat and await dialog.connect_to(url_for(url), code):
            await dialog.take(seat)
        await closed.wait()
        return 0

    with loop:
        status: int = loop.run_until_complete(main())
    return status
