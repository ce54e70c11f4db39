"""The front of a station's card: its Tasks and Minor Actions as buttons, each enabled
exactly when the engine's gate would accept it, and saying why not when it would not."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QGridLayout, QVBoxLayout, QWidget

from bridge.engine import ActionDef, AttemptTask, MinorAction, Station, actions_for
from bridge.ui.base.station_model import StationModel
from bridge.ui.base.theme import scaled
from bridge.ui.widgets.action_button import ActionButton
from bridge.ui.widgets.lcars import section_label

__all__ = ["CardFront"]


class _OnResize(QObject):
    """Calls ``then`` when the widget it watches changes size."""

    def __init__(self, then: Callable[[], None]) -> None:
        super().__init__()
        self._then = then

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._then()
        return False


class CardFront:
    """The card's entries, the station's own Tasks first (they are what it is for), then
    the Tasks every station has, then the Minor Actions, in compact grids.

    Built into ``col``, a column already in its window; ``use`` is called with the
    entry a player presses.
    """

    def __init__(
        self,
        model: StationModel,
        station: Station,
        col: QVBoxLayout,
        use: Callable[[ActionDef], None],
    ) -> None:
        self.model = model
        self.station = station
        self._use = use
        self.buttons: dict[str, ActionButton] = {}
        self._grids: list[QGridLayout] = []
        self._filter = _OnResize(self.reflow)
        self._entries: dict[tuple[str, str], MinorAction | AttemptTask] = {}
        tasks = [a for a in actions_for(station, "task") if a.key != "override"]
        own = [a for a in tasks if a.group]
        groups = list(dict.fromkeys(a.group for a in own))
        title = " and ".join(groups) if len(groups) <= 2 else station.label
        self._grid(col, f"{title} Tasks", own, 2)
        common = [a for a in tasks if not a.group] + list(actions_for(station, "minor"))
        self._common = [a.key for a in common]
        self._common_columns = 3
        self._grid(col, "Tasks and Minor Actions", common, 3)
        col.addStretch()
        box = col.parentWidget()
        assert box is not None  # (a column already in its window)
        self._box: QWidget = box
        box.installEventFilter(self._filter)

    def _grid(self, col: QVBoxLayout, title: str, actions: Sequence[ActionDef], width: int) -> None:
        box = col.parentWidget()
        col.addWidget(section_label(title, box))
        grid = QGridLayout()
        grid.setHorizontalSpacing(round(scaled(8, box)))
        grid.setVerticalSpacing(0)
        self._grids.append(grid)
        col.addLayout(grid)  # in the column first: each button is made in its place
        for i, a in enumerate(actions):
            button = ActionButton(a, box)
            button.button.clicked.connect(lambda _=False, act=a: self._use(act))
            self.buttons[a.key] = button
            grid.addWidget(button, i // width, i % width, Qt.AlignmentFlag.AlignTop)
        for c in range(width):
            grid.setColumnStretch(c, 1)

    def rescale(self) -> None:
        """The space between entries at the window's text size."""
        for grid in self._grids:
            parent = grid.parentWidget()
            grid.setHorizontalSpacing(round(scaled(8, parent)))
        self.reflow()

    def reflow(self) -> None:
        """The Tasks and Minor Actions every station has (buttons without a line of
        rules) in as many columns as the card's width holds, four at most: a row less
        than three columns (Operations' card scrolled on a laptop's screen)."""
        grid = self._grids[-1]
        buttons = [self.buttons[k] for k in self._common]
        widest = max(b.minimumSizeHint().width() for b in buttons)
        room = self._box.contentsRect().width()
        gap = grid.horizontalSpacing()
        columns = next((n for n in (4, 3) if n * widest + (n - 1) * gap <= room), 2)
        if columns == self._common_columns:
            return
        self._common_columns = columns
        for b in buttons:
            grid.removeWidget(b)
        for i, b in enumerate(buttons):
            grid.addWidget(b, i // columns, i % columns, Qt.AlignmentFlag.AlignTop)
        for c in range(4):
            grid.setColumnStretch(c, 1 if c < columns else 0)

    def refresh(self, officer: str | None) -> set[str]:
        """Each entry's state for ``officer``; returns what the card's line of reasons
        says: the reasons shared by a whole group of entries (once, rather than at
        each), and those of entries with no room of their own ("RAISE SHIELDS: ...")."""
        if officer is None:
            for b in self.buttons.values():
                b.setReason("No officer is seated at this station.", show=False)
            return set()
        reasons = {key: self.model.why_not(self._entry(officer, key)) for key in self.buttons}
        values = list(reasons.values())
        shared = {r for r in values if r and values.count(r) > 2}
        said = set(shared)
        for key, b in self.buttons.items():
            reason = reasons[key]
            own = reason is not None and reason not in shared
            b.setReason(reason, show=own)
            if own and not b.has_room:
                said.add(f"{b.action.name.upper()}: {reason}")
        return said

    def _entry(self, officer: str, key: str) -> MinorAction | AttemptTask:
        """The parameter-free Command of a card entry, as the engine's gate judges it
        (made once per officer and entry: Commands are immutable values)."""
        entry = self._entries.get((officer, key))
        if entry is None:
            if self.buttons[key].action.kind == "minor":
                entry = MinorAction(by=officer, action=key)
            else:
                entry = AttemptTask(by=officer, action=key, station=self.station)
            self._entries[(officer, key)] = entry
        return entry
