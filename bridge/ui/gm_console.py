"""The GM console: the battle at a glance, NPC Turns, pools, log, and every GM control."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QInputDialog,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import (
    CATALOG,
    AddTrait,
    AdjustDifficulty,
    AdjustPool,
    Change,
    Encounter,
    EndRound,
    EndScene,
    EndTurn,
    MinorAction,
    NpcActsFirst,
    StartTurn,
    Station,
    Withdraw,
    actions_for,
    suggest,
    waiting,
    why_not,
)
from bridge.storage.autosave import AutosaveJournal
from bridge.ui import net_menu
from bridge.ui.dice_tray import DiceTray
from bridge.ui.files import BattleFiles
from bridge.ui.gm_dialogs import EditValueDialog, HouseRulesDialog, SetupDialog
from bridge.ui.library_dialog import LibraryDialog
from bridge.ui.settings import recent_files, restore_geometry, save_geometry, settings, ui_scale
from bridge.ui.shared_model import SharedModel
from bridge.ui.station_window import StationWindow
from bridge.ui.task_dialog import TaskDialog
from bridge.ui.theme import COLORS, apply_theme
from bridge.ui.widgets.lcars import LcarsHeader, Pill, section_label
from bridge.ui.widgets.log_view import SHOWN, LogView
from bridge.ui.widgets.ship_status import ContactsTable
from bridge.ui.widgets.zone_map import ZoneMapView

__all__ = ["GmConsole"]


class GmConsole(QMainWindow):
    """The game master's window; opens and closes the station windows."""

    sig_windows_changed = Signal()
    """Emitted when a station window opens or closes."""

    def __init__(
        self, model: SharedModel, parent: QWidget | None = None, autosave: bool = False
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.files = BattleFiles(model, self, autosave=autosave)
        self.files.sig_title_changed.connect(self.setWindowTitle)
        self.setAcceptDrops(True)
        self.stations: dict[Station, StationWindow] = {}
        self.dialog: QWidget | None = None
        self.confirm_quit = True
        self.tray: DiceTray | None = None
        self.resize(1320, 860)

        root = QWidget()
        self.setCentralWidget(root)
        layout = QVBoxLayout(root)
        self.header = LcarsHeader("GM Console", COLORS.orange)
        layout.addWidget(self.header)
        split = QSplitter(Qt.Orientation.Horizontal)
        layout.addWidget(split, 1)
        split.addWidget(self._left())
        right = QWidget()
        rcol = QVBoxLayout(right)
        rcol.addWidget(section_label("Battle log"))
        self.log = LogView()
        rcol.addWidget(self.log, 1)
        split.addWidget(right)
        split.setSizes([760, 560])
        self._menus()
        model.sig_changed.connect(self.refresh)
        model.sig_refused.connect(lambda reason: self.statusBar().showMessage(reason, 10000))
        restore_geometry(self, "gm-console")
        self.refresh(Change.ALL)

    # -- building -----------------------------------------------------------------------
    def _left(self) -> QWidget:
        box = QWidget()
        col = QVBoxLayout(box)
        strip = QHBoxLayout()
        self.round_pill = Pill("", COLORS.orange)
        self.turn_label = QLabel()
        self.turn_label.setObjectName("big")
        strip.addWidget(self.round_pill)
        strip.addWidget(self.turn_label, 1)
        col.addLayout(strip)

        turn_box = QGroupBox("TURN ORDER")
        grid = QGridLayout(turn_box)
        self.next_actor = QComboBox()
        self.start_button = QPushButton("START TURN")
        self.end_button = QPushButton("END TURN")
        self.keep_button = QPushButton("KEEP THE INITIATIVE")
        self.npc_first = QPushButton("NPCS ACT FIRST (THREAT)")
        self.end_round = QPushButton("END ROUND")
        self.end_scene = QPushButton("END SCENE")
        grid.addWidget(QLabel("Next to act"), 0, 0)
        grid.addWidget(self.next_actor, 0, 1, 1, 2)
        grid.addWidget(self.start_button, 0, 3)
        grid.addWidget(self.end_button, 1, 0)
        grid.addWidget(self.keep_button, 1, 1)
        grid.addWidget(self.npc_first, 1, 2, 1, 2)
        grid.addWidget(self.end_round, 2, 0)
        grid.addWidget(self.end_scene, 2, 1)
        col.addWidget(turn_box)

        npc_box = QGroupBox("NPC SHIP ON ITS TURN")
        ngrid = QGridLayout(npc_box)
        self.npc_task = QComboBox()
        for station in Station:  # each rolled Task once, under the first card that has it
            for a in actions_for(station, "task"):
                if a.rolled and a.stations[0] is station:
                    self.npc_task.addItem(f"{station.label}: {a.name}", f"{station.value}:{a.key}")
        self.npc_attempt = QPushButton("ATTEMPT TASK…")
        self.npc_minor = QComboBox()
        for a in CATALOG.values():
            if a.kind == "minor" and a.key not in ("change_position", "restore"):
                self.npc_minor.addItem(a.name, a.key)
        self.npc_minor_button = QPushButton("TAKE MINOR")
        self.autopilot = QPushButton("AUTOPILOT STEP")
        self.autopilot.setToolTip("Take the autopilot's suggestion for whoever acts (Ctrl+J)")
        ngrid.addWidget(self.npc_task, 0, 0, 1, 2)
        ngrid.addWidget(self.npc_attempt, 0, 2)
        ngrid.addWidget(self.npc_minor, 1, 0, 1, 2)
        ngrid.addWidget(self.npc_minor_button, 1, 2)
        ngrid.addWidget(self.autopilot, 2, 2)
        col.addWidget(npc_box)

        pools = QGroupBox("POOLS")
        pgrid = QGridLayout(pools)
        self.momentum_label = QLabel()
        self.momentum_label.setObjectName("big")
        self.threat_label = QLabel()
        self.threat_label.setObjectName("big")
        pgrid.addWidget(self.momentum_label, 0, 0)
        pgrid.addWidget(self.threat_label, 0, 3)
        steps = (("momentum", -1, 1), ("momentum", 1, 2), ("threat", -1, 4), ("threat", 1, 5))
        for pool, delta, column in steps:
            b = QPushButton(f"{'+' if delta > 0 else '−'}1")
            b.clicked.connect(
                lambda _=False, p=pool, d=delta: self.model.submit(AdjustPool(pool=p, delta=d))
            )
            b.setToolTip(f"{pool.capitalize()} {delta:+d}")
            pgrid.addWidget(b, 0, column)
        col.addWidget(pools)

        col.addWidget(section_label("Ships"))
        self.ships = ContactsTable()
        col.addWidget(self.ships)
        col.addWidget(section_label("Zones"))
        self.zone_map = ZoneMapView()
        col.addWidget(self.zone_map, 1)

        self.start_button.clicked.connect(self._start)
        self.end_button.clicked.connect(lambda: self._end(False))
        self.keep_button.clicked.connect(lambda: self._end(True))
        self.npc_first.clicked.connect(lambda: self.model.submit(NpcActsFirst()))
        self.end_round.clicked.connect(lambda: self.model.submit(EndRound()))
        self.end_scene.clicked.connect(lambda: self.model.submit(EndScene()))
        self.npc_attempt.clicked.connect(self._npc_task)
        self.npc_minor_button.clicked.connect(self._npc_minor)
        self.autopilot.clicked.connect(self.autopilot_step)
        return box

    def _menus(self) -> None:
        bar = self.menuBar()

        def add(menu_name: str, text: str, slot: object, shortcut: str = "") -> QAction:
            menu = menus.get(menu_name) or bar.addMenu(menu_name)
            menus[menu_name] = menu
            act = QAction(text, self)
            menu.addAction(act)
            act.triggered.connect(slot)
            if shortcut:
                act.setShortcut(QKeySequence(shortcut))
            return act

        menus: dict[str, QMenu] = {}
        f = self.files
        add("&File", "&New demo battle", f.new_demo, "Ctrl+N")
        add("&File", "&Open…", lambda: f.open(), "Ctrl+O")  # noqa: PLW0108 (drops `checked`)
        self.recent_menu = QMenu("Open &recent", self)
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        menus["&File"].addMenu(self.recent_menu)
        add("&File", "&Save", f.save, "Ctrl+S")
        add("&File", "Save &as…", f.save_as, "Ctrl+Shift+S")
        menus["&File"].addSeparator()
        add("&File", "Ship &library…", self.library, "Ctrl+L")
        add("&File", "&Import a Foundry VTT actor…", f.import_foundry, "Ctrl+I")
        add("&File", "&Export the battle log (Markdown)…", f.export_recap, "Ctrl+Shift+E")
        add("&File", "&Join a battle…", lambda: net_menu.show_join_dialog(self))
        menus["&File"].addSeparator()
        add("&File", "&Quit", self.close, "Ctrl+Q")
        self.undo_action = add("&Edit", "&Undo", self.model.undo, "Ctrl+Z")
        self.redo_action = add("&Edit", "&Redo", self.model.redo, "Ctrl+Shift+Z")
        add("&Edit", "Edit a &value…", self.edit_value, "Ctrl+Shift+V")
        self.window_actions: dict[Station, QAction] = {}
        for i, station in enumerate(Station, start=1):
            act = add(
                "&Windows", station.label, lambda _=False, s=station: self.toggle(s), f"Ctrl+{i}"
            )
            act.setCheckable(True)
            self.window_actions[station] = act
        add("&Windows", "Open &all stations", self.open_all, "Ctrl+0")
        add("&Windows", "&Dice tray", self.dice_tray, "Ctrl+R")
        add("&Windows", "Main &viewscreen", self.viewscreen, "Ctrl+6")
        add("&Battle", "&Setup (ships, crew, seats, zones)…", self.setup, "Ctrl+U")
        add("&Battle", "Next Task's &Difficulty…", self.adjust_difficulty, "Ctrl+D")
        add("&Battle", "Add Advantage or &Complication…", self.add_trait)
        add("&Battle", "A ship &withdraws…", self.withdraw)
        add("&Battle", "&House rules…", self.house_rules, "Ctrl+H")
        add("&Battle", "Autopilot &step", self.autopilot_step, "Ctrl+J")
        add("&Battle", "Host on the &network…", lambda: net_menu.show_host_panel(self, self.model))
        add("&View", "&Larger text", lambda: self.rescale(0.1), "Ctrl+=")
        add("&View", "&Smaller text", lambda: self.rescale(-0.1), "Ctrl+-")

    # -- station windows ----------------------------------------------------------------
    def open_station(self, station: Station) -> StationWindow:
        window = self.stations.get(station)
        if window is None:
            window = StationWindow(self.model, station)
            window.sig_closed.connect(self._closed)
            self.stations[station] = window
        window.show()
        window.raise_()
        self.window_actions[station].setChecked(True)
        self.sig_windows_changed.emit()
        return window

    def open_all(self) -> None:
        for station in Station:
            self.open_station(station)

    def toggle(self, station: Station) -> None:
        window = self.stations.get(station)
        if window is not None and window.isVisible():
            window.close()
        else:
            self.open_station(station)

    def _closed(self, station: Station) -> None:
        window = self.stations.pop(station, None)
        if window is not None:
            window.deleteLater()
        self.window_actions[station].setChecked(False)
        self.sig_windows_changed.emit()

    # -- refreshing ---------------------------------------------------------------------
    def refresh(self, changes: object) -> None:
        flags = changes if isinstance(changes, Change) else Change.ALL
        state = self.model.state
        turn = state.turn
        if flags & (Change.TURN | Change.OUTCOME | Change.SHIPS | Change.SEATS):
            self.round_pill.setText(f"ROUND {turn.round} · SCENE {turn.scene}")
            self.header.setSubtitle(state.name.upper())
            if state.outcome:
                self.turn_label.setText(state.outcome)
            elif turn.actor:
                self.turn_label.setText(f"Acting: {state.name_of(turn.actor)}")
            else:
                self.turn_label.setText(f"{'Players' if turn.side == 'player' else 'NPCs'} to act")
            self.next_actor.clear()
            for actor in waiting(state, turn.side):
                name = (
                    state.characters[actor].name
                    if actor in state.characters
                    else (f"{state.ships[actor].name} ({turn.npc_turns_left.get(actor, 0)} left)")
                )
                self.next_actor.addItem(name, actor)
        self._refresh_buttons(state)
        if flags & Change.POOLS:
            self.momentum_label.setText(f"MOMENTUM {state.momentum.value}/{state.momentum.cap}")
            self.threat_label.setText(f"THREAT {state.threat.value}")
        if flags & (Change.SHIPS | Change.ZONES):
            self.ships.setEncounter(state, state.player_ship, include_own=True)
            self.zone_map.setEncounter(state, state.player_ship)
        if flags & Change.LOG:
            self.log.setJournal(*self.model.recent_journal(SHOWN))
        self.undo_action.setEnabled(self.model.session.can_undo)
        self.redo_action.setEnabled(self.model.session.can_redo)

    # -- acting -------------------------------------------------------------------------
    def _start(self) -> None:
        actor = self.next_actor.currentData()
        if actor:
            by = actor if actor in self.model.state.characters else "gm"
            self.model.submit(StartTurn(by=by, actor=actor))

    def _end(self, keep: bool) -> None:
        self.model.submit(EndTurn(keep_initiative=keep))

    def _npc_task(self) -> TaskDialog | None:
        actor = self.model.state.turn.actor
        data = self.npc_task.currentData()
        if actor not in self.model.state.ships or not data:
            return None
        station, _, key = str(data).partition(":")
        dialog = TaskDialog(self.model, actor, Station(station), CATALOG[key], self)
        dialog.setModal(True)
        dialog.show()
        self.dialog = dialog
        return dialog

    def _npc_minor(self) -> None:
        self.model.submit(MinorAction(action=self.npc_minor.currentData()))

    def autopilot_step(self) -> None:
        command = suggest(self.model.state, self.model.check)
        if command is not None:
            self.model.submit(command)

    def edit_value(self) -> None:
        self._show(EditValueDialog(self.model, self))

    def house_rules(self) -> None:
        self._show(HouseRulesDialog(self.model, self))

    def setup(self) -> None:
        self._show(SetupDialog(self.model, self))

    def _show(self, dialog: QWidget) -> None:
        self.dialog = dialog
        dialog.show()

    def dice_tray(self) -> DiceTray:
        if self.tray is None:
            self.tray = DiceTray(self.model)
        self.tray.show()
        self.tray.raise_()
        return self.tray

    def library(self) -> None:
        self._show(LibraryDialog(self.model, self))

    def _fill_recent(self) -> None:
        self.recent_menu.clear()
        for path in recent_files():
            act = self.recent_menu.addAction(path)
            act.triggered.connect(lambda _=False, p=path: self.files.open(Path(p)))
        if self.recent_menu.isEmpty():
            self.recent_menu.addAction("(none yet)").setEnabled(False)

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        urls = event.mimeData().urls()
        if urls and all(u.isLocalFile() for u in urls):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        for url in event.mimeData().urls():
            self.files.add_from_file(Path(url.toLocalFile()))
        event.acceptProposedAction()

    def adjust_difficulty(self) -> None:
        amount, ok = QInputDialog.getInt(
            self, "Next Task's Difficulty", "Add to the next Task's Difficulty:", 1, -5, 5
        )
        if ok:
            self.model.submit(AdjustDifficulty(amount=amount))

    def add_trait(self) -> None:
        name, ok = QInputDialog.getText(
            self, "Advantage or Complication", "Name it (start with '+' for an Advantage):"
        )
        if ok and name.strip():
            kind = "advantage" if name.startswith("+") else "complication"
            self.model.submit(AddTrait(name=name.lstrip("+").strip(), kind=kind))

    def withdraw(self) -> None:
        state = self.model.state
        ships = [
            sid
            for sid in state.ships
            if sid not in state.retreated and not state.ships[sid].destroyed
        ]
        names = [state.ships[s].name for s in ships]
        name, ok = QInputDialog.getItem(
            self, "Withdraw", "Which ship leaves the battle?", names, 0, False
        )
        if ok:
            self.model.submit(Withdraw(ship=ships[names.index(name)]))

    def rescale(self, step: float) -> None:
        store = settings()
        scale = min(max(ui_scale() + step, 0.7), 2.5)
        store.setValue("ui/scale", scale)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, scale)
        self.statusBar().showMessage(f"Text size {scale:.0%}", 4000)

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.confirm_quit and not self.files.confirm_discard():
            event.ignore()
            return
        sink = self.model.session.sink
        if isinstance(sink, AutosaveJournal):
            sink.close()
        save_geometry(self, "gm-console")
        for window in list(self.stations.values()):
            window.close()
        if self.tray is not None:
            self.tray.close()
        super().closeEvent(event)

    def _refresh_buttons(self, state: Encounter) -> None:
        """Enable each turn control exactly when the engine would accept it, else say why."""
        turn = state.turn
        nxt = self.next_actor.currentData()
        start = (
            why_not(state, StartTurn(actor=nxt))
            if nxt is not None
            else (f"The battle is over: {state.outcome}" if state.ended else "No one is waiting.")
        )
        npc_acting = None if turn.actor in state.ships else "No NPC ship is taking a Turn."
        if npc_acting is None and state.pending is not None:
            npc_acting = "Resolve the rolled Task first."
        for button, reason in (
            (self.start_button, start),
            (self.end_button, why_not(state, EndTurn())),
            (self.keep_button, why_not(state, EndTurn(keep_initiative=True))),
            (self.npc_first, why_not(state, NpcActsFirst())),
            (self.npc_attempt, npc_acting),
            (self.npc_minor_button, npc_acting),
        ):
            button.setEnabled(reason is None)
            button.setToolTip(reason or "")
        self.autopilot.setEnabled(not state.ended)

    def viewscreen(self) -> QWidget:
        """The main viewscreen (one window, raised if open)."""
        from bridge.ui.viewscreen import show_viewscreen

        return show_viewscreen(self.model, self)
