"""The GM's hands on an NPC figure, as on an NPC ship: START TURN, a Minor Action and a Task
in the task dialog every card uses (its odds, dice bought with Threat, its spends), the
roll waiting reopened, END TURN; and an NPC's decision (Avoid Injury, a Knockdown, a stray
shot's victim) answered by the GM, or left to the autopilot.

Every control reads the figure's Conflict card as the GM sees it
(:func:`bridge.engine.conflict_card`): its entries, the Turn's controls and the decision's
answers, each with the engine's reason when it cannot be used.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from bridge.engine import (
    ActionInfo,
    CardEntry,
    Command,
    ConflictCardView,
    ConflictMinor,
    Encounter,
    EndTurn,
    StartTurn,
    command_adapter,
    conflict_card,
    suggest_conflict,
)
from bridge.ui.base.settings import settings
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.gm_seat import GmFigureSeat
from bridge.ui.widgets.flow_layout import FlowLayout
from bridge.ui.widgets.steady import set_state

if TYPE_CHECKING:  # the task dialog loads when a Task is first opened
    from bridge.ui.conflict.conflict_dialog import ConflictEntryDialog

__all__ = ["ASK", "AUTOPILOT", "PREFERENCE", "NpcDecision", "NpcHand", "decisions_preference"]

ASK = "ask"
AUTOPILOT = "autopilot"
PREFERENCE = "console/npc-decisions"
"""The console's preference: who answers an NPC's decision."""


def decisions_preference() -> str:
    """Who answers an NPC's decision: the GM (``ask``, the default) or the autopilot."""
    value = str(settings().value(PREFERENCE, ASK))
    return value if value in (ASK, AUTOPILOT) else ASK


def _fill(box: QComboBox, entries: Sequence[CardEntry]) -> None:
    """``entries`` in ``box``, each refused one disabled with the engine's reason (the
    one chosen kept)."""
    keys = [box.itemData(i) for i in range(box.count())]
    if keys != [e.key for e in entries]:
        keep = box.currentData()
        box.blockSignals(True)
        box.clear()
        for entry in entries:
            box.addItem(entry.name, entry.key)
        box.setCurrentIndex(max(box.findData(keep), 0))
        box.blockSignals(False)
    model = box.model()
    for i, entry in enumerate(entries):
        box.setItemData(i, entry.reason or entry.text, Qt.ItemDataRole.ToolTipRole)
        if isinstance(model, QStandardItemModel):
            item = model.item(i)
            if item is not None:
                item.setEnabled(entry.reason is None)


class NpcHand(QWidget):
    """START TURN, a Minor Action, a Task, the roll waiting and END TURN for the NPC figure
    the GM chose."""

    sig_opened = Signal(object)
    """A task dialog opened for the figure (the console gives it its text size)."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.figure: str | None = None
        self.dialog: ConflictEntryDialog | None = None
        self._seats: dict[str, GmFigureSeat] = {}
        self.start_button = QPushButton("START TURN", self)
        self.minor = QComboBox(self)
        self.minor.setToolTip("The figure's Minor Actions")
        self.minor_button = QPushButton("TAKE MINOR", self)
        self.task = QComboBox(self)
        self.task.setToolTip("The figure's Tasks")
        self.task_button = QPushButton("ATTEMPT TASK…", self)
        self.end_button = QPushButton("END TURN", self)
        for box in (self.minor, self.task):
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        flow = FlowLayout(self)
        flow.setContentsMargins(0, 0, 0, 0)
        said = QLabel("By hand:", self)
        said.setToolTip("The GM plays the NPC figure chosen, as an NPC ship is played")
        for widget in (
            said,
            self.start_button,
            self._pair(self.minor, self.minor_button),
            self._pair(self.task, self.task_button),
            self.end_button,
        ):
            flow.addWidget(widget)
        self.start_button.clicked.connect(self.start)
        self.minor_button.clicked.connect(self.take_minor)
        self.task_button.clicked.connect(self.attempt)
        self.end_button.clicked.connect(self.end)
        self.minor.currentIndexChanged.connect(lambda _i: self._chosen())
        self.task.currentIndexChanged.connect(lambda _i: self._chosen())

    def _pair(self, box: QComboBox, button: QPushButton) -> QWidget:
        """A choice and its button, kept together when the row wraps."""
        pair = QWidget(self)
        row = QHBoxLayout(pair)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(box)
        row.addWidget(button)
        return pair

    # -- reading the card -------------------------------------------------------------------
    def seat(self, figure: str) -> GmFigureSeat:
        """The figure's card for the GM (one a figure, kept)."""
        seat = self._seats.get(figure)
        if seat is None:
            seat = self._seats[figure] = GmFigureSeat(self.model, figure, self)
        return seat

    def card(self) -> ConflictCardView | None:
        """The chosen figure's card, if the GM plays it (an NPC's)."""
        if self.figure is None:
            return None
        card = self.seat(self.figure).card()
        return card if card is not None and card.figure.officer is None else None

    def _why_not(self, state: Encounter) -> str | None:
        """Why the GM cannot play the chosen figure by hand, or None."""
        conflict = state.conflict
        if conflict is None:
            return "No personal conflict is running."
        fig = conflict.figures.get(self.figure or "")
        if fig is None:
            return "Choose a figure in the fight."
        if fig.npc is None:
            return f"{fig.name} is an officer: their player plays them from their Conflict card."
        return None

    def show_figure(self, state: Encounter, figure: str | None) -> None:
        """Read the Conflict card of ``figure`` (the GM's choice) into the controls."""
        self.figure = figure
        why = self._why_not(state)
        card = self.card() if why is None else None
        if card is None:
            for widget in (self.start_button, self.minor_button, self.task_button, self.end_button):
                set_state(widget, why or "No personal conflict is running.")
            return
        name = card.figure.name
        set_state(self.start_button, card.start_turn, f"Start {name}'s Turn")
        set_state(self.end_button, self._elsewhere(state) or card.end_turn, f"End {name}'s Turn")
        _fill(self.minor, card.minors)
        _fill(self.task, card.tasks)
        self._chosen()

    def _elsewhere(self, state: Encounter) -> str | None:
        """Why the chosen figure cannot act now: another figure's Turn runs (the GM's
        Commands would be that figure's), or None."""
        conflict = state.conflict
        if conflict is None:
            return None
        acting = conflict.turn.interrupt or conflict.turn.actor
        if acting is None or acting == self.figure:
            return None
        fig = conflict.figures.get(acting)
        name = fig.name if fig is not None else acting
        return f"It is {name}'s Turn: this figure acts on its own Turn."

    def _waiting(self) -> bool:
        """Whether the chosen figure's roll waits for its spends."""
        card = self.card()
        conflict = self.model.state.conflict
        pending = conflict.pending if conflict is not None else None
        return card is not None and pending is not None and pending.actor == card.figure.id

    def _entry(self, box: QComboBox) -> CardEntry | None:
        card = self.card()
        if card is None:
            return None
        key = box.currentData()
        return next((e for e in (*card.minors, *card.tasks) if e.key == key), None)

    def _chosen(self) -> None:
        """The buttons of the Minor Action and the Task chosen, with the engine's reason."""
        for box, button, verb in (
            (self.minor, self.minor_button, "TAKE MINOR"),
            (self.task, self.task_button, "ATTEMPT TASK"),
        ):
            entry = self._entry(box)
            if entry is None:
                continue
            asks = bool(entry.params) or entry.kind == "task"
            button.setText(f"{verb}…" if asks else verb)
            set_state(button, self._elsewhere(self.model.state) or entry.reason, entry.text)
        if self._waiting():  # its roll waits: the Task's button opens it again
            self.task_button.setText("ROLL WAITING: OPEN")
            set_state(self.task_button, None, "The roll's dice, its spends and RESOLVE")

    # -- acting -----------------------------------------------------------------------------
    def _send(self, command: Command) -> bool:
        return self.model.submit(command) is not None

    def start(self) -> None:
        if self.figure is not None:
            self._send(StartTurn(by="gm", actor=self.figure, where="conflict"))

    def end(self) -> None:
        if self._elsewhere(self.model.state) is None:
            self._send(EndTurn(by="gm", where="conflict"))

    def take_minor(self) -> ConflictEntryDialog | None:
        """The Minor Action chosen: done at once when it needs nothing, else its form."""
        entry = self._entry(self.minor)
        if entry is None or self._elsewhere(self.model.state) is not None:
            return None
        if not entry.params:
            self._send(ConflictMinor(by="gm", action=entry.key))
            return None
        return self.open(entry)

    def attempt(self) -> ConflictEntryDialog | None:
        """The Task chosen, in the task dialog (its odds, Threat-bought dice, spends); or
        the figure's roll that waits, opened again."""
        if self._waiting():
            return self.open_waiting()
        entry = self._entry(self.task)
        if entry is None or self._elsewhere(self.model.state) is not None:
            return None
        return self.open(entry)

    def open_waiting(self) -> ConflictEntryDialog | None:
        """The figure's roll waiting for its spends, reopened in its dialog."""
        card = self.card()
        conflict = self.model.state.conflict
        pending = conflict.pending if conflict is not None else None
        if card is None or pending is None or pending.actor != card.figure.id:
            return None
        if self.dialog is not None and self.dialog.isVisible() and self.dialog._mine(pending):
            self.dialog.raise_()
            return self.dialog
        entry = next((e for e in card.tasks if e.key == pending.action), None)
        return self.open(entry) if entry is not None else None

    def open(self, entry: CardEntry) -> ConflictEntryDialog | None:
        """``entry``'s dialog for the chosen figure, played by the GM."""
        from bridge.ui.conflict.conflict_dialog import ConflictEntryDialog

        if self.figure is None:
            return None
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.close()
        self.dialog = ConflictEntryDialog(self.seat(self.figure), entry, "gm", self.window())
        self.sig_opened.emit(self.dialog)
        self.dialog.show()
        return self.dialog


class NpcDecision(QWidget):
    """What waits for the GM's word on an NPC (Avoid Injury, resisting a Knockdown, whom a
    stray shot strikes): the engine's words and each answer it takes, and the autopilot's
    answer; hidden while nothing waits."""

    sig_said = Signal(str)

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.kind: str | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.prompt = QLabel(self)
        self.prompt.setObjectName("reason")
        self.prompt.setWordWrap(True)
        layout.addWidget(self.prompt)
        self._row = FlowLayout()
        layout.addLayout(self._row)
        self.answers: list[QPushButton] = []
        self._infos: tuple[ActionInfo, ...] = ()
        self.autopilot_button = QPushButton("THE AUTOPILOT DECIDES", self)
        self.autopilot_button.setToolTip(
            "The autopilot's answer, by the odds (to leave every one to it: Battle ▸ The "
            "autopilot makes the NPCs' decisions)"
        )
        self.autopilot_button.clicked.connect(self.autopilot)
        self._row.addWidget(self.autopilot_button)
        self.hide()

    @staticmethod
    def waiting(state: Encounter) -> ConflictCardView | None:
        """The card of the NPC whose decision waits for the GM (a stray shot: any
        figure's, as the GM sees it), or None."""
        conflict = state.conflict
        if conflict is None or not conflict.decisions:
            return None
        front = conflict.decisions[0]
        fig = conflict.figures.get(front.figure)
        if front.kind != "stray_hit" and (fig is None or fig.npc is None):
            return None  # an officer's: their player decides, from their card
        card = conflict_card(state, front.figure, "gm") if fig is not None else None
        return card if card is not None and card.decision is not None else None

    def refresh(self, state: Encounter) -> None:
        card = self.waiting(state)
        decision = card.decision if card is not None else None
        self.setVisible(decision is not None)
        if decision is None:
            self.kind = None
            return
        self.kind = decision.kind
        self.prompt.setText(f"THE GM DECIDES: {decision.text}")
        if decision.answers != self._infos:
            self._show_answers(decision.answers)

    def _show_answers(self, infos: tuple[ActionInfo, ...]) -> None:
        for button in self.answers:
            self._row.removeWidget(button)
            button.deleteLater()
        self._row.removeWidget(self.autopilot_button)
        self.answers = []
        self._infos = infos
        for info in infos:
            button = QPushButton(info.name, self)
            set_state(button, info.reason, info.name.capitalize())
            button.clicked.connect(lambda _=False, i=info: self.answer(i))
            self._row.addWidget(button)
            self.answers.append(button)
        self._row.addWidget(self.autopilot_button)

    def answer(self, info: ActionInfo) -> bool:
        """Send the GM's answer ``info``."""
        command = command_adapter().validate_python({**info.command, "by": "gm"})
        applied = self.model.submit(command)
        if applied is not None and applied.entry.log:
            self.sig_said.emit(" ".join(applied.entry.log))
        return applied is not None

    def autopilot(self) -> bool:
        """The autopilot's answer to what waits (only that: the Turn goes on by hand)."""
        state = self.model.state
        if self.waiting(state) is None:
            return False
        command = suggest_conflict(state, self.model.check)
        if command is None:
            return False
        applied = self.model.submit(command)
        if applied is not None:
            self.sig_said.emit("Autopilot: " + " ".join(applied.entry.log))
        return applied is not None
