"""The GM's side of a personal conflict: start one (the officers who are there, NPCs from
the library as Minor, Notable or Major), bring figures in and out as it runs, run the NPC
figures (by hand in the task dialog every card uses, or by AUTOPILOT TURN; an NPC's
decisions asked of the GM or left to the autopilot; reveal one to the players, the
Round's end), open the officers' Conflict cards, and return to the ship.

Every button sends a Command through the one Command path (undo, replay, autosave,
files, the network); the engine judges each and says why not.
"""

from __future__ import annotations

from itertools import pairwise

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import (
    BOARDING_ZONES,
    Command,
    Encounter,
    EndConflict,
    EndRound,
    MoveFigure,
    NpcActsFirst,
    NpcPlacement,
    OfficerPlacement,
    RevealFigure,
    SetZoneTerrain,
    StartConflict,
    WithdrawFigure,
    ZoneMap,
    conflict_npcs_only,
    play_conflict_turn,
)
from bridge.ui.base.notices import confirm
from bridge.ui.base.settings import settings
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.add_figures import AddFiguresDialog
from bridge.ui.conflict.conflict_picture import ConflictPicture
from bridge.ui.conflict.npc_hand import (
    ASK,
    AUTOPILOT,
    PREFERENCE,
    NpcDecision,
    NpcHand,
    decisions_preference,
)
from bridge.ui.conflict.npc_row import library_templates, npc_headers, npc_row
from bridge.ui.conflict.round_words import figures_to_act, round_just_begun
from bridge.ui.widgets.fit import fit_content, scrolling
from bridge.ui.widgets.flow_layout import FlowLayout
from bridge.ui.widgets.steady import set_state

__all__ = ["ConflictControls", "StartConflictDialog", "row_zones"]

NPC_ROWS = 4
"""NPC rows the start dialog offers (each a template, its tier, how many, where)."""
DEFAULT_FOES = (("klingon-warrior", 1), ("klingon-bekk", 3))
"""What the start dialog offers first: the demo's boarders (a Notable leader, three bekks)."""


def row_zones(text: str) -> ZoneMap:
    """Zones named in a line, comma-separated, each linked to the next (a corridor of
    rooms); the demo boarding action's three when the line is empty."""
    names = tuple(dict.fromkeys(n.strip() for n in text.split(",") if n.strip()))
    if not names:
        return BOARDING_ZONES
    return ZoneMap(zones=names, links=tuple(pairwise(names)))


class StartConflictDialog(QDialog):
    """The GM picks the officers who are there and the NPCs they face."""

    def __init__(self, state: Encounter, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Bridge — Start a personal conflict")
        outer = QVBoxLayout(self)
        body = QWidget()
        layout = QVBoxLayout(body)
        outer.addWidget(scrolling(body), 1)  # at a large text size it scrolls
        form = QFormLayout()
        layout.addLayout(form)
        self.name = QLineEdit("Boarders on Deck 6", self)
        form.addRow("Name", self.name)
        self.zones = QLineEdit(", ".join(BOARDING_ZONES.zones), self)
        self.zones.setToolTip("Zones in a row, comma-separated: each touches the next")
        self.zones.textChanged.connect(self._fill_zone_choices)
        form.addRow("Zones", self.zones)
        self.pause_ship = QCheckBox("The ship battle waits while they fight", self)
        self.pause_ship.setChecked(True)
        self.pause_ship.setToolTip(
            "Unticked, the ship battle goes on beside the fight: both have Turns"
        )
        form.addRow("", self.pause_ship)
        self.own_scene = QCheckBox("A scene of its own", self)
        self.own_scene.setToolTip(
            "The battle's scene ends as the fight starts, and again as it ends"
            " (what lasts until the end of a scene ends with it)"
        )
        form.addRow("", self.own_scene)

        crew = QGroupBox("OFFICERS WHO ARE THERE", self)
        grid = QGridLayout(crew)
        self.officers: dict[str, tuple[QCheckBox, QComboBox]] = {}
        for row, (cid, character) in enumerate(state.characters.items()):
            box = QCheckBox(character.name, crew)
            box.setChecked(True)
            zone = QComboBox(crew)
            grid.addWidget(box, row, 0)
            grid.addWidget(zone, row, 1)
            self.officers[cid] = (box, zone)
        self.leader = QComboBox(crew)
        self.leader.addItem("(no one)", "")
        for cid, character in state.characters.items():
            self.leader.addItem(character.name, cid)
        self.leader.setCurrentIndex(1 if state.characters else 0)  # the first officer
        grid.addWidget(QLabel("Leader (may Direct)", crew), len(self.officers), 0)
        grid.addWidget(self.leader, len(self.officers), 1)
        layout.addWidget(crew)

        foes = QGroupBox("NPCS (THE LIBRARY'S TEMPLATES)", self)
        fgrid = QGridLayout(foes)
        self.templates = library_templates()
        npc_headers(foes, fgrid, 0)
        self.npc_rows = [npc_row(foes, fgrid, row + 1, self.templates) for row in range(NPC_ROWS)]
        layout.addWidget(foes)
        for (which, _tier, count, _zone), (npc_id, many) in zip(
            self.npc_rows, DEFAULT_FOES, strict=False
        ):
            which.setCurrentIndex(max(which.findData(npc_id), 0))
            count.setValue(many)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel, self
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        self._fill_zone_choices()
        fit_content(self, body, self.buttons)  # whole on a laptop's screen: no scrolling

    def _fill_zone_choices(self) -> None:
        zones = row_zones(self.zones.text()).zones
        combos = [z for _b, z in self.officers.values()] + [r[3] for r in self.npc_rows]
        for i, combo in enumerate(combos):
            keep = combo.currentText()
            combo.clear()
            combo.addItems(list(zones))
            officer = i < len(self.officers)
            default = zones[min(1, len(zones) - 1)] if officer else zones[0]
            combo.setCurrentText(keep if keep in zones else default)

    def command(self) -> StartConflict:
        """The GM's Command the form makes (the engine judges it when sent)."""
        officers = tuple(
            OfficerPlacement(character=cid, zone=zone.currentText())
            for cid, (box, zone) in self.officers.items()
            if box.isChecked()
        )
        npcs: list[NpcPlacement] = []
        for row in self.npc_rows:
            placement = row.placement(self.templates, huddle=len(npcs) + 1, leader=not npcs)
            if placement is not None:
                npcs.append(placement)
        zones = row_zones(self.zones.text())
        return StartConflict(
            name=self.name.text().strip() or "Personal conflict",
            zones=zones,
            officers=officers,
            npcs=tuple(npcs),
            leader=str(self.leader.currentData() or "") or None,
            pause_ship=self.pause_ship.isChecked(),
            own_scene=self.own_scene.isChecked(),
        )


class ConflictControls(QWidget):
    """The GM console's PERSONAL CONFLICT tab: the picture (figures dragged between zones)
    and the GM's buttons for the NPC figures and the conflict itself."""

    sig_said = Signal(str)
    sig_open_cards = Signal()

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        layout = QVBoxLayout(self)
        self.start_button = QPushButton("START…", self)
        self.add_button = QPushButton("ADD FIGURES…", self)
        self.autopilot_button = QPushButton("AUTOPILOT TURN", self)
        self.autopilot_button.setObjectName("primary")
        self.npc_first_button = QPushButton("NPC ACTS FIRST", self)
        self.end_round_button = QPushButton("END ROUND…", self)
        self.cards_button = QPushButton("CONFLICT CARDS", self)
        self.end_button = QPushButton("RETURN TO THE SHIP", self)
        self.figure_choice = QComboBox(self)  # the figure REVEAL and WITHDRAW act on
        self.figure_choice.setToolTip(
            "The figure chosen: REVEAL, WITHDRAW and the GM's hand (by hand, below) act on it"
        )
        # Each as wide as its longest entry: a name or zone never cut ("Transporter Room"
        # without its "3").
        self.figure_choice.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.reveal_button = QPushButton("REVEAL", self)
        self.withdraw_button = QPushButton("WITHDRAW", self)
        self.terrain_zone = QComboBox(self)
        self.terrain_zone.setToolTip("The zone whose Cover and darkness SET sets")
        self.terrain_zone.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.cover = QSpinBox(self)
        self.cover.setRange(0, 4)
        self.cover.setPrefix("Cover ")
        self.cover.setToolTip("Cover dice the zone gives (RULES-NOTES: 1 to 4)")
        self.darkness = QSpinBox(self)
        self.darkness.setRange(0, 3)
        self.darkness.setPrefix("Darkness +")
        self.darkness.setToolTip(
            "Difficulty darkness adds to Tasks there (Night Vision ignores it)"
        )
        self.terrain_button = QPushButton("SET", self)
        self.hand = NpcHand(model, self)
        self.decision = NpcDecision(model, self)
        self.decision.sig_said.connect(self.sig_said.emit)
        # Each group of controls wraps onto another row when the tab is narrow (a large
        # text size), rather than widening the console.
        for group in (
            (
                self.start_button,
                self.add_button,
                self.autopilot_button,
                self.npc_first_button,
                self.end_round_button,
                self.cards_button,
                self.end_button,
            ),
            (
                self.figure_choice,
                self.reveal_button,
                self.withdraw_button,
                self.terrain_zone,
                self.cover,
                self.darkness,
                self.terrain_button,
            ),
        ):
            flow = FlowLayout()
            for w in group:
                flow.addWidget(w)
            layout.addLayout(flow)
        layout.addWidget(self.hand)
        layout.addWidget(self.decision)
        self._acting: str | None = None  # the figure whose Turn the tab last saw start
        self.figure_choice.currentIndexChanged.connect(lambda _i: self._figure_actions())
        self.terrain_zone.currentIndexChanged.connect(lambda _i: self._show_terrain())
        self.terrain_button.clicked.connect(self._set_terrain)
        self.picture = ConflictPicture(gm=True, parent=self)
        layout.addWidget(self.picture, 1)
        self.picture.sig_move.connect(
            lambda fid, zone: self.model.submit(MoveFigure(figure=fid, zone=zone))
        )
        self.start_button.clicked.connect(self.start)
        self.add_button.clicked.connect(self.add_figures)
        self.withdraw_button.clicked.connect(self._withdraw)
        self.autopilot_button.clicked.connect(self.autopilot)
        self.npc_first_button.clicked.connect(
            lambda: self.model.submit(NpcActsFirst(where="conflict"))
        )
        self.end_round_button.clicked.connect(self.confirm_end_round)
        self.cards_button.clicked.connect(self.sig_open_cards.emit)
        self.end_button.clicked.connect(self.return_to_ship)
        self.reveal_button.clicked.connect(self._reveal)

    def refresh(self, state: Encounter, last_lines: tuple[str, ...] = ()) -> None:
        running = state.conflict is not None
        why = None if running else "No personal conflict is running."
        set_state(self.start_button, "A personal conflict is running." if running else None)
        set_state(
            self.autopilot_button,
            conflict_npcs_only(state),
            "Play the NPC figure's whole Turn by the odds, and say what it did (Ctrl+J)",
        )
        for b in (self.npc_first_button, self.cards_button):
            set_state(b, why)
        set_state(
            self.end_round_button,
            why or self.model.why_not(EndRound(where="conflict")) or round_just_begun(state),
            "End the personal Round (asks first, naming who still has Turns)",
        )
        set_state(self.end_button, why, "End the personal conflict and return to the ship")
        set_state(
            self.add_button,
            why,
            "Bring an officer or NPCs into the fight (reinforcements, an officer who arrives)",
        )
        # One in the other's place: START… before a fight, ADD FIGURES… while one runs
        # (Qt does nothing when a widget already shows as asked).
        self.start_button.setVisible(not running)
        self.add_button.setVisible(running)
        self._fill_figures(state)
        zones = state.conflict.zones.zones if state.conflict is not None else ()
        if tuple(self.terrain_zone.itemText(i) for i in range(self.terrain_zone.count())) != zones:
            self.terrain_zone.blockSignals(True)
            self.terrain_zone.clear()
            self.terrain_zone.addItems(list(zones))
            self.terrain_zone.blockSignals(False)
        self._show_terrain()
        set_state(self.terrain_button, why, "Set the zone's Cover and darkness")
        self.decision.refresh(state)
        self.hand.setVisible(not self.decision.isVisibleTo(self))  # a decision comes first
        self.picture.show_state(state, last_lines)

    @property
    def autopilot_decides(self) -> bool:
        """The console's preference: the autopilot answers an NPC's decision (Avoid
        Injury, a Knockdown, a stray shot) as it comes, rather than the GM."""
        return decisions_preference() == AUTOPILOT

    def set_autopilot_decides(self, on: bool) -> None:
        settings().setValue(PREFERENCE, AUTOPILOT if on else ASK)
        self.answer_for_the_npcs()  # (one waiting now is the autopilot's too)

    # -- acting -------------------------------------------------------------------------
    def start(self) -> StartConflictDialog:
        dialog = StartConflictDialog(self.model.state, self)
        dialog.accepted.connect(lambda: self.submit(dialog.command()))
        dialog.show()
        return dialog

    def add_figures(self) -> AddFiguresDialog:
        dialog = AddFiguresDialog(self.model.state, self)
        dialog.accepted.connect(lambda: self._said(dialog.command()))
        dialog.show()
        return dialog

    def _said(self, command: Command) -> None:
        """Send ``command`` and say what it did (a refusal says why, as every refusal)."""
        applied = self.model.submit(command)
        if applied is not None and applied.entry.log:
            self.sig_said.emit(" ".join(applied.entry.log))

    def return_to_ship(self) -> None:
        """RETURN TO THE SHIP: a fight not yet decided is ended only once the GM says so
        (its figures leave the map, a lethally Injured one not stabilised dies)."""
        conflict = self.model.state.conflict
        undecided = conflict is not None and not conflict.ended
        text = (
            f"End “{conflict.name}” now and return to the ship? The fight is not decided: "
            "a lethally Injured figure not stabilised dies, and the ship battle carries on."
            if conflict is not None
            else ""
        )
        if undecided and not confirm(self, "Return to the ship", text, "RETURN TO THE SHIP"):
            return
        self.model.submit(EndConflict())

    def confirm_end_round(self) -> None:
        """END ROUND…: asks first, as the ship's does, naming the figures who would lose
        their Turns; a Round that has just begun is not offered to be thrown away."""
        state = self.model.state
        conflict = state.conflict
        if conflict is None:
            return
        fresh = round_just_begun(state)
        if fresh is not None:
            self.model.sig_refused.emit(fresh)
            return
        text = (
            f"End personal Round {conflict.turn.round} of “{conflict.name}”? "
            f"{figures_to_act(state)}"
        )
        if confirm(self, "End Round (on foot)", text, "END ROUND"):
            self.model.submit(EndRound(where="conflict"))

    def submit(self, command: Command) -> bool:
        return self.model.submit(command) is not None

    def autopilot(self) -> None:
        def submit(command: Command) -> Encounter | None:
            applied = self.model.submit(command)
            return applied.state if applied is not None else None

        decide = self.autopilot_decides  # else it stops for the GM's word
        with self.model.one_undo("Autopilot Turn"):
            played = play_conflict_turn(self.model.state, self.model.check, submit, decide=decide)
        self.sig_said.emit(played if isinstance(played, str) else played.describe())

    def answer_for_the_npcs(self) -> None:
        """With the autopilot deciding for the NPCs, answer the NPC decision a Command
        just brought (never one an undo brought back: the GM then decides it)."""
        # (the preferences are read only when a decision waits: this runs after every
        # Command)
        if self.decision.kind is not None and self.autopilot_decides:
            self.decision.autopilot()

    def _fill_figures(self, state: Encounter) -> None:
        """The figures still in the fight, the one chosen kept (at first, the first NPC
        the players have not seen)."""
        figures = state.conflict.figures if state.conflict is not None else {}
        shown = [(f.name, fid) for fid, f in figures.items() if not f.withdrawn]
        now = [
            (self.figure_choice.itemText(i), self.figure_choice.itemData(i))
            for i in range(self.figure_choice.count())
        ]
        if shown != now:
            keep = self.figure_choice.currentData()
            self.figure_choice.blockSignals(True)
            self.figure_choice.clear()
            for name, fid in shown:
                self.figure_choice.addItem(name, fid)
            hidden = [fid for fid, f in figures.items() if f.npc is not None and not f.revealed]
            first = keep if keep in [fid for _name, fid in shown] else next(iter(hidden), None)
            self.figure_choice.setCurrentIndex(max(self.figure_choice.findData(first), 0))
            self.figure_choice.blockSignals(False)
        conflict = state.conflict
        acting = conflict.turn.actor if conflict is not None else None
        if acting != self._acting:  # an NPC's Turn began: the GM's hand goes to it
            self._acting = acting
            fig = figures.get(acting or "")
            if fig is not None and fig.npc is not None:
                self.figure_choice.setCurrentIndex(self.figure_choice.findData(acting))
        self._figure_actions()

    def _figure_actions(self) -> None:
        """REVEAL and WITHDRAW for the figure chosen, each saying why not, and the GM's
        hand on it (an NPC's)."""
        self.hand.show_figure(self.model.state, self.figure_choice.currentData())
        conflict = self.model.state.conflict
        fid = self.figure_choice.currentData()
        fig = conflict.figures.get(str(fid)) if conflict is not None and fid else None
        gone = "No personal conflict is running." if conflict is None else None
        gone = gone or (None if fig is not None else "No figure is left in the fight.")
        withdraw = gone or self.model.why_not(WithdrawFigure(figure=str(fid)))
        reveal = gone
        if fig is not None and fig.npc is None:
            reveal = "An officer: the players see their figure already."
        elif fig is not None and fig.revealed:
            reveal = f"{fig.name} is revealed to the players already."
        set_state(self.reveal_button, reveal, "Show the players this NPC's Stress and statistics")
        set_state(
            self.withdraw_button,
            withdraw,
            "The figure leaves the fight (flees, is beamed out) once its Turn is over",
        )

    def _show_terrain(self) -> None:
        conflict = self.model.state.conflict
        zone = self.terrain_zone.currentText()
        if conflict is None or not zone:
            return
        self.cover.setValue(conflict.cover.get(zone, 0))
        self.darkness.setValue(conflict.darkness.get(zone, 0))

    def _set_terrain(self) -> None:
        zone = self.terrain_zone.currentText()
        if zone:
            self.model.submit(
                SetZoneTerrain(zone=zone, cover=self.cover.value(), darkness=self.darkness.value())
            )

    def _withdraw(self) -> None:
        fid = self.figure_choice.currentData()
        if fid:
            self._said(WithdrawFigure(figure=str(fid)))

    def _reveal(self) -> None:
        fid = self.figure_choice.currentData()
        if fid:
            self.model.submit(RevealFigure(figure=str(fid)))
