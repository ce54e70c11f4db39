"""What is in play: Advantages, Complications and lasting effects with their durations,
as lines, and the list the GM console shows them in."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QWidget

from bridge.engine import Encounter
from bridge.ui.widgets.lines_view import LinesView

__all__ = ["InPlayList", "in_play_lines"]

_EXPIRY = {
    "next_task": "until {owner}'s next {role}Task",
    "next_turn": "until {owner}'s next Turn",
    "end_of_next_turn": "until the end of {owner}'s next Turn",
    "used": "until used (or the scene ends)",
    "scene": "for the scene",
}


def _owner(state: Encounter, owner: str) -> tuple[str, str]:
    """A duration's owner: a character, or an NPC ship's bridge role (``ship:station``):
    its name, and the role's word ("helm"; "" for a character)."""
    ship, _, station = owner.partition(":")
    return state.name_of(ship), station


def in_play_lines(state: Encounter) -> list[str]:
    """Advantages, Complications and lasting effects, each with where and how long."""
    lines = []
    for trait in state.traits:
        where = f" ({state.name_of(trait.ship)})" if trait.ship else ""
        lines.append(f"{trait.kind.capitalize()}: {trait.name}{where}")
    for d in state.durations:
        name, role = _owner(state, d.owner)  # ("until IKS Vor'tak's next helm Task")
        how_long = _EXPIRY.get(d.expiry.value, d.expiry.value).format(
            owner=name, role=f"{role} " if role else ""
        )
        lines.append(f"{d.describe()} on {state.name_of(d.ship)}, {how_long}")
    return lines


class InPlayList(LinesView):
    """The lines of :func:`in_play_lines`, each whole, always :attr:`ROWS` lines high
    (more scroll), so the log under it never moves as effects come and go."""

    ROWS = 6
    """Four effects a table often has, a long one taking two lines (four rows scrolled
    from the fourth effect)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setToolTip(
            "Advantages, Complications and lasting effects; the Battle menu adds and removes "
            "Advantages and Complications"
        )

    def setEncounter(self, state: Encounter) -> None:
        lines = in_play_lines(state) or ["Nothing in play: no Advantage, Complication or effect."]
        self.setLines(lines)
        self._fit_rows()

    def _fit_rows(self) -> None:
        height = self.rows_height(self.ROWS)
        if self.maximumHeight() != height:
            self.setFixedHeight(height)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_rows()  # its rows at the window's new text size
