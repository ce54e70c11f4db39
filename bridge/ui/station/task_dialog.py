"""The task dialog: set up a Task, see its Difficulty and exact odds, roll, spend, resolve."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLayout,
    QPushButton,
    QSpinBox,
    QStackedWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import (
    ActionDef,
    Applied,
    ApplyDamage,
    AttemptTask,
    Command,
    Inspiration,
    PendingTask,
    ResolveTask,
    Spends,
    Station,
    TaskFrame,
    TaskPlan,
    preview_task,
)
from bridge.model.character import Character
from bridge.rules.examples import examples_text
from bridge.rules.focus_match import suggested_focus
from bridge.rules.hidden import reveal
from bridge.rules.odds import task_odds
from bridge.rules.stats import Attribute, Department
from bridge.rules.task import Purchase
from bridge.ui.base.help import TASK_DIALOG, add_help_key
from bridge.ui.base.notices import confirm
from bridge.ui.base.station_model import StationModel
from bridge.ui.base.text_size import take_text_size
from bridge.ui.base.theme import COLORS, scaled
from bridge.ui.station.spends_box import SpendsBox
from bridge.ui.station.task_fields import TaskFields
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

__all__ = ["TaskDialog"]


def _count(n: int, one: str, many: str | None = None) -> str:
    """``1 success``, ``2 successes``."""
    if n == 1:
        return f"{n} {one}"
    return f"{n} {many or one + ('S' if one.isupper() else 's')}"


class TaskDialog(QDialog):
    """One Task from a station card, for a character (or, for the GM, an NPC ship).

    Never modal: while one player rolls, the GM and every other station stay usable. The
    steps share one stacked area and a fixed action bar, so ROLL, the spends and RESOLVE
    are always on screen; the dialog grows (never shrinks) when what it shows grows, the
    dice and spends after ROLL or a warning about the cap, within the screen. It takes
    the text size of the window it was opened from. Enter after ROLL resolves; spending
    Determination is never a default and asks first.
    """

    def __init__(
        self,
        model: StationModel,
        actor: str,
        station: Station,
        action: ActionDef,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        take_text_size(self, parent)
        self.setWindowModality(Qt.WindowModality.NonModal)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        self.model = model
        self.actor = actor
        self.station = station
        self.action = action
        self.npc = actor not in model.state.characters
        self.by = "gm" if self.npc else actor
        self._report: list[str] = []
        self._resolved_lines: list[str] = []
        self._held_at = 0  # the journal's length when the damage dice were shown
        self._submitting = False
        self.setWindowTitle(f"{action.name} — {self._actor_name()}")

        outer = QVBoxLayout(self)
        self._outer = outer
        content = QWidget()
        self._content = content
        self._scroll = scrolling(content)
        outer.addWidget(self._scroll, 1)
        layout = QVBoxLayout(content)
        layout.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        title = QLabel(action.name.upper())
        title.setObjectName("title")
        head.addWidget(title)
        self.stage = Pill("SET UP", COLORS.lavender)
        head.addWidget(self.stage)
        head.addStretch()
        layout.addLayout(head)
        text = QLabel(action.text)
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
        self.attribute = QComboBox()
        self.discipline = QComboBox()
        self.focus = QComboBox()  # "No Focus", then each of the officer's Focuses
        self.override = QCheckBox("Override (+1 Difficulty)")
        self.ship_assist = QCheckBox("Ship assists")
        self.momentum_dice = QSpinBox()
        self.threat_dice = QSpinBox()
        self.determination = QCheckBox("Determination die (shows 1)")
        self.value = QComboBox()
        self.params = QFormLayout()
        self._build_params()
        self.options_box: QGroupBox | None = None
        if self.params.rowCount():
            self.options_box = QGroupBox("TARGET AND OPTIONS")
            self.options_box.setLayout(self.params)
            columns.addWidget(self.options_box, 1, Qt.AlignmentFlag.AlignTop)
        self.roll_box = QGroupBox("ROLL")
        roll_form = QFormLayout(self.roll_box)
        self._build_roll(roll_form)
        columns.addWidget(self.roll_box, 1, Qt.AlignmentFlag.AlignTop)

        result = QWidget()
        rcol = QVBoxLayout(result)
        rcol.setContentsMargins(0, 0, 0, 0)
        self.steps.addWidget(result)
        self.dice = DiceRow()
        rcol.addWidget(self.dice)
        self.outcome = QLabel()
        self.outcome.setObjectName("big")
        self.outcome.setWordWrap(True)
        rcol.addWidget(self.outcome)
        self.after = QStackedWidget()  # the spends, then the damage report in their place
        rcol.addWidget(self.after, 1)
        self.spends_box = SpendsBox(action, self.npc)
        self.spends_box.connect_changed(self._spends_changed)
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

        right.addWidget(section_label("Difficulty"))
        self.difficulty = QLabel()
        self.difficulty.setWordWrap(True)
        self.difficulty.setTextFormat(Qt.TextFormat.RichText)
        right.addWidget(self.difficulty)
        right.addWidget(section_label("Odds"))
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

        bar = QHBoxLayout()  # the action bar: always at the bottom, never scrolled away
        self.inspire = QPushButton("MOMENT OF INSPIRATION")
        self.inspire.setToolTip("Spend 1 Determination, citing a Value, to re-roll your dice.")
        self.inspire.hide()
        self.roll_button = QPushButton("ROLL" if action.rolled else "CONFIRM")
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
        bar.addStretch()
        bar.addWidget(self.close_button)
        bar.addWidget(self.no_roll_button)
        bar.addWidget(self.roll_button)
        bar.addWidget(self.resolve_button)
        bar.addWidget(self.apply_button)
        outer.addLayout(bar)
        self._bar = bar

        self.roll_button.clicked.connect(self.roll)
        self.resolve_button.clicked.connect(self.resolve)
        self.apply_button.clicked.connect(self.apply_damage)
        self.no_roll_button.clicked.connect(self.confirm_without_roll)
        self.inspire.clicked.connect(self._ask_inspiration)
        self.close_button.clicked.connect(self.reject)
        shortcut = QShortcut(QKeySequence("Ctrl+Return"), self)
        shortcut.activated.connect(self._primary)
        add_help_key(self, TASK_DIALOG)
        self._timer = QTimer(self)
        self._timer.setInterval(140)
        self._timer.timeout.connect(self._next_report_line)
        self.model.sig_refused.connect(self._refused)
        self.model.sig_changed.connect(self._model_changed)
        self.refresh_preview()
        self._sizes()
        self._arrange()
        if self._mine(self.model.state.pending):  # reopened on a roll that is waiting
            self._rolled()
        self._no_default()
        self.resize(self._wanted())
        self.fit = keep_on_screen(self)

    def _sizes(self) -> None:
        """The sizes set in pixels, at the dialog's text size."""
        self._side.setMinimumWidth(round(scaled(340, self)))

    def _settled_size(self) -> QSize:
        """:meth:`natural_size` of what the dialog shows now."""
        for layout in self.findChildren(QLayout):  # layouts keep the hints they had until
            layout.invalidate()  # events pass, and so do the places that hold a widget:
            holder = layout.parentWidget()  # what is shown now counts
            if holder is not None and holder.layout() is layout:
                holder.updateGeometry()
        return self.natural_size()

    def _arrange(self) -> None:
        """Side by side where the screen is wide enough for it; at a large text size the
        setup's two boxes, then the Difficulty and odds, go one under the other, so the
        dialog is not wider than the screen (it may then scroll down, never across)."""
        across = QBoxLayout.Direction.LeftToRight
        for box in (self._columns, self._body):
            box.setDirection(across)
        for box in (self._columns, self._body):
            if self._wanted().width() <= self._room().width():
                break
            box.setDirection(QBoxLayout.Direction.TopToBottom)

    def _room(self) -> QSize:
        """The largest the dialog can be with its frame whole on the screen."""
        m = frame_margins(self)
        free = free_area(self)
        return QSize(free.width() - m.left() - m.right(), free.height() - m.top() - m.bottom())

    def _wanted(self) -> QSize:
        """What the dialog shows now, without scrolling across: wider by a scroll bar when
        it is taller than the screen allows (it then scrolls down)."""
        size = self._settled_size()
        if size.height() > self._room().height():
            size.setWidth(size.width() + self._scroll.verticalScrollBar().sizeHint().width())
        return size

    def grow(self) -> None:
        """As large as what it shows needs (never smaller: nothing moves under the
        pointer), as far as the screen allows; the frame kept on the screen."""
        wanted = self._wanted().expandedTo(self.size())
        if wanted != self.size():
            self.resize(wanted)
            fit_to_screen(self)

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

    # -- building -----------------------------------------------------------------------
    def _actor_name(self) -> str:
        state = self.model.state
        if self.actor in state.characters:
            return state.characters[self.actor].name
        return state.ships[self.actor].name

    def _ship_id(self) -> str:
        return self.actor if self.npc else self.model.state.player_ship

    def _build_params(self) -> None:
        """The Task's own fields, from the parameters and choices the engine gives
        (bridge.ui.station.task_fields)."""
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

    def _build_roll(self, form: QFormLayout) -> None:
        state = self.model.state
        a = self.action
        if "attribute" in self.fields.names:  # the helper picks any pair (in the fields)
            pass
        else:
            for attr in a.attributes:
                self.attribute.addItem(attr.label, attr.value)
            for disc in a.disciplines:
                self.discipline.addItem(disc.label, disc.value)
        character = state.characters.get(self.actor)
        self._build_focus(character, a.name)
        if character is not None:
            self._choose_best_pair(character)
        if not a.rolled:
            self.roll_box.hide()
            return
        if self.npc or character is None:
            ship = state.ships[self.actor]
            quality = ship.crew_quality.label if ship.crew_quality else "Proficient"
            form.addRow("Crew", QLabel(f"{quality} crew dice (with a Focus)"))
        else:
            form.addRow("Attribute", self.attribute)
            form.addRow("Discipline", self.discipline)
            form.addRow("Focus", self.focus)
            if self.station not in state.stations_of(self.actor):
                self.override.setChecked(True)
                self.override.setEnabled(False)
                form.addRow("", self.override)
            for v in character.values:
                if not v.challenged:
                    self.value.addItem(v.text, v.text)
        if a.assist is not None:
            self.ship_assist.setChecked(True)
            self.ship_assist.setText(f"Ship assists ({a.assist_text})")
            form.addRow("", self.ship_assist)
        self.momentum_dice.setRange(0, 3)
        self.threat_dice.setRange(0, 3)
        if self.npc:  # NPC ships buy their dice with Threat only: no Momentum row
            self.momentum_dice.setEnabled(False)
            self.threat_dice.setToolTip("NPC ships buy dice with Threat.")
            form.addRow("Dice bought with Threat", self.threat_dice)
        else:
            form.addRow("Dice bought with Momentum", self.momentum_dice)
            form.addRow("Dice paid with Threat", self.threat_dice)
        if not self.npc and self.value.count():
            form.addRow("", self.determination)
            form.addRow("Value", self.value)
            # a Value is cited only with the Determination die: until then it is not chosen
            self.value.setEnabled(False)
            self.value.setToolTip("The Value the Determination die is spent for")
            self.determination.toggled.connect(self.value.setEnabled)
        for box in (self.attribute, self.discipline, self.focus, self.value):
            box.currentIndexChanged.connect(self.refresh_preview)
        for check in (self.ship_assist, self.determination):
            check.toggled.connect(self.refresh_preview)
        for spin in (self.momentum_dice, self.threat_dice):
            spin.valueChanged.connect(self.refresh_preview)

    def _build_focus(self, character: Character | None, task: str) -> None:
        """The officer's Focuses to pick from (seed 001 RULES SUMMARY 1: "Choose one
        Attribute and one Discipline, and one Focus"), starting on one the Task's name
        names (Starship Weapons for Fire Weapon), if any."""
        self.focus.addItem("No Focus", None)
        if character is None:
            return
        for name in character.focuses:
            self.focus.addItem(name, name)
        suited = suggested_focus(character.focuses, task)
        if suited is not None:
            self.focus.setCurrentIndex(self.focus.findData(suited))
        if character.focuses:
            self.focus.setToolTip(
                "A Focus that applies: dice at or under the Discipline score 2 successes"
            )
        else:
            self.focus.setEnabled(False)
            self.focus.setToolTip(f"{character.name} has no Focus.")

    def _choose_best_pair(self, character: Character) -> None:
        """Start on the officer's best legal Attribute + Discipline for this Task (the
        highest target number; the higher Discipline, which a Focus doubles, on a tie)."""
        attrs = [Attribute(self.attribute.itemData(i)) for i in range(self.attribute.count())]
        discs = [Department(self.discipline.itemData(i)) for i in range(self.discipline.count())]
        if not attrs or not discs:
            return
        best_attr = max(attrs, key=lambda x: character.attributes[x])
        best_disc = max(discs, key=lambda d: character.disciplines[d])
        self.attribute.setCurrentIndex(self.attribute.findData(best_attr.value))
        self.discipline.setCurrentIndex(self.discipline.findData(best_disc.value))

    def focus_name(self) -> str | None:
        """The Focus picked, or ``None``."""
        data = self.focus.currentData()
        return str(data) if data else None

    # -- reading the widgets ------------------------------------------------------------
    def bought(self) -> tuple[Purchase, ...]:
        out: list[Purchase] = ["determination"] if self.determination.isChecked() else []
        out += ["momentum"] * self.momentum_dice.value()
        out += ["threat"] * self.threat_dice.value()
        return tuple(out)

    def command(self) -> AttemptTask:
        """The AttemptTask the widgets describe (without spends: it waits to be resolved)."""
        value = self.value.currentData() if self.determination.isChecked() else None
        return AttemptTask(
            by=self.by,
            action=self.action.key,
            station=self.station,
            override=self.override.isChecked(),
            attribute=Attribute(self.attribute.currentData()) if self.attribute.count() else None,
            discipline=Department(self.discipline.currentData())
            if self.discipline.count()
            else None,
            focus=self.focus_name() is not None,
            focus_name=self.focus_name(),
            bought=self.bought(),
            value=value,
            ship_assist=self.ship_assist.isChecked() or self.action.assist is None,
            **self.fields.params(),
        )

    def spends(self) -> Spends:
        return self.spends_box.spends()

    # -- preview ------------------------------------------------------------------------
    def refresh_preview(self) -> None:
        if not self.action.rolled:
            reason = self.model.check(self.command())
            self.problem.setText(reason or "")
            self.roll_button.setEnabled(reason is None)
            self.difficulty.setText("No roll: this Task takes effect at once.")
            return
        plan = preview_task(self.model.state, self.command())
        if isinstance(plan, str):
            self.problem.setText(plan)
            self.roll_button.setEnabled(False)
            self.no_roll_button.hide()
            self.difficulty.setText("")
            self.odds_text.setText("")
            self.chart.setOdds(None)
            return
        self.problem.setText("")
        self.roll_button.setEnabled(True)
        # Difficulty 0 needs no roll unless the player wants Momentum (RULES-NOTES).
        self.no_roll_button.setVisible(plan.difficulty == 0 and self.steps.currentIndex() == 0)
        self._show_plan(plan)

    def _show_plan(self, plan: TaskPlan[TaskFrame]) -> None:
        lines = [
            f"{name}: <b>{'+' if n > 0 and i else ''}{n}</b>"
            for i, (name, n) in enumerate(plan.items)
        ]
        lines.append(self._big_difficulty(plan.difficulty))
        if plan.spec.complication_range > 1:
            lines.append(
                f"Complication range {plan.spec.complication_range} "
                f"({'; '.join(plan.complication_why)})"
            )
        if plan.costs:  # the engine's itemised costs, paid as the Task is attempted
            lines.append(
                "Paid on the roll, hit or miss: " + "; ".join(c.describe() for c in plan.costs)
            )
        if self.npc:  # the GM runs this Task: what its Difficulty is like (seed 003)
            like = examples_text(plan.difficulty)
            lines.append(f"<i>Like: {like[:1].lower()}{like[1:]}.</i>")
            self.difficulty.setToolTip(difficulty_guide_html(plan.difficulty))
        self.difficulty.setText("<br>".join(lines))
        odds = task_odds(plan.spec)
        pool = "Threat" if self.npc else "Momentum"
        self.odds_text.setText(
            f"{plan.who} · {plan.spec.lead_dice}d20"
            + (f"\nassisted by {', '.join(plan.assist_names)}" if plan.assist_names else "")
            + f"\nSUCCESS {odds.p_success:.0%}   ·   {pool} {odds.expected_momentum:.2f}"
            f"   ·   COMPLICATION {odds.p_complication:.0%}"
        )
        self.chart.setOdds(odds)

    def _big_difficulty(self, n: int) -> str:
        size = round(scaled(26, self))
        return f"<span style='font-size:{size}px'>DIFFICULTY <b>{n}</b></span>"

    # -- acting -------------------------------------------------------------------------
    def _mine(self, pending: PendingTask | None) -> bool:
        """Whether ``pending`` is this dialog's roll (same actor and Task)."""
        return (
            pending is not None
            and pending.actor == self.actor
            and pending.action == self.action.key
        )

    def _primary(self) -> None:
        if self.roll_button.isVisible() and self.roll_button.isEnabled():
            self.roll()
        elif self.resolve_button.isVisible() and self.resolve_button.isEnabled():
            self._resolve_by_key()
        elif self.apply_button.isVisible() and self.apply_button.isEnabled():
            self.apply_damage()

    def _enter_resolves(self, event: QKeyEvent) -> bool:
        """Whether ``event`` is the Enter that presses RESOLVE (the default button)."""
        enter = event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
        plain = not event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
        button = self.resolve_button
        return enter and plain and button.isDefault() and button.isVisible() and button.isEnabled()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter resolves after ROLL, but never past a warning that Momentum will be lost:
        then it asks first (the RESOLVE button itself, clicked, does not)."""
        if self._enter_resolves(event):
            event.accept()
            self._resolve_by_key()
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

    def _refused(self, reason: str) -> None:
        if self.isVisible():
            self.problem.setText(reason)

    def _model_changed(self, _changes: object) -> None:
        """Another window changed the battle: keep this dialog true to it."""
        if self.resolved or self._submitting:
            return
        pending = self.model.state.pending
        if self.steps.currentIndex() == 1 and not self._mine(pending):
            if self.stage.text() == "DAMAGE" and self.model.recent_journal(0)[1] > self._held_at:
                self._show_report(self.model.recent_journal(1)[0][-1].log)  # landed elsewhere
            else:
                self._back_to_setup("The roll was undone.")
        elif self.steps.currentIndex() == 1 and pending is not None:
            if (pending.damage is not None) != (self.stage.text() == "DAMAGE"):
                self._rolled()  # the damage was rolled elsewhere, or undone back to the spends
        elif self.steps.currentIndex() == 0 and self._mine(pending):
            self._rolled()  # redone, or rolled from another window
        elif self.steps.currentIndex() == 0:
            self.refresh_preview()

    def _back_to_setup(self, why: str) -> None:
        self.steps.setCurrentIndex(0)
        self.stage.setText("SET UP")
        self.resolve_button.hide()
        self.apply_button.hide()
        self.inspire.hide()
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

    def roll(self) -> None:
        applied = self._submit(self.command())
        if applied is None:
            return
        if not self.action.rolled:
            self.accept()
            return
        self._rolled()

    def confirm_without_roll(self) -> None:
        """A Difficulty 0 Task taken without a roll: it succeeds, with no Momentum."""
        command = self.command().model_copy(update={"roll": False})
        if self._submit(command) is not None:
            self._rolled()

    def _rolled(self) -> None:
        """Show the waiting roll: dice, outcome, spends, RESOLVE."""
        pending = self.model.state.pending
        if pending is None:
            return
        self.steps.setCurrentIndex(1)
        self.stage.setText("ROLLED")
        self.roll_button.hide()
        self.no_roll_button.hide()
        self.apply_button.hide()
        self.close_button.setText("CLOSE")
        self.close_button.setToolTip(
            "Close: the roll waits for its spends; reopen it from the station or the GM console"
        )
        self._show_pending_difficulty(pending)
        self._show_roll()
        if pending.damage is None:
            self._no_default()
            self.resolve_button.setDefault(True)  # Enter resolves; nothing else
            self.resolve_button.setFocus()
        self.grow()

    def _show_pending_difficulty(self, pending: PendingTask) -> None:
        lines = [
            f"{name}: <b>{'+' if n > 0 and i else ''}{n}</b>"
            for i, (name, n) in enumerate(pending.difficulty_items)
        ]
        lines.append(self._big_difficulty(pending.result.spec.difficulty))
        self.difficulty.setText("<br>".join(lines))
        self.problem.setText("")

    def _show_roll(self) -> None:
        pending = self.model.state.pending
        if pending is None:
            return
        result = pending.result
        self.dice.setDice(result.dice)
        verdict = "SUCCESS" if result.success else "FAILURE"
        if result.succeeded_at_cost:
            verdict = "SUCCESS AT A COST"
        pool = "Threat" if self.npc else "Momentum"
        extra = f" · {result.momentum} {pool}" if result.momentum else ""
        comp = f" · {_count(result.complications, 'COMPLICATION')}" if result.complications else ""
        count = _count(result.successes, "success", "successes")
        said = f"{count} vs {result.spec.difficulty}: {verdict}{extra}{comp}"
        if not result.rolled:
            said = f"No roll (Difficulty 0): {verdict}"
        self.outcome.setText(said)
        if pending.damage is not None:
            self._show_damage()
            return
        self.after.setCurrentWidget(self.spends_box if result.success else self.no_spends)
        self.resolve_button.show()
        can_inspire = (
            not self.npc
            and result.rolled  # (a Task taken without a roll has no dice to re-roll)
            and self.value.count() > 0
            and self.model.state.characters[self.actor].determination.value > 0
        )
        self.inspire.setVisible(can_inspire)
        self._update_cost()

    def _update_cost(self) -> None:
        pending = self.model.state.pending
        if pending is None:
            return
        short = self.spends_box.show_cost(self.model.state, pending)
        if self.after.currentWidget() is not self.spends_box:
            short = None  # a failed roll spends nothing
        self.resolve_button.setEnabled(short is None)
        self.resolve_button.setToolTip(short or "Apply the spends (Ctrl+Return)")

    def _spends_changed(self, *_: object) -> None:
        self._update_cost()
        self.grow()  # a warning about the cap may take another line

    def _ask_inspiration(self) -> None:
        """MOMENT OF INSPIRATION pressed: spend Determination only if the player says so."""
        value = self.value.currentData()
        left = self.model.state.characters[self.actor].determination.value
        if confirm(
            self,
            "Moment of Inspiration",
            f"Spend 1 Determination ({left} left), citing the Value “{value}”, "
            "to re-roll the dice of this roll?",
            "SPEND 1 DETERMINATION",
        ):
            self.inspiration()

    def inspiration(self) -> None:
        """Spend 1 Determination on a Moment of Inspiration: the dice are rolled again."""
        value = self.value.currentData()
        if self._submit(Inspiration(by=self.by, value=value)) is not None:
            self.inspire.hide()
            self._show_roll()
            self.grow()

    @property
    def resolved(self) -> bool:
        return self.stage.text() == "RESOLVED"

    def resolve(self) -> None:
        spends = self.spends() if self.after.currentWidget() is self.spends_box else Spends()
        applied = self._submit(ResolveTask(by=self.by, spends=spends, hold_damage=True))
        if applied is None:
            return
        self._resolved_lines = list(applied.entry.log)
        pending = self.model.state.pending
        if self._mine(pending) and pending is not None and pending.damage is not None:
            self._show_damage()
            return
        self._show_report(self._resolved_lines)

    def _show_damage(self) -> None:
        """An attack's damage dice, rolled and held: pick any to re-roll, then apply."""
        pending = self.model.state.pending
        if pending is None or pending.damage is None:
            return
        self._held_at = self.model.recent_journal(0)[1]
        self.stage.setText("DAMAGE")
        self.resolve_button.hide()
        self.inspire.hide()
        self.apply_button.show()
        self._no_default()
        self.apply_button.setDefault(True)  # Enter applies the damage the player sees
        self.apply_button.setFocus()
        self.damage_dice.setDice(pending.damage.roll.dice)
        self.damage_dice.setSelected(())
        self.after.setCurrentWidget(self.damage_box)
        self._update_damage()

    def _update_damage(self) -> None:
        """The damage dice's total, and what re-rolling the picked ones costs."""
        state = self.model.state
        pending = state.pending
        if pending is None or pending.damage is None:
            return
        held = pending.damage
        roll = held.roll
        self.damage_total.setText(
            f"{roll.total} DAMAGE · {_count(roll.effects, 'EFFECT')} (before Resistance)"
        )
        word = "Threat" if self.npc else "Momentum"
        chosen = self.damage_dice.selected()
        pool = state.threat.value if self.npc else state.momentum.value
        short = None
        if not chosen:
            text = (
                f"Re-Roll Damage (1 {word}): pick any dice to re-roll them once, or apply "
                "the damage as it fell."
            )
            self.apply_button.setText("APPLY DAMAGE")
        else:
            n = len(chosen)
            self.apply_button.setText(f"RE-ROLL {n} {'DIE' if n == 1 else 'DICE'} AND APPLY")
            if held.momentum:
                text = f"Re-Roll Damage: 1 of the attack's {held.momentum} {word}."
            elif pool:
                text = f"Re-Roll Damage: 1 {word} from the pool ({pool})."
            else:
                short = f"Not enough {word} for Re-Roll Damage: it costs 1, and there is none."
                text = short
        self.damage_cost.setText(text)
        self.apply_button.setEnabled(short is None)
        self.apply_button.setToolTip(short or "Land the damage (Ctrl+Return)")

    def apply_damage(self) -> None:
        applied = self._submit(ApplyDamage(by=self.by, reroll=self.damage_dice.selected()))
        if applied is None:
            return
        self._show_report([*self._resolved_lines, *applied.entry.log])

    def _show_report(self, lines: list[str] | tuple[str, ...]) -> None:
        """The Task is resolved: its report unrolls line by line."""
        self.stage.setText("RESOLVED")
        self.resolve_button.hide()
        self.apply_button.hide()
        self.inspire.hide()
        self.close_button.setText("CLOSE")
        self.close_button.setToolTip("Esc")
        self.close_button.setObjectName("primary")
        self.close_button.style().polish(self.close_button)
        self._report = [reveal(line) for line in lines]  # a crew window's are its seat's
        self.report.clear()
        self.after.setCurrentWidget(self.report)
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
