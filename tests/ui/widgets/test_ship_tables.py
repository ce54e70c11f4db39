"""The ship tables' columns fit their words: a column widens when its words need it and
never moves for a new number; no cell is cut."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import SetValue
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.widgets.ship_status import ContactsTable


def widths(table: QTableWidget) -> list[int]:
    return [table.columnWidth(c) for c in range(table.columnCount() - 1)]  # not the last


def cut(table: QTableWidget) -> list[int]:
    """The columns (but the last, which takes the rest of the table) narrower than their
    words."""
    header = table.horizontalHeader()
    return [
        c
        for c in range(table.columnCount() - 1)
        if max(table.sizeHintForColumn(c), header.sectionSizeHint(c)) > table.columnWidth(c)
    ]


def test_a_contacts_column_widens_for_longer_words_and_never_moves_for_numbers(
    qtbot: QtBot, model: SharedModel
) -> None:
    table = ContactsTable()
    qtbot.addWidget(table)
    table.resize(640, 200)
    table.show()
    qtbot.waitExposed(table)
    own = model.state.player_ship
    table.setEncounter(model.state, own)
    QCoreApplication.processEvents()
    assert cut(table) == []
    before = widths(table)
    model.submit(SetValue(path="ships.qoj.shields", value=3))  # a number as wide
    table.setEncounter(model.state, own)
    QCoreApplication.processEvents()
    assert widths(table) == before and table.item(0, 2).text().startswith("3/")
    name = "IKS Qoj, flagship of the House of Martok's Fourth Fleet"
    model.submit(SetValue(path="ships.qoj.name", value=name))  # longer words
    table.setEncounter(model.state, own)
    QCoreApplication.processEvents()
    assert table.item(0, 0).text() == name
    assert cut(table) == [] and widths(table)[0] > before[0]
    wide = widths(table)
    model.undo()  # shorter again: the column keeps its width, nothing moves
    table.setEncounter(model.state, own)
    QCoreApplication.processEvents()
    assert widths(table) == wide and cut(table) == []
    table.setStyleSheet("font-size: 9px")  # another text size: measured afresh
    QCoreApplication.processEvents()
    assert widths(table)[0] < before[0] and cut(table) == []


def test_too_narrow_a_contacts_table_shortens_the_names_then_scrolls_across(
    qtbot: QtBot, model: SharedModel
) -> None:
    """At 200% on a laptop the GM's table showed CONTACT, RANGE and "SHIEL": SHIELDS,
    BREACHES and STATUS were out of reach. The names give way first (whole in their
    tooltip); with too little room even then, the table scrolls across."""
    table = ContactsTable()
    qtbot.addWidget(table)
    table.setStyleSheet("font-size: 20px")
    table.resize(900, 200)
    table.show()
    qtbot.waitExposed(table)
    own = model.state.player_ship
    name = "IKS Qoj, flagship of the House of Martok's Fourth Fleet"
    model.submit(SetValue(path="ships.qoj.name", value=name))
    table.setEncounter(model.state, own)
    QCoreApplication.processEvents()
    full = widths(table)
    table.resize(sum(full) - full[0] // 2, 200)  # room for half the names
    QCoreApplication.processEvents()
    assert widths(table)[0] < full[0] and table.horizontalScrollBar().maximum() == 0
    assert table.item(0, 0).toolTip() == table.item(0, 0).text()  # whole in the tooltip
    table.resize(sum(full[1:]) // 2, 200)  # not even the numbers fit: it scrolls across
    QCoreApplication.processEvents()
    assert widths(table)[0] == full[0] and table.horizontalScrollBar().maximum() > 0
    assert table.height() > table.horizontalScrollBar().height()  # the rows stay whole
