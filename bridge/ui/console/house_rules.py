"""Battle > House rules: every house rule, with its description as the tooltip."""

from __future__ import annotations

from typing import Any, get_args

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from bridge.engine import Command, SetHouseRules
from bridge.model.house_rules import HouseRules
from bridge.model.validation import describe_validation_error
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.submit_dialog import SubmitDialog

__all__ = ["HouseRulesDialog"]


class HouseRulesDialog(SubmitDialog):
    """Every house rule, with its description as the tooltip."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(model, "House rules", parent)
        columns = QHBoxLayout()  # two columns: the list fits a laptop's height
        self.layout_.addLayout(columns)
        forms = (QFormLayout(), QFormLayout())
        for form in forms:
            columns.addLayout(form)
        self.editors: dict[str, QWidget] = {}
        rules = model.state.house_rules
        fields = list(HouseRules.model_fields.items())
        half = (len(fields) + 1) // 2
        for i, (name, field) in enumerate(fields):
            form = forms[i >= half]
            value = getattr(rules, name)
            editor: QWidget
            if isinstance(value, bool):
                editor = QCheckBox()
                editor.setChecked(value)
            elif isinstance(value, tuple):
                editor = QLineEdit(", ".join(str(v) for v in value))
            elif isinstance(value, int):
                editor = QSpinBox()
                meta = {type(m).__name__: m for m in field.metadata}
                editor.setRange(getattr(meta.get("Ge"), "ge", 0), getattr(meta.get("Le"), "le", 99))
                editor.setValue(value)
            else:
                editor = QComboBox()
                editor.addItems([str(a) for a in get_args(field.annotation)])
                editor.setCurrentText(str(value))
            editor.setToolTip(field.description or "")
            form.addRow(QLabel(name.replace("_", " ").capitalize()), editor)
            self.editors[name] = editor
        self.finish()

    def commands(self) -> list[Command]:
        values: dict[str, Any] = {}
        for name, editor in self.editors.items():
            if isinstance(editor, QCheckBox):
                values[name] = editor.isChecked()
            elif isinstance(editor, QSpinBox):
                values[name] = editor.value()
            elif isinstance(editor, QComboBox):
                values[name] = editor.currentText()
            elif isinstance(editor, QLineEdit):
                try:
                    values[name] = tuple(int(v) for v in editor.text().split(","))
                except ValueError:
                    raise ValueError(f"{name}: write whole numbers separated by commas") from None
        try:
            rules = HouseRules(**values)
        except ValidationError as exc:
            raise ValueError(describe_validation_error(exc)) from None
        return [SetHouseRules(rules=rules)]
