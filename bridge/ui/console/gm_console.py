"""The GM console: the battle at a glance, NPC Turns, pools, log, and every GM control."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QDragEnterEvent, QDropEvent, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QGroupBox,
    QMainWindow,
    QSizePolicy,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import CATALOG, Change, Encounter, MoveShip, Station, turn_text
from bridge.rules.hidden import reveal
from bridge.storage.autosave import AutosaveJournal
from bridge.ui.base.settings import restore_geometry, save_geometry
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.text_size import TextSize, take_text_size
from bridge.ui.base.theme import COLORS, scaled
from bridge.ui.conflict.gm_conflict import ConflictControls
from bridge.ui.console.battle_files import BattleFiles
from bridge.ui.console.command_labels import command_label
from bridge.ui.console.console_menus import build_menus
from bridge.ui.console.npc_controls import NpcControls
from bridge.ui.console.pools_box import PoolsBox
from bridge.ui.console.turn_order import TurnOrder
from bridge.ui.widgets.fit import keep_on_screen, scrolling
from bridge.ui.widgets.in_play import InPlayList
from bridge.ui.widgets.lcars import LcarsHeader, Pill, section_label
from bridge.ui.widgets.log_view import SHOWN, LogView
from bridge.ui.widgets.ship_status import ContactsTable
from bridge.ui.widgets.status_line import StatusLine
from bridge.ui.widgets.steady_label import SteadyLabel
from bridge.ui.widgets.zone_map import ZoneMapView

if TYPE_CHECKING:  # each window and dialog loads when first opened
    from bridge.ui.base.seat_model import SeatModel
    from bridge.ui.conflict.conflict_window import ConflictWindow
    from bridge.ui.console.dice_tray import DiceTray
    from bridge.ui.console.ship_panel import ShipPanel
    from bridge.ui.library.character_library import CharacterLibraryDialog
    from bridge.ui.station.station_window import StationWindow
    from bridge.ui.station.task_dialog import TaskDialog
    from bridge.ui.table.shared_laptop import SharedLaptopWindow

__all__ = ["GmConsole"]

SIZES = (440, 480, 420)
"""The columns' widths at first: the GM's controls, the picture, the log."""
LOG_LEAST = 300
"""The narrowest the log column may be (at 100%) before it joins the picture's tabs."""
MINIMUM = QSize(640, 400)
"""The smallest the console may be made (what it holds then scrolls inside it)."""


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
        self.conflict_cards: dict[str, ConflictWindow] = {}
        self.dialog: QWidget | None = None
        self.confirm_quit = True
        self.tray: DiceTray | None = None
        self.laptop: SharedLaptopWindow | None = None
        self._crew: SeatModel | None = None
        self.resize(1340, 690)
        self.setMinimumSize(MINIMUM)  # smaller, its header's words ran over each other
        self.text_size = TextSize(self, "gm-console", self.rescale, self._followers)

        root = QWidget()
        self.setCentralWidget(scrolling(root))
        layout = QVBoxLayout(root)
        self.header = LcarsHeader("GM Console", COLORS.orange)
        self.round_pill = Pill("", COLORS.orange, self.header.band)
        self.turn_label = SteadyLabel(parent=self.header.band)
        self.turn_label.setObjectName("big")
        # The pools sit in the header beside whose Turn it is, as on a station (up to
        # 130%; larger, at the top of the GM's controls): the column under them kept
        # the ship's controls whole at 120% only without them.
        self.pools = PoolsBox(self.model, self.header.band, inline=True)
        self.header.addRight(self.pools)
        self.header.addRight(self.turn_label)
        self.header.addRight(self.round_pill)
        layout.addWidget(self.header)
        split = QSplitter(Qt.Orientation.Horizontal)
        self._split = split
        # The columns take the height left (each scrolls by itself): what they hold
        # never makes the window scroll as a whole.
        split.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        layout.addWidget(split, 1)
        split.addWidget(self._controls())
        split.addWidget(self._picture())
        right = QWidget()
        self._log_column = right
        rcol = QVBoxLayout(right)
        rcol.setContentsMargins(0, 0, 0, 0)
        rcol.addWidget(section_label("In play"))
        self.in_play = InPlayList(right)
        rcol.addWidget(self.in_play)
        rcol.addWidget(section_label("Battle log"))
        self.log = LogView()
        rcol.addWidget(self.log, 1)
        split.addWidget(right)
        split.setSizes(list(SIZES))
        self._fight_mode = False  # a fight on foot pauses the ship battle
        self._columns_timer = QTimer(self)  # the columns sized once events settle
        self._columns_timer.setSingleShot(True)
        self._columns_timer.setInterval(0)
        self._columns_timer.timeout.connect(self._size_columns)
        self.rescale()
        self.menus = build_menus(self, self)
        # There from the start, two lines tall: a first message moves nothing, a long
        # one is read whole.
        self.setStatusBar(StatusLine(self))
        model.sig_changed.connect(self.refresh)
        model.sig_grouped.connect(lambda: self._undo_texts(self.model.state))
        model.sig_refused.connect(lambda reason: self.statusBar().showMessage(reason, 10000))
        restore_geometry(self, "gm-console")
        self.fit = keep_on_screen(self)
        self.refresh(Change.ALL)

    # -- building -----------------------------------------------------------------------
    def _controls(self) -> QWidget:
        """The GM's hands: the pools (first, always in view), turn order, the NPC ship on
        its Turn; a column that scrolls by itself at a large text size."""
        box = QWidget()
        area = scrolling(box, "controls")
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._controls_area = area
        col = QVBoxLayout(box)
        col.setContentsMargins(0, 0, 6, 0)
        col.setSpacing(2)  # (the boxes' titles keep them apart)
        self.pools_box = QGroupBox("POOLS", box)  # (the pools, from 130%)
        QVBoxLayout(self.pools_box)
        self.pools_box.hide()
        col.addWidget(self.pools_box)
        self.turn_order = TurnOrder(self.model, box)
        self.turn_order.sig_open_waiting.connect(self.open_waiting_roll)
        col.addWidget(self.turn_order)
        self.npc = NpcControls(self.model, box)
        self.npc.chosen = self.turn_order.next_actor.currentData
        self.npc.sig_said.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.npc.sig_task_opened.connect(self._show)
        col.addWidget(self.npc)
        col.addStretch()
        for choice in box.findChildren(QComboBox):  # long entries elide, not widen the column
            choice.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
            )
            choice.setMinimumContentsLength(16)
        return area

    def rescale(self) -> None:
        """Arrange the console for its text size: the pools in the header up to 130%,
        from there at the top of the GM's controls (which scroll by themselves); the
        GM's controls as wide as they need; the columns as :meth:`_arrange_columns`
        says."""
        inline = self.text_size.scale < 1.3
        layout = self.pools_box.layout()
        assert layout is not None
        if inline and not self.header.holds(self.pools):
            self.header.insertRight(0, self.pools)
        elif not inline and self.header.holds(self.pools):
            layout.addWidget(self.pools)
        self.pools.arrange(inline)
        self._arrange_columns()
        # From 180% the long tab names go short (whole in their tooltip): at 200% on a
        # laptop the bar read "PER" beside arrows, the rest of it out of reach.
        short = self.text_size.scale >= 1.8
        for page, name, brief in (
            (self._ship_tab_area, "SHIP PANEL", "SHIP"),
            (self._conflict_tab, "PERSONAL CONFLICT", "ON FOOT"),
        ):
            index = self.picture_tabs.indexOf(page)
            self.picture_tabs.setTabText(index, brief if short else name)
            self.picture_tabs.setTabToolTip(index, name.capitalize() if short else "")
        # (and their pills hold their words closer; set only when it changes, as a style
        # sheet set again repolishes the whole tab widget, at the start too)
        sheet = "QTabBar::tab { padding-left: 6px; padding-right: 6px; }" if short else ""
        if self.picture_tabs.styleSheet() != sheet:
            self.picture_tabs.setStyleSheet(sheet)
        self._columns_timer.start()  # once the new type is measured

    def _arrange_columns(self) -> None:
        """While a fight on foot pauses the ship battle, the ship's Turn order and NPC
        ship step aside (greyed, they took a third of the console) and the fight's map
        and figures take the room; the pools stay in view (in the header, or alone in
        the column from 130%)."""
        fight = self._fight_mode
        self.turn_order.setVisible(not fight)
        self.npc.setVisible(not fight)
        pools_here = not self.header.holds(self.pools)
        self.pools_box.setVisible(pools_here)
        self._controls_area.setVisible(pools_here or not fight)
        self._fit_controls()

    def _fit_controls(self) -> None:
        """The GM's controls as wide as they need (with room for their scroll bar)."""
        box = self._controls_area.widget()
        assert box is not None
        bar = self._controls_area.verticalScrollBar().sizeHint().width()
        self._controls_area.setMinimumWidth(box.minimumSizeHint().width() + bar)

    def _log_tabbed(self, tabbed: bool) -> None:
        """The battle log (and what is in play) as a tab of the picture, or a column."""
        now = self.picture_tabs.indexOf(self._log_column) >= 0
        if tabbed and not now:
            self.picture_tabs.addTab(self._log_column, "LOG")
        elif not tabbed and now:
            self.picture_tabs.removeTab(self.picture_tabs.indexOf(self._log_column))
            self._split.addWidget(self._log_column)
            self._log_column.show()

    def _size_columns(self) -> None:
        """The columns' widths: the GM's controls as wide as they need, the picture as
        wide as its table of ships (at 120% "USS Resol…" was cut), the log the rest; when
        the log would be too narrow to read, or from 130%, it joins the picture's tabs,
        so the picture and the ship panel keep their width. While a fight pauses the
        ship battle its map takes two thirds of the width beside the log."""
        total = self._split.width()
        self._fit_controls()  # (measured again: the type may have settled since)
        shown = self._controls_area.isVisibleTo(self)
        controls = self._controls_area.minimumWidth() + round(scaled(6, self)) if shown else 0
        ships = self.ships
        need = (
            sum(
                max(ships.sizeHintForColumn(c), ships.horizontalHeader().sectionSizeHint(c))
                for c in range(ships.columnCount())
            )
            + 2 * ships.frameWidth()
            + round(scaled(24, self))
        )
        picture = max(need, round(scaled(SIZES[1], self)))
        narrow = total - controls - picture < scaled(LOG_LEAST, self)
        fight = self._fight_mode and not controls
        self._log_tabbed(self.text_size.scale >= 1.3 or (narrow and not fight))
        if self.picture_tabs.indexOf(self._log_column) >= 0:
            self._split.setSizes([controls, total - controls, 0])
        elif fight:
            self._split.setSizes([0, total * 2 // 3, total - total * 2 // 3])
        else:
            self._split.setSizes([controls, picture, total - controls - picture])

    def _picture(self) -> QWidget:
        """The tactical picture (every ship, the zones they stand in) and, on its own tab,
        the ship panel: everything about one ship, NPC ships included (built when its
        tab is first shown)."""
        self.picture_tabs = QTabWidget()
        box = QWidget()
        self.picture_tabs.addTab(scrolling(box, "battle"), "BATTLE")
        self._ship_panel: ShipPanel | None = None
        self._ship_tab = QWidget()
        QVBoxLayout(self._ship_tab).setContentsMargins(0, 0, 0, 0)
        self._ship_tab_area = scrolling(self._ship_tab, "ship panel")
        self.picture_tabs.addTab(self._ship_tab_area, "SHIP PANEL")
        self.picture_tabs.currentChanged.connect(self._tab_shown)
        self.conflict = ConflictControls(self.model)
        self.conflict.sig_said.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.conflict.sig_open_cards.connect(self.open_conflict_cards)
        self._conflict_tab = scrolling(self.conflict, "battle")  # scrolls at a large size
        self._conflict_tab.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.picture_tabs.addTab(self._conflict_tab, "PERSONAL CONFLICT")
        self._conflict_running = False
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

    def add_notice(self, notice: QWidget) -> None:
        """Show ``notice`` at the top of the log column (the demo's first start says
        there what to do first), where it takes no room from the GM's controls."""
        layout = self._log_column.layout()
        assert isinstance(layout, QVBoxLayout)
        layout.insertWidget(0, notice)

    def show_conflict_tab(self) -> None:
        """Bring the PERSONAL CONFLICT tab to the front."""
        self.picture_tabs.setCurrentWidget(self._conflict_tab)

    @property
    def ship_panel(self) -> ShipPanel:
        """The ship panel, built the first time it is asked for."""
        if self._ship_panel is None:
            from bridge.ui.console.ship_panel import ShipPanel

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

    # -- station windows ----------------------------------------------------------------
    @property
    def crew_model(self) -> SeatModel:
        """The battle as the crew sees it: what the station windows, the shared laptop and
        the viewscreen on this laptop read (the same as a network seat receives)."""
        if self._crew is None:
            from bridge.ui.base.seat_model import SeatModel

            self._crew = SeatModel(self.model, parent=self)
        return self._crew

    def open_station(self, station: Station) -> StationWindow:
        from bridge.ui.station.station_window import StationWindow

        window = self.stations.get(station)
        if window is None:
            window = StationWindow(self.crew_model, station)
            window.sig_closed.connect(self._closed)
            self.stations[station] = window
        window.show()
        window.raise_()
        self.menus.windows[station].setChecked(True)
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
        self.menus.windows[station].setChecked(False)
        self.sig_windows_changed.emit()

    # -- the personal conflict -----------------------------------------------------------
    def _show_conflict(self, state: Encounter) -> None:
        """The PERSONAL CONFLICT tab; it comes forward when a conflict starts."""
        recent, _length = self.model.recent_journal(1)
        last = recent[-1].log if recent and recent[-1].command.on_foot else ()
        self.conflict.refresh(state, tuple(reveal(line) for line in last))  # the GM's words
        running = state.conflict is not None and not state.conflict.ended
        if running and not self._conflict_running:
            self.show_conflict_tab()
        self._conflict_running = running
        fight = state.conflict is not None and state.conflict.pause_ship
        if fight != self._fight_mode:
            self._fight_mode = fight
            self._arrange_columns()
            self._columns_timer.start()
        if state.conflict is None:  # back on the ship: the officers' cards go with the fight
            for window in list(self.conflict_cards.values()):
                window.close()

    def open_conflict_card(self, character: str) -> ConflictWindow:
        """The Conflict card window of ``character`` (on this laptop: the crew's view)."""
        from bridge.ui.conflict.conflict_model import LocalConflictSeat
        from bridge.ui.conflict.conflict_window import ConflictWindow

        window = self.conflict_cards.get(character)
        if window is None:
            window = ConflictWindow(LocalConflictSeat(self.model, character))
            window.sig_closed.connect(self._conflict_closed)
            self.conflict_cards[character] = window
        window.show()
        window.raise_()
        return window

    def open_conflict_cards(self) -> None:
        """A Conflict card for every officer in the personal conflict; cards with no
        remembered place cascade, each whole on the screen, none on another."""
        from bridge.ui.base.settings import settings

        conflict = self.model.state.conflict
        if conflict is None:
            return
        officers = [
            f.character
            for f in conflict.figures.values()
            if f.character is not None and not f.withdrawn
        ]
        for i, character in enumerate(officers):
            window = self.open_conflict_card(character)
            if not settings().contains(f"windows/{window.geometry_key}/geometry"):
                window.fit.slot = (i, len(officers))
                window.fit.place()

    def _conflict_closed(self, character: str) -> None:
        window = self.conflict_cards.pop(character, None)
        if window is not None:
            window.deleteLater()

    # -- refreshing ---------------------------------------------------------------------
    def refresh(self, changes: object) -> None:
        flags = changes if isinstance(changes, Change) else Change.ALL
        state = self.model.state
        turn = state.turn
        if flags & (Change.TURN | Change.OUTCOME | Change.SHIPS | Change.SEATS | Change.CONFLICT):
            self.round_pill.setText(f"ROUND {turn.round} · SCENE {turn.scene}")
            self.header.setSubtitle(state.name.upper())
            fight = state.conflict
            if fight is not None and not fight.ended:  # the fight on foot is what runs now
                words = self.conflict.picture.turn_words(state)
                self.turn_label.setText(f"ON FOOT: {words.upper()}")
            elif state.outcome:
                self.turn_label.setText(state.outcome.upper())
            elif turn.actor:
                self.turn_label.setText(f"ACTING: {turn_text(state).upper()}")
            else:
                self.turn_label.setText(f"{'PLAYERS' if turn.side == 'player' else 'NPCS'} TO ACT")
            self.turn_order.fill(state)
        self.turn_order.refresh(state)
        self.npc.refresh(state, fresh=flags == Change.ALL)
        if flags & Change.POOLS:
            self.pools.refresh(state)
        if flags & (Change.SHIPS | Change.ZONES):
            self.ships.setEncounter(state, state.player_ship, include_own=True)
            self.zone_map.setEncounter(state, state.player_ship)
        if flags & Change.LOG:
            self.log.setJournal(*self.model.recent_journal(SHOWN))
        if flags & (Change.TRAITS | Change.DURATIONS | Change.SHIPS | Change.CREW):
            self.in_play.setEncounter(state)
        if flags & (Change.CONFLICT | Change.POOLS | Change.LOG):
            self._show_conflict(state)
        self._undo_texts(state)

    def _undo_texts(self, state: Encounter) -> None:
        """Undo and Redo say what they would undo or redo ("Undo: Fire Weapon, Kell")."""
        session = self.model.session
        last = session.recent(1) if session.can_undo else ()
        redo = session.redo_entry
        ended = None  # whose Turn an End Turn the GM sent ended: its Start Turn says
        if last and last[-1].command.type == "end_turn" and last[-1].command.by == "gm":
            starts = [e.command for e in session.recent(40) if e.command.type == "start_turn"]
            ended = getattr(starts[-1], "actor", None) if starts else None
        for act, word, entry, group, key in (
            (self.menus.undo, "Undo", last[-1] if last else None, self.model.undo_group, "Ctrl+Z"),
            (self.menus.redo, "Redo", redo, self.model.redo_group, "Ctrl+Shift+Z"),
        ):
            hint = ended if word == "Undo" else None
            label = command_label(state, entry.command, hint) if entry is not None else ""
            if group is not None:  # one press played them: one undo takes them back
                label = f"{group.label} ({group.steps} steps)"
            act.setEnabled(entry is not None)
            act.setText(f"&{word}: {label}" if label else f"&{word}")
            act.setToolTip(f"{word} {label} ({key})" if label else f"Nothing to {word.lower()}")

    # -- acting -------------------------------------------------------------------------
    def open_waiting_roll(self) -> TaskDialog | None:
        """Reopen the rolled Task waiting for its spends, whoever rolled it."""
        from bridge.ui.station.task_dialog import TaskDialog

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
        from bridge.ui.console.edit_value import EditValueDialog

        self._show(EditValueDialog(self.model, self, prefix))

    def house_rules(self) -> None:
        from bridge.ui.console.house_rules import HouseRulesDialog

        self._show(HouseRulesDialog(self.model, self))

    def setup(self) -> None:
        from bridge.ui.console.encounter_setup import SetupDialog

        self._show(SetupDialog(self.model, self))

    def _show(self, dialog: QWidget) -> None:
        """Keep ``dialog`` as the console's latest and show it, at the console's text
        size."""
        self.dialog = dialog
        take_text_size(dialog, self)
        dialog.show()

    def _followers(self) -> list[QWidget]:
        """The dialogs that take the console's text size when it changes."""
        return [w for w in (self.dialog, self.tray) if w is not None and w.isVisible()]

    def shared_laptop(self) -> SharedLaptopWindow:
        """For a table with one laptop: the acting officer's card comes up by itself."""
        from bridge.ui.table.shared_laptop import SharedLaptopWindow

        if self.laptop is None or not self.laptop.isVisible():
            self.laptop = SharedLaptopWindow(self.crew_model)
        self.laptop.show()
        self.laptop.raise_()
        return self.laptop

    def dice_tray(self) -> DiceTray:
        from bridge.ui.console.dice_tray import DiceTray

        if self.tray is None:
            self.tray = DiceTray(self.model)
            take_text_size(self.tray, self)
        self.tray.show()
        self.tray.raise_()
        return self.tray

    def library(self) -> None:
        from bridge.ui.library.ship_library import LibraryDialog

        self._show(LibraryDialog(self.model, self))

    def character_library(self) -> CharacterLibraryDialog:
        from bridge.ui.library.character_library import CharacterLibraryDialog

        dialog = CharacterLibraryDialog(self.model, self)
        self._show(dialog)
        return dialog

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._columns_timer.start()

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
        from bridge.ui.console.next_task import NextTaskDialog

        self._show(NextTaskDialog(self.model, self))

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.confirm_quit and not self.files.confirm_discard():
            event.ignore()
            return
        sink = self.model.session.sink
        if isinstance(sink, AutosaveJournal):
            sink.close()
        save_geometry(self, "gm-console")
        for window in [*self.stations.values(), *self.conflict_cards.values()]:
            window.close()  # (a Conflict card left open kept the app running)
        if self.tray is not None:
            self.tray.close()
        if self.laptop is not None:
            self.laptop.close()
        super().closeEvent(event)

    def viewscreen(self) -> QWidget:
        """The main viewscreen (one window, raised if open)."""
        from bridge.ui.table.viewscreen import show_viewscreen

        return show_viewscreen(self.crew_model, self)
