"""A control of the Conflict card's back, as a small form: the fields the engine says it
takes (:func:`bridge.engine.conflict.controls`), DO IT, and the refusal said in place.

The same controls reach a phone; here each field kind is a widget: a choice a list (a
choice the rules refuse now is shown disabled, with why), a number a spin box, a flag a
check box, a text a line, dice a row of check boxes.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import ActionInfo, ParamInfo, command_adapter
from bridge.ui.conflict.conflict_model import ConflictSeat
from bridge.ui.station.task_fields import fill_choices
from bridge.ui.widgets.reason_label import ReasonLabel

__all__ = ["ControlDialog"]


class ControlDialog(QDialog):
    """One control's fields and DO IT; it closes once the Command is applied."""

    def __init__(
        self, model: ConflictSeat, info: ActionInfo, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.info = info
        head, _, rest = info.name.partition(":")
        self.setWindowTitle(head.split(" (")[0])  # short: a window manager cuts a long one
        layout = QVBoxLayout(self)
        self.heading = QLabel(info.name, self)  # the whole name, with its cost
        self.heading.setObjectName("section")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self._effect = (rest.split(" (")[0].strip() or head.split(" (")[0]).rstrip(".")
        form = QFormLayout()
        layout.addLayout(form)
        self.widgets: dict[str, QWidget] = {}
        for param in info.params:
            widget = _widget(param)
            self.widgets[param.name] = widget
            if param.help:
                widget.setToolTip(param.help)
            form.addRow("" if isinstance(widget, QCheckBox) else param.label, widget)
        self.spends_determination = info.kind == "determination"
        self.cost = QLabel(self)  # what is spent, citing which Value
        self.cost.setWordWrap(True)
        self.cost.setVisible(self.spends_determination)
        layout.addWidget(self.cost)
        self.reason = ReasonLabel(lines=2, parent=self)
        self.reason.setObjectName("reason")
        layout.addWidget(self.reason)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        words = "SPEND 1 DETERMINATION" if self.spends_determination else "DO IT"
        self.go = buttons.addButton(words, QDialogButtonBox.ButtonRole.AcceptRole)
        self.go.setObjectName("primary")
        self.cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.do_it)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        if self.spends_determination:
            # Determination is never spent by Return: the safe choice is the default.
            self.go.setAutoDefault(False)
            self.cancel.setDefault(True)
            self.cancel.setFocus()
            value = self.widgets.get("value")
            if isinstance(value, QComboBox):
                value.currentIndexChanged.connect(lambda _i: self._say_cost())
            self._say_cost()
        model.sig_refused.connect(self._refused)

    def _say_cost(self) -> None:
        """ "Spend 1 Determination (2 left), citing the Value “…”, to …": what DO IT does."""
        value = self.widgets.get("value")
        cited = value.currentText() if isinstance(value, QComboBox) else ""
        officer = self.model.state.characters.get(self.model.character)
        left = f" ({officer.determination.value} left)" if officer is not None else ""
        citing = f", citing the Value “{cited}”" if cited else ""
        effect = self._effect[:1].lower() + self._effect[1:]
        self.cost.setText(f"Spend 1 Determination{left}{citing}: {effect}.")

    def values(self) -> dict[str, Any]:
        """Each field's value, as the Command takes it."""
        out: dict[str, Any] = {}
        for name, widget in self.widgets.items():
            if isinstance(widget, QComboBox):
                out[name] = widget.currentData()
            elif isinstance(widget, QSpinBox):
                out[name] = widget.value()
            elif isinstance(widget, QCheckBox):
                out[name] = widget.isChecked()
            elif isinstance(widget, QLineEdit):
                out[name] = widget.text().strip()
            else:
                boxes = widget.findChildren(QCheckBox)
                out[name] = [int(b.property("die")) for b in boxes if b.isChecked()]
        return out

    def do_it(self) -> None:
        """Send the Command; a refusal is said here and the form stays open."""
        data = {**self.info.command, "by": self.model.character, **self.values()}
        try:
            command = command_adapter().validate_python(data)
        except ValueError as exc:  # (a pydantic ValidationError is one)
            self.reason.setText(_first_error(exc))
            return
        if self.model.submit(command):
            self.accept()

    def _refused(self, reason: str) -> None:
        if self.isVisible():
            self.reason.setText(reason)


def _widget(param: ParamInfo) -> QWidget:
    if param.kind == "flag":
        check = QCheckBox(param.label)
        check.setChecked(param.default is True)
        return check
    if param.kind == "number":
        spin = QSpinBox()
        spin.setRange(param.minimum or 0, param.maximum if param.maximum is not None else 99)
        if isinstance(param.default, int):
            spin.setValue(param.default)
        return spin
    if param.kind == "text":
        line = QLineEdit()
        line.setMaxLength(param.max_length or 200)
        line.setPlaceholderText(param.help)
        return line
    if param.kind == "dice":
        row = QWidget()
        dice = QHBoxLayout(row)
        dice.setContentsMargins(0, 0, 0, 0)
        for choice in param.choices:
            box = QCheckBox(choice.label, row)
            box.setProperty("die", choice.value)
            dice.addWidget(box)
        return row
    choices = QComboBox()
    fill_choices(choices, param)
    return choices


def _first_error(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        return f"{where}: {first.get('msg', 'not accepted')}" if where else str(first["msg"])
    return str(exc)
