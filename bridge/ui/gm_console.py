"""The GM console: the battle at a glance, NPC Turns, pools, log, and every GM control."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QDragEnterEvent, QDropEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QInputDialog,
    QMainWindow,
    QMenu,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import (
    CATALOG,
    AddTrait,
    AdjustPool,
    AttemptTask,
    BeginSession,
    Change,
    Encounter,
    EndRound,
    EndScene,
    EndTurn,
    MinorAction,
    MoveShip,
    NpcActsFirst,
    RemoveTrait,
    StartTurn,
    Station,
    Withdraw,
    actions_for,
    npcs_only,
    suggest_for_npcs,
    waiting,
    why_not,
)
from bridge.storage.autosave import AutosaveJournal
from bridge.ui import net_menu
from bridge.ui.error_report import open_log_folder
from bridge.ui.files import BattleFiles
from bridge.ui.notices import confirm
from bridge.ui.settings import recent_files, restore_geometry, save_geometry, settings, ui_scale
from bridge.ui.shared_model import SharedModel
from bridge.ui.theme import COLORS, apply_theme
from bridge.ui.widgets.fit import fit_to_screen, scrolling
from bridge.ui.widgets.lcars import LcarsHeader, Pill, section_label
from bridge.ui.widgets.log_view import SHOWN, LogView
from bridge.ui.widgets.ship_status import ContactsTable
from bridge.ui.widgets.steady import set_choices, set_state
from bridge.ui.widgets.steady_label import SteadyLabel
from bridge.ui.widgets.zone_map import ZoneMapView

if TYPE_CHECKING:  # each window and dialog loads when first opened
    from bridge.ui.character_library import CharacterLibraryDialog
    from bridge.ui.dice_tray import DiceTray
    from bridge.ui.shared_laptop import SharedLaptopWindow
    from bridge.ui.ship_panel import ShipPanel
    from bridge.ui.station_window import StationWindow
    from bridge.ui.task_dialog import TaskDialog

__all__ = ["GmConsole"]


_AUTOPILOT_TIP = "Play the NPC ship's next step by the odds (Ctrl+J)"


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
        self.setWindowTitle(self.files.title())  # at once: a resumed battle says its name
        self.setAcceptDrops(True)
        self.stations: dict[Station, StationWindow] = {}
        self.dialog: QWidget | None = None
        self.confirm_quit = True
        self.tray: DiceTray | None = None
        self.laptop: SharedLaptopWindow | None = None
        self.resize(1340, 690)

        root = QWidget()
        self.setCentralWidget(scrolling(root))
        layout = QVBoxLayout(root)
        self.header = LcarsHeader("GM Console", COLORS.orange)
        self.round_pill = Pill("", COLORS.orange)
        self.turn_label = SteadyLabel()
        self.turn_label.setObjectName("big")
        self.header.addRight(self.turn_label)
        self.header.addRight(self.round_pill)
        layout.addWidget(self.header)
        split = QSplitter(Qt.Orientation.Horizontal)
        layout.addWidget(split, 1)
        split.addWidget(self._controls())
        split.addWidget(self._picture())
        right = QWidget()
        rcol = QVBoxLayout(right)
        rcol.setContentsMargins(0, 0, 0, 0)
        rcol.addWidget(section_label("Battle log"))
        self.log = LogView()
        rcol.addWidget(self.log, 1)
        split.addWidget(right)
        split.setSizes([440, 480, 420])
        self._menus()
        model.sig_changed.connect(self.refresh)
        model.sig_refused.connect(lambda reason: self.statusBar().showMessage(reason, 10000))
        restore_geometry(self, "gm-console")
        fit_to_screen(self)
        self.refresh(Change.ALL)

    # -- building -----------------------------------------------------------------------
    def _controls(self) -> QWidget:
        """The GM's hands: turn order, the NPC ship on its Turn, the pools."""
        box = QWidget()
        col = QVBoxLayout(box)
        col.setContentsMargins(0, 0, 0, 0)

        turn_box = QGroupBox("TURN ORDER")
        grid = QGridLayout(turn_box)
        self.next_actor = QComboBox()
        self.next_actor.setToolTip("Who acts next: the players choose among themselves")
        self.start_button = QPushButton("START TURN")
        self.end_button = QPushButton("END TURN")
        self.keep_button = QPushButton("KEEP THE INITIATIVE")
        self.npc_first = QPushButton("NPCS ACT FIRST")
        self.npc_first.setToolTip("Spend Threat so that an NPC ship acts before the players")
        self.end_round = QPushButton("END ROUND…")
        self.end_scene = QPushButton("END SCENE…")
        self.waiting_button = QPushButton("OPEN THE WAITING ROLL")
        self.waiting_button.setObjectName("primary")
        grid.addWidget(self.next_actor, 0, 0, 1, 2)
        grid.addWidget(self.start_button, 1, 0)
        grid.addWidget(self.end_button, 1, 1)
        grid.addWidget(self.keep_button, 2, 0)
        grid.addWidget(self.npc_first, 2, 1)
        grid.addWidget(self.end_round, 3, 0)
        grid.addWidget(self.end_scene, 3, 1)
        grid.addWidget(self.waiting_button, 4, 0, 1, 2)
        col.addWidget(turn_box)

        npc_box = QGroupBox("NPC SHIP ON ITS TURN")
        ngrid = QGridLayout(npc_box)
        self.npc_task = QComboBox()
        for station in Station:  # each rolled Task once, under the first card that has it
            for a in actions_for(station, "task"):
                if a.rolled and a.stations[0] is station:
                    self.npc_task.addItem(f"{station.label}: {a.name}", f"{station.value}:{a.key}")
        self.npc_task.addItem("Command: Direct (the NPCs' one a scene)", "command:direct")
        self.npc_attempt = QPushButton("ATTEMPT TASK…")
        self.npc_minor = QComboBox()
        for a in CATALOG.values():
            if a.kind == "minor" and a.key not in ("change_position", "restore"):
                self.npc_minor.addItem(a.name, a.key)
        self.npc_minor_button = QPushButton("TAKE MINOR")
        self.autopilot = QPushButton("AUTOPILOT STEP")
        ngrid.addWidget(self.npc_task, 0, 0, 1, 2)
        ngrid.addWidget(self.npc_attempt, 1, 0)
        ngrid.addWidget(self.autopilot, 1, 1)
        ngrid.addWidget(self.npc_minor, 2, 0)
        ngrid.addWidget(self.npc_minor_button, 2, 1)
        col.addWidget(npc_box)

        pools = QGroupBox("POOLS")
        pgrid = QGridLayout(pools)
        self.momentum_label = SteadyLabel()
        self.momentum_label.setObjectName("big")
        self.threat_label = SteadyLabel()
        self.threat_label.setObjectName("big")
        pgrid.addWidget(self.momentum_label, 0, 0)
        pgrid.addWidget(self.threat_label, 1, 0)
        steps = (("momentum", -1, 0, 1), ("momentum", 1, 0, 2), ("threat", -1, 1, 1))
        for pool, delta, row, column in (*steps, ("threat", 1, 1, 2)):
            b = QPushButton(f"{'+' if delta > 0 else '−'}1")
            b.clicked.connect(
                lambda _=False, p=pool, d=delta: self.model.submit(AdjustPool(pool=p, delta=d))
            )
            b.setToolTip(f"{pool.capitalize()} {delta:+d}")
            pgrid.addWidget(b, row, column)
        pgrid.setColumnStretch(0, 1)
        col.addWidget(pools)
        col.addStretch()
        self._connect_controls()
        return box

    def _picture(self) -> QWidget:
        """The tactical picture (every ship, the zones they stand in) and, on its own tab,
        the ship panel: everything about one ship, NPC ships included (built when its
        tab is first shown)."""
        self.picture_tabs = QTabWidget()
        box = QWidget()
        self.picture_tabs.addTab(box, "BATTLE")
        self._ship_panel: ShipPanel | None = None
        self._ship_tab = QWidget()
        QVBoxLayout(self._ship_tab).setContentsMargins(0, 0, 0, 0)
        self.picture_tabs.addTab(scrolling(self._ship_tab), "SHIP PANEL")
        self.picture_tabs.currentChanged.connect(self._tab_shown)
        col = QVBoxLayout(box)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(section_label("Ships"))
        self.ships = ContactsTable()
        col.addWidget(self.ships, 1)
        col.addWidget(section_label("Zones"))
        self.zone_map = ZoneMapView(movable=True)
        self.zone_map.sig_move.connect(
            lambda ship, zone: self.model.submit(MoveShip(ship=ship, zone=zone))
        )
        col.addWidget(self.zone_map, 1)
        self.ships.cellDoubleClicked.connect(self._show_ship)
        return self.picture_tabs

    @property
    def ship_panel(self) -> ShipPanel:
        """The ship panel, built the first time it is asked for."""
        if self._ship_panel is None:
            from bridge.ui.ship_panel import ShipPanel

            panel = ShipPanel(self.model)
            panel.edit_button.clicked.connect(lambda: self._edit_value(f"ships.{panel.ship_id()}."))
            layout = self._ship_tab.layout()
            assert layout is not None
            layout.addWidget(panel)
            if self._ship_tab.isVisible():
                panel.show()
            self._ship_panel = panel
        return self._ship_panel

    def _tab_shown(self, index: int) -> None:
        if index == 1:  # the ship panel's tab: built on its first show
            self.ship_panel  # noqa: B018

    def _show_ship(self, row: int, _column: int) -> None:
        """Double-click a ship in the table: its panel."""
        state = self.model.state
        order = [sid for sid in state.ships]
        if 0 <= row < len(order):
            self.ship_panel.ship.setCurrentIndex(self.ship_panel.ship.findData(order[row]))
            self.picture_tabs.setCurrentIndex(1)

    def _connect_controls(self) -> None:
        self.next_actor.currentIndexChanged.connect(
            lambda _: self._refresh_buttons(self.model.state)
        )
        self.start_button.clicked.connect(self._start)
        self.end_button.clicked.connect(lambda: self._end(False))
        self.keep_button.clicked.connect(lambda: self._end(True))
        self.npc_first.clicked.connect(lambda: self.model.submit(NpcActsFirst()))
        self.end_round.clicked.connect(self.confirm_end_round)
        self.end_scene.clicked.connect(self.confirm_end_scene)
        self.npc_attempt.clicked.connect(self._npc_task)
        self.npc_minor_button.clicked.connect(self._npc_minor)
        self.autopilot.clicked.connect(self.autopilot_step)
        self.waiting_button.clicked.connect(self.open_waiting_roll)

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
        add("&File", "&Character library…", self.character_library, "Ctrl+Shift+L")
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
        add("&Windows", "Shared &laptop: one window follows whoever acts", self.shared_laptop)
        add("&Battle", "&Setup (ships, crew, seats, zones)…", self.setup, "Ctrl+U")
        add(
            "&Battle",
            "Next Task's &Difficulty and complication range…",
            self.adjust_difficulty,
            "Ctrl+D",
        )
        add("&Battle", "Begin a new &session…", self.begin_session)
        add("&Battle", "Add Advantage or &Complication…", self.add_trait)
        add("&Battle", "&Remove an Advantage or Complication…", self.remove_trait)
        add("&Battle", "A ship &withdraws…", self.withdraw)
        add("&Battle", "&House rules…", self.house_rules, "Ctrl+H")
        add("&Battle", "Autopilot &step", self.autopilot_step, "Ctrl+J")
        add("&Battle", "Host on the &network…", lambda: net_menu.show_host_panel(self, self.model))
        add("&View", "&Larger text", lambda: self.rescale(0.1), "Ctrl+=")
        add("&View", "&Smaller text", lambda: self.rescale(-0.1), "Ctrl+-")
        add("&Help", "Open the &log folder", lambda: open_log_folder(self))

    # -- station windows ----------------------------------------------------------------
    def open_station(self, station: Station) -> StationWindow:
        from bridge.ui.station_window import StationWindow

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
        """Ctrl+1..5: bring the station forward; close it only if it is already in front."""
        window = self.stations.get(station)
        if window is not None and window.isVisible() and window.isActiveWindow():
            window.close()
        else:
            self.open_station(station).activateWindow()

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
                self.turn_label.setText(state.outcome.upper())
            elif turn.actor:
                self.turn_label.setText(f"ACTING: {state.name_of(turn.actor).upper()}")
            else:
                self.turn_label.setText(f"{'PLAYERS' if turn.side == 'player' else 'NPCS'} TO ACT")
            set_choices(
                self.next_actor,
                [
                    (
                        state.characters[actor].name
                        if actor in state.characters
                        else f"{state.ships[actor].name} ({turn.npc_turns_left.get(actor, 0)} "
                        "left)",
                        actor,
                    )
                    for actor in waiting(state, turn.side)
                ],
            )
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
        from bridge.ui.task_dialog import TaskDialog

        actor = self.model.state.turn.actor
        data = self.npc_task.currentData()
        if actor not in self.model.state.ships or not data:
            return None
        station, _, key = str(data).partition(":")
        if key == "direct":  # seed 003: the ship's commander directs one more Task at once
            self.model.submit(AttemptTask(action="direct", station=Station.COMMAND))
            return None
        dialog = TaskDialog(self.model, actor, Station(station), CATALOG[key], self)
        dialog.show()
        self.dialog = dialog
        return dialog

    def _npc_minor(self) -> None:
        self.model.submit(MinorAction(action=self.npc_minor.currentData()))

    def autopilot_step(self) -> None:
        """Play the NPC ship's next step (never a player's): the odds decide its Task."""
        command = suggest_for_npcs(self.model.state, self.model.check)
        if isinstance(command, str):
            self.statusBar().showMessage(command, 8000)
            return
        self.model.submit(command)

    def confirm_end_round(self) -> None:
        state = self.model.state
        text = (
            f"End Round {state.turn.round}? Everyone who has not acted loses their Turn "
            "this Round, and what lasts until the end of the Round ends."
        )
        if confirm(self, "End Round", text, "END ROUND"):
            self.model.submit(EndRound())

    def confirm_end_scene(self) -> None:
        text = (
            f"End Scene {self.model.state.turn.scene}? Momentum drops by 1, every ship's "
            "Power is restored, what lasts until the end of the scene ends, and Round 1 "
            "of the next scene begins."
        )
        if confirm(self, "End Scene", text, "END SCENE"):
            self.model.submit(EndScene())

    def open_waiting_roll(self) -> TaskDialog | None:
        """Reopen the rolled Task waiting for its spends, whoever rolled it."""
        from bridge.ui.task_dialog import TaskDialog

        pending = self.model.state.pending
        if pending is None:
            return None
        window = self.stations.get(pending.station)
        if window is not None and pending.actor in self.model.state.characters:
            window.officer.setCurrentIndex(max(window.officer.findData(pending.actor), 0))
            dialog = window.reopen_roll()
            if dialog is not None:
                return dialog
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.raise_()
            return self.dialog if isinstance(self.dialog, TaskDialog) else None
        dialog = TaskDialog(
            self.model, pending.actor, pending.station, CATALOG[pending.action], self
        )
        dialog.show()
        self.dialog = dialog
        return dialog

    def edit_value(self) -> None:
        self._edit_value()

    def _edit_value(self, prefix: str = "") -> None:
        from bridge.ui.gm_dialogs import EditValueDialog

        self._show(EditValueDialog(self.model, self, prefix))

    def house_rules(self) -> None:
        from bridge.ui.gm_dialogs import HouseRulesDialog

        self._show(HouseRulesDialog(self.model, self))

    def setup(self) -> None:
        from bridge.ui.gm_dialogs import SetupDialog

        self._show(SetupDialog(self.model, self))

    def _show(self, dialog: QWidget) -> None:
        self.dialog = dialog
        dialog.show()

    def shared_laptop(self) -> SharedLaptopWindow:
        """For a table with one laptop: the acting officer's card comes up by itself."""
        from bridge.ui.shared_laptop import SharedLaptopWindow

        if self.laptop is None or not self.laptop.isVisible():
            self.laptop = SharedLaptopWindow(self.model)
        self.laptop.show()
        self.laptop.raise_()
        return self.laptop

    def remove_trait(self) -> None:
        """Take an Advantage or a Complication off the battle (undo brings it back)."""
        traits = self.model.state.traits
        if not traits:
            self.statusBar().showMessage("There is no Advantage or Complication to remove.", 6000)
            return
        names = [f"{t.kind.capitalize()}: {t.name}" for t in traits]
        chosen, ok = QInputDialog.getItem(
            self, "Remove", "Advantage or Complication:", names, 0, False
        )
        if ok and chosen in names:
            self.model.submit(RemoveTrait(name=traits[names.index(chosen)].name))

    def dice_tray(self) -> DiceTray:
        from bridge.ui.dice_tray import DiceTray

        if self.tray is None:
            self.tray = DiceTray(self.model)
        self.tray.show()
        self.tray.raise_()
        return self.tray

    def library(self) -> None:
        from bridge.ui.library_dialog import LibraryDialog

        self._show(LibraryDialog(self.model, self))

    def character_library(self) -> CharacterLibraryDialog:
        from bridge.ui.character_library import CharacterLibraryDialog

        dialog = CharacterLibraryDialog(self.model, self)
        self._show(dialog)
        return dialog

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
        """The next Task's Difficulty and complication range (seed 003: the GM's call)."""
        from bridge.ui.gm_dialogs import NextTaskDialog

        self._show(NextTaskDialog(self.model, self))

    def begin_session(self) -> None:
        text = (
            "Begin a new session? Threat becomes 2 for each player character "
            f"({2 * len(self.model.state.characters)}), every officer's Determination 1."
        )
        if confirm(self, "New session", text, "BEGIN SESSION"):
            self.model.submit(BeginSession())

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
        if self.laptop is not None:
            self.laptop.close()
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
        npc_step = npcs_only(state)
        for button, reason in (
            (self.start_button, start),
            (self.autopilot, npc_step),
            (self.end_round, why_not(state, EndRound())),
            (self.end_scene, why_not(state, EndScene())),
            (
                self.waiting_button,
                None if state.pending is not None else "No rolled Task is waiting.",
            ),
            (self.end_button, why_not(state, EndTurn())),
            (self.keep_button, why_not(state, EndTurn(keep_initiative=True))),
            (self.npc_first, why_not(state, NpcActsFirst())),
            (self.npc_attempt, npc_acting),
            (self.npc_minor_button, npc_acting),
        ):
            set_state(button, reason, _AUTOPILOT_TIP if button is self.autopilot else "")

    def viewscreen(self) -> QWidget:
        """The main viewscreen (one window, raised if open)."""
        from bridge.ui.viewscreen import show_viewscreen

        return show_viewscreen(self.model, self)
