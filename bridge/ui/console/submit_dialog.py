"""A GM dialog whose OK submits Commands; a refusal keeps it open with the reason."""

from __future__ import annotations

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QVBoxLayout, QWidget

from bridge.engine import Command
from bridge.ui.base.shared_model import SharedModel

__all__ = ["SubmitDialog", "ok_cancel"]


def ok_cancel(dialog: QDialog) -> QDialogButtonBox:
    box = QDialogButtonBox(
        QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
    )
    box.accepted.connect(dialog.accept)
    box.rejected.connect(dialog.reject)
    return box


class SubmitDialog(QDialog):
    """A dialog whose OK submits Commands; a refusal keeps it open with the reason."""

    def __init__(self, model: SharedModel, title: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle(title)
        self.layout_ = QVBoxLayout(self)
        self.error = QLabel()
        self.error.setObjectName("reason")
        self.error.setWordWrap(True)

    def finish(self) -> None:
        self.layout_.addWidget(self.error)
        self.layout_.addWidget(ok_cancel(self))

    def commands(self) -> list[Command]:
        raise NotImplementedError

    def accept(self) -> None:
        try:
            commands = self.commands()
        except ValueError as exc:
            self.error.setText(str(exc))
            return
        for command in commands:
            reason = self.model.check(command)
            if reason is not None:
                self.error.setText(reason)
                return
            self.model.submit(command)
        super().accept()
