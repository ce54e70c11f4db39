"""The host panel's seat list is refreshed every two seconds: unchanged cells stay."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from bridge.engine import Session, demo_encounter
from bridge.rules.dice import SeededDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.network.host_panel import HostPanel


def test_a_refresh_keeps_the_cells_that_did_not_change(qapp: QApplication) -> None:
    panel = HostPanel(SharedModel(Session(demo_encounter(), SeededDice(2))), announce=False)
    table = panel.table
    before = [
        [table.item(r, c) for c in range(table.columnCount())] for r in range(table.rowCount())
    ]
    assert table.rowCount() > 1 and all(all(row) for row in before)
    table.item(0, 1).setText("someone else")  # a cell that no longer says what it should
    panel.refresh()
    after = [
        [table.item(r, c) for c in range(table.columnCount())] for r in range(table.rowCount())
    ]
    assert after[0][1] is not before[0][1] and after[0][1].text() == "free"
    assert after[0][1].data(Qt.ItemDataRole.UserRole) == "viewscreen"
    assert all(
        after[r][c] is before[r][c]
        for r in range(len(before))
        for c in range(len(before[r]))
        if (r, c) != (0, 1)
    )
    panel.close()
    panel.deleteLater()
