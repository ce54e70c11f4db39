"""The task dialog: set up a Task, see its Difficulty and exact odds, roll, spend, resolve.

One dialog for every card. :class:`TaskDialogBase` is the dialog itself: the setup beside
the itemised Difficulty and the odds (the engine's :func:`~bridge.engine.preview`), the
dice drawn, the spends a success allows and the damage dice (the Turn's controls, the
engine's), the report, the keys (Enter resolves and never passes a loss; Ctrl+Return
rolls, resolves and applies), and following undo. A card differs only in what it asks
and the Command it sends: :class:`TaskDialog` is a station's Task (or an NPC ship's, for
the GM); the Conflict card's entries are
:class:`~bridge.ui.conflict.conflict_dialog.ConflictEntryDialog`.
"""

from __future__ import annotations

from typing import cast

from pydantic import JsonValue
from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QBoxLayout,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSizePolicy,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bridge import engine
from bridge.engine import (
    ActionDef,
    ActionInfo,
    Applied,
    AttemptTask,
    Command,
    Encounter,
    SpendInfo,
    Spends,
    Station,
    TaskPreview,
    command_adapter,
    ship_controls,
)
from bridge.rules.examples import examples_text
from bridge.rules.hidden import reveal
from bridge.rules.task import TaskResult
from bridge.ui.base.help import TASK_DIALOG, add_help_key
from bridge.ui.base.notices import confirm
from bridge.ui.base.station_model import StationModel
from bridge.ui.base.text_size import take_text_size
from bridge.ui.base.theme import COLORS, scaled
from bridge.ui.station.ship_roll import ShipRoll
from bridge.ui.station.spends_box import SpendsBox
from bridge.ui.station.task_fields import TaskFields
from bridge.ui.station.task_words import (
    RollSaid,
    WaitingRoll,
    costs_line,
    count,
    difficulty_lines,
    odds_words,
    roll_said,
)
from bridge.ui.widgets.challenge_dice import ChallengeDiceRow, dice_html
from bridge.ui.widgets.dice import DiceRow
from bridge.ui.widgets.difficulty_guide import difficulty_guide_html
from bridge.ui.widgets.fit import (
    fit_to_screen,
    frame_margins,
    free_area,
    keep_on_screen,
    scrolling,
)
from bridge.ui.widgets.lcars import Pill, section_label
from bridge.ui.widgets.odds import OddsChart

__all__ = ["TaskDialog", "TaskDialogBase"]

Controls = dict[str, ActionInfo]
SIDE_LEAST = 340
"""The Difficulty and odds column's least width, in pixels at every text size: at 120%
it leaves the setup's two boxes side by side on a laptop's screen."""
CHART_LEAST = 72
"""The odds chart's least height at 100% (its bars still read)."""
QWIDGETSIZE_MAX = (1 << 24) - 1
"""Qt's "no maximum" for a widget's size."""


class TaskDialogBase(QDialog):
    """One Task of a card, for a character (or, for the GM, an NPC ship or figure).

    Never modal: while one player rolls, the GM and every other station stay usable. The
    steps share one stacked area and a fixed action bar, so ROLL, the spends and RESOLVE
    are always on screen; the dialog grows (never shrinks) when what it shows grows, the
    dice and spends after ROLL or a warning about the cap, within the screen. It takes
    the text size of the window it was opened from. Enter after ROLL resolves; spending
    Determination is never a default and asks first.

    A card's dialog builds its setup (:meth:`_build_setup`) and says the Command it makes
    (:meth:`command`), why it cannot be sent yet, its preview and its battle's waiting
    roll and controls; the rest is this class's, the same for every card.
    """

    done_word = "DO IT"
    """The button of a Task with no roll (and of a Minor Action)."""
    help_page = TASK_DIALOG

    def __init__(
        self,
        model: StationModel,
        actor: str,
        key: str,
        name: str,
        text: str,
        rolled: bool,
        npc: bool,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        take_text_size(self, parent)
        self.setWindowModality(Qt.WindowModality.NonModal)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.model = model
        self.actor = actor
        self.key = key
        self.name = name
        self.text = text
        self.rolled = rolled
        self.npc = npc
        self.by = "gm" if npc else actor
        self.previewed: TaskPreview | None = None
        """The engine's preview the dialog shows now (``None``: none, or no roll)."""
        self._report: list[str] = []
        self._resolved_lines: list[str] = []
        self._held_at = 0  # the journal's length when the damage dice were shown
        self._submitting = False

    # -- what a card says -----------------------------------------------------------------
    def _build_setup(self, columns: QHBoxLayout) -> None:
        """Put the card's fields in the setup's columns (what the Task asks, how it is
        rolled)."""
        raise NotImplementedError

    def command(self) -> Command:
        """The Command the fields make now (a roll's spends come at RESOLVE); ValueError
        if the fields cannot make one."""
        raise NotImplementedError

    def _missing(self) -> str | None:
        """Why the fields cannot be sent yet (a field to choose), or ``None``."""
        return None

    def _preview(self, command: Command) -> TaskPreview:
        """The engine's preview of a rolled Task's Command (or why it is refused)."""
        raise NotImplementedError

    def _refusal(self, command: Command) -> str | None:
        """Why a Task with no roll (or a Minor Action) would be refused now, or None."""
        raise NotImplementedError

    def _pending(self) -> WaitingRoll | None:
        """The roll waiting in this card's battle (anyone's)."""
        raise NotImplementedError

    def _controls(self) -> Controls:
        """The Turn's controls for this dialog's actor (RESOLVE with its spends, APPLY
        DAMAGE, a Moment of Inspiration, Aim), as the engine judges them."""
        raise NotImplementedError

    def _pool(self) -> int:
        """What the actor spends from: the Momentum pool, or the Threat an NPC may spend."""
        raise NotImplementedError

    def _said(self, pending: WaitingRoll) -> RollSaid:
        """The waiting roll's outcome as the dialog shows it."""
        return roll_said(pending.result, self.pool_word)

    def _cited_value(self) -> str | None:
        """The Value a Moment of Inspiration cites (the one the roll cites, or the
        officer's first)."""
        info = self._controls().get("inspiration")
        value = next((p for p in info.params if p.name == "value"), None) if info else None
        choices = [c.value for c in value.choices] if value is not None else []
        return str(choices[0]) if choices else None

    @property
    def pool_word(self) -> str:
        return "Threat" if self.npc else "Momentum"

    # -- building -----------------------------------------------------------------------
    def _build(self) -> None:
        """Build the dialog (a card's fields first, by :meth:`_build_setup`)."""
        self.setWindowTitle(f"{self.name} — {self._actor_name()}")
        outer = QVBoxLayout(self)
        self._outer = outer
        content = QWidget()
        self._content = content
        self._scroll = scrolling(content)
        outer.addWidget(self._scroll, 1)
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        title = QLabel(self.name.upper())
        title.setObjectName("title")
        head.addWidget(title)
        self.stage = Pill("SET UP", COLORS.lavender)
        head.addWidget(self.stage)
        head.addStretch()
        layout.addLayout(head)
        text = QLabel(self.text)
        text.setWordWrap(True)
        text.setObjectName("dim")
        layout.addWidget(text)

        body = QHBoxLayout()
        self._body = body
        layout.addLayout(body, 1)
        self.steps = QStackedWidget()
        body.addWidget(self.steps, 3)
        side = QWidget()
        self._side = side
        right = QVBoxLayout(side)
        right.setContentsMargins(0, 0, 0, 0)
        body.addWidget(side, 2)

        setup = QWidget()
        columns = QHBoxLayout(setup)
        self._columns = columns
        columns.setContentsMargins(0, 0, 0, 0)
        self.steps.addWidget(setup)
        self._build_setup(columns)
        self.steps.addWidget(self._result_step())

        right.addWidget(section_label("Difficulty"))
        self.difficulty = QLabel()
        self.difficulty.setWordWrap(True)
        self.difficulty.setTextFormat(Qt.TextFormat.RichText)
        right.addWidget(self.difficulty)
        self._odds_title = section_label("Odds")
        right.addWidget(self._odds_title)
        self.odds_text = QLabel()
        self.odds_text.setWordWrap(True)
        right.addWidget(self.odds_text)
        self.chart = OddsChart()
        right.addWidget(self.chart)
        self.problem = QLabel()
        self.problem.setObjectName("reason")
        self.problem.setWordWrap(True)
        right.addWidget(self.problem)
        right.addStretch()

        if not self.rolled:  # no roll: no odds to show
            for widget in (self._odds_title, self.odds_text, self.chart):
                widget.hide()

        self._build_bar(outer)
        add_help_key(self, self.help_page)
        self._timer = QTimer(self)
        self._timer.setInterval(140)
        self._timer.timeout.connect(self._next_report_line)
        self.model.sig_refused.connect(self._refused)
        self.model.sig_changed.connect(self._model_changed)
        self.refresh_preview()
        self._sizes()
        self._arrange()
        if self._mine(self._pending()):  # reopened on a roll that is waiting
            self._rolled()
        self._no_default()
        self.resize(self._wanted())
        self.fit = keep_on_screen(self)
        # what wrapped lines need is known once laid out: the dialog grows by what its
        # scroll area would hide (a line the choices brought, the report's last)
        self._scroll.verticalScrollBar().rangeChanged.connect(
            lambda _low, _high: QTimer.singleShot(0, self, self._unscroll)
        )

    def _result_step(self) -> QWidget:
        """The step after ROLL: the dice, the outcome, then the spends, the damage dice
        or the report in one place."""
        result = QWidget()
        rcol = QVBoxLayout(result)
        rcol.setContentsMargins(0, 0, 0, 0)
        self.dice = DiceRow()
        rcol.addWidget(self.dice)
        self.opposing_title = QLabel("THE TARGET'S OPPOSING ROLL")
        self.opposing_title.setObjectName("dim")
        self.opposing = DiceRow()  # a melee target's dice (seed 003: opposed)
        rcol.addWidget(self.opposing_title)
        rcol.addWidget(self.opposing)
        self.opposing_title.hide()
        self.opposing.hide()
        self.outcome = QLabel()
        self.outcome.setObjectName("big")
        self.outcome.setWordWrap(True)
        rcol.addWidget(self.outcome)
        self.after = QStackedWidget()  # the spends, then the damage report in their place
        rcol.addWidget(self.after, 1)
        self.spends_box = SpendsBox((), self.npc)
        self.after.addWidget(self.spends_box)
        self.no_spends = QLabel("The Task failed: nothing to spend. RESOLVE applies it.")
        self.no_spends.setObjectName("dim")
        self.no_spends.setWordWrap(True)
        self.no_spends.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.after.addWidget(self.no_spends)
        self.damage_box = QGroupBox("DAMAGE DICE")
        damage = QVBoxLayout(self.damage_box)
        self.damage_dice = ChallengeDiceRow(self.damage_box, selectable=True)
        self.damage_dice.sig_selection.connect(lambda _: self._update_damage())
        damage.addWidget(self.damage_dice)
        self.damage_total = QLabel()
        self.damage_total.setObjectName("big")
        damage.addWidget(self.damage_total)
        self.damage_cost = QLabel()
        self.damage_cost.setWordWrap(True)
        damage.addWidget(self.damage_cost)
        damage.addStretch()
        self.after.addWidget(self.damage_box)
        self.report = QTextBrowser()
        self.after.addWidget(self.report)
        return result

    def _build_bar(self, outer: QVBoxLayout) -> None:
        """The action bar: always at the bottom, never scrolled away."""
        bar = QHBoxLayout()
        self.inspire = QPushButton("MOMENT OF INSPIRATION")
        self.inspire.setToolTip("Spend 1 Determination, citing a Value, to re-roll your dice.")
        self.inspire.hide()
        self.aim_button = QPushButton("AIM: RE-ROLL THE WORST DIE")
        self.aim_button.setToolTip("Aim (seed 003): re-roll the d20 that scored worst")
        self.aim_button.hide()
        self.roll_button = QPushButton("ROLL" if self.rolled else self.done_word)
        self.roll_button.setObjectName("primary")
        self.roll_button.setToolTip("Ctrl+Return")
        self.resolve_button = QPushButton("RESOLVE")
        self.resolve_button.setObjectName("primary")
        self.resolve_button.setToolTip("Apply the spends (Ctrl+Return)")
        self.resolve_button.hide()
        self.resolve_button.installEventFilter(self)  # Enter on it asks before a loss
        self.apply_button = QPushButton("APPLY DAMAGE")
        self.apply_button.setObjectName("primary")
        self.apply_button.hide()
        self.no_roll_button = QPushButton("NO ROLL")
        self.no_roll_button.setToolTip(
            "Difficulty 0: the Task succeeds without a roll and makes no Momentum "
            "(roll instead to make Momentum)"
        )
        self.no_roll_button.hide()
        self.close_button = QPushButton("CANCEL")
        self.close_button.setToolTip("Close without rolling (Esc)")
        bar.addWidget(self.inspire)
        bar.addWidget(self.aim_button)
        bar.addStretch()
        for button in (
            self.close_button,
            self.no_roll_button,
            self.roll_button,
            self.resolve_button,
            self.apply_button,
        ):
            bar.addWidget(button)
        outer.addLayout(bar)
        self._bar = bar
        self.roll_button.clicked.connect(self.roll)
        self.resolve_button.clicked.connect(self.resolve)
        self.apply_button.clicked.connect(self.apply_damage)
        self.no_roll_button.clicked.connect(self.confirm_without_roll)
        self.inspire.clicked.connect(self._ask_inspiration)
        self.aim_button.clicked.connect(self.aim)
        self.close_button.clicked.connect(self.reject)
        shortcut = QShortcut(QKeySequence("Ctrl+Return"), self)
        shortcut.activated.connect(self._primary)

    def _actor_name(self) -> str:
        raise NotImplementedError

    # -- sizes --------------------------------------------------------------------------
    def _sizes(self) -> None:
        """The sizes set in pixels, at the dialog's text size (the odds chart may give up
        some of its height to a line the choices bring, rather than move ROLL)."""
        self._side.setMinimumWidth(SIDE_LEAST)  # (at a large text size its lines wrap more)
        self.chart.setMinimumHeight(round(scaled(CHART_LEAST, self)))
        self.chart.setMaximumHeight(QWIDGETSIZE_MAX)

    def _settled_size(self) -> QSize:
        """:meth:`natural_size` of what the dialog shows now."""
        for layout in self.findChildren(QLayout):  # layouts keep the hints they had until
            layout.invalidate()  # events pass, and so do the places that hold a widget:
            holder = layout.parentWidget()  # what is shown now counts
            if holder is not None and holder.layout() is layout:
                holder.updateGeometry()
        return self.natural_size()

    def _arrange(self) -> None:
        """Side by side where the screen is wide enough for it (the Difficulty and odds
        column may narrow to :data:`SIDE_LEAST`, its lines wrapping); at a large text size
        the setup's two boxes, then the Difficulty and odds, go one under the other, so
        the dialog is not wider than the screen (it may then scroll down, never across)."""
        across = QBoxLayout.Direction.LeftToRight
        for box in (self._columns, self._body):
            box.setDirection(across)
        for box in (self._columns, self._body):
            squeeze = max(self._side.sizeHint().width() - SIDE_LEAST, 0)
            if self._settled_size().width() - squeeze <= self._room().width():
                break
            box.setDirection(QBoxLayout.Direction.TopToBottom)
        down = self._columns.direction() == QBoxLayout.Direction.TopToBottom
        for i in range(self._columns.count()):  # one under the other: no gap between them
            self._columns.setStretch(i, 1 if not down or i == self._columns.count() - 1 else 0)

    def _room(self) -> QSize:
        """The largest the dialog can be with its frame whole on the screen."""
        m = frame_margins(self)
        free = free_area(self)
        return QSize(free.width() - m.left() - m.right(), free.height() - m.top() - m.bottom())

    def _wanted(self) -> QSize:
        """What the dialog shows now, without scrolling across: its natural size; wider
        than the screen, as wide as the screen, its lines wrapped to it; taller than the
        screen, as wide as the screen where wrapping less makes it shorter; and wider by
        a scroll bar where it is still too tall (it then scrolls down)."""
        size = self._settled_size()
        room = self._room()
        if size.width() > room.width() or size.height() > room.height():
            height = self._height_at(room.width())
            if height is not None and (size.width() > room.width() or height < size.height()):
                size = QSize(room.width(), height)
        if size.height() > room.height():
            size.setWidth(size.width() + self._scroll.verticalScrollBar().sizeHint().width())
        return size

    def _height_at(self, width: int) -> int | None:
        """The dialog's height at ``width``, its wrapped lines laid out to it (None: its
        content does not say)."""
        m = self._outer.contentsMargins()
        inner = width - m.left() - m.right()
        if not self._content.hasHeightForWidth():
            return None
        content = self._content.heightForWidth(inner)
        if content <= 0:
            return None
        bar = self._bar.sizeHint().height()
        return content + self._outer.spacing() + bar + m.top() + m.bottom()

    def grow(self) -> None:
        """As large as what it shows needs (never smaller: nothing moves under the
        pointer), as far as the screen allows; the frame kept on the screen."""
        wanted = self._wanted().expandedTo(self.size())
        if wanted != self.size():
            self.resize(wanted)
            fit_to_screen(self)

    def _unscroll(self) -> None:
        """Once laid out, taller by what its scroll area still hides (wrapped lines are
        measured only then), as far as the screen allows; at the screen's foot the odds
        chart gives up its spare height before anything scrolls."""
        hidden = self._scroll.verticalScrollBar().maximum()
        if hidden <= 0:
            return
        height = min(self.height() + hidden, self._room().height())
        if height > self.height():
            self.resize(self.width(), height)
            fit_to_screen(self)
            return
        shown = min(self.chart.height(), self.chart.maximumHeight())
        least = self.chart.minimumHeight()
        if shown > least:
            self.chart.setMaximumHeight(max(shown - hidden, least))

    def _grow_for_preview(self) -> None:
        """A line the choices brought is read whole, never scrolled: the odds chart gives
        up its spare height first, so the dialog (and ROLL at its foot) stays put; it
        grows only for more."""
        self.chart.setMaximumHeight(QWIDGETSIZE_MAX)  # (its own height, to start with)
        hint = self.chart.sizeHint().height()
        wanted = self._wanted()
        over = wanted.height() - self.height()
        if wanted.width() <= self.width() and over <= hint - self.chart.minimumHeight():
            if over > 0:
                self.chart.setMaximumHeight(hint - over)
            return
        self.grow()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and hasattr(self, "_side"):
            self._sizes()  # its window's text size changed
            self._arrange()
            self.grow()

    def _no_default(self) -> None:
        """No button is pressed by Enter but RESOLVE, after the roll (a focused button
        would otherwise become the default, MOMENT OF INSPIRATION among them)."""
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)
            button.setDefault(False)

    def natural_size(self) -> QSize:
        """The size that shows everything without scrolling (the scroll area's own hint
        does not say it)."""
        m = self._outer.contentsMargins()
        content = self._content.sizeHint()
        bar = self._bar.sizeHint()
        return QSize(
            max(content.width(), bar.width()) + m.left() + m.right(),
            content.height() + self._outer.spacing() + bar.height() + m.top() + m.bottom(),
        )

    # -- preview ------------------------------------------------------------------------
    def refresh_preview(self) -> None:
        """The setup as it stands: why it cannot be sent, or the Task's itemised
        Difficulty and exact odds (the engine's)."""
        try:
            cmd = self.command()
        except ValueError as exc:  # (a word too long for its field, say)
            self._cannot(str(exc).splitlines()[-1])
            return
        missing = self._missing()
        if not self.rolled:
            reason = missing or self._refusal(cmd)
            self.problem.setText(reason or "")
            self._enable_roll(reason)
            self.difficulty.setText("No roll: this Task takes effect at once.")
            return
        preview = self._preview(cmd)
        if missing is not None or preview.reason is not None:
            self._cannot(missing or str(preview.reason))
            return
        self.problem.setText("")
        self._enable_roll(None)
        # Difficulty 0 needs no roll unless the player wants Momentum (RULES-NOTES).
        zero = preview.difficulty == 0 and self.steps.currentIndex() == 0
        self.no_roll_button.setVisible(zero)
        self._show_preview(preview)
        if self.isVisible():
            self._grow_for_preview()

    def _enable_roll(self, reason: str | None) -> None:
        self.roll_button.setEnabled(reason is None)
        self.roll_button.setToolTip(reason or "Ctrl+Return")

    def _cannot(self, reason: str) -> None:
        """The setup cannot be rolled now: why, and no odds."""
        self.previewed = None
        self.problem.setText(reason)
        self._enable_roll(reason)
        self.no_roll_button.hide()
        self.difficulty.setText("")
        self.odds_text.setText("")
        self.chart.setOdds(None)

    def _show_preview(self, preview: TaskPreview) -> None:
        """The itemised Difficulty (what it costs, hit or miss, a line of its own), and
        who rolls what with the exact odds."""
        self.previewed = preview
        lines = difficulty_lines(preview.items)
        lines.append(self._big_difficulty(preview.difficulty or 0))
        if preview.complication_range > 1:
            lines.append(
                f"Complication range {preview.complication_range} "
                f"({'; '.join(preview.complication_why)})"
            )
        lines.append(costs_line(preview))
        if self.npc and preview.difficulty is not None:  # what its Difficulty is like
            like = examples_text(preview.difficulty)  # (seed 003)
            lines.append(f"<i>Like: {like[:1].lower()}{like[1:]}.</i>")
            self.difficulty.setToolTip(difficulty_guide_html(preview.difficulty))
        self.difficulty.setText("<br>".join(lines))
        self.odds_text.setText(odds_words(preview, self.pool_word))
        self.chart.setOdds(preview.attack.task if preview.attack else preview.odds)

    def _big_difficulty(self, n: int) -> str:
        size = round(scaled(26, self))
        return f"<span style='font-size:{size}px'>DIFFICULTY <b>{n}</b></span>"

    # -- keys -----------------------------------------------------------------------------
    def _mine(self, pending: WaitingRoll | None) -> bool:
        """Whether ``pending`` is this dialog's roll (same actor and Task)."""
        return pending is not None and pending.actor == self.actor and pending.action == self.key

    def _primary(self) -> None:
        if self.roll_button.isVisible() and self.roll_button.isEnabled():
            self.roll()
        elif self.resolve_button.isVisible() and self.resolve_button.isEnabled():
            self._resolve_by_key()
        elif self.apply_button.isVisible() and self.apply_button.isEnabled():
            self.apply_damage()

    def _enter(self, event: QKeyEvent) -> bool:
        """Whether ``event`` is a plain Enter (or Return)."""
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        return enter and not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier

    def _enter_resolves(self, event: QKeyEvent) -> bool:
        """Whether ``event`` is the Enter that presses RESOLVE (the default button)."""
        button = self.resolve_button
        shown = button.isDefault() and button.isVisible() and button.isEnabled()
        return self._enter(event) and shown

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter resolves after ROLL, but never past a warning that Momentum will be lost:
        then it asks first (the RESOLVE button itself, clicked, does not). At an attack's
        damage dice it applies them as they fell, and at the report it closes it. At SET
        UP it does nothing (Ctrl+Return rolls): a form's Enter never cancels it, never
        loses its choices and never rolls by accident."""
        if self._enter_resolves(event):
            event.accept()
            self._resolve_by_key()
            return
        if self._enter(event) and self.steps.currentIndex() == 0:
            event.accept()
            return
        super().keyPressEvent(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on the focused RESOLVE button (which would press itself) asks as well."""
        if (
            watched is self.resolve_button
            and event.type() == QEvent.Type.KeyPress
            and isinstance(event, QKeyEvent)
            and self._enter_resolves(event)
        ):
            self._resolve_by_key()
            return True
        return super().eventFilter(watched, event)

    def _resolve_by_key(self) -> None:
        """RESOLVE from the keyboard: asked first when the spends chosen lose Momentum
        above the cap (the safe answer, Cancel, is the default)."""
        lost = self.spends_box.lost if self.after.currentWidget() is self.spends_box else 0
        if lost and not confirm(
            self,
            "Momentum will be lost",
            f"{lost} Momentum will be lost above the cap of {self.model.state.momentum.cap}: "
            "spend it on this roll first, or resolve and lose it?",
            f"RESOLVE AND LOSE {lost} MOMENTUM",
        ):
            return
        self.resolve()

    # -- following the battle -------------------------------------------------------------
    def _refused(self, reason: str) -> None:
        if self.isVisible():
            self.problem.setText(reason)

    def _model_changed(self, _changes: object) -> None:
        """Another window changed the battle: keep this dialog true to it."""
        if self.resolved or self._submitting:
            return
        pending = self._pending()
        if self.steps.currentIndex() == 1 and not self._mine(pending):
            if self.stage.text() == "DAMAGE" and self.model.recent_journal(0)[1] > self._held_at:
                self._show_report(self.model.recent_journal(1)[0][-1].log)  # landed elsewhere
            else:
                self._back_to_setup("The roll was undone.")
        elif self.steps.currentIndex() == 1 and pending is not None:
            if (pending.damage is not None) != (self.stage.text() == "DAMAGE"):
                self._rolled()  # the damage was rolled elsewhere, or undone back to the spends
            elif pending.damage is None:
                self._show_roll()  # re-rolled (Aim, Inspiration) or the spends' prices moved
        elif self.steps.currentIndex() == 0 and self._mine(pending):
            self._rolled()  # redone, or rolled from another window
        elif self.steps.currentIndex() == 0:
            self.refresh_preview()

    def _back_to_setup(self, why: str) -> None:
        self.steps.setCurrentIndex(0)
        self.stage.setText("SET UP")
        for button in (self.resolve_button, self.apply_button, self.inspire, self.aim_button):
            button.hide()
        self.roll_button.show()
        self.close_button.setText("CANCEL")
        self.close_button.setEnabled(True)
        self.refresh_preview()
        self.problem.setText(why)

    def _submit(self, command: Command) -> Applied | None:
        """Submit this dialog's own Command (its echo on ``sig_changed`` is not news)."""
        self._submitting = True
        try:
            return self.model.submit(command)
        finally:
            self._submitting = False

    def _control_command(self, key: str, **fields: JsonValue) -> Command:
        """The Command of the Turn's control ``key`` (its fixed fields, the engine's),
        sent by this dialog's issuer with ``fields``."""
        info = self._controls().get(key)
        fixed: dict[str, JsonValue] = dict(info.command) if info is not None else {"type": key}
        return command_adapter().validate_python({**fixed, "by": self.by, **fields})

    # -- acting -------------------------------------------------------------------------
    def roll(self) -> None:
        applied = self._submit(self.command())
        if applied is None:
            return
        if not self.rolled:
            self.accept()
            return
        self._rolled()

    def send(self) -> None:
        """ROLL, or DO IT for a Task with no roll: what the main button does."""
        self.roll()

    def confirm_without_roll(self) -> None:
        """A Difficulty 0 Task taken without a roll: it succeeds, with no Momentum."""
        command = self.command().model_copy(update={"roll": False})
        if self._submit(command) is not None:
            self._rolled()

    def _rolled(self) -> None:
        """Show the waiting roll: dice, outcome, spends, RESOLVE."""
        pending = self._pending()
        if pending is None:
            return
        self.steps.setCurrentIndex(1)
        self.stage.setText("ROLLED")
        self.roll_button.hide()
        self.no_roll_button.hide()
        self.apply_button.hide()
        self.close_button.setText("CLOSE")
        self.close_button.setToolTip(
            "Close: the roll waits for its spends; reopen it from the card or the GM console"
        )
        self._show_pending_difficulty(pending)
        self._show_roll()
        if pending.damage is None:
            self._no_default()
            self.resolve_button.setDefault(True)  # Enter resolves; nothing else
            self.resolve_button.setFocus()
        self.grow()

    def _show_pending_difficulty(self, pending: WaitingRoll) -> None:
        lines = difficulty_lines(pending.difficulty_items)
        lines.append(self._big_difficulty(pending.result.spec.difficulty))
        self.difficulty.setText("<br>".join(lines))
        self.problem.setText("")

    def _show_roll(self) -> None:
        pending = self._pending()
        if pending is None:
            return
        result: TaskResult = pending.result
        said = self._said(pending)
        self.dice.setDice(result.dice)
        self.opposing.setDice(said.opposing)
        for widget in (self.opposing, self.opposing_title):
            widget.setVisible(bool(said.opposing))
        self.outcome.setText(said.words)
        if pending.damage is not None:
            self._show_damage()
            return
        controls = self._controls()
        resolve = controls.get("resolve")
        offered = resolve.spends if resolve is not None else ()
        if tuple(offered) != self.spends_box.given:
            self._new_spends(tuple(offered))
        spending = said.success and bool(self.spends_box.offered)
        self.no_spends.setText(
            "Nothing to spend on this roll. RESOLVE applies it."
            if said.success
            else "The Task failed: nothing to spend. RESOLVE applies it."
        )
        self.after.setCurrentWidget(self.spends_box if spending else self.no_spends)
        self.resolve_button.show()
        inspire = controls.get("inspiration")
        self.inspire.setVisible(inspire is not None and inspire.reason is None)
        aim = controls.get("aim")
        self.aim_button.setVisible(aim is not None and aim.reason is None)
        self._update_cost()

    def _new_spends(self, offered: tuple[SpendInfo, ...]) -> None:
        """The spends box for what this roll allows (a Secondary Target's figures come
        with the hit)."""
        box = SpendsBox(offered, self.npc)
        box.connect_changed(self._spends_changed)
        index = self.after.indexOf(self.spends_box)
        self.after.insertWidget(index, box)
        self.after.removeWidget(self.spends_box)
        self.spends_box.deleteLater()
        self.spends_box = box

    def _update_cost(self) -> None:
        pending = self._pending()
        if pending is None:
            return
        said = self._said(pending)
        short = self.spends_box.show_cost(self.model.state, said.momentum, self._pool())
        if self.after.currentWidget() is not self.spends_box:
            short = None  # a failed roll spends nothing
        resolve = self._controls().get("resolve")
        refused = resolve.reason if resolve is not None else None
        self.resolve_button.setEnabled(short is None and refused is None)
        self.resolve_button.setToolTip(short or refused or "Apply the spends (Ctrl+Return)")

    def _spends_changed(self, *_: object) -> None:
        self._update_cost()
        self.grow()  # a warning about the cap may take another line

    def _ask_inspiration(self) -> None:
        """MOMENT OF INSPIRATION pressed: spend Determination only if the player says so
        (Cancel is the default: Return never spends it)."""
        value = self._cited_value()
        if value is None:
            return
        left = self._determination_left()
        if confirm(
            self,
            "Moment of Inspiration",
            f"Spend 1 Determination ({left} left), citing the Value “{value}”, "
            "to re-roll all the dice of this roll?",
            "SPEND 1 DETERMINATION",
        ):
            self.inspiration()

    def _determination_left(self) -> int:
        character = self.model.state.characters.get(self._officer() or "")
        return character.determination.value if character is not None else 0

    def _officer(self) -> str | None:
        """The officer whose Determination this roll's Moment of Inspiration spends."""
        return self.actor if self.actor in self.model.state.characters else None

    def inspiration(self) -> None:
        """Spend 1 Determination on a Moment of Inspiration: the dice are rolled again."""
        command = self._control_command("inspiration", value=self._cited_value())
        if self._submit(command) is not None:
            self.inspire.hide()
            self._show_roll()
            self.grow()

    def aim(self) -> None:
        """Aim (seed 003): re-roll one d20 of the attack, the one that scored worst."""
        pending = self._pending()
        if pending is None:
            return
        lead = [i for i, d in enumerate(pending.result.dice) if d.kind == "lead"]
        if lead:
            worst = max(lead, key=lambda i: pending.result.dice[i].value)
            if self._submit(self._control_command("aim", dice=[worst])) is not None:
                self._show_roll()

    @property
    def resolved(self) -> bool:
        return self.stage.text() == "RESOLVED"

    def spends(self) -> Spends:
        return self.spends_box.spends()

    def resolve(self) -> None:
        spends = self.spends() if self.after.currentWidget() is self.spends_box else Spends()
        dumped = cast(dict[str, JsonValue], spends.model_dump(mode="json"))
        applied = self._submit(self._control_command("resolve", spends=dumped))
        if applied is None:
            return
        self._resolved_lines = list(applied.entry.log)
        pending = self._pending()
        if self._mine(pending) and pending is not None and pending.damage is not None:
            self._show_damage()
            return
        self._show_report(self._resolved_lines)

    def _show_damage(self) -> None:
        """An attack's damage dice, rolled and held: pick any to re-roll, then apply."""
        pending = self._pending()
        if pending is None or pending.damage is None:
            return
        self._held_at = self.model.recent_journal(0)[1]
        self.stage.setText("DAMAGE")
        for button in (self.resolve_button, self.inspire, self.aim_button):
            button.hide()
        self.apply_button.show()
        self._no_default()
        self.apply_button.setDefault(True)  # Enter applies the damage the player sees
        self.apply_button.setFocus()
        apply = self._controls().get("apply_damage")
        self.damage_dice.selectable = apply is None or bool(apply.params)
        self.damage_dice.setCursor(
            Qt.CursorShape.PointingHandCursor
            if self.damage_dice.selectable
            else Qt.CursorShape.ArrowCursor
        )
        self.damage_dice.setDice(pending.damage.roll.dice)
        self.damage_dice.setSelected(())
        self.after.setCurrentWidget(self.damage_box)
        self._update_damage()

    def _reroll_cost(self) -> str:
        """What Re-Roll Damage costs now: 1 of the attack's own Momentum while it has
        some (seed 001: kept back as the attack resolved), else 1 from the pool."""
        pending = self._pending()
        kept = pending.damage.momentum if pending is not None and pending.damage else 0
        if kept:
            return f"1 of the attack's {kept} {self.pool_word}"
        return f"1 {self.pool_word} from the pool ({self._pool()})"

    def _update_damage(self) -> None:
        """The damage dice's total, how to re-roll them (click them) and what that costs."""
        pending = self._pending()
        if pending is None or pending.damage is None:
            return
        held = pending.damage
        roll = held.roll
        self.damage_total.setText(
            f"{roll.total} DAMAGE · {count(roll.effects, 'EFFECT')} (before Resistance)"
        )
        word = self.pool_word
        chosen = self.damage_dice.selected()
        short = None
        if not self.damage_dice.selectable:
            text = f"Re-Roll Damage costs 1 {word}, and there is none: apply the damage."
            self.apply_button.setText("APPLY DAMAGE")
        elif not chosen:
            text = (
                f"Click any dice to re-roll them once before they land (Re-Roll Damage, "
                f"{self._reroll_cost()}), or apply the damage as it fell."
            )
            self.apply_button.setText("APPLY DAMAGE")
        else:
            n = len(chosen)
            self.apply_button.setText(
                f"RE-ROLL {n} {'DIE' if n == 1 else 'DICE'} (1 {word.upper()}) AND APPLY"
            )
            if held.momentum or self._pool():
                text = f"Re-Roll Damage: {self._reroll_cost()}."
            else:
                short = f"Not enough {word} for Re-Roll Damage: it costs 1, and there is none."
                text = short
        self.damage_cost.setText(text)
        self.apply_button.setEnabled(short is None)
        self.apply_button.setToolTip(short or "Land the damage (Ctrl+Return)")

    def apply_damage(self) -> None:
        reroll: list[JsonValue] = list(self.damage_dice.selected())
        applied = self._submit(self._control_command("apply_damage", reroll=reroll))
        if applied is None:
            return
        self._show_report([*self._resolved_lines, *applied.entry.log])

    def _show_report(self, lines: list[str] | tuple[str, ...]) -> None:
        """The Task is resolved: its report unrolls line by line."""
        self.stage.setText("RESOLVED")
        for button in (self.resolve_button, self.apply_button, self.inspire, self.aim_button):
            button.hide()
        self.close_button.setText("CLOSE")
        self.close_button.setToolTip("Esc")
        self.close_button.setObjectName("primary")
        self.close_button.style().polish(self.close_button)
        self._no_default()
        self.close_button.setDefault(True)  # Enter closes the report
        self._report = [reveal(line) for line in lines]  # a crew window's are its seat's
        self.report.clear()
        self.after.setCurrentWidget(self.report)
        # the spends are done: their room is the report's (which scrolls by itself), so a
        # long report never makes the dialog scroll at a large text size
        self.spends_box.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Ignored)
        self._timer.start()
        self.grow()

    def _next_report_line(self) -> None:
        if not self._report:
            self._timer.stop()
            return
        px = round(self.report.fontMetrics().height() * 1.1)
        cursor = self.report.textCursor()
        cursor.movePosition(cursor.MoveOperation.End)
        if not self.report.document().isEmpty():
            cursor.insertBlock()
        cursor.insertHtml(dice_html(self._report.pop(0), px))
        self.report.ensureCursorVisible()

    def finish_report(self) -> None:
        """Show the rest of the damage report at once."""
        while self._report:
            self._next_report_line()
        self._timer.stop()

    def done(self, result: int) -> None:
        self.model.sig_refused.disconnect(self._refused)
        self.model.sig_changed.disconnect(self._model_changed)
        self._timer.stop()
        super().done(result)


class TaskDialog(TaskDialogBase):
    """A station card's Task, for an officer (or, for the GM, an NPC ship): the Task's
    own fields (:class:`~bridge.ui.station.task_fields.TaskFields`) and how the officer
    or the ship's crew rolls it (:class:`~bridge.ui.station.ship_roll.ShipRoll`)."""

    done_word = "CONFIRM"

    def __init__(
        self,
        model: StationModel,
        actor: str,
        station: Station,
        action: ActionDef,
        parent: QWidget | None = None,
    ) -> None:
        npc = actor not in model.state.characters
        super().__init__(
            model, actor, action.key, action.name, action.text, action.rolled, npc, parent
        )
        self.station = station
        self.action = action
        self._known: tuple[Encounter, Controls] | None = None  # the controls, for a state
        self._build()

    def _actor_name(self) -> str:
        state = self.model.state
        if self.actor in state.characters:
            return state.characters[self.actor].name
        return state.ships[self.actor].name

    def _build_setup(self, columns: QHBoxLayout) -> None:
        """The Task's own fields, from the parameters and choices the engine gives
        (bridge.ui.station.task_fields), and the ROLL box."""
        roll = ShipRoll(self.actor, self.station, self.action)
        self.how = roll
        """How the Task is rolled (the ROLL box)."""
        self.roll_box = roll.box
        self.attribute, self.discipline, self.focus = roll.attribute, roll.discipline, roll.focus
        self.override, self.ship_assist = roll.override, roll.ship_assist
        self.momentum_dice, self.threat_dice = roll.momentum_dice, roll.threat_dice
        self.determination, self.value = roll.determination, roll.value
        self.params = QFormLayout()
        self.fields = TaskFields(
            self.model.task_options(self.actor, self.station, self.action.key),
            self.params,
            (self.attribute, self.discipline, self.focus),
        )
        f = self.fields
        self.target, self.weapon, self.system, self.zone = f.target, f.weapon, f.system, f.zone
        self.choice, self.readied, self.note = f.choice, f.readied, f.note
        self.salvo, self.area, self.extra_power = f.salvo, f.area, f.extra_power
        self.opposition, self.opposition_difficulty = f.opposition, f.opposition_difficulty
        self.avoid_hazard = f.avoid_hazard
        f.connect(self.refresh_preview)
        self.options_box: QGroupBox | None = None
        if self.params.rowCount():
            self.options_box = QGroupBox("TARGET AND OPTIONS")
            self.options_box.setLayout(self.params)
            columns.addWidget(self.options_box, 1, Qt.AlignmentFlag.AlignTop)
        roll.fill(self.model.state, "attribute" in f.names, self.refresh_preview)
        columns.addWidget(self.roll_box, 1, Qt.AlignmentFlag.AlignTop)

    def focus_name(self) -> str | None:
        """The Focus picked, or ``None``."""
        return self.how.focus_name()

    def bought(self) -> tuple[str, ...]:
        return self.how.bought()

    def command(self) -> AttemptTask:
        """The AttemptTask the widgets describe (without spends: it waits to be resolved)."""
        return AttemptTask.model_validate(
            {
                "by": self.by,
                "action": self.action.key,
                "station": self.station,
                **self.how.fields(),
                **self.fields.params(),
            }
        )

    def _preview(self, command: Command) -> TaskPreview:
        assert isinstance(command, AttemptTask)
        return engine.preview(self.model.state, command)

    def _refusal(self, command: Command) -> str | None:
        return self.model.check(command)

    def _pending(self) -> WaitingRoll | None:
        return self.model.state.pending

    def _controls(self) -> Controls:
        state = self.model.state
        if self._known is None or self._known[0] is not state:
            self._known = (state, ship_controls(state, self.actor))
        return self._known[1]

    def _pool(self) -> int:
        state = self.model.state
        return state.threat.value if self.npc else state.momentum.value

    def _cited_value(self) -> str | None:
        """The Value the roll's Determination die cites (or the officer's first)."""
        data = self.value.currentData()
        return str(data) if data is not None else super()._cited_value()
