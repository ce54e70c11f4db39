"""One laptop for the whole table: a station window that follows whoever acts.

When a Turn starts, the acting officer's card comes up (their first station) with them
as its officer. Between Turns the row above the card offers the officers who may act
next: a press hands the laptop over, bringing up that officer's own card. The five cards
are the same station windows as at a table of laptops, held in one frame.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QCloseEvent
from PySide6.QtWidgets import QMainWindow, QStackedWidget, QVBoxLayout, QWidget

from bridge.engine import Change, Station
from bridge.ui.base.seat_model import for_crew
from bridge.ui.base.settings import restore_geometry, save_geometry
from bridge.ui.base.station_model import StationModel
from bridge.ui.base.text_size import TextSize
from bridge.ui.base.theme import window_scale
from bridge.ui.station.station_window import StationWindow
from bridge.ui.table.hand_over import HandOverBar, who_may_start
from bridge.ui.widgets.fit import grow_to_screen_height, keep_on_screen

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
        frame = QWidget()
        self.setCentralWidget(frame)
        column = QVBoxLayout(frame)
        column.setContentsMargins(9, 6, 9, 0)
        column.setSpacing(0)
        self.hand_over = HandOverBar(frame)
        self.hand_over.sig_hand.connect(self.hand_to)
        column.addWidget(self.hand_over)
        self.stack = QStackedWidget()
        column.addWidget(self.stack, 1)
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
        if window_scale(self) > 1:  # (larger text: the screen's height for its lines)
            grow_to_screen_height(self)

    def _dialogs(self) -> list[QWidget]:
        return [c.dialog for c in self.cards.values() if c.dialog is not None]

    def current(self) -> StationWindow:
        card = self.stack.currentWidget()
        assert isinstance(card, StationWindow)
        return card

    def follow(self, changes: object) -> None:
        """At each new Turn (or interruption), show the acting officer's card; between
        Turns, offer the officers who may act next."""
        flags = changes if isinstance(changes, Change) else Change.ALL
        if not flags & (Change.TURN | Change.SEATS | Change.CREW | Change.OUTCOME):
            return
        state = self.model.state
        self.hand_over.refresh(state, who_may_start(state, self.model.why_not))
        actor = state.turn.interrupt or state.turn.actor
        key = (state.turn.turn_id, actor)
        if actor is None or actor not in state.characters or key == self._followed:
            return
        self._followed = key
        self.hand_to(actor)

    def hand_to(self, character: str) -> None:
        """Bring up ``character``'s own card (their first station), them its officer."""
        state = self.model.state
        stations = state.stations_of(character)
        if not stations:
            return
        card = self.cards[stations[0]]
        self.stack.setCurrentWidget(card)
        card.officer.setCurrentIndex(max(card.officer.findData(character), 0))
        self.setWindowTitle(f"Bridge — {card.station.label}: {state.name_of(character)}")

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self._closed:  # (a window is closed once; the GM console opens a new one)
            self._closed = True
            save_geometry(self, "shared-laptop")
            self.model.sig_changed.disconnect(self.follow)
            for card in self.cards.values():
                card.close()
        super().closeEvent(event)
