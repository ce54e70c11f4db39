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
from bridge.ui.base.text_size import TextSize
from bridge.ui.station.station_window import StationWindow
from bridge.ui.widgets.fit import keep_on_screen

__all__ = ["SharedLaptopWindow"]


class SharedLaptopWindow(QMainWindow):
    """The five station cards in one window; the acting officer's comes to the front."""

    def __init__(self, model: StationModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        model = for_crew(model, self)  # the players' window: the crew's view, always
        self.model = model
        self.setWindowTitle("Bridge — Shared laptop (follows whoever acts)")
        self.resize(1340, 690)
        self.text_size = TextSize(self, "shared-laptop", self._sizes, self._dialogs)
        self.stack = QStackedWidget()
        self.setCentralWidget(self.stack)
        self.cards: dict[Station, StationWindow] = {}
        for station in Station:
            card = StationWindow(model, station, embedded=True)
            card.setWindowFlags(Qt.WindowType.Widget)
            card.add_view_actions(self.text_size.actions())
            self.stack.addWidget(card)
            self.cards[station] = card
        self._followed: tuple[int, str | None] | None = None
        self._closed = False
        model.sig_changed.connect(self.follow)
        self._sizes()  # the cards were built before they were in this window
        restore_geometry(self, "shared-laptop")
        self.fit = keep_on_screen(self)
        self.follow(Change.ALL)

    def _sizes(self) -> None:
        for card in self.cards.values():
            card.rescale()

    def _dialogs(self) -> list[QWidget]:
        return [c.dialog for c in self.cards.values() if c.dialog is not None]

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
        if not self._closed:  # (a window is closed once; the GM console opens a new one)
            self._closed = True
            save_geometry(self, "shared-laptop")
            self.model.sig_changed.disconnect(self.follow)
            for card in self.cards.values():
                card.close()
        super().closeEvent(event)
