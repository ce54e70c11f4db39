"""The GM's ship panel: everything about one ship, NPC ships included, and its edits."""

from __future__ import annotations

from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import Change, Encounter, SetValue
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.widgets.flow_layout import FlowLayout
from bridge.ui.widgets.lcars import section_label
from bridge.ui.widgets.ship_status import ShieldsPower, SystemsTable, WeaponsTable

__all__ = ["ShipPanel"]


class ShipPanel(QWidget):
    """One ship at a time: Scale, Resistance, Power, shields, systems and breaches,
    weapons, crew, talents; shields and Power set in place, anything else by path."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        col = QVBoxLayout(self)
        col.setContentsMargins(0, 0, 0, 0)
        self.ship = QComboBox()
        self.ship.setToolTip("The ship to show: every ship, the NPCs' included")
        self.ship.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )
        self.ship.setMinimumContentsLength(12)  # a long name elides, not widens the panel
        col.addWidget(self.ship)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        col.addWidget(self.summary)
        self.shields_power = ShieldsPower()
        col.addWidget(self.shields_power)
        self.shields = QSpinBox()
        self.power = QSpinBox()
        self.set_shields = QPushButton("SET SHIELDS")
        self.set_power = QPushButton("SET POWER")
        self.edit_button = QPushButton("EDIT A VALUE…")
        self.edit_button.setToolTip("Set any of this ship's values by its path")
        setters = QWidget(self)
        flow = FlowLayout(setters)  # wraps onto a second row at a large text size
        for spin, button in ((self.shields, self.set_shields), (self.power, self.set_power)):
            pair = QWidget(setters)
            row = QHBoxLayout(pair)
            row.setContentsMargins(0, 0, 0, 0)
            row.addWidget(spin)
            row.addWidget(button)
            flow.addWidget(pair)
        flow.addWidget(self.edit_button)
        col.addWidget(setters)
        col.addWidget(section_label("Systems and breaches"))
        self.systems = SystemsTable()
        col.addWidget(self.systems)
        col.addWidget(section_label("Weapons"))
        self.weapons = WeaponsTable()
        col.addWidget(self.weapons)
        col.addStretch()
        self.ship.currentIndexChanged.connect(lambda _: self.refresh(Change.ALL))
        self.set_shields.clicked.connect(lambda: self._set("shields", self.shields.value()))
        self.set_power.clicked.connect(lambda: self._set("power", self.power.value()))
        self._stale = False
        model.sig_changed.connect(self.refresh)
        self.refresh(Change.ALL)

    def ship_id(self) -> str | None:
        data = self.ship.currentData()
        return str(data) if data else None

    def _set(self, field: str, value: int) -> None:
        sid = self.ship_id()
        if sid is not None:
            self.model.submit(SetValue(path=f"ships.{sid}.{field}", value=value))

    def _fill_ships(self, state: Encounter) -> None:
        current = self.ship_id()
        self.ship.blockSignals(True)
        self.ship.clear()
        for sid, ship in state.ships.items():
            side = "player" if state.sides[sid] == "player" else "NPC"
            self.ship.addItem(f"{ship.name} ({side}, Scale {ship.scale})", sid)
        npcs = [i for i in range(self.ship.count()) if "(NPC" in self.ship.itemText(i)]
        index = self.ship.findData(current) if current else (npcs[0] if npcs else 0)
        self.ship.setCurrentIndex(max(index, 0))
        self.ship.blockSignals(False)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale:
            self.refresh(Change.ALL)

    def refresh(self, changes: object) -> None:
        flags = changes if isinstance(changes, Change) else Change.ALL
        if not flags & (Change.SHIPS | Change.SEATS | Change.CREW | Change.ZONES):
            return
        if not self.isVisible() and self.ship.count():  # on its tab: caught up when shown
            self._stale = True
            return
        self._stale = False
        state = self.model.state
        if flags & (Change.SHIPS | Change.SEATS) or self.ship.count() != len(state.ships):
            self._fill_ships(state)
        sid = self.ship_id()
        if sid is None or sid not in state.ships:
            return
        ship = state.ships[sid]
        d = ship.departments
        crew = ship.crew_quality.label if ship.crew_quality else "player crew"
        talents = ", ".join(t.name for t in ship.talents) or "none"
        zone = state.zones.positions.get(sid, "nowhere")
        self.summary.setText(
            f"{ship.ship_class or 'Starship'} · Scale {ship.scale} · Resistance "
            f"{ship.resistance} · Crew: {crew} · in {zone}\n"
            f"Command {d.command} · Conn {d.conn} · Engineering {d.engineering} · "
            f"Security {d.security} · Science {d.science} · Medicine {d.medicine}\n"
            f"Talents: {talents}"
            + (" · DESTROYED" if ship.destroyed else "")
            + (f" · {ship.lost_turns} Turn(s) lost" if ship.lost_turns else "")
        )
        self.shields_power.setShip(ship)
        self.systems.setShip(ship)
        self.weapons.setShip(ship)
        self.shields.setRange(0, ship.shields_max)
        self.shields.setValue(ship.shields_now)
        self.power.setRange(0, ship.power_capacity)
        self.power.setValue(ship.power_now)
