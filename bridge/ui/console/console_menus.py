"""The GM console's menu bar: File, Edit, Windows, Battle and View, with their shortcuts."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QWidget

from bridge.engine import Station
from bridge.ui.base.error_report import open_log_folder
from bridge.ui.base.help import GM_CONSOLE, HELP_KEY, open_guide
from bridge.ui.base.settings import recent_files
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.text_size import TextSize
from bridge.ui.console import gm_prompts
from bridge.ui.console.battle_files import BattleFiles
from bridge.ui.console.npc_controls import NpcControls
from bridge.ui.network import net_menu

__all__ = ["Console", "ConsoleMenus", "build_menus"]


class Console(Protocol):
    """What the menus call on the GM console."""

    model: SharedModel
    files: BattleFiles
    npc: NpcControls
    text_size: TextSize

    def close(self) -> bool: ...
    def toggle(self, station: Station) -> None: ...
    def open_all(self) -> None: ...
    def dice_tray(self) -> QWidget: ...
    def viewscreen(self) -> QWidget: ...
    def shared_laptop(self) -> QWidget: ...
    def setup(self) -> None: ...
    def adjust_difficulty(self) -> None: ...
    def house_rules(self) -> None: ...
    def library(self) -> None: ...
    def character_library(self) -> QWidget: ...
    def edit_value(self) -> None: ...


@dataclass
class ConsoleMenus:
    """The menu entries the console keeps up to date."""

    undo: QAction
    redo: QAction
    recent: QMenu
    windows: dict[Station, QAction] = field(default_factory=dict)


def _fill_recent(menu: QMenu, files: BattleFiles) -> None:
    menu.clear()
    for path in recent_files():
        act = menu.addAction(path)
        act.triggered.connect(lambda _=False, p=path: files.open(Path(p)))
    if menu.isEmpty():
        menu.addAction("(none yet)").setEnabled(False)


def build_menus(window: QMainWindow, console: Console) -> ConsoleMenus:
    """Fill the menu bar of ``window`` (the GM console, whose slots ``console`` names):
    File, Edit, Windows, Battle, View, Help."""
    bar = window.menuBar()
    menus: dict[str, QMenu] = {}

    def add(menu_name: str, text: str, slot: Callable[..., object], shortcut: str = "") -> QAction:
        menu = menus.get(menu_name) or bar.addMenu(menu_name)
        menus[menu_name] = menu
        act = QAction(text, bar)
        menu.addAction(act)
        act.triggered.connect(slot)
        if shortcut:
            act.setShortcut(QKeySequence(shortcut))
        return act

    c, f, model = console, console.files, console.model
    add("&File", "&New demo battle", f.new_demo, "Ctrl+N")
    add("&File", "&Open…", lambda: f.open(), "Ctrl+O")  # noqa: PLW0108 (drops `checked`)
    recent = QMenu("Open &recent", window)
    recent.aboutToShow.connect(lambda: _fill_recent(recent, f))
    menus["&File"].addMenu(recent)
    add("&File", "&Save", f.save, "Ctrl+S")
    add("&File", "Save &as…", f.save_as, "Ctrl+Shift+S")
    menus["&File"].addSeparator()
    add("&File", "Ship &library…", c.library, "Ctrl+L")
    add("&File", "&Character library…", c.character_library, "Ctrl+Shift+L")
    add("&File", "&Import a Foundry VTT actor…", f.import_foundry, "Ctrl+I")
    export = "&Export the log (Markdown or web page)…"
    add("&File", export, lambda: f.export_recap(), "Ctrl+Shift+E")  # noqa: PLW0108
    add("&File", "Export the log for the &players…", lambda: f.export_recap(players=True))
    add("&File", "&Join a battle…", lambda: net_menu.show_join_dialog(window))
    menus["&File"].addSeparator()
    add("&File", "&Quit", c.close, "Ctrl+Q")
    kept = ConsoleMenus(
        undo=add("&Edit", "&Undo", model.undo, "Ctrl+Z"),
        redo=add("&Edit", "&Redo", model.redo, "Ctrl+Shift+Z"),
        recent=recent,
    )
    add("&Edit", "Edit a &value…", c.edit_value, "Ctrl+Shift+V")
    for i, station in enumerate(Station, start=1):
        act = add("&Windows", station.label, lambda _=False, s=station: c.toggle(s), f"Ctrl+{i}")
        act.setCheckable(True)
        kept.windows[station] = act
    add("&Windows", "Open &all stations", c.open_all, "Ctrl+0")
    add("&Windows", "&Dice tray", c.dice_tray, "Ctrl+R")
    add("&Windows", "Main &viewscreen", c.viewscreen, "Ctrl+6")
    add("&Windows", "Shared &laptop: one window follows whoever acts", c.shared_laptop)
    add("&Battle", "&Setup (ships, crew, seats, zones)…", c.setup, "Ctrl+U")
    add(
        "&Battle",
        "Next Task's &Difficulty and complication range…",
        c.adjust_difficulty,
        "Ctrl+D",
    )
    add("&Battle", "Begin a new &session…", lambda: gm_prompts.begin_session(window, model))
    add("&Battle", "Add Advantage or &Complication…", lambda: gm_prompts.add_trait(window, model))
    add(
        "&Battle",
        "&Remove an Advantage or Complication…",
        lambda: gm_prompts.remove_trait(window, model),
    )
    add("&Battle", "A ship &withdraws…", lambda: gm_prompts.withdraw(window, model))
    add("&Battle", "&House rules…", c.house_rules, "Ctrl+H")
    add("&Battle", "Autopilot: play the NPC ship's &Turn", c.npc.autopilot_step, "Ctrl+J")
    add("&Battle", "Host on the &network…", lambda: net_menu.show_host_panel(window, model))
    menus["&View"] = bar.addMenu("&View")
    menus["&View"].addActions(c.text_size.actions())
    add("&Help", "&User guide", lambda: open_guide(GM_CONSOLE, window), HELP_KEY)
    add(
        "&Help",
        "GM &reference: seed 003's tables, searchable…",
        lambda: _reference(window, model),
        "Shift+F1",
    )
    add("&Help", "Open the &log folder", lambda: open_log_folder(window))
    return kept


def _reference(window: QMainWindow, model: SharedModel) -> None:
    from bridge.ui.console.gm_reference import show_reference  # loads when first opened

    show_reference(window, model)
