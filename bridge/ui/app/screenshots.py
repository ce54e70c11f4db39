"""Render every window, and the task dialog mid-roll, to PNG files (``--screenshots``)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from bridge.engine import CATALOG, EndTurn, MinorAction, StartTurn, Station
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.library.character_editor import CharacterEditor

__all__ = ["LAPTOP", "render_all"]

LAPTOP = (1366, 698)
"""A 1366x768 laptop screen less a taskbar and a title bar: what a window gets, maximised."""


def _save(widget: QWidget, path: Path) -> Path:
    QApplication.processEvents()
    widget.grab().save(str(path))
    return path


def render_all(console: GmConsole, model: SharedModel, folder: Path) -> list[Path]:
    """Play a few opening moves of the demo, then render each window to ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    console.confirm_quit = False
    console.resize(*LAPTOP)
    out = []
    model.submit(StartTurn(by="sorel", actor="sorel"))
    dialog = console.stations[Station.SCIENCE].open_task(CATALOG["scan_for_weakness"])
    assert dialog is not None
    dialog.target.setCurrentIndex(0)
    dialog.focus.setCurrentIndex(1)  # the officer's first Focus
    dialog.roll()
    dialog.resolve()
    dialog.finish_report()
    dialog.accept()
    model.submit(MinorAction(by="sorel", action="interact"))
    model.submit(EndTurn(by="sorel"))
    model.submit(StartTurn(actor="qoj"))
    model.submit(MinorAction(action="interact"))
    model.submit(EndTurn())
    model.submit(StartTurn(by="kell", actor="kell"))

    tactical = console.stations[Station.TACTICAL]
    dialog = tactical.open_task(CATALOG["fire_weapon"])
    assert dialog is not None
    dialog.focus.setCurrentIndex(1)  # the officer's first Focus
    dialog.momentum_dice.setValue(1)
    dialog.resize(dialog.natural_size())
    out.append(_save(dialog, folder / "task-dialog-setup.png"))
    dialog.roll()
    dialog.spends_box.bonus.setValue(1)
    out.append(_save(dialog, folder / "task-dialog-roll.png"))
    dialog.resolve()
    dialog.apply_damage()  # the damage dice as they fell
    dialog.finish_report()
    out.append(_save(dialog, folder / "task-dialog-damage.png"))
    dialog.accept()

    for station in Station:
        window = console.stations[station]
        window.resize(*LAPTOP)
        out.append(_save(window, folder / f"station-{station.value}.png"))
        window.tabs.setCurrentIndex(1)
        if station is Station.COMMAND:
            out.append(_save(window, folder / "station-card-back.png"))
        window.tabs.setCurrentIndex(0)
    out.append(_save(console, folder / "gm-console.png"))
    console._show_ship(list(model.state.ships).index("qoj"), 0)
    out.append(_save(console, folder / "gm-ship-panel.png"))
    console.picture_tabs.setCurrentIndex(0)
    laptop = console.shared_laptop()
    laptop.resize(*LAPTOP)
    out.append(_save(laptop, folder / "shared-laptop.png"))
    laptop.close()
    characters = console.character_library()
    characters.resize(characters.sizeHint().expandedTo(characters.size()))
    out.append(_save(characters, folder / "character-library.png"))
    editor = CharacterEditor(model.state.characters["kell"], console)
    editor.resize(editor.sizeHint())
    editor.show()
    out.append(_save(editor, folder / "character-editor.png"))
    editor.close()
    characters.close()
    tray = console.dice_tray()
    tray.tabs.setCurrentIndex(1)
    tray.label.setText("Stealth past the Orion guards")
    tray.icon_attribute.setValue(4)
    tray.icon_skill.setValue(4)
    tray.icon_difficulty.setValue(6)
    tray.roll()
    tray.tabs.setCurrentIndex(2)
    tray.d6_code.setText("4D+1")
    tray.d6_difficulty.setValue(15)
    tray.roll()
    out.append(_save(tray, folder / "dice-tray.png"))
    from bridge.ui.app.away_screenshots import render_away

    out.extend(render_away(console, model, folder))
    for window in list(console.stations.values()):
        window.close()
    console.close()
    return out
