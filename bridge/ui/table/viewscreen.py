"""The main viewscreen: the battle for a TV or second monitor, read from across the room.

No controls: the tactical picture, whose Turn, the Round, Momentum and Threat, the last
roll and the damage report, which unrolls a line at a time. Type scales with the window
(the smallest is three times a station's body text on a 1080-pixel-high screen). F11 or
the context menu toggles full screen and picks the screen. Players' eyes only: its model
is a crew seat's (:class:`~bridge.ui.base.seat_model.SeatModel` on the GM's laptop, the
host's view over the network), so an unscanned NPC ship shows as a sensor contact and the
damage report says what the crew sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QColor,
    QContextMenuEvent,
    QGuiApplication,
    QKeySequence,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QResizeEvent,
    QScreen,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QMenu,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import CATALOG, CONFLICT_CARD, Change, Encounter, turn_text
from bridge.rules.challenge import ChallengeDie
from bridge.rules.stats import System
from bridge.rules.task import TaskResult
from bridge.ui.base.seat_model import for_crew
from bridge.ui.base.settings import restore_geometry, save_geometry
from bridge.ui.base.station_model import StationModel
from bridge.ui.base.theme import COLORS
from bridge.ui.conflict.conflict_picture import ConflictPicture
from bridge.ui.table.viewscreen_labels import FittedLabel, ItemsLabel, ReportLabel
from bridge.ui.table.viewscreen_text import (
    damage_detail,
    damage_lines,
    roll_detail,
    roster_key,
)
from bridge.ui.widgets.challenge_dice import ChallengeDiceRow
from bridge.ui.widgets.fit import keep_on_screen
from bridge.ui.widgets.in_play import in_play_lines
from bridge.ui.widgets.ship_status import state_text
from bridge.ui.widgets.tactical import BigDice, TacticalMap

__all__ = ["ViewscreenWindow", "show_viewscreen"]

_LINES = 17
"""The window is this many lines of the smallest type tall (3x body text at 1080 px)."""
_WATCH = (
    Change.TURN
    | Change.POOLS
    | Change.CREW
    | Change.OUTCOME
    | Change.SHIPS
    | Change.ZONES
    | Change.PENDING
    | Change.LOG
    | Change.TRAITS
    | Change.DURATIONS
    | Change.CONFLICT
)
_STATUS = Change.TURN | Change.POOLS | Change.CREW | Change.OUTCOME
_PICTURE = Change.SHIPS | Change.ZONES | Change.CONFLICT | Change.LOG
_ROLL = Change.PENDING | Change.LOG | Change.CREW | Change.CONFLICT
_STATUS_ON_FOOT = Change.CONFLICT
_IN_PLAY = Change.TRAITS | Change.DURATIONS | Change.SHIPS | Change.CREW
_ROSTER_ROWS = 3
_REPORT_ROWS = 2
"""The damage report's height in lines: the newest reports that fit, never cut."""
UNROLL_MS = 450
"""A new line of the damage report comes up after the one before by this long."""


_FIGHT = frozenset({"conflict_task", "resolve", "apply_damage", "avoid_injury", "stray_hit"})
"""The Commands whose lines the personal conflict's picture shows as its newest roll (a
roll's resolution and damage there when they play on foot)."""
_FIGHT_LOOKBACK = 24
"""How many of the newest log entries are searched for the conflict's last roll."""


@dataclass(frozen=True)
class _Roll:
    who: str
    task: str
    result: TaskResult
    resolved: bool = False


def _sheet(u: int) -> str:
    """The viewscreen's own type and LCARS blocks at unit ``u`` (the smallest type)."""
    c = COLORS
    big, huge = round(u * 1.25), round(u * 1.7)
    return f"""
    QWidget {{ background: #000; color: {c.text}; font-size: {u}px; font-weight: bold; }}
    QLabel#turn {{ color: {c.gold}; font-size: {big}px; padding: 0 {u // 3}px; }}
    QLabel#title {{ color: {c.orange}; font-size: {u}px; padding: 0 {u // 3}px; }}
    QLabel#block {{ color: #000; padding: 0 {u // 4}px; }}
    QLabel#value {{ color: #000; font-size: {huge}px; padding: 0 {u // 4}px; }}
    QLabel#section {{ color: #000; background: {c.lavender}; border-radius: {u // 2}px;
                      padding: 0 {u // 3}px; }}
    QLabel#who {{ color: {c.peach}; padding-left: {u // 5}px; }}
    QLabel#outcome {{ color: #000; border-radius: {u // 2}px; padding: 0 {u // 2}px; }}
    QLabel#dim {{ color: {c.dim}; }}
    QLabel#report {{ color: {c.peach}; }}
    """


class ViewscreenWindow(QWidget):
    """The bridge's main viewscreen: everything the table watches, nothing to press."""

    def __init__(self, model: StationModel, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        model = for_crew(model, self)  # the players' screen: the crew's view, always
        self.model = model
        self.setWindowTitle("Bridge — Main viewscreen")
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.DefaultContextMenu)
        self.unit = 0
        self._roll: _Roll | None = None
        self._stale = Change.NONE
        self._report_at: int | None = None
        """The journal's length when the report was last shown (None: not yet)."""
        self._unrolling: list[str] = []
        """New report lines still to come up, oldest first."""
        self._unroll = QTimer(self)
        self._unroll.setInterval(UNROLL_MS)
        self._unroll.timeout.connect(self._next_report_line)
        self._build()
        for keys, slot in (("F11", self.toggle_fullscreen), ("Esc", self.leave_fullscreen)):
            act = QAction(self)
            act.setShortcut(QKeySequence(keys))
            act.triggered.connect(slot)
            self.addAction(act)
        model.sig_changed.connect(self.refresh)
        self._connected = True
        self.resize(1366, 768)
        self.restored = restore_geometry(self, "viewscreen")
        """Its screen, place and full screen came back from the last time it closed."""
        # Not full screen, its frame is kept whole on the screen (it ran 20 px off the
        # screen's foot: a window of the screen's size has a title bar too).
        self.fit = keep_on_screen(self)
        self._rescale()
        self.refresh(Change.ALL)

    # -- building -----------------------------------------------------------------------
    def _build(self) -> None:
        root = QHBoxLayout(self)
        root.setSizeConstraint(QLayout.SizeConstraint.SetNoConstraint)  # type shrinks instead
        self.root = root
        root.setSpacing(0)
        self.sidebar = QVBoxLayout()
        self.sidebar.setSpacing(0)
        root.addLayout(self.sidebar)
        self.round_block = self._block("ROUND", COLORS.peach)
        self.scene_block = self._block("SCENE", COLORS.violet)
        self.momentum_title = self._block("MOMENTUM", COLORS.gold)
        self.momentum = self._block("", COLORS.gold, "value")
        self.threat_title = self._block("THREAT", COLORS.red)
        self.threat = self._block("", COLORS.red, "value")
        self.filler = self._block("", COLORS.lavender)
        self.filler.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Expanding)
        self._gaps: list[QWidget] = []
        self.sidebar.addSpacing(0)
        for group in (
            (self.round_block,),
            (self.scene_block,),
            (self.momentum_title, self.momentum),
            (self.threat_title, self.threat),
            (self.filler,),
        ):
            for w in group:
                self.sidebar.addWidget(w, 1 if w is self.filler else 0)
            gap = QWidget()
            self._gaps.append(gap)
            self.sidebar.addWidget(gap)

        content = QVBoxLayout()
        content.setSpacing(0)
        root.addLayout(content, 1)
        self.content = content
        top = QHBoxLayout()
        self.turn = FittedLabel("turn")
        self.turn.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.title = FittedLabel("title")
        self.title.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        top.addWidget(self.turn, 0)
        top.addStretch(1)
        top.addWidget(self.title)
        content.addLayout(top)

        middle = QHBoxLayout()
        self.map = TacticalMap()
        middle.addWidget(self.map, 11)
        # A personal conflict takes the map's place while it runs: zones, who stands
        # where, Stress and Injuries (the crew's view), the newest lines of the fight.
        self.conflict_view = ConflictPicture(gm=False)
        self.conflict_view.title.hide()  # (the viewscreen's own title and turn say it)
        self.conflict_view.map.text_px = 22
        self.conflict_view.hide()
        middle.addWidget(self.conflict_view, 11)
        roll = QVBoxLayout()
        self.roll = roll
        self.roll_task = FittedLabel("section")
        self.roll_task.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.roll_who = FittedLabel("who")
        head = QHBoxLayout()
        head.addWidget(self.roll_task)
        head.addWidget(self.roll_who, 1)
        roll.addLayout(head)
        self.dice = BigDice()
        roll.addWidget(self.dice, 1)
        self.damage_dice = ChallengeDiceRow(fill=True)  # the attack's damage dice, as dice
        self.damage_dice.hide()
        roll.addWidget(self.damage_dice, 1)
        self.roll_outcome = FittedLabel("outcome")
        self.roll_detail = FittedLabel("dim")
        roll.addWidget(self.roll_outcome)
        roll.addWidget(self.roll_detail)
        middle.addLayout(roll, 10)
        content.addLayout(middle, 1)
        self.middle = middle

        self.roster = QGridLayout()
        self.roster_cells: list[list[FittedLabel]] = []
        for r in range(_ROSTER_ROWS):
            row = [FittedLabel(name) for name in ("ship", "ship", "ship", "dim")]
            for c, cell in enumerate(row):
                self.roster.addWidget(cell, r, c)
            self.roster_cells.append(row)
        for c, stretch in enumerate((8, 6, 5, 6)):
            self.roster.setColumnStretch(c, stretch)
        content.addLayout(self.roster)

        in_play = QHBoxLayout()
        self.in_play_section = QLabel("IN PLAY")
        self.in_play_section.setObjectName("section")
        self.in_play_section.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.in_play = ItemsLabel("who")
        in_play.addWidget(self.in_play_section)
        in_play.addWidget(self.in_play, 1)
        content.addLayout(in_play)
        self.in_play_row = (self.in_play_section, self.in_play)

        report = QHBoxLayout()
        self.report_section = QLabel("DAMAGE REPORT")
        self.report_section.setObjectName("section")
        self.report_section.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.report = ReportLabel()
        report.addWidget(self.report_section, 0, Qt.AlignmentFlag.AlignTop)
        report.addWidget(self.report, 1)
        content.addLayout(report)
        self.report_lines: list[str] = []

    def _block(self, text: str, color: str, name: str = "block") -> QLabel:
        label = QLabel(text)
        label.setObjectName(name)
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignBottom)
        label.setStyleSheet(f"background: {color};")
        label.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        return label

    # -- scale --------------------------------------------------------------------------
    def _rescale(self) -> None:
        """Type and LCARS proportions follow the window's size."""
        u = max(12, round(min(self.height() / _LINES, self.width() / 32)))
        if u == self.unit:
            return
        self.unit = u
        self.setStyleSheet(_sheet(u))
        self.map.setUnit(u)
        side = round(u * 5.4)
        for w in (self.round_block, self.scene_block, self.momentum_title, self.filler):
            w.setFixedWidth(side)
        for w in (self.momentum, self.threat, self.threat_title):
            w.setFixedWidth(side)
        for gap in self._gaps:
            gap.setFixedHeight(max(u // 6, 3))
        bar = self._bar()
        top = round(bar["top"] + bar["thick"] + bar["inner"])
        item = self.sidebar.itemAt(0)
        spacer = item.spacerItem() if item else None
        if spacer is not None:
            spacer.changeSize(side, top, QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        bottom = round(bar["thick"] + bar["inner"] + bar["margin"])
        self.root.setContentsMargins(0, 0, 0, bottom)
        self.content.setContentsMargins(round(u * 0.6), round(bar["margin"]), round(u * 0.4), 0)
        self.content.setSpacing(round(u * 0.12))
        self.middle.setSpacing(round(u * 0.5))
        self.roll.setSpacing(round(u * 0.08))
        self.dice.setMinimumHeight(round(u * 1.6))
        self.damage_dice.setMinimumHeight(round(u * 1.4))
        self.report.setRows(_REPORT_ROWS, u)
        self.roster.setHorizontalSpacing(round(u * 0.4))
        self.roster.setVerticalSpacing(0)
        self.sidebar.invalidate()

    def _bar(self) -> dict[str, float]:
        """The LCARS frame's measures: bar thickness, inner curve, margins."""
        u = float(self.unit)
        return {"top": u * 0.25, "thick": u * 0.55, "inner": u * 0.6, "margin": u * 0.25}

    # -- refreshing ---------------------------------------------------------------------
    def refresh(self, changes: object) -> None:
        flags = changes if isinstance(changes, Change) else Change.ALL
        flags &= _WATCH
        if not flags:
            return
        if not self.isVisible():
            self._stale |= flags  # caught up when shown
            return
        state = self.model.state  # (the crew's view: the model is a crew seat's)
        if flags & (_STATUS | _STATUS_ON_FOOT):
            self._status(state)
        if flags & _PICTURE:
            self._picture(state)
        if flags & _ROLL:
            self._last_roll(state)
        if flags & (Change.LOG | Change.SHIPS):
            self._report(state)
        if flags & _IN_PLAY:
            self._in_play(state)

    def _status(self, state: Encounter) -> None:
        turn = state.turn
        conflict = state.conflict
        if conflict is not None and not conflict.ended:  # the fight on foot has the floor
            self.round_block.setText(f"ROUND {conflict.turn.round}")
            self.scene_block.setText(f"SCENE {turn.scene}")
            self.momentum.setText(f"{state.momentum.value}/{state.momentum.cap}")
            self.threat.setText(str(state.threat.value))
            self.turn.setFullText(self.conflict_view.turn_words(state).upper())
            return
        self.round_block.setText(f"ROUND {turn.round}")
        self.scene_block.setText(f"SCENE {turn.scene}")
        self.momentum.setText(f"{state.momentum.value}/{state.momentum.cap}")
        self.threat.setText(str(state.threat.value))
        if state.outcome:
            text = state.outcome.upper()
        elif turn.actor:
            text = f"TURN · {turn_text(state).upper()}"
        else:
            text = "PLAYERS TO ACT" if turn.side == "player" else "NPCS TO ACT"
        self.turn.setFullText(text)

    def _fight_lines(self) -> tuple[str, ...]:
        """The newest lines of the personal conflict's rolls (its last roll, in words)."""
        recent, _length = self.model.recent_journal(_FIGHT_LOOKBACK)
        for entry in reversed(recent):
            command = getattr(entry, "command", None)
            if command is not None and command.on_foot and command.type in _FIGHT:
                return tuple(entry.log)
        return ()

    def _picture(self, state: Encounter) -> None:
        conflict = state.conflict
        on_foot = conflict is not None and not conflict.ended
        self.map.setVisible(not on_foot)
        self.conflict_view.setVisible(on_foot)
        if conflict is not None and on_foot:
            self.title.setFullText(conflict.name.upper())
            self.conflict_view.show_state(state, self._fight_lines())
            for cells in self.roster_cells:
                for cell in cells:
                    cell.setVisible(False)
            return
        own = state.player_ship
        self.title.setFullText(state.ships[own].name.upper())
        self.map.setEncounter(state, own)
        order = sorted(state.ships, key=lambda sid: roster_key(state, sid, own))
        for r, cells in enumerate(self.roster_cells):
            texts = ["", "", "", ""]
            if r < len(order):
                texts = self._ship_row(state, order[r], own)
            if r == _ROSTER_ROWS - 1 and len(order) > _ROSTER_ROWS:
                texts = [f"+ {len(order) - r} MORE CONTACTS", "", "", ""]
            for cell, text in zip(cells, texts, strict=True):
                cell.setFullText(text)
                cell.setVisible(bool(texts[0]))

    @staticmethod
    def _ship_row(state: Encounter, sid: str, own: str) -> list[str]:
        """Name, shields, condition, and what sensors read (an NPC's once scanned)."""
        ship = state.ships[sid]
        player = state.sides[sid] == "player"
        name = f"{'◆' if player else '▼'} {ship.name.upper()}"
        shields = f"SHIELDS {ship.shields_now}/{ship.shields_max}"
        if ship.contact:  # a sensor contact: its shields are up or down, no more
            shields = "SHIELDS UP"
        if not ship.shields_up:
            shields = "SHIELDS DOWN"
        sensors = "NOT SCANNED"
        if not ship.contact:
            sensors = f"RESISTANCE {ship.resistance}"
        if ship.destroyed:
            condition = "☠ DESTROYED"
        elif sid in state.retreated:
            condition = "⇥ WITHDRAWN"
        elif ship.per_system:
            worst = max((ship.system_state(x) for x in System), key=lambda s: s.rank)
            condition = state_text(worst)
        else:
            condition = state_text(ship.whole_ship_state)
        return [name, shields, condition, sensors]

    def _last_roll(self, state: Encounter) -> None:
        """The battle's last roll (kept in it: a viewscreen opened later shows it too)."""
        last = state.last_roll
        self._roll = None
        fight = state.conflict.pending if state.conflict is not None else None
        if fight is not None and state.conflict is not None:
            figure = state.conflict.figures.get(fight.actor)
            self._roll = _Roll(
                who=figure.name if figure is not None else fight.actor,
                task=CONFLICT_CARD[fight.action].name,
                result=fight.result,
            )
        elif state.conflict is not None and not state.conflict.ended:
            self._roll = None  # the fight's last roll is in words under its picture
        elif last is not None:
            self._roll = _Roll(
                who=state.name_of(last.actor),
                task=CATALOG[last.action].name if last.action in CATALOG else last.action,
                result=last.result,
                resolved=state.pending is None or state.pending.result != last.result,
            )
        roll = self._roll
        damage = self._damage_dice(state)
        idle = state.conflict is not None and not state.conflict.ended and fight is None
        # On foot with no roll waiting, the fight's picture takes the dice's room.
        for w in (self.roll_task, self.roll_who, self.roll_outcome, self.roll_detail):
            if w.isVisibleTo(self) == idle:
                w.setVisible(not idle)
        if idle:
            self.dice.hide()
            self.damage_dice.hide()
            return
        if not self.dice.isVisibleTo(self) and not self.damage_dice.isVisibleTo(self):
            self.dice.setVisible(not damage)
            self.damage_dice.setVisible(bool(damage))
        # One set of dice at a time, as large as the panel allows: the d20s, then, once
        # an attack hits, its damage dice in their place.
        self.damage_dice.setDice(damage)
        if self.damage_dice.isVisibleTo(self) != bool(damage):
            self.damage_dice.setVisible(bool(damage))
            self.dice.setVisible(not damage)
            # (the roll column: after the map and the personal conflict's picture)
            self.middle.setStretch(2, 16 if damage else 10)  # eight dice or more need room
        if roll is None:
            self.roll_task.setFullText("LAST ROLL")
            self.roll_who.setFullText("NONE YET")
            self.dice.setDice(())
            self.roll_outcome.setFullText("")
            self.roll_outcome.setStyleSheet("background: transparent;")
            self.roll_detail.setFullText("")
            return
        r = roll.result
        self.roll_task.setFullText(roll.task.upper())
        self.roll_who.setFullText(roll.who.upper())
        self.dice.setDice(r.dice)
        word = "SUCCESS AT COST" if r.succeeded_at_cost else "SUCCESS" if r.success else "FAILED"
        if r.momentum:
            word += f" · +{r.momentum} {r.generates.upper()}"
        color = COLORS.blue if r.success else COLORS.red
        self.roll_outcome.setStyleSheet(f"background: {color};")
        self.roll_outcome.setFullText(word)
        detail = roll_detail(r, roll.resolved)
        if damage:
            held = state.pending is not None and state.pending.damage is not None
            detail = damage_detail(damage, held)
        self.roll_detail.setFullText(detail)

    @staticmethod
    def _damage_dice(state: Encounter) -> tuple[ChallengeDie, ...]:
        """The last roll's damage dice: held for a re-roll, or as they landed (the
        battle keeps them with its last roll); in a personal conflict, the attack's that
        wait to land."""
        fight = state.conflict.pending if state.conflict is not None else None
        if fight is not None:
            return fight.damage.roll.dice if fight.damage is not None else ()
        last = state.last_roll
        return last.damage.roll.dice if last is not None and last.damage is not None else ()

    def _in_play(self, state: Encounter) -> None:
        """Advantages, Complications and lasting effects, as many as fit on a line."""
        lines = [line.upper() for line in in_play_lines(state)]
        for w in self.in_play_row:
            w.setVisible(bool(lines))
        self.in_play.setItems(lines)

    def _report(self, state: Encounter) -> None:
        """The damage report: lines of the journal's new entries come up one at a time;
        on opening, after an undo or another battle, the report shows as it stands."""
        entries, length = self.model.recent_journal(30)
        self.report_lines = damage_lines(entries)
        at, self._report_at = self._report_at, length
        grown = length - at if at is not None and length > at else 0
        if 0 < grown <= len(entries):
            new = damage_lines(entries[-grown:])
            if new:
                self._unrolling += new
                if not self._unroll.isActive():
                    self._next_report_line()
                    self._unroll.start()
                return
        if grown and self._unrolling:
            return  # (nothing new to report: the lines still to come keep coming)
        self._unroll.stop()
        self._unrolling = []
        self._show_report(self.report_lines)

    def _show_report(self, lines: list[str]) -> None:
        self.report.setLines(lines or ["ALL QUIET: NO DAMAGE REPORTED"])

    def _next_report_line(self) -> None:
        """One more line of the report comes up (the rest follow on the timer)."""
        if not self._unrolling:
            self._unroll.stop()
            return
        self._unrolling.pop(0)
        shown = self.report_lines[: len(self.report_lines) - len(self._unrolling)]
        self._show_report(shown)
        if not self._unrolling:
            self._unroll.stop()

    def finish_report(self) -> None:
        """Show the rest of the damage report at once."""
        self._unrolling = []
        self._unroll.stop()
        self._show_report(self.report_lines)

    # -- the frame ----------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        """The LCARS elbows around the sidebar, bars top and bottom."""
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        b = self._bar()
        w, h = float(self.width()), float(self.height())
        side = float(self.round_block.width())
        first = float(self.round_block.y()) - b["thick"] * 0.3
        last = float(self.filler.geometry().bottom()) + b["thick"] * 0.3
        top, thick, inner = b["top"], b["thick"], b["inner"]
        outer = thick + inner
        # Top elbow.
        path = QPainterPath()
        path.moveTo(0, first)
        path.lineTo(0, top + outer)
        path.arcTo(QRectF(0, top, outer * 2, outer * 2), 180, -90)
        path.lineTo(w - thick / 2, top)
        path.arcTo(QRectF(w - thick, top, thick, thick), 90, -180)
        path.lineTo(side + inner, top + thick)
        path.quadTo(QPointF(side, top + thick), QPointF(side, top + outer))
        path.lineTo(side, first)
        path.closeSubpath()
        p.fillPath(path, QColor(COLORS.orange))
        # Bottom elbow.
        bottom = h - b["margin"]
        path = QPainterPath()
        path.moveTo(0, last)
        path.lineTo(0, bottom - outer)
        path.arcTo(QRectF(0, bottom - outer * 2, outer * 2, outer * 2), 180, 90)
        path.lineTo(w - thick / 2, bottom)
        path.arcTo(QRectF(w - thick, bottom - thick, thick, thick), 270, 180)
        path.lineTo(side + inner, bottom - thick)
        path.quadTo(QPointF(side, bottom - thick), QPointF(side, bottom - outer))
        path.lineTo(side, last)
        path.closeSubpath()
        p.fillPath(path, QColor(COLORS.violet))
        p.end()

    # -- the screen ---------------------------------------------------------------------
    def toggle_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()
        else:
            self.showFullScreen()

    def leave_fullscreen(self) -> None:
        if self.isFullScreen():
            self.showNormal()

    def show_on(self, screen: QScreen, fullscreen: bool = True) -> None:
        """Move to ``screen``, full screen there unless told otherwise."""
        if self.isFullScreen():
            self.showNormal()
        handle = self.windowHandle()
        if handle is not None:
            handle.setScreen(screen)
        area = screen.availableGeometry()
        self.move(area.topLeft())
        if fullscreen:
            self.showFullScreen()
        else:
            self.show()

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        self.context_menu().exec(event.globalPos())

    def context_menu(self) -> QMenu:
        """Full screen, on which screen, close: the viewscreen's only menu."""
        menu = QMenu(self)
        full = menu.addAction("Full screen (F11)")
        full.setCheckable(True)
        full.setChecked(self.isFullScreen())
        full.triggered.connect(self.toggle_fullscreen)
        screens = menu.addMenu("Full screen on")
        for i, screen in enumerate(QGuiApplication.screens(), start=1):
            g = screen.geometry()
            act = screens.addAction(f"{i}: {screen.name()} ({g.width()}×{g.height()})")
            act.triggered.connect(lambda _=False, s=screen: self.show_on(s))
        menu.addSeparator()
        menu.addAction("Close the viewscreen").triggered.connect(self.close)
        return menu

    # -- events -------------------------------------------------------------------------
    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._rescale()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if not self._connected:  # reopened after a close: everything may have changed
            self.model.sig_changed.connect(self.refresh)
            self._connected, self._stale = True, Change.ALL
        if self._stale:
            stale, self._stale = self._stale, Change.NONE
            self.refresh(stale)

    def closeEvent(self, event: QCloseEvent) -> None:
        save_geometry(self, "viewscreen")
        if self._connected:
            self.model.sig_changed.disconnect(self.refresh)
            self._connected = False
        super().closeEvent(event)


def show_viewscreen(model: StationModel, owner: QWidget) -> ViewscreenWindow:
    """The one viewscreen of ``owner`` (a GM console), opened or raised.

    It comes back where it was last closed; the very first time, with a second screen,
    it goes full screen on the first screen ``owner`` is not on.
    """
    window = owner.findChild(ViewscreenWindow)
    if window is None:
        window = ViewscreenWindow(model, owner)
        here = owner.screen()
        others = [s for s in QGuiApplication.screens() if s is not here]
        if others and not window.restored:
            window.show()
            window.show_on(others[0])
            return window
    window.show()
    window.raise_()
    window.activateWindow()
    return window
