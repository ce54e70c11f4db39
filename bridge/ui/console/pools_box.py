"""The GM console's pools: Momentum and Threat, each with a step down and a step up."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QPushButton, QWidget

from bridge.engine import AdjustPool, Encounter
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.widgets.steady_label import SteadyLabel

__all__ = ["PoolsBox"]


class PoolsBox(QWidget):
    """The group's Momentum against its cap, and the GM's Threat: two rows in the
    console's POOLS box, or one row (:meth:`arrange`) in its header, beside whose Turn it
    is, as a station shows them."""

    def __init__(
        self, model: SharedModel, parent: QWidget | None = None, inline: bool = False
    ) -> None:
        super().__init__(parent)
        self.model = model
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setVerticalSpacing(2)
        self.momentum_label = SteadyLabel(parent=self)
        self.momentum_label.setObjectName("big")
        self.threat_label = SteadyLabel(parent=self)
        self.threat_label.setObjectName("big")
        self._steps: dict[str, list[QPushButton]] = {"momentum": [], "threat": []}
        for pool in ("momentum", "threat"):
            for delta in (-1, 1):
                b = QPushButton(f"{'+' if delta > 0 else '−'}1", self)
                b.clicked.connect(
                    lambda _=False, p=pool, d=delta: self.model.submit(AdjustPool(pool=p, delta=d))
                )
                b.setToolTip(f"{pool.capitalize()} {delta:+d}")
                self._steps[pool].append(b)
        self.inline: bool | None = None
        self.arrange(inline)

    def arrange(self, inline: bool) -> None:
        """Two rows (a label and its steps each), or all on one row (``inline``)."""
        if inline == self.inline:
            return
        self.inline = inline
        grid = self._grid
        for pool, label in (("momentum", self.momentum_label), ("threat", self.threat_label)):
            for w in (label, *self._steps[pool]):
                grid.removeWidget(w)
        for column in range(8):
            grid.setColumnStretch(column, 0)
            grid.setColumnMinimumWidth(column, 0)
        for i, (pool, label) in enumerate(
            (("momentum", self.momentum_label), ("threat", self.threat_label))
        ):
            row, first = (0, 4 * i) if inline else (i, 0)
            grid.addWidget(label, row, first)
            for j, b in enumerate(self._steps[pool]):
                grid.addWidget(b, row, first + 1 + j)
        if inline:
            grid.setColumnMinimumWidth(3, 12)  # a gap between the two pools
        else:
            grid.setColumnStretch(0, 1)

    def refresh(self, state: Encounter) -> None:
        self.momentum_label.setText(f"MOMENTUM {state.momentum.value}/{state.momentum.cap}")
        self.threat_label.setText(f"THREAT {state.threat.value}")
