"""Render every window, and the task dialog mid-roll, to PNG files (``--screenshots``).

Offscreen (the default) each window is drawn by itself at a laptop's size. On a real
screen (``QT_QPA_PLATFORM=xcb`` on an X server with a window manager, as
``packaging/run-under-x`` gives) each window is taken from the screen as a player sees
it: at the size and place Bridge gave it, with the window manager's frame, and the
whole screen once, with every window open.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEventLoop, QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QWidget

from bridge.engine import CATALOG, EndTurn, MinorAction, StartTurn, Station
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.library.character_editor import CharacterEditor

__all__ = ["LAPTOP", "render_all"]

LAPTOP = (1366, 698)
"""A 1366x768 laptop screen less a taskbar and a title bar: what a window gets, maximised."""


def on_screen() -> bool:
    """Whether the windows are on a real screen (not offscreen Qt's)."""
    return QGuiApplication.platformName() not in ("offscreen", "minimal")


def _wait(ms: int) -> None:
    """Let the window manager and Bridge's own placing act for ``ms`` milliseconds."""
    loop = QEventLoop()
    QTimer.singleShot(ms, loop.quit)
    loop.exec()


def _placed(window: QWidget) -> None:
    """Wait (at most two seconds) until ``window`` is placed by its real frame."""
    for _ in range(40):
        fit = getattr(window, "fit", None)
        if window.isVisible() and (fit is None or fit.settled):
            break
        _wait(50)
    _wait(250)


def _save(widget: QWidget, path: Path) -> Path:
    QApplication.processEvents()
    if not on_screen():
        widget.grab().save(str(path))
        return path
    window = widget.window()
    window.raise_()
    window.activateWindow()
    _placed(window)
    frame = window.frameGeometry()
    screen = window.screen() or QGuiApplication.primaryScreen()
    corner = frame.topLeft() - screen.geometry().topLeft()
    screen.grabWindow(0, corner.x(), corner.y(), frame.width(), frame.height()).save(str(path))
    return path


def _save_screen(path: Path) -> Path:
    """The whole screen, on a real screen."""
    _wait(400)
    screen = QGuiApplication.primaryScreen()
    screen.grabWindow(0).save(str(path))
    return path


def _laptop(window: QWidget) -> None:
    """Offscreen, a window at a laptop's size; on a real screen, as it opened."""
    if not on_screen():
        window.resize(*LAPTOP)


def render_all(console: GmConsole, model: SharedModel, folder: Path) -> list[Path]:
    """Play a few opening moves of the demo, then render each window to ``folder``."""
    folder.mkdir(parents=True, exist_ok=True)
    console.confirm_quit = False
    _laptop(console)
    out = []
    if on_screen():
        for window in (console, *console.stations.values()):
            _placed(window)
        out.append(_save_screen(folder / "screen-demo.png"))
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
    if not on_screen():
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
        _laptop(window)
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
    _laptop(laptop)
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
