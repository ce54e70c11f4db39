"""The Conflict card window: one officer's personal combat, as seed 001's sixth card.

The front holds the Minor Actions and the Tasks (attacks and damage among them), each a
button the engine's gate enables or disables with its reason, and each Task with its
Difficulty and exact odds for its first choices; the back holds the personal Momentum
spends. Above them: the officer's Stress track, Injury, Avoid Injury, weapons carried and
where they stand, the Turn's controls and the reason row, and what waits for them (a
rolled Task to resolve, an Injury to avoid, a Knockdown to resist).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QResizeEvent, QShowEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QSpinBox,
    QTabBar,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import (
    ActionInfo,
    Aim,
    ApplyDamage,
    CardEntry,
    Choice,
    ConflictCardView,
    ResolveTask,
    Spends,
    command_adapter,
)
from bridge.ui.base.help import CONFLICT_CARD
from bridge.ui.base.settings import restore_geometry, save_geometry
from bridge.ui.base.text_size import TextSize
from bridge.ui.base.theme import BAR_TEXT_LOW, COLORS, scaled, window_scale
from bridge.ui.conflict.conflict_dialog import ConflictEntryDialog
from bridge.ui.conflict.conflict_model import ConflictSeat
from bridge.ui.conflict.conflict_text import (
    back_html,
    down_words,
    outcome_lines,
    preview_lines,
    preview_summary,
)
from bridge.ui.conflict.roll_view import OutcomeView, RollView
from bridge.ui.widgets.card_keys import add_card_keys, add_view_actions, turn_over
from bridge.ui.widgets.challenge_dice import ChallengeDiceRow
from bridge.ui.widgets.control_dialog import ControlDialog
from bridge.ui.widgets.fit import keep_on_screen, scrolling
from bridge.ui.widgets.flow_layout import FlowLayout
from bridge.ui.widgets.lcars import LcarsHeader, Pill
from bridge.ui.widgets.opaque import OpaqueBar
from bridge.ui.widgets.reason_label import ReasonLabel
from bridge.ui.widgets.steady import set_bar, set_state
from bridge.ui.widgets.turn_controls import TurnControls

__all__ = ["ConflictWindow"]

LOG_TAIL = 40
"""The newest log entries read for how the officer's Task came out."""
DECISION_ANSWERS = 4
"""The most answers a decision takes (Avoid Injury: Momentum, Threat, a Complication, none)."""

COLOR = COLORS.peach
"""The Conflict card's colour (the bridge stations keep theirs)."""
MOST_ACROSS = 4
"""The most entries to a row of the card (the Tasks' grid has as many columns)."""
REASON_SAMPLE = "Your Turn: both taken, END TURN when ready"
"""A Turn's state as the line of reasons says it, which it holds in two lines beside
the Turn's controls (else it goes under them)."""
COMPACT_LEAST = 70
"""The least height (px at 100%) of the card while something waits: its titles and a
row of its entries, the rest scrolling inside it."""


def gist(text: str) -> str:
    """What a Task without a roll does, in its first words (whole in the tooltip): the
    first sentence up to its first colon or semicolon ("Nominate an ally you can talk
    to"), which two lines of the card hold at 120%."""
    first = re.split(r"\. |: |; ", text, maxsplit=1)[0]
    return first.rstrip(".")


def _row_width(
    box: QGroupBox, grid: QGridLayout, keys: list[str], buttons: dict[str, QPushButton]
) -> Callable[[int], int]:
    """The width ``box`` takes with ``n`` of its buttons to a row (each column as wide
    as the widest button: any of them may land in it), as a function of ``n``."""

    def width(n: int) -> int:
        widest = max((buttons[k].sizeHint().width() for k in keys), default=0)
        layout = box.layout()
        outer = box.contentsMargins()
        inner = layout.contentsMargins() if layout is not None else outer
        sides = outer.left() + outer.right() + inner.left() + inner.right()
        return n * widest + (n - 1) * max(grid.horizontalSpacing(), 0) + sides

    return width


def reroll_cost(kept: int, pool: int) -> str:
    """What Re-Roll Damage costs the officer now: 1 of the attack's own Momentum while it
    has some (seed 001: kept back as the attack resolved), else 1 from the group's pool."""
    if kept:
        return f"1 of the attack's {kept} Momentum"
    return f"1 Momentum from the pool ({pool})"


class ConflictWindow(QMainWindow):
    """One officer's Conflict card; the officer's player drives it."""

    sig_closed = Signal(str)
    """Emitted with the character id when the window closes."""

    def __init__(self, model: ConflictSeat, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._task_order: list[str] = []  # the Tasks' keys in the card's order
        self._minor_order: list[str] = []  # the Minor Actions' keys, the same
        self._task_layout: tuple[int, bool, int, int] | None = None  # as laid out
        self._compact = False  # something waits: the entries as buttons only
        self._reroll_cost = ""  # what Re-Roll Damage costs now, in words
        self.model = model
        self.character = model.character
        self.dialog: ConflictEntryDialog | None = None
        name = model.state.name_of(self.character)
        self.setWindowTitle(f"Bridge — Conflict card — {name}")
        self.resize(1280, 760)  # as tall as a laptop's screen allows (kept on it when shown)
        self.text_size = TextSize(
            self, "conflict-card", self._rescale, lambda: [self.dialog] if self.dialog else []
        )
        root = QWidget()
        self.setCentralWidget(scrolling(root))
        layout = QVBoxLayout(root)
        layout.setContentsMargins(8, 6, 8, 6)  # (close: the card fits a laptop at 120%)
        layout.setSpacing(4)
        self.header = LcarsHeader(f"CONFLICT · {name}", COLOR, root)
        layout.addWidget(self.header)
        self.turn_label = QLabel(root)
        self.turn_label.setObjectName("big")
        self.momentum_pill = Pill("", COLORS.gold, self.header)
        self.threat_pill = Pill("", COLORS.red, self.header)
        self.det_pill = Pill("", COLORS.lavender, self.header)
        self.det_pill.setToolTip(
            "The officer's Determination: a Moment of Inspiration, a second Task, Make It So"
        )
        for w in (self.turn_label, self.momentum_pill, self.threat_pill, self.det_pill):
            self.header.addRight(w)

        # The officer: Stress track, Injury, and what they carry and where they stand.
        status = QHBoxLayout()
        layout.addLayout(status)
        track = QVBoxLayout()
        status.addLayout(track)
        self.stress_bar = OpaqueBar(root)
        self.stress_bar.setTextVisible(True)
        track.addWidget(self.stress_bar)
        self.injury_label = QLabel(root)
        self.injury_label.setObjectName("big")
        track.addWidget(self.injury_label)
        track.addStretch(1)
        self.status = QLabel(root)
        status.addWidget(self.status, 1)
        self.down = QLabel(root)  # who is down, beside the status: it moves nothing
        self.down.setObjectName("reason")
        self.down.setWordWrap(True)
        self.down.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        status.addWidget(self.down, 1)
        # The card's sides, why the Turn's controls are as they are, and the controls, on
        # one row, as a station's (stacked beside the status, the controls made it three
        # buttons tall and the card scrolled). What waits comes under it: the Turn's
        # controls never move.
        turn = QHBoxLayout()
        self.sides = QTabBar(root)
        self.sides.addTab("CARD")
        self.sides.addTab("MOMENTUM SPENDS")
        self.sides.setDrawBase(False)
        self.sides.setToolTip("Turn the card over (F2)")
        turn.addWidget(self.sides, 0, Qt.AlignmentFlag.AlignVCenter)
        turn.addStretch(0)  # (the room the reasons leave, when they go under the row)
        self.reason = ReasonLabel(lines=2, parent=root)  # two lines kept: nothing moves
        self.reason.setObjectName("reason")
        turn.addWidget(self.reason, 1, Qt.AlignmentFlag.AlignVCenter)
        layout.addLayout(turn)
        self._turn_row = turn
        self._reason_row = QHBoxLayout()  # the reasons, when the row leaves them no room
        layout.addLayout(self._reason_row)
        # The Turn's controls, the engine's answer for the figure (as at a station).
        self.turn = TurnControls(root, model, self._controls_now, lambda: self.character, self.say)
        self.start_button = self.turn.buttons["start_turn"]
        self.end_button = self.turn.buttons["end_turn"]
        self.keep_button = self.turn.buttons["keep_initiative"]
        self.more_button = self.turn.more_button
        for b in (*self.turn.buttons.values(), self.more_button):
            turn.addWidget(b, 0, Qt.AlignmentFlag.AlignVCenter)
        self._said = QTimer(self)  # a refusal said in the line of reasons, for a while
        self._said.setSingleShot(True)
        self._said.timeout.connect(self.refresh)
        self._fit_later = QTimer(self)  # the card's room worked out once laid out
        self._fit_later.setSingleShot(True)
        self._fit_later.setInterval(0)
        self._fit_later.timeout.connect(self._fit)

        # What waits for this officer: a rolled Task, or a decision (Avoid Injury...).
        # What waits for this officer: a rolled Task (its dice and what they came to), its
        # damage dice, a decision (Avoid Injury...); then how the Task came out.
        self.waiting = QGroupBox("WAITING", root)
        beside = QHBoxLayout(self.waiting)  # the roll, and beside it what waits and answers
        beside.setContentsMargins(9, 4, 9, 6)
        rolled = QVBoxLayout()  # the roll, and under it what takes it on (in its room)
        beside.addLayout(rolled)
        self.roll_view = RollView(self.waiting)
        rolled.addWidget(self.roll_view)
        taking = QHBoxLayout()
        rolled.addLayout(taking)
        rolled.addStretch(1)
        waiting = QVBoxLayout()
        beside.addLayout(waiting, 1)
        self.waiting_text = QLabel(self.waiting)
        self.waiting_text.setWordWrap(True)
        waiting.addWidget(self.waiting_text)
        self.report = OutcomeView(self.waiting)  # the seat's log lines of how it came out
        waiting.addWidget(self.report)
        answers = FlowLayout()
        waiting.addLayout(answers)
        self.aim_button = QPushButton("AIM: RE-ROLL THE WORST DIE", self.waiting)
        self.bonus = QSpinBox(self.waiting)
        self.bonus.setPrefix("BONUS DAMAGE ")
        self.bonus.setRange(0, 12)
        self.bonus.setToolTip("Seed 001 Bonus Damage: +1 damage per Momentum")
        self.penetration = QSpinBox(self.waiting)
        self.penetration.setPrefix("PENETRATION ")
        self.penetration.setRange(0, 12)
        self.penetration.setToolTip("Seed 001 Penetration: ignore 2 Resistance per Momentum")
        self.disarm = QCheckBox("DISARM (2)", self.waiting)
        self.disarm.setToolTip("Seed 001 Disarm, 2 Momentum: the target's weapon in hand falls")
        self.secondary = QComboBox(self.waiting)
        self.secondary.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.secondary.setToolTip(
            "Seed 001 Secondary Target, 2 Momentum: a second figure within Reach of the target "
            "takes half the damage (rounded down)"
        )
        self.revive = QCheckBox("BACK IN THE FIGHT (2)", self.waiting)
        self.revive.setToolTip("First Aid's spend, 2 Momentum: the patient acts again at once")
        self.extra = QSpinBox(self.waiting)  # the Task's own repeatable effect
        self.extra.setRange(0, 12)
        self.information = QSpinBox(self.waiting)
        self.information.setPrefix("OBTAIN INFORMATION ")
        self.information.setRange(0, 12)
        self.advantage = QLineEdit(self.waiting)
        self.advantage.setPlaceholderText("CREATE ADVANTAGE (2): its name")
        self.advantage.installEventFilter(self)  # (its width follows its font)
        self.inspire_button = QPushButton("MOMENT OF INSPIRATION…", self.waiting)
        self.resolve_button = QPushButton("RESOLVE", self.waiting)
        self.resolve_button.setToolTip("Resolve the roll with the spends chosen (Ctrl+Return)")
        self.damage_dice = ChallengeDiceRow(self.waiting, selectable=True)
        self.damage_dice.setToolTip(
            "Seed 001 Re-Roll Damage, 1 Momentum: pick any of the attack's damage dice to "
            "re-roll them once before the damage lands"
        )
        self.damage_dice.sig_selection.connect(lambda _: self._damage_chosen())
        self.damage_button = QPushButton("APPLY DAMAGE", self.waiting)
        # A decision's answers, as the engine offers them (Avoid Injury: Momentum, Threat,
        # a Complication, or take it; a Knockdown: resist or fall prone).
        self.decision_buttons = [QPushButton(self.waiting) for _ in range(DECISION_ANSWERS)]
        for i, button in enumerate(self.decision_buttons):
            button.clicked.connect(lambda _=False, i=i: self._answer(i))
        controls: tuple[QWidget, ...] = (
            self.aim_button,
            self.bonus,
            self.penetration,
            self.disarm,
            self.secondary,
            self.revive,
            self.extra,
            self.information,
            self.advantage,
            self.inspire_button,
            self.resolve_button,
            self.damage_dice,
            self.damage_button,
            *self.decision_buttons,
        )
        # RESOLVE, APPLY DAMAGE and a Moment of Inspiration go under the roll, in the room
        # beside its words: the answers' rows there made what waits take a card's height.
        taken = (self.inspire_button, self.resolve_button, self.damage_button)
        for control in controls:
            if control not in taken:
                answers.addWidget(control)
        for control in taken:
            taking.addWidget(control)
        taking.addStretch(1)
        layout.addWidget(self.waiting)

        self.tabs = QTabWidget(root)
        self.tabs.tabBar().hide()  # the sides above stand for its tabs
        # The card takes the height left; its entries scroll inside it, as a station's.
        self.tabs.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.tabs.installEventFilter(self)  # (its width: how many entries go to a row)
        layout.addWidget(self.tabs, 1)
        front = QWidget()
        self.card_front = front
        self.tabs.addTab(scrolling(front, "card"), "CARD")  # its entries may scroll
        self.back = QTextBrowser()
        self.tabs.addTab(self.back, "MOMENTUM SPENDS")
        self.tabs.currentChanged.connect(self.sides.setCurrentIndex)
        self.sides.currentChanged.connect(self.tabs.setCurrentIndex)
        columns = QHBoxLayout(front)
        self.minor_box = QGroupBox("MINOR ACTIONS", front)
        self.task_box = QGroupBox("TASKS", front)
        columns.addWidget(self.minor_box)  # as wide as its buttons: the Tasks' lines
        columns.addWidget(self.task_box, 1)  # take the rest
        self.buttons: dict[str, QPushButton] = {}
        self.lines: dict[str, QLabel] = {}
        minor_column = QVBoxLayout(self.minor_box)
        minor_column.setContentsMargins(9, 4, 9, 6)
        self._minor_grid = QGridLayout()
        minor_column.addLayout(self._minor_grid)
        minor_column.addStretch(1)
        self._task_grid = QGridLayout(self.task_box)
        self._task_grid.setContentsMargins(9, 4, 9, 6)
        self.tasks_why = QLabel(self.task_box)  # a reason every Task shares, said once
        self.tasks_why.setObjectName("reason")
        self.tasks_why.setWordWrap(True)
        kept = self.tasks_why.sizePolicy()
        kept.setRetainSizeWhenHidden(True)  # its room kept: the Tasks never move
        self.tasks_why.setSizePolicy(kept)
        self.tasks_why.hide()
        self._task_grid.addWidget(self.tasks_why, 0, 0, 1, MOST_ACROSS)
        self._built = False
        self._rescale()

        self.resolve_button.clicked.connect(self._resolve)
        self.aim_button.clicked.connect(self._aim)
        self.inspire_button.clicked.connect(lambda: self.open_control("inspiration"))
        self.damage_button.clicked.connect(self._apply_damage)
        self._keys()
        model.sig_changed.connect(self.refresh)
        model.sig_refused.connect(self._refused)
        self._connected = True
        self.geometry_key = f"conflict-card-{model.character}"
        """Where this officer's card was last (each officer's card keeps its own place)."""
        restore_geometry(self, self.geometry_key)
        self.fit = keep_on_screen(self)
        self.refresh()

    def _keys(self) -> None:
        """A station's keys, with the same meaning and the same code: Ctrl+T starts the
        Turn, Ctrl+E ends it, Ctrl+K keeps the Initiative, F2 turns the card over, F1 its
        guide page; Ctrl+Return takes what waits (RESOLVE, APPLY DAMAGE; ROLL in an
        entry's form). A right-click on the card lists them with the text size."""
        self.turn.add_keys(self)
        primary = ("Resolve or apply what waits", "Ctrl+Return", self.primary)
        add_card_keys(self, (primary, turn_over(self.tabs)), CONFLICT_CARD, self.header)
        add_view_actions(self, self.text_size.actions())

    def _controls_now(self) -> dict[str, ActionInfo]:
        """The engine's Turn controls for the figure (none while no fight holds it)."""
        card = self.model.card()
        return dict(card.controls) if card is not None else {}

    def say(self, text: str, ms: int = 8000) -> None:
        """Tell the player ``text`` for ``ms`` milliseconds, in the line of reasons (a
        status bar would take its height from the card the first time it showed)."""
        self.reason.setText(text)
        self._said.start(ms)

    def primary(self) -> None:
        """Ctrl+Return: what waits for this officer, as the task dialog's does (RESOLVE,
        then APPLY DAMAGE); nothing that spends Determination or chooses for them."""
        for button in (self.resolve_button, self.damage_button):
            if button.isVisibleTo(self) and button.isEnabled():
                button.click()
                return
        self.say("Nothing waits to be resolved: a Task's form rolls with Ctrl+Return.", 6000)

    def _place_tasks(self) -> None:
        """The Minor Actions and the Tasks in the card's order, each down two columns up
        to a text size of 130% (twelve Tasks one under another scrolled on a laptop's
        screen, FIRST AID and OTHER TASK out of sight), and down one from there (two
        would wrap every line thrice). Each Task's line keeps two lines' room and the
        reason they share its own, so nothing moves as they change (at START TURN the
        Tasks jumped 107 px). While something waits for the officer (every entry then
        waits with it) the card steps aside for it: the Minor Actions and the Tasks as
        buttons only, in rows as many across as the card's width holds (four Tasks
        cut the fourth at the card's edge on a laptop at 120%), the Tasks' lines in
        their tooltips."""
        columns = 2 if window_scale(self) < 1.3 else 1
        if not self._task_order:
            return
        across = self._compact_rows() if self._compact else (columns, columns)
        layout = (columns, self._compact, *across)
        if layout == self._task_layout:
            return
        self._task_layout = layout
        minor_across, task_across = across
        down = -(-len(self._minor_order) // minor_across)
        for key in self._minor_order:
            self._minor_grid.removeWidget(self.buttons[key])
        for i, key in enumerate(self._minor_order):  # (rows while compact, as the Tasks)
            at = divmod(i, minor_across) if self._compact else (i % down, i // down)
            self._minor_grid.addWidget(self.buttons[key], *at)
        grid = self._task_grid
        for key in self._task_order:
            grid.removeWidget(self.buttons[key])
            grid.removeWidget(self.lines[key])
        for row in range(grid.rowCount()):
            grid.setRowStretch(row, 0)
        if self._compact:
            for i, key in enumerate(self._task_order):
                self.lines[key].hide()
                grid.addWidget(self.buttons[key], 1 + i // task_across, i % task_across)
            rows = -(-len(self._task_order) // task_across)
            for column in range(MOST_ACROSS):
                grid.setColumnStretch(column, 1 if column < task_across else 0)
        else:
            rows = -(-len(self._task_order) // columns)
            for i, key in enumerate(self._task_order):
                row, column = 1 + i % rows, 2 * (i // rows)  # (row 0: the shared reason)
                grid.addWidget(self.buttons[key], row, column)
                grid.addWidget(self.lines[key], row, column + 1)
                self.lines[key].show()
            for column in range(MOST_ACROSS):
                grid.setColumnStretch(column, 1 if column % 2 and column < 2 * columns else 0)
        grid.setRowStretch(rows + 1, 1)  # the room left goes under them, moving none
        self._keep_tasks_whole()

    def _compact_rows(self) -> tuple[int, int]:
        """How many Minor Actions and Tasks go to a row while something waits: the pair
        the card's width holds that makes the fewest rows (up to four Tasks and four
        Minor Actions across below 130%, three and two from there)."""
        large = window_scale(self) >= 1.3
        most_tasks, most_minors = (3, 2) if large else (MOST_ACROSS, MOST_ACROSS)
        width = self.tabs.width() - round(scaled(12, self))  # (less its scroll bar)
        front = self.card_front.layout()
        assert front is not None
        margins = front.contentsMargins()
        width -= margins.left() + margins.right() + front.spacing()
        minor = _row_width(self.minor_box, self._minor_grid, self._minor_order, self.buttons)
        task = _row_width(self.task_box, self._task_grid, self._task_order, self.buttons)
        fitting = [
            (m, t)
            for t in range(most_tasks, 0, -1)
            for m in range(most_minors, 0, -1)
            if minor(m) + task(t) <= width
        ]
        if not fitting:
            return (1, 1)

        def rows(pair: tuple[int, int]) -> tuple[int, int]:
            m, t = pair
            tall = max(-(-len(self._minor_order) // m), -(-len(self._task_order) // t))
            return (tall, -t)

        return min(fitting, key=rows)

    def _keep_tasks_whole(self) -> None:
        """While something waits, the card keeps its Tasks' buttons whole as far as the
        window has the room (what waits makes do with less: the outcome's lines scroll
        first); at a large text size the rest scrolls inside the card, never the
        window (every entry waits then: what waits comes first, down to a row of the
        card). Otherwise they scroll in the height the window has left."""
        least = round(scaled(100, self))
        if self._compact:
            self.card_front.adjustSize()
            whole = self.card_front.sizeHint().height() + 6
            least = max(round(scaled(COMPACT_LEAST, self)), min(whole, self._room_for_card()))
        if self.tabs.minimumHeight() != least:
            self.tabs.setMinimumHeight(least)

    def _room_for_card(self) -> int:
        """The height the window leaves the card under what is above it (the header,
        the status, the Turn's row, what waits) at the window's width now."""
        area = self.centralWidget()
        root = area.widget() if isinstance(area, QScrollArea) else None
        layout = root.layout() if root is not None else None
        if not isinstance(area, QScrollArea) or layout is None:
            return 0
        margins = layout.contentsMargins()
        width = area.viewport().width() - margins.left() - margins.right()
        height = area.viewport().height() - margins.top() - margins.bottom()
        for i in range(layout.count()):
            item = layout.itemAt(i)
            if item is None or item.widget() is self.tabs or item.isEmpty():
                continue
            hfw = item.hasHeightForWidth()
            height -= item.heightForWidth(width) if hfw else item.sizeHint().height()
            height -= layout.spacing()
        return height

    def _rescale(self) -> None:
        """The few sizes set in pixels, at the window's own text size (Ctrl+=, Ctrl+-)."""
        self._place_tasks()
        self._place_reason()
        self._keep_tasks_whole()  # (its entries scroll inside it, but while something waits)
        self.stress_bar.setMinimumWidth(round(scaled(260, self)))
        self._size_fields()
        two = self.fontMetrics().lineSpacing() * 2 + 2
        for line in self.lines.values():  # a Task's line keeps two lines' room
            line.setMinimumHeight(two)
        self.tasks_why.setMinimumHeight(self.fontMetrics().lineSpacing() + 2)

    def _size_fields(self) -> None:
        """The spends' fields as wide as their words at their own font (measured again
        when it changes: the style sheet's new size comes after the text size's call)."""
        for box in (self.bonus, self.penetration, self.extra, self.information):
            # the prefix and two digits, whole
            box.setMinimumWidth(box.fontMetrics().horizontalAdvance(box.prefix() + "12") + 60)
        words = self.advantage.placeholderText()  # the name asked for, whole
        self.advantage.setMinimumWidth(self.advantage.fontMetrics().horizontalAdvance(words) + 30)

    def _place_reason(self) -> None:
        """The line of reasons beside the Turn's controls while the row leaves it the room
        to say a Turn's state in two lines, else under them across the window (squeezed
        between MOMENTUM SPENDS and START TURN it was a word wide, five lines tall). Only
        the width and the text size move it: every control of the row is counted, shown or
        not, so a Turn starting or ending moves nothing."""
        area = self.centralWidget()
        root = area.widget() if isinstance(area, QScrollArea) else None
        layout = root.layout() if root is not None else None
        if not isinstance(area, QScrollArea) or layout is None:
            return
        row = self._turn_row
        margins = layout.contentsMargins()
        room = area.viewport().width() - margins.left() - margins.right()
        controls = (self.sides, *self.turn.buttons.values(), self.more_button)
        taken = sum(w.sizeHint().width() + row.spacing() for w in controls)  # (any shown)
        need = self.reason.fontMetrics().horizontalAdvance(REASON_SAMPLE) // 2 + 12
        below = taken + need > room
        if below == (self._reason_row.indexOf(self.reason) >= 0):
            return
        (row if below else self._reason_row).removeWidget(self.reason)
        if below:
            self._reason_row.addWidget(self.reason, 1)
        else:
            row.insertWidget(2, self.reason, 1, Qt.AlignmentFlag.AlignVCenter)

    def _fit(self) -> None:
        """The line of reasons and the card's height, once the window is laid out."""
        self._place_reason()
        self._keep_tasks_whole()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_later.start()  # (its scroll area takes its new size after it)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.tabs and event.type() == QEvent.Type.Resize:
            self._place_tasks()  # (the rows while something waits: as many as it holds)
            self._keep_tasks_whole()
        if watched is self.advantage and event.type() in (
            QEvent.Type.FontChange,
            QEvent.Type.StyleChange,
        ):
            self._size_fields()
        return super().eventFilter(watched, event)

    # -- building -----------------------------------------------------------------------
    def _build(self, card: ConflictCardView) -> None:
        """One button per entry of the card, in the card's order (built once)."""
        for entry in card.minors:
            b = QPushButton(entry.name.upper(), self.minor_box)
            b.clicked.connect(lambda _=False, k=entry.key: self.use(k))
            self._minor_order.append(entry.key)
            self.buttons[entry.key] = b
        for entry in card.tasks:
            b = QPushButton(entry.name.upper(), self.task_box)
            b.clicked.connect(lambda _=False, k=entry.key: self.use(k))
            line = QLabel(self.task_box)
            line.setObjectName("dim")
            line.setWordWrap(True)  # (read whole, on two lines if it must)
            self.buttons[entry.key] = b
            self.lines[entry.key] = line
            self._task_order.append(entry.key)
        self._place_tasks()
        self._rescale()
        self.back.setHtml(back_html(card))
        self._built = True

    # -- refreshing ---------------------------------------------------------------------
    def refresh(self, _changes: object = None) -> None:
        state = self.model.state
        self.momentum_pill.setText(f"MOMENTUM {state.momentum.value}/{state.momentum.cap}")
        self.threat_pill.setText(f"THREAT {state.threat.value}")
        officer = state.characters.get(self.character)
        det = officer.determination.value if officer is not None else 0
        self.det_pill.setText(f"DETERMINATION {det}/3")
        card = self.model.card()
        if card is None:
            self.turn_label.setText("NO PERSONAL CONFLICT")
            self.status.setText("")
            self.reason.setText(
                "No personal conflict is running with this officer in it: the GM starts one."
            )
            for b in self.buttons.values():
                b.setEnabled(False)
            for line in self.lines.values():
                line.setText("")  # (no stale "It is ...'s Task now" once the fight is over)
            self.tasks_why.hide()
            self.turn.refresh("No personal conflict is running with this officer in it.")
            self.header.setSubtitle("")
            self.injury_label.setText("")
            self.waiting.hide()
            return
        if not self._built:
            self._build(card)
        fig = card.figure
        over = state.conflict is not None and state.conflict.outcome is not None
        if over:  # (not "YOUR TURN" beside a greyed END TURN once it is decided)
            self.turn_label.setText("THE FIGHT IS OVER")
        else:
            self.turn_label.setText(("YOUR TURN" if card.acting else "TURN: " + card.turn).upper())
        self.header.setSubtitle(f"{fig.zone.upper()}")
        stress = card.stress_words.upper()
        set_bar(self.stress_bar, max(fig.stress_max or 0, 1), fig.stress or 0, stress)
        low = self.stress_bar.value() * 2 < self.stress_bar.maximum()
        self.stress_bar.setTextColor(BAR_TEXT_LOW if low else "")  # light on the dark track
        self.injury_label.setText(card.injury_words.upper())
        self.status.setText("\n".join(card.status))
        self.down.setText(down_words(self.model.figures(), fig.id))  # (First Aid's patients)
        shared = self._say_shared_reason(card)
        for entry in (*card.minors, *card.tasks):
            self._show_entry(entry, shared)
        self.turn.refresh()
        self._show_waiting(card)
        self._keep_tasks_whole()  # (what waits took its height: the card has the rest)
        self._fit_later.start()  # (and again once what waits has its size: its dice)
        if self._said.isActive():
            return  # (a refusal is being said in the line of reasons)
        if over:
            self.reason.setText("The GM takes the away team back to the ship.")
        elif card.acting:
            self.reason.setText(card.turn_left)
        elif card.start_turn is None:
            self.reason.setText("You may start your Turn.")
        else:
            self.reason.setText(f"Not your Turn: {card.start_turn}")

    def _say_shared_reason(self, card: ConflictCardView) -> str | None:
        """A reason every Task shares ("Tasks are attempted during a Turn", a roll
        waiting) is said once above them, not on each of their lines (twelve copies,
        wrapped, made the card scroll); each button keeps it in its tooltip. The reason
        said, if any."""
        reasons = {entry.reason for entry in card.tasks}
        shared = next(iter(reasons)) if len(reasons) == 1 else None
        self.tasks_why.setText(shared or "")
        self.tasks_why.setVisible(shared is not None)
        return shared

    def _show_entry(self, entry: CardEntry, shared: str | None = None) -> None:
        """An entry's button, and its line: its reason (unless said once for all, as
        ``shared``), its preview, or what it does."""
        button = self.buttons.get(entry.key)
        if button is None:
            return
        set_state(button, entry.reason, entry.text)
        line = self.lines.get(entry.key)
        if line is None:
            return
        if entry.reason is not None:
            line.setText("" if entry.reason == shared else entry.reason)
            line.setToolTip(entry.reason)
        elif entry.preview is not None:
            line.setText(preview_summary(entry.preview))
            line.setToolTip("\n".join(preview_lines(entry.preview)))
        else:  # no roll (Assist, Pass, Ready): what it does, in its first words
            line.setText(gist(entry.text))
            line.setToolTip(entry.text)

    def _show_waiting(self, card: ConflictCardView) -> None:
        """What waits for the officer: the roll (its dice and what they came to, its
        spends and RESOLVE), the damage dice, a decision and its answers; and once
        nothing waits, how the Task came out (the seat's own log lines, damage,
        Resistance, Stress and Injury) until anything else happens."""
        decision = card.decision
        conflict = self.model.state.conflict
        pending = conflict.pending if conflict is not None else None
        mine = pending if pending is not None and pending.actor == card.figure.id else None
        held = mine is not None and mine.damage is not None
        report: tuple[str, ...] = ()
        if decision is None and mine is None and conflict is not None:
            report = outcome_lines(self.model.log_tail(LOG_TAIL), self.character)
        shown = decision is not None or mine is not None or bool(report)
        self.waiting.setVisible(shown)
        if shown != self._compact:
            self._compact = shown
            self._place_tasks()
        if not shown:
            return
        # The roll while it waits (once it came out, its lines take the width: they say it).
        self.roll_view.setVisible(mine is not None and decision is None)
        if mine is not None and conflict is not None:
            target = conflict.figures.get(str(mine.params.target or ""))
            other = target.name if target is not None else ""
            self.roll_view.show_roll(card.figure.name, mine.result, mine.reactive, other)
        avoid = decision is not None and decision.kind == "avoid_injury"
        rolling = mine is not None and not held and decision is None
        landing = held and decision is None
        if decision is not None:
            title = "AVOID INJURY?" if avoid else "WAITING"
        elif mine is not None:
            title = f"{self._task_name(card, mine.action).upper()}: "
            title += "ROLLED" if rolling else "DAMAGE"
        else:  # (its first line names the Task: it reads the same on every seat)
            title = "HOW IT CAME OUT"
        self.waiting.setTitle(title)
        self.report.setVisible(bool(report))
        if report:
            self.report.set_lines(report)
        self._show_answers(card, rolling)
        if decision is not None:
            self.waiting_text.setText(decision.text)
        elif rolling:
            resolve = card.controls.get("resolve")
            spends = resolve is not None and bool(resolve.spends)
            verdict = self.roll_view.verdict()  # (a melee attack: who wins, by name)
            self.waiting_text.setText(
                (f"{verdict.upper()}. " if verdict else "")
                + (
                    "Spend the Momentum it made, then RESOLVE (Ctrl+Return)."
                    if spends
                    else "Nothing to spend: RESOLVE applies it (Ctrl+Return)."
                )
            )
        self.waiting_text.setVisible(decision is not None or rolling or landing)
        self.damage_button.setVisible(landing)
        self.damage_dice.setVisible(landing)
        if landing and mine is not None and mine.damage is not None:
            apply = card.controls.get("apply_damage")
            self._reroll_cost = reroll_cost(mine.damage.momentum, self.model.state.momentum.value)
            self.damage_dice.selectable = apply is not None and bool(apply.params)
            if not self.damage_dice.selectable:
                self.damage_dice.setSelected(())
            self.damage_dice.setDice(mine.damage.roll.dice)
            roll = mine.damage.roll
            effects = f"{roll.effects} EFFECT{'' if roll.effects == 1 else 'S'}"
            total = f"{roll.total} DAMAGE · {effects} (before Resistance)"
            self.waiting_text.setText(f"{total}. {self._reroll_hint()}")  # (two lines, not three)
            self._damage_chosen()
        answers = decision.answers if decision is not None else ()
        for i, button in enumerate(self.decision_buttons):
            answer = answers[i] if i < len(answers) else None
            button.setVisible(answer is not None)
            if answer is not None:
                button.setText(answer.name)
                set_state(button, answer.reason, answer.name)

    @staticmethod
    def _task_name(card: ConflictCardView, key: str) -> str:
        return next((e.name for e in card.tasks if e.key == key), key.replace("_", " "))

    def _show_answers(self, card: ConflictCardView, rolling: bool) -> None:
        """A roll's spends and its RESOLVE, Aim and a Moment of Inspiration, as the engine
        offers them."""
        self.resolve_button.setVisible(rolling)
        resolve = card.controls.get("resolve")
        offered = {sp.name: sp for sp in resolve.spends} if rolling and resolve else {}
        aim = card.controls.get("aim")
        self.aim_button.setVisible(rolling and aim is not None and aim.reason is None)
        inspire = card.controls.get("inspiration")
        self.inspire_button.setVisible(rolling and inspire is not None and inspire.reason is None)
        widgets: dict[str, QWidget] = {
            "bonus_damage": self.bonus,
            "penetration": self.penetration,
            "disarm": self.disarm,
            "secondary_target": self.secondary,
            "revive": self.revive,
            "extra": self.extra,
            "obtain_information": self.information,
            "create_advantage": self.advantage,
        }
        for name, widget in widgets.items():
            widget.setVisible(name in offered)
            if name in offered and offered[name].help:
                widget.setToolTip(offered[name].help)
        if "extra" in offered:
            self.extra.setPrefix(f"{offered['extra'].label.upper()}: ")
            self._rescale()
        if "secondary_target" in offered:
            self._fill_secondary(offered["secondary_target"].choices)

    # -- acting -------------------------------------------------------------------------
    def _refused(self, reason: str) -> None:
        if self.isActiveWindow():
            self.say(reason)

    def use(self, key: str) -> ConflictEntryDialog | None:
        """Open an entry's form (a Minor Action that needs nothing is done at once)."""
        card = self.model.card()
        if card is None:
            return None
        entry = next((e for e in (*card.minors, *card.tasks) if e.key == key), None)
        if entry is None:
            return None
        if entry.kind == "minor" and not entry.params:
            from bridge.engine import ConflictMinor

            self.model.submit(ConflictMinor(by=self.character, action=key))
            return None
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.close()
        self.dialog = ConflictEntryDialog(self.model, entry, self.character, self)
        self.dialog.show()
        return self.dialog

    def _resolve(self) -> None:
        """RESOLVE, with the attack's damage spends chosen (the engine prices them)."""
        spends = Spends(
            bonus_damage=self.bonus.value() if self.bonus.isVisible() else 0,
            penetration=self.penetration.value() if self.penetration.isVisible() else 0,
            disarm=self.disarm.isVisible() and self.disarm.isChecked(),
            secondary_target=self.secondary.currentData() if self.secondary.isVisible() else None,
            revive=self.revive.isVisible() and self.revive.isChecked(),
            extra=self.extra.value() if self.extra.isVisible() else 0,
            obtain_information=self.information.value() if self.information.isVisible() else 0,
            create_advantage=(self.advantage.text().strip() or None)
            if self.advantage.isVisible()
            else None,
        )
        conflict = self.model.state.conflict
        pending = conflict.pending if conflict is not None else None
        attack = pending is not None and pending.action == "attack"
        # An attack's damage dice are shown before they land: Re-Roll Damage picks from them.
        resolve = ResolveTask(
            by=self.character, spends=spends, hold_damage=attack, where="conflict"
        )
        if self.model.submit(resolve):
            for spin in (self.bonus, self.penetration, self.extra, self.information):
                spin.setValue(0)
            self.advantage.clear()
            for box in (self.disarm, self.revive):
                box.setChecked(False)
            self.secondary.setCurrentIndex(0)

    def _fill_secondary(self, choices: tuple[Choice, ...]) -> None:
        """Secondary Target's choices: no one, or a figure the engine offers (within Reach
        of the target)."""
        wanted = [("", "SECONDARY TARGET: NONE")] + [
            (str(c.value), f"ALSO HIT {c.label.upper()} (2)") for c in choices
        ]
        if [self.secondary.itemData(i) or "" for i in range(self.secondary.count())] == [
            k for k, _ in wanted
        ]:
            return
        self.secondary.clear()
        for key, text in wanted:
            self.secondary.addItem(text, key or None)

    # -- the card's back ----------------------------------------------------------------
    def open_control(self, key: str) -> ControlDialog | None:
        """Use control ``key`` (the card's back, a Moment of Inspiration): one that needs
        nothing is sent at once, the others open their form."""
        return self.turn.use(key)

    def _reroll_hint(self) -> str:
        """Under the damage dice: that a click picks a die to re-roll, and what it costs."""
        if not self.damage_dice.selectable:
            return "Re-Roll Damage costs 1 Momentum, and there is none: apply the damage."
        return (
            f"Click any dice to re-roll them once before they land (Re-Roll Damage, "
            f"{self._reroll_cost}), or apply the damage as it fell."
        )

    def _damage_chosen(self) -> None:
        n = len(self.damage_dice.selected())
        dice = f"{n} {'DIE' if n == 1 else 'DICE'}"
        self.damage_button.setText(
            f"RE-ROLL {dice} (1 MOMENTUM) AND APPLY" if n else "APPLY DAMAGE"
        )
        self.damage_button.setToolTip(
            f"Re-Roll Damage: {self._reroll_cost}; then the damage lands (Ctrl+Return)"
            if n
            else "Land the damage as it fell (Ctrl+Return); click dice first to re-roll them"
        )

    def _aim(self) -> None:
        """Aim (seed 003): re-roll one d20 of the attack, the one that scored worst."""
        conflict = self.model.state.conflict
        pending = conflict.pending if conflict is not None else None
        if pending is None:
            return
        lead = [i for i, d in enumerate(pending.result.dice) if d.kind == "lead"]
        if lead:
            worst = max(lead, key=lambda i: pending.result.dice[i].value)
            self.model.submit(Aim(by=self.character, dice=(worst,)))

    def _apply_damage(self) -> None:
        """Land the held damage, re-rolling the dice picked first (Re-Roll Damage)."""
        chosen = tuple(self.damage_dice.selected())
        if self.model.submit(ApplyDamage(by=self.character, reroll=chosen, where="conflict")):
            self.damage_dice.setSelected(())

    def _answer(self, i: int) -> None:
        """Send the decision's ``i``-th answer (its Command, as the engine gives it)."""
        card = self.model.card()
        decision = card.decision if card is not None else None
        if decision is None or i >= len(decision.answers):
            return
        answer = decision.answers[i]
        if answer.reason is not None:
            self.say(answer.reason)
            return
        self.model.submit(
            command_adapter().validate_python({**answer.command, "by": self.character})
        )

    def showEvent(self, event: QShowEvent) -> None:
        if not self._connected:  # shown again after closing: follow the battle again
            self._connected = True
            self.model.sig_changed.connect(self.refresh)
            self.model.sig_refused.connect(self._refused)
            self.refresh()
        super().showEvent(event)

    def closeEvent(self, event: QCloseEvent) -> None:
        save_geometry(self, self.geometry_key)
        if self._connected:  # (a window the network opened again is closed again later)
            self._connected = False
            self.model.sig_changed.disconnect(self.refresh)
            self.model.sig_refused.disconnect(self._refused)
        self.sig_closed.emit(self.character)
        super().closeEvent(event)
