"""The ship state a station's card needs beside it, and only that: each station its own."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout

from bridge.engine import Change, Encounter, Station, acting, players_waiting
from bridge.ui.base.station_model import StationModel
from bridge.ui.widgets.lcars import section_label
from bridge.ui.widgets.lines_view import LinesView
from bridge.ui.widgets.log_view import SHOWN, LogView
from bridge.ui.widgets.ship_status import ContactsTable, ShieldsPower, SystemsTable, WeaponsTable
from bridge.ui.widgets.zone_map import ZoneMapView

__all__ = ["ShipState", "crew_lines"]


def crew_lines(state: Encounter) -> list[str]:
    """The Command card's crew list: each seated officer and whether they acted, then
    where they sit and their Determination (two lines, wrapped, never cut)."""
    waiting = players_waiting(state)
    now = acting(state)
    lines = []
    for cid in state.seated_characters():
        c = state.characters[cid]
        where = ", ".join(s.label for s in state.stations_of(cid))
        status = "waiting" if cid in waiting else "acted"
        if now.now == cid:
            status = {"directed": "ACTING (DIRECTED)", "readied": "ACTING (READIED)"}.get(
                now.kind, "ACTING"
            )
        elif now.owner == cid:
            status = "DIRECTING" if now.kind == "directed" else "INTERRUPTED"
        lines.append(f"{c.name} — {status}\n   {where} · Determination {c.determination.value}")
    return lines


EFFECT_ROWS = 4
"""Lines of active effects shown before the list scrolls: two Complications and two
lasting effects, or two long ones."""


class ShipState:
    """The column beside the card: Shields and Power, then what the station reads (the
    zones at Helm, weapons and targets at Tactical, contacts at Science, systems and
    breaches, the crew's Turns at Command), the active effects and the log.

    Built into ``col``, a column already in its window (each widget made in its place).
    """

    def __init__(self, model: StationModel, station: Station, col: QVBoxLayout) -> None:
        self.model = model
        self.station = s = station
        box = col.parentWidget()
        self.shields = ShieldsPower(box)
        self.systems: SystemsTable | None = None
        self.weapons: WeaponsTable | None = None
        self.contacts: ContactsTable | None = None
        self.zone_map: ZoneMapView | None = None
        self.crew: LinesView | None = None
        col.addWidget(section_label("Ship", box))
        col.addWidget(self.shields)
        if s is Station.HELM:
            col.addWidget(section_label("Zones and ranges", box))
            self.zone_map = ZoneMapView(box)
            col.addWidget(self.zone_map, 2)
        if s is Station.TACTICAL:
            col.addWidget(section_label("Weapons", box))
            self.weapons = WeaponsTable(box)
            col.addWidget(self.weapons)
            col.addWidget(section_label("Targets", box))
            self.contacts = ContactsTable(box)
            col.addWidget(self.contacts)
        if s is Station.SCIENCE:
            col.addWidget(section_label("Contacts and scans", box))
            self.contacts = ContactsTable(box)
            col.addWidget(self.contacts)
            self.zone_map = ZoneMapView(box)
            col.addWidget(self.zone_map, 1)
        if s in (Station.OPERATIONS, Station.COMMAND, Station.SCIENCE):
            col.addWidget(section_label("Systems and breaches", box))
            self.systems = SystemsTable(box)
            col.addWidget(self.systems)
        if s is Station.COMMAND:
            col.addWidget(section_label("The crew's Turns", box))
            self.crew = LinesView(box)  # each officer whole, however narrow the column
            self.crew.setMinimumHeight(140)
            col.addWidget(self.crew)
        col.addWidget(section_label("Active effects", box))
        self.durations = LinesView(box)
        # Four lines tall, always: squeezed by the column it was one line high, with a
        # scroll bar for two Complications (the column scrolls instead).
        self.durations.setRows(EFFECT_ROWS)
        col.addWidget(self.durations)
        col.addWidget(section_label("Log", box))
        self.log = LogView(box, limit=200)
        self.log.setMinimumHeight(120)
        col.addWidget(self.log, 1)

    def refresh(self, flags: Change, state: Encounter) -> None:
        """Show what ``flags`` say changed."""
        ship = state.ships[state.player_ship]
        if flags & (Change.SHIPS | Change.ZONES):
            self.shields.setShip(ship)
            if self.systems is not None:
                self.systems.setShip(ship)
            if self.weapons is not None:
                self.weapons.setShip(ship)
            if self.contacts is not None:
                self.contacts.setEncounter(state, state.player_ship)
            if self.zone_map is not None:
                self.zone_map.setEncounter(state, state.player_ship)
        if flags & (Change.DURATIONS | Change.SHIPS | Change.TRAITS):
            self.durations.setLines(
                [f"{d.describe()} — {state.ships[d.ship].name}" for d in state.durations]
                + [f"{t.kind.upper()}: {t.name}" for t in state.traits]
            )
        if self.crew is not None and flags & (Change.TURN | Change.SEATS | Change.CREW):
            self.crew.setLines(crew_lines(state))
        if flags & Change.LOG:
            self.log.setJournal(*self.model.recent_journal(SHOWN))
