"""The GM's hands on the NPC ship whose Turn it is: its Tasks by station (attacks first),
a Minor Action, the autopilot, and the NPC ships' ledger for the Round."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import QComboBox, QGridLayout, QGroupBox, QPushButton, QWidget

from bridge.engine import (
    CATALOG,
    AttemptTask,
    Command,
    Encounter,
    MinorAction,
    NpcLedger,
    Station,
    actions_for,
    npc_ledger,
    npcs_only,
    play_npc_turn,
    task_rule,
)
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.theme import scaled
from bridge.ui.widgets.opaque import plain_box
from bridge.ui.widgets.reason_label import ReasonLabel
from bridge.ui.widgets.steady import set_state
from bridge.ui.widgets.steady_label import SteadyLabel

if TYPE_CHECKING:  # the Task dialog loads when a Task is first opened
    from bridge.ui.station.task_dialog import TaskDialog

__all__ = ["NpcControls", "NpcLedgerView", "npc_task_choices"]

_AUTOPILOT_TIP = "Play the NPC ship's whole Turn by the odds, and say what it did (Ctrl+J)"
_SHORT = {
    Station.COMMAND: "CMD",
    Station.HELM: "HELM",
    Station.TACTICAL: "TAC",
    Station.OPERATIONS: "OPS",
    Station.SCIENCE: "SCI",
}
DIRECT = "command:direct"


def npc_task_choices() -> list[tuple[str, list[tuple[str, str]]]]:
    """The NPC ship's Tasks in sections: attacks first, then each station's own, each Task
    once, under the first card that has it. Each entry is (text, "station:key")."""
    attacks: list[tuple[str, str]] = []
    by_station: dict[Station, list[tuple[str, str]]] = {s: [] for s in Station}
    for station in Station:
        for a in actions_for(station, "task"):
            if not a.rolled or a.stations[0] is not station:
                continue
            entry = (a.name, f"{station.value}:{a.key}")
            if task_rule(a.key).attack:
                attacks.append((f"{a.name} ({station.label})", entry[1]))
            else:
                by_station[station].append(entry)
    attacks.sort(key=lambda entry: not entry[1].endswith(":fire_weapon"))  # the usual first
    by_station[Station.COMMAND].append(("Direct (the NPCs' one a scene)", DIRECT))
    sections = [("Attacks", attacks)]
    sections += [(s.label, tasks) for s, tasks in by_station.items() if tasks]
    return sections


def _task_model(parent: QComboBox) -> QStandardItemModel:
    """The picker's rows: a header per section (not selectable: the arrow keys pass it by),
    its Tasks indented beneath."""
    model = QStandardItemModel(parent)
    bold = QFont(parent.font())
    bold.setBold(True)
    for title, tasks in npc_task_choices():
        header = QStandardItem(title.upper())
        header.setFlags(Qt.ItemFlag.NoItemFlags)
        header.setFont(bold)
        model.appendRow(header)
        for text, data in tasks:
            item = QStandardItem(f"    {text}")
            item.setData(data, Qt.ItemDataRole.UserRole)
            item.setToolTip(CATALOG[data.partition(":")[2]].text)
            model.appendRow(item)
    return model


TURNS_WIDEST = "0/0 Turns ▶ ✖"
"""A ship's Turns label keeps this room (and the markers' font's height) from the start:
the marker of the ship acting comes and goes every Turn, and a column that widened with
it would narrow the roles beside it, wrap them, and move the pools below."""


class NpcLedgerView(QWidget):
    """Each NPC ship this Round, a line each: Turns taken of those it has, and each bridge
    role it has used with the Difficulty its next Task adds (RULES-NOTES "Turn order"). Read
    from the engine's ledger, the figure its Difficulty uses; a line per ship keeps the
    pools beneath it on a laptop's screen.

    A grid of plain labels (the ship's name in bold, its Turns, its roles, which wrap
    when the column is narrow), not one rich-text table: a table's size is worked out by
    laying its text out at several widths each time it changes, some milliseconds a
    Command in the GM's window. The Turns and the roles change with every Turn and only
    repaint themselves: the roles ask for a new layout only when they need more lines
    than they ever did, and keep them (the first busy Round grows the ledger once)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setToolTip(
            "The NPC ledger for this Round: Turns taken of those allowed, and for each "
            "bridge role used, its Tasks and the Difficulty the next one adds "
            "(RULES-NOTES). It starts again each Round."
        )
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setVerticalSpacing(0)
        self._grid.setHorizontalSpacing(round(scaled(6, parent)))
        self._grid.setColumnStretch(2, 1)
        self._rows: list[tuple[SteadyLabel, SteadyLabel, ReasonLabel]] = []
        self._where: dict[str, int] = {}  # each ship's line
        self.lines: list[str] = []

    @classmethod
    def line(cls, entry: NpcLedger) -> str:
        """One ship, as words: "IKS Qoj · 1/3 Turns ▶ · TAC ×1, next +1"."""
        return f"{entry.name} · {cls._turns(entry)} · {cls._roles(entry)}"

    def text(self) -> str:
        """The ledger as words, a line per ship."""
        return "\n".join(self.lines)

    def fill(self, state: Encounter, fresh: bool = False) -> None:
        """Show the ledger (left alone when it says the same; a label whose words did
        not change is not touched).

        Each ship keeps its line for the battle: a ship destroyed or gone leaves its line
        blank, with its room, and a ship joining takes a blank line or a new one, so
        nothing below the ledger moves mid-fight. ``fresh`` (another battle) lays the
        lines out again in the ledger's order.
        """
        ledger = npc_ledger(state)
        lines = [self.line(e) for e in ledger]
        if lines == self.lines and not fresh:
            return
        self.lines = lines
        ships = {e.ship for e in ledger}
        kept = {} if fresh else self._where
        self._where = {ship: row for ship, row in kept.items() if ship in ships}
        free = [row for row in range(len(self._rows)) if row not in self._where.values()]
        for entry in ledger:
            row = self._where.get(entry.ship)
            if row is None:
                row = free.pop(0) if free else self._new_row()
                self._where[entry.ship] = row
            texts = (entry.name, self._turns(entry), self._roles(entry))
            for label, text in zip(self._rows[row], texts, strict=True):
                if label.text() != text:
                    label.setText(text)
                label.setVisible(True)
        for row in free:
            for label in self._rows[row]:
                if fresh:
                    label.setVisible(False)
                elif label.text():
                    label.setText("")

    def _new_row(self) -> int:
        self._rows.append(self._row(len(self._rows)))
        return len(self._rows) - 1

    def _row(self, row: int) -> tuple[SteadyLabel, SteadyLabel, ReasonLabel]:
        name, turns = SteadyLabel("", self), SteadyLabel("", self, widest=TURNS_WIDEST)
        roles = ReasonLabel(1, self, keep_grown=True)
        for column, label in enumerate((name, turns, roles)):
            # the small type of a card's rules lines (it fits), the ship's name in bold
            label.setObjectName("dimName" if label is name else "dim")
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
            self._grid.addWidget(label, row, column, Qt.AlignmentFlag.AlignTop)
        return name, turns, roles

    @staticmethod
    def _turns(entry: NpcLedger) -> str:
        text = f"{entry.turns_taken}/{entry.turns_allowed} Turns"
        if entry.acting:
            text += " ▶"
        if entry.out_of_turns:
            text += " ✖"
        return text

    @staticmethod
    def _roles(entry: NpcLedger) -> str:
        used = [f"{_SHORT[r.station]} ×{r.uses}, next +{r.next_extra}" for r in entry.used]
        return " · ".join(used) or "no role used yet"


class NpcControls(QGroupBox):
    """NPC SHIP ON ITS TURN: its Tasks by station (attacks first), its Minor Actions,
    AUTOPILOT TURN, and the NPC ships' ledger for the Round."""

    sig_said = Signal(str)
    """Something to tell the GM in the status bar (what the autopilot did, or why not)."""
    sig_task_opened = Signal(object)
    """A Task dialog opened for the NPC ship."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__("NPC SHIP ON ITS TURN", parent)
        self.model = model
        self.chosen: Callable[[], str | None] | None = None
        """Who the GM picked to act next (the Turn order's choice): the autopilot starts
        that NPC ship's Turn rather than one it picks."""
        grid = plain_box(self)  # a control's new state repaints its box alone
        box = grid.parentWidget()
        grid.setVerticalSpacing(round(scaled(2, parent)))
        self.npc_task = QComboBox(box)
        self.npc_task.setModel(_task_model(self.npc_task))
        self.npc_task.setMaxVisibleItems(30)
        self.npc_task.setToolTip("The NPC ship's Tasks: attacks first, then by station")
        self.npc_task.setCurrentIndex(self.npc_task.findData("tactical:fire_weapon"))
        self.npc_attempt = QPushButton("ATTEMPT TASK…", box)
        self.npc_minor = QComboBox(box)
        for a in CATALOG.values():
            if a.kind == "minor" and a.key not in ("change_position", "restore"):
                self.npc_minor.addItem(a.name, a.key)
        self.npc_minor_button = QPushButton("TAKE MINOR", box)
        self.autopilot = QPushButton("AUTOPILOT TURN", box)
        self.ledger = NpcLedgerView(box)
        # Three columns, two rows of controls: the ledger beneath them still leaves the
        # pools on a laptop's screen.
        grid.addWidget(self.npc_task, 0, 0, 1, 2)
        grid.addWidget(self.npc_attempt, 0, 2)
        grid.addWidget(self.npc_minor, 1, 0)
        grid.addWidget(self.npc_minor_button, 1, 1)
        grid.addWidget(self.autopilot, 1, 2)
        grid.addWidget(self.ledger, 2, 0, 1, 3)
        self.npc_attempt.clicked.connect(self.open_task)
        self.npc_minor_button.clicked.connect(self.take_minor)
        self.autopilot.clicked.connect(self.autopilot_step)

    def refresh(self, state: Encounter, fresh: bool = False) -> None:
        """Enabled while an NPC ship takes its Turn, with nothing waiting to be resolved
        (``fresh``: another battle, see :meth:`NpcLedgerView.fill`)."""
        acting = None if state.turn.actor in state.ships else "No NPC ship is taking a Turn."
        if acting is None and state.pending is not None:
            acting = "Resolve the rolled Task first."
        set_state(self.autopilot, npcs_only(state), _AUTOPILOT_TIP)
        set_state(self.npc_attempt, acting)
        set_state(self.npc_minor_button, acting)
        self.ledger.fill(state, fresh)

    def open_task(self) -> TaskDialog | None:
        """The chosen Task's dialog for the acting NPC ship (Direct needs none)."""
        from bridge.ui.station.task_dialog import TaskDialog

        actor = self.model.state.turn.actor
        data = self.npc_task.currentData()
        if actor not in self.model.state.ships or not data:
            return None
        station, _, key = str(data).partition(":")
        if data == DIRECT:  # seed 003: the ship's commander directs one more Task at once
            self.model.submit(AttemptTask(action="direct", station=Station.COMMAND))
            return None
        dialog = TaskDialog(self.model, actor, Station(station), CATALOG[key], self.window())
        dialog.show()
        self.sig_task_opened.emit(dialog)
        return dialog

    def take_minor(self) -> None:
        self.model.submit(MinorAction(action=self.npc_minor.currentData()))

    def autopilot_step(self) -> None:
        """One press: the NPC ship's whole Turn (never a player's), its Task chosen by the
        odds; the status bar says what it did."""

        def submit(command: Command) -> Encounter | None:
            applied = self.model.submit(command)
            return applied.state if applied is not None else None

        chosen = self.chosen() if self.chosen is not None else None
        with self.model.one_undo("Autopilot Turn"):
            played = play_npc_turn(self.model.state, self.model.check, submit, chosen=chosen)
        self.sig_said.emit(played if isinstance(played, str) else played.describe())
