"""Render the personal conflict's windows to PNG files (``--screenshots``): the GM's
start dialog and PERSONAL CONFLICT tab, an officer's Conflict card (front, back, an attack
before its roll), and the viewscreen showing the fight."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QApplication, QComboBox, QWidget

from bridge.engine import ConflictMinor, EndTurn, StartTurn
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole

__all__ = ["render_away"]

LAPTOP = (1366, 698)
"""A 1366x768 laptop screen less a taskbar and a title bar: what a window gets, maximised."""


def _save(widget: QWidget, path: Path) -> Path:
    QApplication.processEvents()
    widget.grab().save(str(path))
    return path


def render_away(console: GmConsole, model: SharedModel, folder: Path) -> list[Path]:
    """Start the boarding action from the GM's dialog, play its first moves, render."""
    out = []
    state = model.state
    if state.turn.actor is not None and state.pending is None:
        model.submit(EndTurn(by=state.turn.actor))
    start = console.conflict.start()
    start.resize(start.sizeHint().expandedTo(QSize(760, 0)))
    out.append(_save(start, folder / "conflict-start.png"))
    start.accept()
    console.open_conflict_cards()
    for character, window in list(console.conflict_cards.items()):
        if character != "kell":
            window.close()
    card = console.conflict_cards["kell"]
    card.resize(*LAPTOP)
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    out.append(_save(card, folder / "conflict-card.png"))
    model.submit(ConflictMinor(by="kell", action="aim"))
    dialog = card.use("attack")
    assert dialog is not None
    target = dialog.form.widgets["target"]
    if isinstance(target, QComboBox):
        target.setCurrentIndex(target.findData('"klingon-warrior"'))
    QApplication.processEvents()
    dialog.fit()
    out.append(_save(dialog, folder / "conflict-attack.png"))
    dialog.send()
    out.append(_save(card, folder / "conflict-card-roll.png"))
    card._resolve()
    model.submit(EndTurn(by="kell", where="conflict"))
    console.conflict.autopilot()  # a Klingon's Turn
    card.tabs.setCurrentIndex(1)
    out.append(_save(card, folder / "conflict-card-back.png"))
    card.tabs.setCurrentIndex(0)
    console.resize(*LAPTOP)
    console.show_conflict_tab()
    out.append(_save(console, folder / "gm-conflict.png"))
    add = console.conflict.add_figures()  # reinforcements beam in
    add.npcs.which.setCurrentIndex(add.npcs.which.findData("klingon-bekk"))
    add.npcs.number.setValue(2)
    add.npcs.zone.setCurrentIndex(add.npcs.zone.count() - 1)
    add.resize(add.sizeHint().expandedTo(QSize(760, 0)))
    out.append(_save(add, folder / "conflict-add.png"))
    add.reject()
    screen = console.viewscreen()
    screen.resize(1366, 768)
    screen.show()
    out.append(_save(screen, folder / "viewscreen-conflict.png"))
    screen.close()
    card.close()
    return out
