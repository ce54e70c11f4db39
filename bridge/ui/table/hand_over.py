"""The shared laptop's hand-over row: between Turns, the officers who may act next, one
button each; a press brings up that officer's own card for them to START TURN (no GM
console needed). During a Turn it says whose it is; on the NPCs' move, that the GM plays
them."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QWidget

from bridge.engine import Encounter, StartTurn, waiting

__all__ = ["HandOverBar", "who_may_start"]


def who_may_start(state: Encounter, why_not: Callable[[StartTurn], str | None]) -> list[str]:
    """The officers who may start a Turn now (the engine's gate says so), in seat order."""
    return [c for c in waiting(state, "player") if why_not(StartTurn(by=c, actor=c)) is None]


class HandOverBar(QWidget):
    """HAND THE LAPTOP TO: a button per officer who may act next (Alt+1, Alt+2… in the
    crew's order), or a line saying why no one may."""

    sig_hand = Signal(str)
    """The laptop goes to this officer (a character id)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(self)
        row.addWidget(self.label)
        self.buttons: dict[str, QPushButton] = {}
        self._row = row
        row.addStretch(1)

    def _button(self, character: str, index: int) -> QPushButton:
        button = self.buttons.get(character)
        if button is None:
            button = QPushButton(self)
            button.setObjectName("primary")
            button.clicked.connect(lambda _=False, c=character: self.sig_hand.emit(c))
            self._row.insertWidget(self._row.count() - 1, button)
            key = QShortcut(QKeySequence(f"Alt+{index + 1}"), self.window())
            key.activated.connect(lambda b=button: b.click() if b.isVisible() else None)
            self.buttons[character] = button
        return button

    def refresh(self, state: Encounter, ready: list[str]) -> None:
        """Offer the officers in ``ready``; else say whose move it is."""
        crew = list(state.characters)
        for character, button in self.buttons.items():
            button.setVisible(character in ready)
        for character in ready:
            index = crew.index(character) if character in crew else len(crew)
            button = self._button(character, index)
            stations = ", ".join(s.label for s in state.stations_of(character))
            button.setText(state.name_of(character).upper())
            button.setToolTip(
                f"Bring up {stations} for {state.name_of(character)} (Alt+{index + 1})"
            )
            button.show()
        turn = state.turn
        if ready:
            self.label.setText("HAND THE LAPTOP TO:")
        elif turn.actor is not None:
            self.label.setText(f"{state.name_of(turn.actor).upper()} IS TAKING A TURN")
        elif state.ended:
            self.label.setText(f"THE BATTLE IS OVER: {state.outcome or ''}".upper())
        elif turn.side == "npc":
            self.label.setText("THE NPCS ACT NEXT: THE GM PLAYS THEM")
        else:
            self.label.setText("NO OFFICER MAY START A TURN NOW")
