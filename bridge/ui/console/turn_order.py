"""The GM console's turn order: who acts next, START and END TURN, the Round and the scene."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QGroupBox, QPushButton, QWidget

from bridge.engine import (
    Encounter,
    EndRound,
    EndScene,
    EndTurn,
    NpcActsFirst,
    StartTurn,
    waiting,
    why_not,
)
from bridge.ui.base.notices import confirm
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.widgets.opaque import plain_box
from bridge.ui.widgets.steady import set_choices, set_state

__all__ = ["TurnOrder", "round_just_begun", "still_to_act"]


def still_to_act(state: Encounter) -> str:
    """Who still has Turns this Round (they lose them if it ends now), by name."""
    players = [state.characters[c].name for c in waiting(state, "player")]
    npcs = [
        f"{state.ships[s].name} ({n} Turn{'' if n == 1 else 's'})"
        for s in waiting(state, "npc")
        if (n := state.turn.npc_turns_left.get(s, 0))
    ]
    if not players and not npcs:
        return "Everyone has taken their Turns."
    names = ", ".join([*players, *npcs])
    return f"Still to act, and losing their Turns this Round: {names}."


def round_just_begun(state: Encounter) -> str | None:
    """Why END ROUND has nothing to end: the Round began a moment ago (the one before
    ended by itself once everyone had acted) and no one has taken a Turn in it yet."""
    turn = state.turn
    if turn.any_turn_this_round or turn.actor is not None:
        return None
    return (
        f"Round {turn.round} has just begun and no one has acted in it yet: there is "
        "nothing to end (a Round ends by itself once everyone has acted)."
    )


class TurnOrder(QGroupBox):
    """Turn order: each control enabled exactly when the engine would accept it."""

    sig_open_waiting = Signal()
    """OPEN THE WAITING ROLL was pressed."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__("TURN ORDER", parent)
        self.model = model
        grid = plain_box(self)  # a control's new state at a Turn repaints its box alone
        box = grid.parentWidget()
        self.next_actor = QComboBox(box)
        self.next_actor.setToolTip("Who acts next: the players choose among themselves")
        self.start_button = QPushButton("START TURN", box)
        self.end_button = QPushButton("END TURN", box)
        self.keep_button = QPushButton("KEEP THE INITIATIVE", box)
        self.npc_first = QPushButton("NPCS ACT FIRST", box)
        self.npc_first.setToolTip("Spend Threat so that an NPC ship acts before the players")
        self.end_round = QPushButton("END ROUND…", box)
        self.end_scene = QPushButton("END SCENE…", box)
        self.waiting_button = QPushButton("OPEN THE WAITING ROLL", box)
        self.waiting_button.setObjectName("primary")
        grid.addWidget(self.next_actor, 0, 0, 1, 2)
        grid.addWidget(self.start_button, 1, 0)
        grid.addWidget(self.end_button, 1, 1)
        grid.addWidget(self.keep_button, 2, 0)
        grid.addWidget(self.npc_first, 2, 1)
        grid.addWidget(self.end_round, 3, 0)
        grid.addWidget(self.end_scene, 3, 1)
        grid.addWidget(self.waiting_button, 4, 0, 1, 2)
        self.next_actor.currentIndexChanged.connect(lambda _: self.refresh(self.model.state))
        self.start_button.clicked.connect(self.start)
        self.end_button.clicked.connect(lambda: self.model.submit(EndTurn()))
        self.keep_button.clicked.connect(lambda: self.model.submit(EndTurn(keep_initiative=True)))
        self.npc_first.clicked.connect(lambda: self.model.submit(NpcActsFirst()))
        self.end_round.clicked.connect(self.confirm_end_round)
        self.end_scene.clicked.connect(self.confirm_end_scene)
        self.waiting_button.clicked.connect(self.sig_open_waiting)

    def fill(self, state: Encounter) -> None:
        """Who may act next on the side to act (an NPC ship with its Turns left)."""
        turn = state.turn
        set_choices(
            self.next_actor,
            [
                (
                    state.characters[actor].name
                    if actor in state.characters
                    else f"{state.ships[actor].name} ({turn.npc_turns_left.get(actor, 0)} left)",
                    actor,
                )
                for actor in waiting(state, turn.side)
            ],
        )

    def refresh(self, state: Encounter) -> None:
        """Enable each control exactly when the engine would accept it, else say why."""
        nxt = self.next_actor.currentData()
        start = (
            why_not(state, StartTurn(actor=nxt))
            if nxt is not None
            else (f"The battle is over: {state.outcome}" if state.ended else "No one is waiting.")
        )
        for button, reason in (
            (self.start_button, start),
            (self.end_round, why_not(state, EndRound()) or round_just_begun(state)),
            (self.end_scene, why_not(state, EndScene())),
            (
                self.waiting_button,
                None if state.pending is not None else "No rolled Task is waiting.",
            ),
            (self.end_button, why_not(state, EndTurn())),
            (self.keep_button, why_not(state, EndTurn(keep_initiative=True))),
            (self.npc_first, why_not(state, NpcActsFirst())),
        ):
            set_state(button, reason)

    def start(self) -> None:
        """START TURN for whoever is chosen (the GM starts an NPC ship's)."""
        actor = self.next_actor.currentData()
        if actor:
            by = actor if actor in self.model.state.characters else "gm"
            self.model.submit(StartTurn(by=by, actor=actor))

    def confirm_end_round(self) -> None:
        """END ROUND…: asks first, naming who would lose their Turns; a Round that has
        just begun is not offered to be thrown away."""
        state = self.model.state
        fresh = round_just_begun(state)
        if fresh is not None:
            self.model.sig_refused.emit(fresh)
            return
        text = (
            f"End Round {state.turn.round}? {still_to_act(state)} What lasts until the end "
            "of the Round ends."
        )
        if confirm(self, "End Round", text, "END ROUND"):
            self.model.submit(EndRound())

    def confirm_end_scene(self) -> None:
        text = (
            f"End Scene {self.model.state.turn.scene}? Momentum drops by 1, every ship's "
            "Power is restored, what lasts until the end of the scene ends, and Round 1 "
            "of the next scene begins."
        )
        if confirm(self, "End Scene", text, "END SCENE"):
            self.model.submit(EndScene())
