"""The personal conflict as a picture: its zones with who stands where, each figure's
Stress and Injury, whose Turn it is and the last roll. The viewscreen shows it to the
table (the crew's view: an unrevealed NPC's Stress is not shown); the GM console shows it
whole, and the GM drags a figure to another zone as a ship is dragged."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QVBoxLayout, QWidget

from bridge.engine import Encounter, FigureView, conflict_figures, injury_text, stress_text
from bridge.ui.base.theme import COLORS
from bridge.ui.widgets.zone_map import ZoneMapView

__all__ = ["ConflictPicture", "LastLines", "figure_lines", "figure_rows"]


def figure_rows(state: Encounter, gm: bool) -> tuple[FigureView, ...]:
    """Every figure as the GM (``gm``) or the table sees it."""
    if state.conflict is None:
        return ()
    return conflict_figures(state, "gm" if gm else "crew")


def _line(fig: FigureView) -> tuple[str, str]:
    mark = "◆" if fig.side == "player" else "▼"
    out = fig.dead or fig.withdrawn or fig.incapacitated
    words = [f"{mark} {fig.name}", stress_text(fig)]
    if fig.injury is not None or fig.dead or fig.prone:
        words.append(injury_text(fig))
    color = COLORS.dim if out else COLORS.blue if fig.side == "player" else COLORS.red
    return " · ".join(words), color


def figure_lines(state: Encounter, gm: bool) -> list[tuple[str, str, str, str]]:
    """Each figure still there as the zone map paints it: (figure id, zone, its line,
    colour), those in the fight first (a withdrawn figure has left the map)."""
    rows = [f for f in figure_rows(state, gm) if not f.withdrawn]
    down = [f for f in rows if f.dead or f.incapacitated]
    return [(f.id, f.zone, *_line(f)) for f in [*(f for f in rows if f not in down), *down]]


class LastLines(QLabel):
    """The newest roll's last lines under the map, each on one line (cut with an ellipsis
    where the width ends, whole in the tooltip), in a height kept from the start: lines
    that come and go never move the map."""

    SHOWN = 2

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._lines: tuple[str, ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self._fit_height()

    def lines(self) -> tuple[str, ...]:
        return self._lines

    def setLines(self, lines: tuple[str, ...]) -> None:
        self._lines = tuple(lines[-self.SHOWN :])
        self.setToolTip("\n".join(self._lines))
        self._show()

    def _fit_height(self) -> None:
        margins = self.contentsMargins()
        spacing = self.fontMetrics().lineSpacing()
        self.setFixedHeight(spacing * self.SHOWN + margins.top() + margins.bottom() + 2)

    def _show(self) -> None:
        width = max(self.contentsRect().width(), 10)
        metrics = self.fontMetrics()
        cut = [metrics.elidedText(line, Qt.TextElideMode.ElideRight, width) for line in self._lines]
        self.setText("\n".join(cut))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange):
            self._fit_height()
            self._show()


class ConflictPicture(QWidget):
    """The conflict's zone map and, under it, whose Turn and the last roll."""

    sig_move = Signal(str, str)
    """The GM dragged figure (first) to zone (second)."""

    def __init__(self, gm: bool, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.gm = gm
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.title = QLabel(self)
        # On the viewscreen the fight's title is large; on the GM's tab, the section's size
        # (the map keeps the room). A long scene name takes a second line.
        self.title.setObjectName("big" if not gm else "section")
        self.title.setWordWrap(True)
        self.title.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        layout.addWidget(self.title)
        self.map = ZoneMapView(self, movable=gm)
        if gm:
            self.map.setToolTip("Drag a figure by its name to another zone to move it")
            # The map takes the height the GM's buttons leave (never less than its
            # minimum): asking for its full size made the tab scroll from 120%.
            self.map.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Ignored)
        self.map.sig_move.connect(self.sig_move.emit)
        layout.addWidget(self.map, 1)
        self.last = LastLines(self)
        layout.addWidget(self.last)

    def turn_words(self, state: Encounter) -> str:
        """Whose Turn it is in the conflict, in words ("" when none runs)."""
        conflict = state.conflict
        if conflict is None:
            return ""
        turn = conflict.turn
        if conflict.outcome:
            return conflict.outcome
        if turn.actor is not None:
            return f"{conflict.figures[turn.actor].name}'s Turn"
        return "the players to act" if turn.side == "player" else "the NPCs to act"

    def show_state(self, state: Encounter, last_lines: tuple[str, ...] = ()) -> None:
        """Show ``state``'s conflict (nothing when none runs) and the newest roll's lines."""
        conflict = state.conflict
        if conflict is None:
            self.title.setText("NO PERSONAL CONFLICT")
            self.last.setLines(())
            self.map.hide()  # (no figures of a fight gone by)
            return
        self.map.show()
        whose = self.turn_words(state)
        self.title.setText(
            f"{conflict.name.upper()} · ROUND {conflict.turn.round} · {whose.upper()}"
        )
        self.map.setPicture(conflict.zones, figure_lines(state, self.gm))
        self.last.setLines(last_lines)
