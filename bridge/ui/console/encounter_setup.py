"""Battle > Setup: ships from the starter set, new crew members, seats and zones."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTabWidget,
    QWidget,
)

from bridge.engine import (
    AddCharacter,
    AddShip,
    Command,
    SetSeats,
    SetZones,
    Station,
    ZoneMap,
    demo_ships,
)
from bridge.model.character import Attributes, Character, Disciplines
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.submit_dialog import SubmitDialog

__all__ = ["SetupDialog"]


class SetupDialog(SubmitDialog):
    """Encounter setup: add ships from the starter set, seat the crew, draw the zones."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "Encounter setup", parent)
        state = model.state
        tabs = QTabWidget()
        self.layout_.addWidget(tabs)

        ships = QWidget()
        form = QFormLayout(ships)
        self.starter = QComboBox()
        self.starter.addItem("(none)", None)
        for ship in demo_ships():
            self.starter.addItem(f"{ship.name} — {ship.ship_class}, Scale {ship.scale}", ship)
        self.side = QComboBox()
        self.side.addItem("NPC (opposition)", "npc")
        self.side.addItem("Player side", "player")
        self.zone = QComboBox()
        self.zone.addItems(list(state.zones.zones))
        form.addRow("Add ship", self.starter)
        form.addRow("Side", self.side)
        form.addRow("Zone", self.zone)
        tabs.addTab(ships, "SHIPS")

        seats = QWidget()
        grid = QGridLayout(seats)
        self.seat_boxes: dict[tuple[str, Station], QCheckBox] = {}
        for col, station in enumerate(Station, start=1):
            grid.addWidget(QLabel(station.label.replace(" and ", "\n& ")), 0, col)
        for row, (cid, character) in enumerate(state.characters.items(), start=1):
            grid.addWidget(QLabel(character.name), row, 0)
            for col, station in enumerate(Station, start=1):
                box = QCheckBox()
                box.setChecked(cid in state.crew_at(station))
                grid.addWidget(box, row, col)
                self.seat_boxes[(cid, station)] = box
        tabs.addTab(seats, "SEATS")

        crew = QWidget()
        cform = QFormLayout(crew)
        self.crew_name = QLineEdit()
        self.crew_name.setPlaceholderText("name of a new crew member (leave empty for none)")
        cform.addRow("Name", self.crew_name)
        self.crew_scores: dict[str, QSpinBox] = {}
        for field in Attributes.model_fields:
            self.crew_scores[field] = QSpinBox()
            self.crew_scores[field].setRange(7, 12)
            self.crew_scores[field].setValue(9)
            cform.addRow(field.capitalize(), self.crew_scores[field])
        for field in Disciplines.model_fields:
            self.crew_scores[field] = QSpinBox()
            self.crew_scores[field].setRange(1, 5)
            self.crew_scores[field].setValue(2)
            cform.addRow(field.capitalize(), self.crew_scores[field])
        tabs.addTab(crew, "NEW CREW MEMBER")

        zones = QWidget()
        zform = QFormLayout(zones)
        self.zone_names = QLineEdit(", ".join(state.zones.zones))
        self.zone_links = QLineEdit("; ".join(f"{a} - {b}" for a, b in state.zones.links))
        zform.addRow("Zones (comma separated)", self.zone_names)
        zform.addRow("Links (A - B; ...)", self.zone_links)
        tabs.addTab(zones, "ZONES")
        self.finish()

    def commands(self) -> list[Command]:
        state = self.model.state
        out: list[Command] = []
        names = tuple(z.strip() for z in self.zone_names.text().split(",") if z.strip())
        links = []
        for part in self.zone_links.text().split(";"):
            if part.strip():
                a, sep, b = part.partition(" - ")
                if not sep:
                    raise ValueError(f"Links: '{part.strip()}' is not 'Zone A - Zone B'.")
                links.append((a.strip(), b.strip()))
        if names != state.zones.zones or tuple(links) != state.zones.links:
            positions = {
                s: (z if z in names else names[0]) for s, z in state.zones.positions.items()
            }
            out.append(
                SetZones(zones=ZoneMap(zones=names, links=tuple(links), positions=positions))
            )
        seats: dict[Station, tuple[str, ...]] = {}
        for (cid, station), box in self.seat_boxes.items():
            if box.isChecked():
                seats[station] = (*seats.get(station, ()), cid)
        if seats != {s: tuple(c) for s, c in state.seats.items()}:
            out.append(SetSeats(seats=seats))
        name = self.crew_name.text().strip()
        if name:
            base = "".join(ch for ch in name.lower() if ch.isalnum())[:30] or "crew"
            cid, n = base, 2
            while cid in state.characters:
                cid, n = f"{base}{n}", n + 1
            scores = {k: w.value() for k, w in self.crew_scores.items()}
            out.append(
                AddCharacter(
                    character=Character(
                        id=cid,
                        name=name,
                        attributes=Attributes(**{k: scores[k] for k in Attributes.model_fields}),
                        disciplines=Disciplines(**{k: scores[k] for k in Disciplines.model_fields}),
                    )
                )
            )
        ship = self.starter.currentData()
        if ship is not None:
            out.append(
                AddShip(
                    ship=ship,
                    side=self.side.currentData(),
                    zone=self.zone.currentText(),
                )
            )
        return out
