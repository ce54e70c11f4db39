"""A station window: the reference card as controls, plus the ship state it needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence
from PySide6.QtWidgets import (
    QApplication,
    QComboBox,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QMenu,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSplitter,
    QTabBar,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import (
    CATALOG,
    ActionDef,
    Change,
    Command,
    Encounter,
    EndTurn,
    MinorAction,
    PendingTask,
    SpendMomentum,
    StartTurn,
    Station,
    acting,
    seat_line,
)
from bridge.rules.stats import System
from bridge.ui.base.help import STATION, add_help_key
from bridge.ui.base.seat_model import for_crew
from bridge.ui.base.settings import restore_geometry, save_geometry
from bridge.ui.base.station_model import StationModel
from bridge.ui.base.text_size import TextSize
from bridge.ui.base.theme import STATION_COLORS, scaled, window_scale
from bridge.ui.station.card_back import card_back_html
from bridge.ui.station.card_front import CardFront
from bridge.ui.station.ship_state import ShipState
from bridge.ui.station.station_more import MoreMenu
from bridge.ui.widgets.fit import ScreenFit, keep_on_screen, scrolling
from bridge.ui.widgets.flow_layout import FlowLayout
from bridge.ui.widgets.lcars import LcarsHeader, Pill
from bridge.ui.widgets.reason_label import ReasonLabel
from bridge.ui.widgets.slot_button import SlotButton
from bridge.ui.widgets.steady import set_choices, set_state
from bridge.ui.widgets.steady_label import SteadyLabel

if TYPE_CHECKING:  # the Task dialog loads when a Task is first opened
    from bridge.ui.station.task_dialog import TaskDialog

__all__ = ["StationWindow"]

_WATCH = (
    Change.TURN
    | Change.POOLS
    | Change.SHIPS
    | Change.PENDING
    | Change.OUTCOME
    | Change.SEATS
    | Change.CREW
    | Change.DURATIONS
    | Change.ZONES
    | Change.LOG
    | Change.HOUSE_RULES
)


FRONT = (740, 626)
"""The card's and the ship's state's widths at first."""
CARD_SHARE = FRONT[0] / sum(FRONT)
"""The card's share of the width at 100%."""
CARD_SHARE_MOST = 0.6
"""The most the card takes as the text grows (from 110%): the ship's state keeps its
tables whole beside it at 120%."""


def seat_reason(state: Encounter, officer: str) -> str:
    """The line under the Turn's controls when nothing is refused: whose part of the Turn
    this officer holds (the engine's :func:`~bridge.engine.ship.whose_turn`)."""
    a = acting(state)
    name = state.name_of
    if a.owner is None or a.now is None:
        return ""
    if a.kind == "directed" and officer == a.now:
        return f"{name(a.owner)} directs you: attempt one Task; they assist with Command."
    if a.kind == "directed" and officer == a.owner:
        return f"{name(a.now)} attempts the Task you directed; your Turn goes on after it."
    if a.kind == "readied" and officer == a.now:
        return f"Your readied Task interrupts {name(a.owner)}'s Turn: attempt it now."
    return ""


class StationWindow(QMainWindow):
    """One bridge station; the officer seated there drives it.

    ``embedded``: a card inside another window (the shared laptop), which keeps the
    text size, the place on the screen and the geometry for it."""

    sig_closed = Signal(object)
    """Emitted with the Station when the window closes."""

    def __init__(
        self,
        model: StationModel,
        station: Station,
        parent: QWidget | None = None,
        embedded: bool = False,
    ) -> None:
        super().__init__(parent)
        model = for_crew(model, self)  # the players' window: the crew's view, always
        self.model = model
        self.station = station
        self.embedded = embedded
        self.dialog: TaskDialog | None = None
        self._signalled: tuple[int, str | None] | None = None
        self._controls: dict[tuple[str, bool], tuple[Command, ...]] = {}
        self.setWindowTitle(f"Bridge — {station.label}")
        self.resize(1280, 690)
        self.text_size: TextSize | None = None
        if not embedded:
            self.text_size = TextSize(
                self, self.geometry_key, self.rescale, lambda: [self.dialog] if self.dialog else []
            )
        color = STATION_COLORS[station.value]

        # Widgets are made with their parent where they go: under the stylesheet, one
        # made alone and added later would have its style worked out again.
        root = QWidget()
        self.setCentralWidget(scrolling(root))
        layout = QVBoxLayout(root)
        layout.setSpacing(4)  # (the card's height is for its entries)
        self.header = LcarsHeader(station.label, color, root)
        layout.addWidget(self.header)

        head = self.header.band
        self.turn_label = SteadyLabel(parent=head)
        self.turn_label.setObjectName("big")
        self.momentum_pill = Pill("", "#ffcc66", head)
        self.threat_pill = Pill("", "#ff5544", head)
        self.det_pill = Pill("", "#cc99cc", head)
        for w in (self.turn_label, self.momentum_pill, self.threat_pill, self.det_pill):
            self.header.addRight(w)

        # The officer and the Turn's controls: one row, or more when the window is too
        # narrow for them at its text size.
        officer_row = FlowLayout()
        layout.addLayout(officer_row)
        who = QWidget(root)
        who_row = QHBoxLayout(who)
        who_row.setContentsMargins(0, 0, 0, 0)
        who_row.addWidget(QLabel("OFFICER", who))
        self.officer = QComboBox(who)
        who_row.addWidget(self.officer)
        officer_row.addWidget(who)
        self.start_button = QPushButton("START TURN", root)
        self.end_button = QPushButton("END TURN", root)
        self.keep_button = QPushButton("KEEP THE INITIATIVE (2)", root)
        self.extra_minor_button = QPushButton("EXTRA MINOR (1)", root)
        self.swift_button = QPushButton("SWIFT TASK (2)", root)
        for b, tip in (
            (self.start_button, "Ctrl+T"),
            (self.end_button, "Ctrl+E"),
            (self.keep_button, "End the Turn and let an ally act next (Ctrl+K)"),
            (self.extra_minor_button, "Spend 1 Momentum for another Minor Action"),
            (self.swift_button, "Spend 2 Momentum for a second Task at +1"),
        ):
            b.setToolTip(tip)
            officer_row.addWidget(b)
        self.more_button = QPushButton("MORE", root)
        self.more_button.setToolTip(
            "Create Advantage or Problem, Obtain Information, pay with Threat, Determination, "
            "Values, a readied Task's trigger"
        )
        self.more_menu = MoreMenu(self.model, self.officer_id, self)
        self.more_button.setMenu(self.more_menu)
        officer_row.addWidget(self.more_button)
        # The sides of the card, and why the Turn's controls are as they are beside
        # them: a row two lines of reasons tall, as tall as the tabs, so a reason that
        # comes or goes moves nothing.
        sides_row = QHBoxLayout()
        layout.addLayout(sides_row)
        self.sides = QTabBar(root)
        self.sides.addTab("CARD")
        self.sides.addTab("RULES AND MOMENTUM")
        self.sides.setToolTip("Turn the card over (F2)")
        self.sides.setDrawBase(False)
        sides_row.addWidget(self.sides, 0, Qt.AlignmentFlag.AlignVCenter)
        self.reason = ReasonLabel(lines=2, parent=root)
        self.reason.setObjectName("reason")
        sides_row.addWidget(self.reason, 1, Qt.AlignmentFlag.AlignVCenter)
        # Its room kept: coming up moves nothing, and lays nothing out again. At the end
        # of this row, not the Turn's: there, a row of its own when the Turn's controls
        # wrap, it left a blank band across the window from 110%.
        self.waiting_button = SlotButton("ROLL WAITING: OPEN", "No rolled Task waiting", root)
        self.waiting_button.setObjectName("primary")
        self.waiting_button.setToolTip("Reopen the rolled Task waiting for its spends (Ctrl+W)")
        self.waiting_button.clicked.connect(self.reopen_roll)
        sides_row.addWidget(self.waiting_button, 0, Qt.AlignmentFlag.AlignVCenter)
        self.tabs = QTabWidget(root)
        self.tabs.tabBar().hide()  # the sides above stand for its tabs
        # The card takes the height left: its columns scroll inside it, so what it holds
        # never makes the window scroll (or a line of text above it move it).
        self.tabs.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        layout.addWidget(self.tabs, 1)
        front = QSplitter(Qt.Orientation.Horizontal)
        self.tabs.addTab(front, "CARD")
        self._back: QTextBrowser | None = None  # written when the card is turned over
        self._back_page = QWidget()
        QVBoxLayout(self._back_page).setContentsMargins(0, 0, 0, 0)
        self.tabs.addTab(self._back_page, "RULES AND MOMENTUM")
        self.tabs.currentChanged.connect(self._fill_back)
        self.tabs.currentChanged.connect(self.sides.setCurrentIndex)
        self.sides.currentChanged.connect(self.tabs.setCurrentIndex)

        # Each column joins the splitter before it is filled, so the stylesheet polishes
        # every widget once, as it is created, not again when the column is reparented.
        self.card = CardFront(model, station, self._column(front, "card"), self._use)
        area = front.widget(0)
        assert area is not None
        self._card_area: QWidget = area
        self.buttons = self.card.buttons
        self.ship_state = ShipState(model, station, self._column(front, "readouts"))
        self._front = front
        readouts = front.widget(1)
        assert readouts is not None
        self._readouts: QWidget = readouts
        self.rescale()
        front.setSizes(list(FRONT))

        self.start_button.clicked.connect(self._start_turn)
        self.end_button.clicked.connect(lambda: self._end_turn(False))
        self.keep_button.clicked.connect(lambda: self._end_turn(True))
        self.extra_minor_button.clicked.connect(lambda: self._spend("extra_minor"))
        self.swift_button.clicked.connect(lambda: self._spend("swift_task"))
        self.officer.currentIndexChanged.connect(lambda _: self.refresh(Change.ALL))
        # The station's keys; a right-click anywhere on the card lists them, with the
        # window's text size (a station has no menu bar: its height is the card's).
        for text, seq, slot in (
            ("Start your Turn", "Ctrl+T", self._start_turn),
            ("End your Turn", "Ctrl+E", lambda: self._end_turn(False)),
            ("Keep the Initiative", "Ctrl+K", lambda: self._end_turn(True)),
            (
                "Turn the card over",
                "F2",
                lambda: self.tabs.setCurrentIndex(int(self.tabs.currentIndex() == 0)),
            ),
            ("Open the waiting roll", "Ctrl+W", self.reopen_roll),
        ):
            act = QAction(text, self)
            act.setShortcut(QKeySequence(seq))
            act.triggered.connect(slot)
            self.addAction(act)
        add_help_key(self, STATION)
        if self.text_size is not None:
            self.add_view_actions(self.text_size.actions())
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        self.header.setToolTip("Right-click: this window's keys and its text size")
        model.sig_changed.connect(self.refresh)
        model.sig_refused.connect(self._refused)
        self._said = QTimer(self)
        self._said.setSingleShot(True)
        self._said.timeout.connect(self._said_long_enough)
        self.fit: ScreenFit | None = None
        if not embedded:
            restore_geometry(self, self.geometry_key)
            self.fit = keep_on_screen(self)
        self.refresh(Change.ALL)

    def add_view_actions(self, actions: list[QAction]) -> None:
        """The text size's actions, last in the card's right-click menu (its keys work
        wherever the window is active)."""
        separator = QAction(self)
        separator.setSeparator(True)
        self.addAction(separator)
        for act in actions:
            self.removeAction(act)
            self.addAction(act)

    @property
    def geometry_key(self) -> str:
        """The key its place, size and text size are kept under."""
        return f"station-{self.station.value}"

    def rescale(self) -> None:
        """The few sizes set in pixels, at the window's text size; from 175% the ship
        state beside the card moves to a side of its own (SHIP), so that neither the
        card nor the ship state is cut at the window's width."""
        self.tabs.setMinimumHeight(min(round(scaled(200, self)), 300))
        self.officer.setMinimumWidth(round(scaled(260, self)))
        self._card_area.setMinimumWidth(round(scaled(440, self)))
        self.card.rescale()
        aside = self.tabs.indexOf(self._readouts) >= 0
        if window_scale(self) >= 1.75 and not aside:
            self.tabs.addTab(self._readouts, "SHIP")
            self.sides.addTab("SHIP")
        elif window_scale(self) < 1.75 and aside:
            self.sides.removeTab(self.tabs.indexOf(self._readouts))
            self.tabs.removeTab(self.tabs.indexOf(self._readouts))
            self._front.addWidget(self._readouts)
            self._readouts.show()
        if window_scale(self) < 1.75:
            QTimer.singleShot(0, self._share_width)  # once the new type is measured

    def _share_width(self) -> None:
        """The card's share of the width grows with the text (its lines of rules wrap
        less, and the card scrolls less or not at all); the ship's state beside it,
        readouts that may scroll, gives it up."""
        if self.tabs.indexOf(self._readouts) >= 0:
            return
        share = min(CARD_SHARE + (window_scale(self) - 1) * 0.6, CARD_SHARE_MOST)
        width = sum(self._front.sizes()) or sum(FRONT)
        card = round(width * share)
        self._front.setSizes([card, width - card])

    # -- building -----------------------------------------------------------------------
    @staticmethod
    def _column(splitter: QSplitter, name: str) -> QVBoxLayout:
        """A scrolling column, already in the splitter, for widgets to be added to."""
        scroll = QScrollArea()
        scroll.setObjectName(name)
        scroll.setWidgetResizable(True)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        splitter.addWidget(scroll)
        box = QWidget()
        scroll.setWidget(box)
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 6, 0)  # the card's height is for its entries
        return column

    @property
    def back(self) -> QTextBrowser:
        """The back of the card: its rules and Momentum spends, built and written the
        first time it is asked for (the first time the card is turned over)."""
        if self._back is None:
            back = QTextBrowser()
            back.setHtml(card_back_html(self.station, self.model.state.house_rules))
            layout = self._back_page.layout()
            assert layout is not None
            layout.addWidget(back)
            if self._back_page.isVisible():
                back.show()
            self._back = back
        return self._back

    def _fill_back(self, index: int) -> None:
        if index == 1:
            self.back.show()

    # -- reading ------------------------------------------------------------------------
    def officer_id(self) -> str | None:
        data = self.officer.currentData()
        return str(data) if data else None

    # -- refreshing ---------------------------------------------------------------------
    def refresh(self, changes: object) -> None:
        flags = changes if isinstance(changes, Change) else Change.ALL
        if not flags & _WATCH:
            return
        state = self.model.state
        if flags & (Change.SEATS | Change.CREW):
            self._fill_officers()
        officer = self.officer_id()
        if flags & (Change.TURN | Change.POOLS | Change.CREW | Change.OUTCOME):
            turn = state.turn
            self.turn_label.setText(seat_line(state, officer)[0])
            self.momentum_pill.setText(f"MOMENTUM {state.momentum.value}/{state.momentum.cap}")
            self.threat_pill.setText(f"THREAT {state.threat.value}")
            det = state.characters[officer].determination.value if officer else 0
            self.det_pill.setText(f"DETERMINATION {det}/3" if officer else "NO OFFICER")
            self.header.setSubtitle(f"ROUND {turn.round} · SCENE {turn.scene}")
        self._refresh_controls(officer)
        self._signal_turn(officer)
        if flags & (Change.PENDING | Change.TURN | Change.SEATS):
            self._show_waiting()
        if flags & Change.HOUSE_RULES and self._back is not None:
            self._back.setHtml(card_back_html(self.station, state.house_rules))
        self.ship_state.refresh(flags, state)

    def _signal_turn(self, officer: str | None) -> None:
        """When this officer's Turn comes: the header says so in words, the turn line
        turns to the station's colour, and the window asks the desktop for attention."""
        state = self.model.state
        turn = state.turn
        mine = seat_line(state, officer)[1]
        key = (turn.turn_id, turn.interrupt) if mine else None
        if mine and key != self._signalled:
            QApplication.alert(self)
        self._signalled = key
        color = STATION_COLORS[self.station.value] if mine else ""
        self.turn_label.setTextColor(color)

    def _fill_officers(self) -> None:
        state = self.model.state
        crew = state.crew_at(self.station)
        others = [c for c in state.seated_characters() if c not in crew]
        set_choices(
            self.officer,
            [(state.characters[cid].name, cid) for cid in crew]
            + [(f"{state.characters[cid].name} (Override)", cid) for cid in others],
        )

    def _refresh_controls(self, officer: str | None) -> None:
        state = self.model.state
        shared = self.card.refresh(officer)
        if officer is None:
            for w in (
                self.start_button,
                self.end_button,
                self.keep_button,
                self.extra_minor_button,
                self.swift_button,
            ):
                w.setEnabled(False)
            self.reason.setText("No officer is seated here: the GM can seat one.")
            return
        threat = self.more_menu.with_threat
        begin, end, keep, extra, swift = self._turn_commands(officer, threat)
        start = self.model.why_not(begin)
        cost = state.house_rules.keep_initiative_cost
        pay = "Threat" if threat else "Momentum"
        self.keep_button.setText(f"KEEP THE INITIATIVE ({cost})")
        controls = (
            (self.start_button, start, "Start your Turn (Ctrl+T)"),
            (self.end_button, self.model.why_not(end), "End your Turn (Ctrl+E)"),
            (
                self.keep_button,
                self.model.why_not(keep),
                f"End the Turn and let an ally act next: {cost} {pay} (Ctrl+K)",
            ),
            (self.extra_minor_button, self.model.why_not(extra), f"Another Minor Action: 1 {pay}"),
            (
                self.swift_button,
                self.model.why_not(swift),
                f"A second Task at +1 Difficulty: 2 {pay}",
            ),
        )
        for button, reason, tip in controls:
            set_state(button, reason, tip)
        if officer in (state.turn.interrupt, state.turn.actor):
            self.reason.setText("  ·  ".join(sorted(shared)) or seat_reason(state, officer))
        elif start is None:
            self.reason.setText("Not your Turn: start a Turn first.")
        else:
            self.reason.setText(f"Not your Turn: {start}")

    def _turn_commands(self, officer: str, threat: bool) -> tuple[Command, ...]:
        """The Turn's controls as the engine's gate judges them: start, end, keep the
        initiative, an extra Minor Action, a Swift Task (made once per officer and way of
        paying: Commands are immutable values)."""
        key = (officer, threat)
        made = self._controls.get(key)
        if made is None:
            made = self._controls[key] = (
                StartTurn(by=officer, actor=officer),
                EndTurn(by=officer),
                EndTurn(by=officer, keep_initiative=True, with_threat=threat),
                SpendMomentum(by=officer, spend="extra_minor", with_threat=threat),
                SpendMomentum(by=officer, spend="swift_task", with_threat=threat),
            )
        return made

    # -- acting -------------------------------------------------------------------------
    def _refused(self, reason: str) -> None:
        if self.isActiveWindow():
            self.say(reason, 8000)

    def say(self, text: str, ms: int) -> None:
        """Tell the player ``text`` for ``ms`` milliseconds, in the line of reasons (a
        status bar would take its height from the card the first time it showed)."""
        self.reason.setText(text)
        self._said.start(ms)

    def _said_long_enough(self) -> None:
        self._refresh_controls(self.officer_id())

    def _start_turn(self) -> None:
        officer = self.officer_id()
        if officer:
            self.model.submit(StartTurn(by=officer, actor=officer))

    def _end_turn(self, keep: bool) -> None:
        officer = self.officer_id()
        if officer:
            threat = keep and self.more_menu.with_threat
            self.model.submit(EndTurn(by=officer, keep_initiative=keep, with_threat=threat))

    def _spend(self, spend: str) -> None:
        officer = self.officer_id()
        if officer:
            threat = self.more_menu.with_threat
            self.model.submit(SpendMomentum(by=officer, spend=spend, with_threat=threat))

    def _use(self, action: ActionDef) -> None:
        officer = self.officer_id()
        if officer is None:
            return
        if action.kind == "task":
            self.open_task(action)
        elif action.key == "restore":
            self._menu_restore(officer)
        elif action.key == "change_position":
            self._menu_position(officer)
        else:
            self.model.submit(MinorAction(by=officer, action=action.key))

    def open_task(self, action: ActionDef) -> TaskDialog | None:
        from bridge.ui.station.task_dialog import TaskDialog

        officer = self.officer_id()
        if officer is None:
            return None
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.close()
        self.dialog = TaskDialog(self.model, officer, self.station, action, self)
        self.dialog.finished.connect(lambda _: self._show_waiting())
        self.dialog.show()
        self._show_waiting()
        return self.dialog

    def _waiting_roll(self) -> PendingTask | None:
        """The rolled Task waiting for its spends, if it is this station's officer's."""
        pending = self.model.state.pending
        officer = self.officer_id()
        if pending is None or officer is None or pending.actor != officer:
            return None
        return pending

    def _show_waiting(self) -> None:
        open_here = self.dialog is not None and self.dialog.isVisible()
        self.waiting_button.setShown(self._waiting_roll() is not None and not open_here)

    def reopen_roll(self) -> TaskDialog | None:
        """Open the dialog again on this officer's waiting roll (after a crash, an undo
        and redo, or closing it): its dice, spends and RESOLVE are all there."""
        pending = self._waiting_roll()
        if pending is None:
            return None
        if self.dialog is not None and self.dialog.isVisible() and self.dialog._mine(pending):
            self.dialog.raise_()
            self.dialog.activateWindow()
            return self.dialog
        return self.open_task(CATALOG[pending.action])

    def _menu_restore(self, officer: str) -> None:
        menu = QMenu(self)
        for param in self.model.minor_options(officer, "restore"):  # (the engine's choices)
            for choice in param.choices:
                if choice.reason is None:
                    system = System(str(choice.value))
                    act = menu.addAction(f"Restore {choice.label}")
                    act.triggered.connect(
                        lambda _=False, s=system: self.model.submit(
                            MinorAction(by=officer, action="restore", system=s)
                        )
                    )
        if menu.isEmpty():
            self.say("No system has an Impact to clear.", 6000)
            return
        menu.popup(
            self.buttons["restore"].button.mapToGlobal(
                self.buttons["restore"].button.rect().bottomLeft()
            )
        )

    def _menu_position(self, officer: str) -> None:
        menu = QMenu(self)
        for param in self.model.minor_options(officer, "change_position"):
            for choice in param.choices:
                station = Station(str(choice.value))
                act = menu.addAction(choice.label)
                act.setEnabled(choice.reason is None)
                act.setToolTip(choice.reason or "")
                act.triggered.connect(
                    lambda _=False, s=station: self.model.submit(
                        MinorAction(by=officer, action="change_position", station=s)
                    )
                )
        menu.popup(
            self.buttons["change_position"].button.mapToGlobal(
                self.buttons["change_position"].button.rect().bottomLeft()
            )
        )

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.embedded:
            save_geometry(self, self.geometry_key)
        self.model.sig_changed.disconnect(self.refresh)
        self.model.sig_refused.disconnect(self._refused)
        self.sig_closed.emit(self.station)
        super().closeEvent(event)
