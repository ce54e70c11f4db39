"""The form of one Conflict card entry: a field for each thing it asks (the engine's
fields with their legal choices, as every card's: :class:`~bridge.ui.widgets.param_form.
ParamForm`), the Task's itemised Difficulty and exact odds as the choices change, and
ROLL (or DO IT for a Minor Action or a Task with no roll).

It holds no rule: what the entry asks, its choices and its preview come from the model
(:class:`~bridge.ui.conflict.conflict_model.ConflictSeat`).
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import CardEntry, ConflictMinor, ConflictTask
from bridge.ui.base.text_size import take_text_size
from bridge.ui.base.theme import scaled
from bridge.ui.conflict.conflict_model import ConflictSeat
from bridge.ui.conflict.conflict_text import preview_lines
from bridge.ui.widgets.fit import fit_to_screen, scrolling
from bridge.ui.widgets.odds import OddsChart
from bridge.ui.widgets.param_form import ParamForm
from bridge.ui.widgets.reason_label import ReasonLabel

__all__ = ["ConflictEntryDialog"]


class ConflictEntryDialog(QDialog):
    """One Conflict card entry's form: its needs, the preview, and the button that sends it."""

    def __init__(
        self, model: ConflictSeat, entry: CardEntry, by: str, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.entry = entry
        self.by = by
        self.setWindowTitle(f"Bridge — {entry.name}")
        take_text_size(self, parent)  # the card's window's text size
        self.setMinimumWidth(round(scaled(760, parent)))  # the card's text in a few long lines
        outer = QVBoxLayout(self)
        self._body = QWidget()
        layout = QVBoxLayout(self._body)
        layout.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scrolling(self._body), 1)  # at a large text size it scrolls
        title = QLabel(f"{entry.name.upper()}", self)
        title.setObjectName("big")
        layout.addWidget(title)
        text = QLabel(entry.text, self)
        text.setWordWrap(True)
        layout.addWidget(text)
        self.rolled = entry.rolled  # (Pass, Ready...: no roll)
        if self.rolled:
            layout.addWidget(QLabel(f"{entry.roll} · Difficulty {entry.difficulty}", self))
        self.form = ParamForm(entry.params, self)
        self.form.sig_changed.connect(self.refresh)
        layout.addWidget(self.form)
        self.preview = ReasonLabel(lines=6, parent=self)  # the whole preview, never cut
        self.preview.setObjectName("reason")
        layout.addWidget(self.preview)
        self.chart = OddsChart(self)
        self.chart.setMaximumHeight(round(scaled(110, parent)))  # (the form whole at 768 px)
        self.chart.setVisible(self.rolled)
        layout.addWidget(self.chart)
        layout.addStretch(1)
        buttons = QHBoxLayout()
        outer.addLayout(buttons)
        buttons.addStretch(1)
        self.cancel_button = QPushButton("CANCEL", self)
        self.go_button = QPushButton("ROLL" if self.rolled else "DO IT", self)
        self.go_button.setObjectName("primary")
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.go_button)
        self.cancel_button.clicked.connect(self.reject)
        self.go_button.clicked.connect(self.send)
        self.refresh()

    def fit(self, grow: bool = False) -> None:
        """As tall as its wrapped text needs at its width, no taller (a laptop's 768
        pixels hold it whole); with ``grow``, only ever taller (the preview's lines came
        with the dice chosen: it grows rather than scroll, and never jumps back)."""
        width = max(self.width(), self.minimumWidth())
        margins = self.contentsMargins().top() + self.contentsMargins().bottom()
        content = self._body.heightForWidth(width - 40)
        if content <= 0:
            content = self._body.sizeHint().height()
        height = content + self.go_button.sizeHint().height() + margins + 40
        if grow and height <= self.height():
            return
        self.resize(width, height)
        fit_to_screen(self)  # its frame whole on the screen, shrunk if it must be

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self.fit)  # once Qt has sized it from its first hint

    # -- the Command ------------------------------------------------------------------------
    def command(self) -> ConflictTask | ConflictMinor:
        """The Command the fields make now (a field left empty is left out)."""
        fields = {**self.form.command(self.entry.command), "by": self.by}
        if self.entry.kind == "task":
            return ConflictTask.model_validate(fields)
        return ConflictMinor.model_validate(fields)

    def refresh(self) -> None:
        """The preview for the Command as it stands: the gate's reason, or the itemised
        Difficulty and exact odds."""
        try:
            cmd = self.command()
        except ValueError as exc:  # (a word too long for its field, say)
            self.preview.setText(str(exc).splitlines()[-1])
            self.go_button.setEnabled(False)
            return
        missing = self.form.missing()
        if missing and self.rolled:
            reason: str | None = "Choose: " + ", ".join(missing)
            self.preview.setText(str(reason))
            self.chart.setOdds(None)
        elif isinstance(cmd, ConflictTask) and self.rolled:
            preview = self.model.preview(cmd)
            self.preview.setText("\n".join(preview_lines(preview)))
            self.chart.setOdds(preview.attack.task if preview.attack else preview.odds)
            reason = preview.reason
        else:  # a Minor Action, or a Task with no roll: the gate's word when it is sent
            reason = self.model.preview(cmd).reason if isinstance(cmd, ConflictTask) else None
            missing = self.form.missing()
            if missing:
                reason = "Choose: " + ", ".join(missing)
            self.preview.setText(reason or "")  # (its text is said under its title)
        self.go_button.setEnabled(reason is None)
        self.go_button.setToolTip(reason or "")
        if self.isVisible():
            QTimer.singleShot(0, self, lambda: self.fit(grow=True))  # its lines laid out

    def send(self) -> None:
        if self.model.submit(self.command()):
            self.accept()
