"""The GM's hands on the NPC ship whose Turn it is: a station Task, a Minor Action, the
autopilot."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGridLayout, QGroupBox, QPushButton, QWidget

from bridge.engine import (
    CATALOG,
    AttemptTask,
    Encounter,
    MinorAction,
    Station,
    actions_for,
    npcs_only,
    suggest_for_npcs,
)
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.widgets.steady import set_state

if TYPE_CHECKING:  # the Task dialog loads when a Task is first opened
    from bridge.ui.station.task_dialog import TaskDialog

__all__ = ["NpcControls"]

_AUTOPILOT_TIP = "Play the NPC ship's next step by the odds (Ctrl+J)"


class NpcControls(QGroupBox):
    """NPC SHIP ON ITS TURN: its Tasks by card, its Minor Actions, AUTOPILOT STEP."""

    sig_said = Signal(str)
    """Something to tell the GM in the status bar (why the autopilot did nothing)."""
    sig_task_opened = Signal(object)
    """A Task dialog opened for the NPC ship."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__("NPC SHIP ON ITS TURN", parent)
        self.model = model
        grid = QGridLayout(self)
        self.npc_task = QComboBox(self)
        for station in Station:  # each rolled Task once, under the first card that has it
            for a in actions_for(station, "task"):
                if a.rolled and a.stations[0] is station:
                    self.npc_task.addItem(f"{station.label}: {a.name}", f"{station.value}:{a.key}")
        self.npc_task.addItem("Command: Direct (the NPCs' one a scene)", "command:direct")
        self.npc_attempt = QPushButton("ATTEMPT TASK…", self)
        self.npc_minor = QComboBox(self)
        for a in CATALOG.values():
            if a.kind == "minor" and a.key not in ("change_position", "restore"):
                self.npc_minor.addItem(a.name, a.key)
        self.npc_minor_button = QPushButton("TAKE MINOR", self)
        self.autopilot = QPushButton("AUTOPILOT STEP", self)
        grid.addWidget(self.npc_task, 0, 0, 1, 2)
        grid.addWidget(self.npc_attempt, 1, 0)
        grid.addWidget(self.autopilot, 1, 1)
        grid.addWidget(self.npc_minor, 2, 0)
        grid.addWidget(self.npc_minor_button, 2, 1)
        self.npc_attempt.clicked.connect(self.open_task)
        self.npc_minor_button.clicked.connect(self.take_minor)
        self.autopilot.clicked.connect(self.autopilot_step)

    def refresh(self, state: Encounter) -> None:
        """Enabled while an NPC ship takes its Turn, with nothing waiting to be resolved."""
        acting = None if state.turn.actor in state.ships else "No NPC ship is taking a Turn."
        if acting is None and state.pending is not None:
            acting = "Resolve the rolled Task first."
        set_state(self.autopilot, npcs_only(state), _AUTOPILOT_TIP)
        set_state(self.npc_attempt, acting)
        set_state(self.npc_minor_button, acting)

    def open_task(self) -> TaskDialog | None:
        """The chosen Task's dialog for the acting NPC ship (Direct needs none)."""
        from bridge.ui.station.task_dialog import TaskDialog

        actor = self.model.state.turn.actor
        data = self.npc_task.currentData()
        if actor not in self.model.state.ships or not data:
            return None
        station, _, key = str(data).partition(":")
        if key == "direct":  # seed 003: the ship's commander directs one more Task at once
            self.model.submit(AttemptTask(action="direct", station=Station.COMMAND))
            return None
        dialog = TaskDialog(self.model, actor, Station(station), CATALOG[key], self.window())
        dialog.show()
        self.sig_task_opened.emit(dialog)
        return dialog

    def take_minor(self) -> None:
        self.model.submit(MinorAction(action=self.npc_minor.currentData()))

    def autopilot_step(self) -> None:
        """Play the NPC ship's next step (never a player's): the odds decide its Task."""
        command = suggest_for_npcs(self.model.state, self.model.check)
        if isinstance(command, str):
            self.sig_said.emit(command)
            return
        self.model.submit(command)
