"""The GM console's pools: Momentum and Threat, each with a step down and a step up."""

from __future__ import annotations

from PySide6.QtWidgets import QGridLayout, QGroupBox, QPushButton, QWidget

from bridge.engine import AdjustPool, Encounter
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.widgets.steady_label import SteadyLabel

__all__ = ["PoolsBox"]


class PoolsBox(QGroupBox):
    """POOLS: the group's Momentum against its cap, and the GM's Threat."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__("POOLS", parent)
        self.model = model
        grid = QGridLayout(self)
        self.momentum_label = SteadyLabel(parent=self)
        self.momentum_label.setObjectName("big")
        self.threat_label = SteadyLabel(parent=self)
        self.threat_label.setObjectName("big")
        grid.addWidget(self.momentum_label, 0, 0)
        grid.addWidget(self.threat_label, 1, 0)
        for pool, row in (("momentum", 0), ("threat", 1)):
            for delta, column in ((-1, 1), (1, 2)):
                b = QPushButton(f"{'+' if delta > 0 else '−'}1", self)
                b.clicked.connect(
                    lambda _=False, p=pool, d=delta: self.model.submit(AdjustPool(pool=p, delta=d))
                )
                b.setToolTip(f"{pool.capitalize()} {delta:+d}")
                grid.addWidget(b, row, column)
        grid.setColumnStretch(0, 1)
        grid.setVerticalSpacing(2)

    def refresh(self, state: Encounter) -> None:
        self.momentum_label.setText(f"MOMENTUM {state.momentum.value}/{state.momentum.cap}")
        self.threat_label.setText(f"THREAT {state.threat.value}")
