"""The task dialog's fields, built from the parameters the engine says a Task takes.

The engine answers what a Task asks for and what may be chosen now
(:func:`bridge.engine.task_options`, through the window's model: on the GM's laptop from
the whole battle, on a player's machine from the host). The same answer goes to a thin
client over the network, so the dialog and every client offer the same choices. One
widget per kind of parameter; a choice the rules refuse now is shown disabled, with why.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QWidget,
)

from bridge.engine import ParamInfo
from bridge.rules.stats import CrewQuality, System
from bridge.ui.base.theme import COLORS

__all__ = ["TaskFields"]

_ROLL_WIDGETS = ("attribute", "discipline", "focus")
"""Parameters shown with the roll's own widgets (an Assist picks its own pair)."""


def fill_choices(box: QComboBox, param: ParamInfo) -> None:
    """``param``'s choices in ``box``; one the rules refuse now is disabled, with why."""
    box.clear()
    for choice in param.choices:
        box.addItem(choice.label, choice.value)
        if choice.reason is not None:
            index = box.count() - 1
            box.setItemData(index, choice.reason, Qt.ItemDataRole.ToolTipRole)
            box.setItemData(index, QColor(COLORS.dim), Qt.ItemDataRole.ForegroundRole)
            if not isinstance(box.itemDelegate(), QStyledItemDelegate):
                box.setItemDelegate(QStyledItemDelegate(box))  # (it draws the colour)
            model = box.model()
            if isinstance(model, QStandardItemModel):
                item = model.item(index)
                if item is not None:
                    item.setEnabled(False)
    first = next((i for i, c in enumerate(param.choices) if c.reason is None), 0)
    if param.default is not None:
        found = box.findData(param.default)
        first = found if found >= 0 else first
    box.setCurrentIndex(first if box.count() else -1)
    if param.help:
        box.setToolTip(param.help)


class TaskFields:
    """The parameter widgets of one Task, in a form, and the AttemptTask fields they give."""

    def __init__(
        self,
        options: tuple[ParamInfo, ...],
        form: QFormLayout,
        roll_widgets: tuple[QWidget, QWidget, QWidget],
    ) -> None:
        self.options = options
        self.form = form
        self.names = {p.name for p in options}
        self.roll_widgets = roll_widgets
        self.target = QComboBox()
        self.weapon = QComboBox()
        self.system = QComboBox()
        self.zone = QComboBox()
        self.choice = QSpinBox()
        self.readied = QComboBox()
        self.note = QLineEdit()
        self.salvo = QCheckBox("Salvo (+1 die, Spread, 3 Threat)")
        self.area = QCheckBox("Area instead of Spread (arrays)")
        self.extra_power = QSpinBox()
        self.opposition = QComboBox()
        self.opposition_difficulty = QSpinBox()
        self.avoid_hazard = QCheckBox("Avoids the charted hazard (-2 Difficulty)")
        self.others: dict[str, QWidget] = {}
        """Widgets of parameters this dialog has no named field for (read generically)."""
        named: dict[str, QWidget] = {
            "target": self.target,
            "weapon": self.weapon,
            "system": self.system,
            "zone": self.zone,
            "difficulty_choice": self.choice,
            "readied": self.readied,
            "note": self.note,
            "salvo": self.salvo,
            "array_mode": self.area,
            "extra_power": self.extra_power,
            "opposition": self.opposition,
            "opposition_difficulty": self.opposition_difficulty,
            "avoid_hazard": self.avoid_hazard,
        }
        roll = dict(zip(_ROLL_WIDGETS, roll_widgets, strict=True))
        self.widgets: dict[str, QWidget] = {}
        for param in options:
            widget = roll.get(param.name) or named.get(param.name) or self._other(param)
            self.widgets[param.name] = widget
            self._place(param, widget)
        self._depending = [p for p in options if p.only_with]
        """Options offered only with some values of other fields (Salvo: a torpedo)."""
        for name in {field for p in self._depending for field in p.only_with}:
            box = self.widgets.get(name)
            if isinstance(box, QComboBox):
                box.currentIndexChanged.connect(lambda _: self.update_offered())
        self.update_offered()

    # -- building -----------------------------------------------------------------------
    def _other(self, param: ParamInfo) -> QWidget:
        widget: QWidget
        if param.kind == "flag":
            widget = QCheckBox(param.label)
        elif param.kind == "number":
            widget = QSpinBox()
        elif param.kind == "text":
            widget = QLineEdit()
        else:
            widget = QComboBox()
        self.others[param.name] = widget
        return widget

    def _place(self, param: ParamInfo, widget: QWidget) -> None:
        """Fill ``widget`` from ``param`` and add it to the form under its label."""
        label = param.label
        if isinstance(widget, QComboBox):
            fill_choices(widget, param)
        elif isinstance(widget, QSpinBox):
            widget.setRange(param.minimum or 0, param.maximum if param.maximum is not None else 99)
            if isinstance(param.default, int):
                widget.setValue(param.default)
        elif isinstance(widget, QLineEdit):
            widget.setMaxLength(param.max_length or 200)
            widget.setPlaceholderText(param.help)
        elif isinstance(widget, QCheckBox):
            if widget is not self.area:
                widget.setText(param.label)
            widget.setChecked(param.default is True)
            label = ""
        if param.help and not isinstance(widget, QLineEdit):
            widget.setToolTip(param.help)
        self.form.addRow(label, widget)

    def _offered(self, param: ParamInfo) -> bool:
        for name, values in param.only_with.items():
            box = self.widgets.get(name)
            if not isinstance(box, QComboBox) or box.currentData() not in values:
                return False
        return True

    def update_offered(self) -> None:
        """Show each option the engine offers only with some choices (a torpedo's Salvo,
        an array's Area) exactly while those choices are made."""
        for param in self._depending:
            self.form.setRowVisible(self.widgets[param.name], self._offered(param))

    # -- reading ------------------------------------------------------------------------
    def connect(self, changed: Callable[[], None]) -> None:
        """Call ``changed`` whenever a field changes (the preview follows)."""
        boxes = [self.target, self.weapon, self.system, self.zone, self.readied, self.opposition]
        checks = [self.salvo, self.area, self.avoid_hazard]
        spins = [self.choice, self.extra_power, self.opposition_difficulty]
        for widget in self.others.values():
            if isinstance(widget, QComboBox):
                boxes.append(widget)
            elif isinstance(widget, QCheckBox):
                checks.append(widget)
            elif isinstance(widget, QSpinBox):
                spins.append(widget)
        for box in boxes:
            box.currentIndexChanged.connect(lambda _: changed())
        for check in checks:
            check.toggled.connect(lambda _: changed())
        for spin in spins:
            spin.valueChanged.connect(lambda _: changed())

    def params(self) -> dict[str, Any]:
        """The AttemptTask fields these widgets give (the rest keep their defaults)."""
        names = self.names
        system = self.system.currentData() if "system" in names else None
        opposed = "opposition" in names
        out: dict[str, Any] = {
            "target": self.target.currentData(),
            "weapon": self.weapon.currentData(),
            "system": System(system) if system else None,
            "zone": self.zone.currentData(),
            "difficulty_choice": self.choice.value() if "difficulty_choice" in names else None,
            "salvo": self.salvo.isChecked(),
            "extra_power": self.extra_power.value(),
            "array_mode": "area" if self.area.isChecked() else "spread",
            "readied": self.readied.currentData(),
            "note": self.note.text(),
            "avoid_hazard": self.avoid_hazard.isChecked(),
            "opposition": CrewQuality(self.opposition.currentData()) if opposed else None,
            "opposition_difficulty": self.opposition_difficulty.value() if opposed else 1,
        }
        for param in self._depending:  # an option not offered now keeps its default
            if not self._offered(param):
                out[param.name] = param.default
        for name, widget in self.others.items():
            if isinstance(widget, QComboBox):
                out[name] = widget.currentData()
            elif isinstance(widget, QCheckBox):
                out[name] = widget.isChecked()
            elif isinstance(widget, QSpinBox):
                out[name] = widget.value()
            elif isinstance(widget, QLineEdit):
                out[name] = widget.text()
        return out
