"""Ship state widgets: Shields and Power, systems and breaches, weapons, contacts."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QGridLayout,
    QHeaderView,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QWidget,
)

from bridge.engine import Encounter
from bridge.model.ship import Ship
from bridge.rules.breaches import SystemState
from bridge.rules.stats import System
from bridge.rules.weapons import WeaponKind
from bridge.ui.base.theme import BAR_TEXT_LOW
from bridge.ui.widgets.opaque import OpaqueBar
from bridge.ui.widgets.steady import set_bar
from bridge.ui.widgets.steady_label import SteadyLabel

__all__ = [
    "ContactsTable",
    "ShieldsPower",
    "SystemsTable",
    "WeaponsTable",
    "state_text",
]

_MARK = {
    SystemState.NOMINAL: "● NOMINAL",
    SystemState.IMPACT: "▲ IMPACT",
    SystemState.DAMAGED: "◆ DAMAGED",
    SystemState.DISABLED: "✖ DISABLED",
    SystemState.DESTROYED: "☠ DESTROYED",
}


def state_text(state: SystemState) -> str:
    """A system state in words with a symbol (never colour alone)."""
    return _MARK[state]


def _setup(table: QTableWidget, headers: list[str], across: bool = False) -> None:
    """A read-only table that sizes itself to its rows, and its columns to their words
    (:func:`_fit_columns`); with ``across``, too wide for them it scrolls across."""
    table.setColumnCount(len(headers))
    table.setHorizontalHeaderLabels(headers)
    table.verticalHeader().setVisible(False)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
    table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
    table.horizontalHeader().setStretchLastSection(True)
    if across:
        # One line a row: a name too long for its column ends in "…" (whole in its
        # tooltip); when even then the columns need more than the table's width (a large
        # text size on a small screen), a scroll bar across appears, and the table grows
        # by its height.
        table.setWordWrap(False)
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    else:
        # As tall as its rows, so a scroll bar across would cover the last row: in a
        # column a little too narrow (a large text size), the last column's text is
        # shortened.
        table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


def _fill(
    table: _FittedTable, rows: list[list[str]], tips: dict[tuple[int, int], str] | None = None
) -> None:
    """Show ``rows`` (``tips``: a cell's tooltip, by row and column); a table shown the same
    rows again is left alone (no repaint)."""
    tips = tips or {}
    if rows == table.rows and tips == table.tips:
        return
    grew = len(rows) != table.rowCount()
    first = table.rows is None
    table.rows, table.tips = rows, tips
    table.setRowCount(len(rows))
    changed: set[int] = set()
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            item = table.item(r, c)
            if item is None:
                item = QTableWidgetItem()
                table.setItem(r, c, item)
            if item.text() != text:
                item.setText(text)
                changed.add(c)
            tip = tips.get((r, c), text if c == 0 else "")  # a name cut short: whole here
            if item.toolTip() != tip:
                item.setToolTip(tip)
    if first:
        table.resizeColumnsToContents()
    else:
        _fit_columns(table, changed)
    _fit_width(table)
    if grew:
        _fit_rows(table)


def _fit_width(table: QTableWidget) -> None:
    """Every column in sight: when the columns need more than the table's width (a
    large text size), the first, the names, gives up the difference (its words end in
    "…", whole in their tooltip) down to ten letters' room, else the table scrolls
    across; with room again the names take back what their words need."""
    across = table.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    if table.columnCount() < 2 or not across:
        return
    last = table.columnCount() - 1
    words = max(table.sizeHintForColumn(0), table.horizontalHeader().sectionSizeHint(0))
    others = sum(table.columnWidth(c) for c in range(1, last))
    others += max(table.sizeHintForColumn(last), table.horizontalHeader().sectionSizeHint(last))
    room = table.viewport().width() - others - 4  # (a few pixels spare: no bar for them)
    floor = table.fontMetrics().averageCharWidth() * 10
    # (too little room even then: the names stay whole and the table scrolls across)
    fitted = min(words, room) if room >= floor else words
    now = table.columnWidth(0)
    # Narrowed only when it does not fit, widened back only to what it needs: a shorter
    # name moves nothing (as every column: see _fit_columns).
    width = fitted if now > room >= floor or now < fitted else now
    if width != now:
        table.setColumnWidth(0, width)
        # the stretched last column may want a few pixels more than its words measured
        excess = table.horizontalHeader().length() - table.viewport().width()
        if excess > 0 and width - excess >= floor and room >= floor:
            table.setColumnWidth(0, width - excess)
        _fit_rows(table)  # a scroll bar across may come or go


def _fit_columns(table: QTableWidget, columns: set[int]) -> None:
    """Widen each of ``columns`` (whose words changed) that its words no longer fit; a
    column never narrows until the text size changes.

    (A column sized to its contents by the header measured every cell of the table at
    each cell's new text, and moved the columns back and forth as numbers changed.)"""
    header = table.horizontalHeader()
    last = table.columnCount() - 1  # stretched to the table's edge
    for c in sorted(columns):
        if c == last:
            continue
        need = max(table.sizeHintForColumn(c), header.sectionSizeHint(c))
        if need > table.columnWidth(c):
            table.setColumnWidth(c, need)


def _fit_rows(table: QTableWidget) -> None:
    """Every row whole: the table is as tall as its rows at the current text size."""
    table.resizeRowsToContents()
    header = table.horizontalHeader().sizeHint().height()
    rows_height = sum(table.rowHeight(r) for r in range(table.rowCount()))
    across = table.horizontalScrollBar()
    bar = across.sizeHint().height() if across.maximum() > 0 else 0
    table.setFixedHeight(header + rows_height + 2 * table.frameWidth() + 2 + bar)
    table.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)


class _FittedTable(QTableWidget):
    """A table that fits its rows and columns again when the text size changes."""

    rows: list[list[str]] | None = None
    """The rows last shown (None before the first)."""
    tips: dict[tuple[int, int], str] | None = None
    """The cells' tooltips last shown."""

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.StyleChange, QEvent.Type.FontChange):
            self.resizeColumnsToContents()  # its words measure otherwise now
            _fit_width(self)
            _fit_rows(self)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            _fit_width(self)  # a narrower table: the names give way, never the numbers


def _mark_low(bar: OpaqueBar) -> None:
    """Under half full, a bar's numbers (in its middle) sit on its dark track, not on
    its colour: they are then written light, else dark."""
    bar.setTextColor(BAR_TEXT_LOW if bar.value() * 2 < bar.maximum() else "")


class ShieldsPower(QWidget):
    """Shields and Power as bars with numbers, Resistance and shield status in words.

    What a hit changes here is painted where it is, and lays out nothing again: the bars
    colour their own numbers, and the words are steady labels."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.shields = OpaqueBar(self)
        self.power = OpaqueBar(self)
        self.power.setObjectName("power")
        # Steady labels: "SHIELDS DOWN" or a new Resistance lays out no window again,
        # once each width has been shown.
        self.resistance = SteadyLabel("", self)
        self.resistance.setObjectName("big")
        self.status = SteadyLabel("", self)
        grid.addWidget(QLabel("SHIELDS", self), 0, 0)
        grid.addWidget(self.shields, 0, 1)
        grid.addWidget(QLabel("POWER", self), 1, 0)
        grid.addWidget(self.power, 1, 1)
        grid.addWidget(QLabel("RESISTANCE", self), 0, 2)
        grid.addWidget(self.resistance, 0, 3)
        grid.addWidget(self.status, 1, 2, 1, 2)
        grid.setColumnStretch(1, 1)

    def setShip(self, ship: Ship) -> None:
        set_bar(
            self.shields,
            max(ship.shields_max, 1),
            ship.shields_now,
            f"{ship.shields_now} / {ship.shields_max}" + ("" if ship.shields_up else "  (DOWN)"),
        )
        capacity = max(ship.power_capacity, 1)
        set_bar(
            self.power,
            capacity,
            min(ship.power_now, capacity),
            f"{ship.power_now} / {ship.power_capacity}",
        )
        for bar in (self.shields, self.power):
            _mark_low(bar)
        self.resistance.setText(str(ship.resistance))
        mod = f"  +{ship.modulation_bonus} modulated" if ship.modulation_bonus else ""
        self.status.setText(("SHIELDS UP" if ship.shields_up else "SHIELDS DOWN") + mod)


class SystemsTable(_FittedTable):
    """Each system: rating, breaches, state in words, what a repair needs."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self, ["SYSTEM", "RATING", "BREACHES", "STATE", "REPAIR"])

    def setShip(self, ship: Ship) -> None:
        rows = []
        for system in System:
            state = ship.system_state(system)
            repair = ""
            if state is SystemState.DAMAGED:
                repair = "Damage Control D3"
            elif state is SystemState.DISABLED:
                heavy = system in (System.ENGINES, System.STRUCTURE)
                repair = f"Damage Control D{5 if heavy else 4}"
            elif state is SystemState.IMPACT:
                repair = "Restore (minor)"
            rows.append(
                [
                    system.label,
                    str(ship.systems[system]),
                    str(ship.damage[system].breaches),
                    state_text(state),
                    repair,
                ]
            )
        _fill(self, rows)


class WeaponsTable(_FittedTable):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self, ["WEAPON", "DAMAGE", "RANGE", "QUALITIES"])

    def setShip(self, ship: Ship) -> None:
        rows = []
        for w in ship.weapons:
            if w.kind is WeaponKind.TRACTOR:
                rows.append([w.name, f"strength {ship.tractor_strength}", "Close", "holds"])
            else:
                quals = ", ".join(str(q) for q in w.qualities)
                rows.append([w.name, f"{ship.weapon_damage(w)} ▲", w.range.label, quals])
        _fill(self, rows)


class ContactsTable(_FittedTable):
    """Other ships seen from ``own``: range, shields, breaches, state. A sensor contact
    (an NPC ship a crew has not scanned: ``Ship.contact``) shows its shields up or down,
    not their strength."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _setup(self, ["CONTACT", "RANGE", "SHIELDS", "BREACHES", "STATUS"], across=True)
        header = self.horizontalHeaderItem(4)
        if header is not None:
            header.setToolTip("The ship's worst system (an NPC ship counted whole: the ship)")

    def setEncounter(self, state: Encounter, own: str, include_own: bool = False) -> None:
        rows: list[list[str]] = []
        tips: dict[tuple[int, int], str] = {}
        for sid, ship in state.ships.items():
            if sid == own and not include_own:
                continue
            rng = "—" if sid == own else state.zones.range_between(own, sid).label
            if ship.destroyed:
                status = "☠ DESTROYED"
            elif sid in state.retreated:
                status = "⇥ WITHDRAWN"
            elif ship.per_system:  # its worst system's state; which one in the tooltip
                worst = max(System, key=lambda x: ship.system_state(x).rank)
                state_of = ship.system_state(worst)
                status = state_text(state_of)
                hurt = [
                    f"{x.label}: {ship.system_state(x).label}"
                    for x in System
                    if ship.system_state(x) is not SystemState.NOMINAL
                ]
                tips[(len(rows), 4)] = "Worst system: " + (
                    "; ".join(hurt) if hurt else "every system Nominal"
                )
            else:
                status = state_text(ship.whole_ship_state)
            if ship.contact:
                shields = ("up" if ship.shields_up else "DOWN") + ", not scanned"
            else:
                shields = f"{ship.shields_now}/{ship.shields_max}"
            breaches = str(ship.total_breaches)
            side = "" if state.sides[sid] == "npc" else " (player)"
            rows.append([ship.name + side, rng, shields, breaches, status])
        _fill(self, rows, tips)
