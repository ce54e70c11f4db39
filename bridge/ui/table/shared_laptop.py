"""One laptop for the whole table: a station window that follows whoever acts.

When a Turn starts, the acting officer's card comes up (their first station) with them
as its officer; between Turns the window stays where it was. The five cards are the
same station windows as at a table of laptops, held in one frame.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMainWindow, QStackedWidget, QWidget

from bridge.engine import Change, Station
from bridge.ui.base.seat_model import for_crew
from bridge.ui.base.settings import restore_geometry, save_geometry
from bridge.ui.base.station_model import StationModel
from bridge.ui.station.station_window import StationWindow
from bridge.ui.widgets.fit import fit_to_screen

__all__ = ["SharedLaptopWindow"]


class SharedLaptopWindow(QMainWindow):
    """The five station cards in one window; the acting officer's comes to the front."""

    def __init__(self, model: StationModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        model = for_crew(model, self)  # the players' window: the crew's view, always
        self.model = model
        self.setWindowTitle("Bridge — Shared laptop (follows whoever acts)")
        self.resize(1340, 690)
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.cards: dict[Station, StationWindow] = {}
        for station in Station:
            card = StationWindow(model, station)
            card.setWindowFlags(Qt.WindowType.Widget)
            self.stack.addWidget(card)
            self.cards[station] = card
        self._followed: tuple[int, str | None] | None = None
        model.sig_changed.connect(self.follow)
        restore_geometry(self, "shared-laptop")
        fit_to_screen(self)
        self.follow(Change.ALL)

    def current(self) -> StationWindow:
        card = self.stack.currentWidget()
        assert isinstance(card, StationWindow)
        return card

    def follow(self, changes: object) -> None:
        """At each new Turn (or interruption), show the acting officer's card."""
        flags = changes if isinstance(changes, Change) else Change.ALL
        if not flags & (Change.TURN | Change.SEATS):
            return
        state = self.model.state
        actor = state.turn.interrupt or state.turn.actor
        key = (state.turn.turn_id, actor)
        if actor is None or actor not in state.characters or key == self._followed:
            return
        self._followed = key
        stations = state.stations_of(actor)
        if not stations:
            return
        card = self.cards[stations[0]]
        self.stack.setCurrentWidget(card)
        card.officer.setCurrentIndex(max(card.officer.findData(actor), 0))
        self.setWindowTitle(f"Bridge — {card.station.label}: {state.name_of(actor)}")

    def closeEvent(self, event: QCloseEvent) -> None:
        save_geometry(self, "shared-laptop")
        self.model.sig_changed.disconnect(self.follow)
        for card in self.cards.values():
            card.close()
        super().closeEvent(event)
