"""The battles open in one Bridge: each in its own GM console, with its own autosave.

A second launch's battle file opens in a new battle window: a GM console on its own
model and Session, journaled to its own autosave (its own lock), as File ▸ Open would
open it, but beside the battles already open. ``--demo`` opens a new demo battle with its
station windows; ``join`` opens the join dialog; a bare launch shows the running Bridge.
A ship or character file joins the battle in the window last used.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from bridge.engine import Session, Station, demo_encounter
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.autosave_ui import start_autosave
from bridge.ui.console.gm_console import GmConsole

__all__ = ["BattleWindows", "is_battle_file"]

log = logging.getLogger(__name__)
CASCADE = 36
"""How far each new battle window sits from the one before (pixels)."""


def is_battle_file(path: Path) -> bool:
    """Whether ``path`` looks like a battle (not a ship or character): its format is
    named near its start, as Bridge writes it."""
    try:
        with path.open("rb") as f:
            head = f.read(4096)
    except OSError:
        return False
    return b'"bridge.encounter"' in head


class BattleWindows:
    """Every GM console this Bridge has open; new ones for battles other launches hand
    over (each kept alive here until it closes)."""

    def __init__(self, first: GmConsole, autosave: bool = True) -> None:
        self.consoles: list[GmConsole] = [first]
        self.autosave = autosave
        self._join_dialogs: list[Any] = []

    def current(self) -> GmConsole | None:
        """The console used last (the active one, else the newest still open)."""
        active = QApplication.activeWindow()
        for console in self.consoles:
            if active is console or (active is not None and console.isAncestorOf(active)):
                return console
        live = [c for c in self.consoles if c.isVisible()]
        return live[-1] if live else None

    # -- what another launch asks for ----------------------------------------------------
    def handle(self, request: dict[str, Any]) -> None:
        if isinstance(request.get("open"), str):
            self.open_file(Path(request["open"]))
        elif request.get("demo"):
            self.new_demo()
        elif isinstance(request.get("join"), dict):
            self.join(request["join"])
        else:
            self.show()

    def show(self) -> None:
        console = self.current()
        if console is not None:
            console.showNormal()
            console.raise_()
            console.activateWindow()

    def open_file(self, path: Path) -> GmConsole | None:
        """A battle in a new battle window; a ship or character into the current battle."""
        current = self.current()
        if not is_battle_file(path) and current is not None:
            current.files.add_from_file(path)
            self.show()
            return None
        console = self._new_console(Session(demo_encounter()))
        if not console.files.open(path):  # the problem was told; nothing else changes
            console.confirm_quit = False
            console.close()
            console.deleteLater()
            self.consoles.remove(console)
            return None
        log.info("opened %s in a new battle window", path.name)
        self._place(console)
        return console

    def new_demo(self) -> GmConsole:
        """The demo battle in a new battle window, with its five station windows."""
        session = Session(demo_encounter())
        console = self._new_console(session)
        if self.autosave:
            start_autosave(session, console)
        self._place(console)
        console.open_all()
        for i, station in enumerate(Station):
            window = console.stations.get(station)
            if window is not None:
                window.move(console.x() + 40 * (i + 1), console.y() + 36 * (i + 1))
        console.raise_()  # in front of its stations, as a first start has it
        console.activateWindow()
        log.info("opened a new demo battle window")
        return console

    def join(self, details: dict[str, Any]) -> None:
        """The join dialog, filled in with the address and code the launch was given."""
        from bridge.ui.network.net_menu import show_join_dialog

        console = self.current()
        if console is None:
            return
        dialog = show_join_dialog(console)
        if isinstance(details.get("url"), str):
            dialog.address.setText(details["url"])
        if isinstance(details.get("code"), str):
            dialog.code.setText(details["code"])
        dialog.raise_()
        dialog.activateWindow()
        self._join_dialogs.append(dialog)

    # -- windows -------------------------------------------------------------------------
    def _new_console(self, session: Session) -> GmConsole:
        console = GmConsole(SharedModel(session), autosave=self.autosave)
        console.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.consoles.append(console)
        console.destroyed.connect(lambda *_: self._forget(console))
        return console

    def _forget(self, console: GmConsole) -> None:
        if console in self.consoles:
            self.consoles.remove(console)

    def _place(self, console: GmConsole) -> None:
        n = len(self.consoles) - 1
        console.move(console.x() + CASCADE * n, console.y() + CASCADE * n)
        console.show()
        console.raise_()
        console.activateWindow()
