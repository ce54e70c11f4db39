"""A form built from the fields the engine says an action takes (``ParamInfo``): one widget
per kind (a choice a drop-down, a number a spin box, a flag a check box, a text a line,
dice and lists a row of drop-downs), the choices the rules refuse now shown disabled with
why, and a field or a choice offered only with another field's value shown only then.

It holds no rule and knows no Command: it gives the values chosen
(:meth:`ParamForm.command` adds them to the action's fixed fields), as the web page's one
form does from the same answer.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from pydantic import JsonValue
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QStandardItemModel
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QSpinBox,
    QStyledItemDelegate,
    QWidget,
)

from bridge.engine import Choice, ParamInfo
from bridge.ui.base.theme import COLORS

__all__ = ["ParamForm", "holds"]

_NONE = "—"
Values = dict[str, JsonValue]


def holds(only_with: dict[str, tuple[JsonValue, ...]], values: Values) -> bool:
    """Whether ``only_with`` holds for the values chosen (each named field holds one of
    its values)."""
    return all(values.get(field) in allowed for field, allowed in only_with.items())


def _key(value: JsonValue) -> str:
    return json.dumps(value, sort_keys=True)


class ParamForm(QWidget):
    """The fields of one action; ``sig_changed`` after each edit."""

    sig_changed = Signal()
    """A field's value changed (the fields it governs may have come or gone)."""

    def __init__(self, params: Sequence[ParamInfo], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.params = tuple(params)
        self.values: Values = {p.name: self._start(p) for p in self.params}
        self._drop_stale()  # (a first choice that holds only with a later field's value)
        self.layout_ = QFormLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.widgets: dict[str, QWidget] = {}
        self._filling = False
        self._build()

    # -- reading ---------------------------------------------------------------------------
    def offered(self, param: ParamInfo) -> bool:
        """Whether ``param`` is offered with the values chosen now."""
        return holds(param.only_with, self.values)

    def command(self, fixed: dict[str, JsonValue]) -> dict[str, JsonValue]:
        """The action's Command: its fixed fields and each offered field's value (a field
        left empty is left out)."""
        command = dict(fixed)
        for param in self.params:
            value = self.values.get(param.name)
            if self.offered(param) and value is not None and value != []:
                command[param.name] = value
        return command

    def missing(self) -> tuple[str, ...]:
        """The labels of offered fields that must be chosen and are not."""
        return tuple(
            p.label
            for p in self.params
            if p.required and self.offered(p) and self.values.get(p.name) in (None, "", [])
        )

    def choose(self, name: str, value: JsonValue) -> None:
        """Choose ``value`` for the field ``name`` through its widget, as a person would
        (a choice, a flag, a number or words)."""
        widget = self.widgets[name]
        if isinstance(widget, QComboBox):
            index = widget.findData(_key(value))
            if index < 0:
                raise ValueError(f"{value!r} is not a choice of {name} now")
            widget.setCurrentIndex(index)
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QSpinBox) and isinstance(value, int):
            widget.setValue(value)
        elif isinstance(widget, QLineEdit):
            widget.setText(str(value))
        else:
            raise ValueError(f"{name} takes a list: choose its items one by one")

    # -- building ----------------------------------------------------------------------------
    def _start(self, param: ParamInfo) -> JsonValue:
        if param.kind in ("dice", "list"):
            return list(param.default) if isinstance(param.default, list) else []
        if param.default is not None or param.kind != "choice" or not param.required:
            return param.default
        legal = [c for c in param.choices if c.reason is None and not c.only_with]
        return legal[0].value if legal else None

    def _build(self) -> None:
        """(Re)make the rows: the offered fields, each with the choices that hold now."""
        self._filling = True
        try:
            while self.layout_.rowCount():  # (a field's own signal may be what rebuilds it)
                taken = self.layout_.takeRow(0)
                for item in (taken.labelItem, taken.fieldItem):
                    gone = item.widget() if item is not None else None
                    if gone is not None:
                        gone.hide()
                        gone.deleteLater()
            self.widgets = {}
            roll: QHBoxLayout | None = None
            for param in self.params:
                if not self.offered(param):
                    continue
                widget = self._widget(param)
                widget.setToolTip(param.help or param.label)
                self.widgets[param.name] = widget
                if param.group != "roll" or param.kind in ("flag", "number", "text"):
                    self.layout_.addRow(param.label, widget)
                    continue
                if roll is None:  # how the Task is rolled: its choices on one row
                    holder = QWidget(self)
                    roll = QHBoxLayout(holder)
                    roll.setContentsMargins(0, 0, 0, 0)
                    self.layout_.addRow("Roll with", holder)
                roll.addWidget(widget, 1)
        finally:
            self._filling = False

    def _set(self, name: str, value: JsonValue) -> None:
        if self._filling or self.values.get(name) == value:
            return
        self.values[name] = value
        self._drop_stale()
        self._build()
        self.sig_changed.emit()

    def _drop_stale(self) -> None:
        """A choice no longer offered with the values chosen is let go, and a field that
        must be chosen takes its first legal choice that holds (the form never shows one
        thing and sends another)."""
        for _ in range(len(self.params) + 1):  # (one field's choice may free another's)
            before = dict(self.values)
            for param in self.params:
                if param.kind != "choice":
                    continue
                value = self.values.get(param.name)
                offered = [
                    c for c in param.choices if c.reason is None and holds(c.only_with, self.values)
                ]
                if any(c.value == value for c in offered):
                    continue
                if value is not None or param.required:
                    first = offered[0].value if offered and param.required else None
                    self.values[param.name] = first
            if self.values == before:
                return

    def _widget(self, param: ParamInfo) -> QWidget:
        value = self.values.get(param.name)
        if param.kind == "flag":
            box = QCheckBox(self)
            box.setChecked(bool(value))
            box.toggled.connect(lambda on, n=param.name: self._set(n, on))
            return box
        if param.kind == "number":
            spin = QSpinBox(self)
            spin.setRange(param.minimum or 0, param.maximum if param.maximum is not None else 99)
            spin.setValue(value if isinstance(value, int) else spin.minimum())
            spin.valueChanged.connect(lambda v, n=param.name: self._set(n, v))
            return spin
        if param.kind == "text":
            line = QLineEdit(self)
            if param.max_length:
                line.setMaxLength(param.max_length)
            line.setText(value if isinstance(value, str) else "")
            line.setPlaceholderText(param.help)
            line.textChanged.connect(lambda t, n=param.name: self._set_text(n, t))
            return line
        if param.kind in ("dice", "list"):
            return self._many(param)
        return self._choice(param, value, lambda v, n=param.name: self._set(n, v))

    def _set_text(self, name: str, text: str) -> None:
        """Typed words change no field's offer: kept without making the rows again."""
        self.values[name] = text
        self.sig_changed.emit()

    def _choice(self, param: ParamInfo, current: JsonValue, chosen: object) -> QComboBox:
        """A drop-down of the choices that hold now; one the rules refuse is disabled,
        with why; a blank first when the field may be left empty."""
        box = QComboBox(self)
        box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        box.setMinimumContentsLength(14)
        choices = [c for c in param.choices if holds(c.only_with, self.values)]
        blank = not param.required and not any(c.value is None for c in choices)
        if blank or (param.required and current is None):
            # (a field on the roll's row says what it is while nothing is chosen)
            box.addItem(f"{param.label}: {_NONE}" if param.group == "roll" else _NONE, _key(None))
        for choice in choices:
            self._add(box, choice)
        index = box.findData(_key(current))
        box.setCurrentIndex(max(index, 0))
        if not choices and param.empty:
            box.setToolTip(param.empty)
        box.currentIndexChanged.connect(
            lambda _i: chosen(json.loads(box.currentData()))  # type: ignore[operator]
        )
        return box

    @staticmethod
    def _add(box: QComboBox, choice: Choice) -> None:
        box.addItem(choice.label, _key(choice.value))
        if choice.reason is None:
            return
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

    def _many(self, param: ParamInfo) -> QWidget:
        """Dice bought (each may come again) or further targets (each once): a row of
        drop-downs, one more each time the last is chosen, up to ``maximum``."""
        picked = [v for v in self.values.get(param.name) or [] if v is not None]  # type: ignore[union-attr]
        row = QWidget(self)
        layout = QHBoxLayout(row)
        layout.setContentsMargins(0, 0, 0, 0)
        most = param.maximum if param.maximum is not None else len(param.choices)
        for i in range(min(len(picked) + 1, most)):
            options = param.choices
            if param.kind == "list":  # (each once)
                taken = picked[:i] + picked[i + 1 :]
                options = tuple(c for c in options if c.value not in taken)
            one = param.model_copy(update={"choices": options, "required": False})

            def chosen(value: JsonValue, i: int = i) -> None:
                now = picked[:i] + ([value] if value is not None else []) + picked[i + 1 :]
                self._set(param.name, now if value is not None else picked[:i])

            layout.addWidget(self._choice(one, picked[i] if i < len(picked) else None, chosen))
        layout.addStretch(1)
        return row
