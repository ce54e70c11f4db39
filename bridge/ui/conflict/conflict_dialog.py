"""The form of one Conflict card entry: a field for each thing it needs (the engine's
legal choices, those it may go without marked so), the Task's itemised Difficulty and
exact odds as the choices change, and ROLL (or DO IT for a Minor Action).

It holds no rule: what the entry needs, its choices and its preview come from the model
(:class:`~bridge.ui.conflict.conflict_model.ConflictSeat`), and the Command is built with
the engine's :func:`~bridge.engine.with_choice`.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import (
    NEED_LABELS,
    OPTIONAL_NEEDS,
    ROLL_NEEDS,
    CardEntry,
    ConflictMinor,
    ConflictTask,
    Need,
    with_choice,
)
from bridge.ui.base.text_size import take_text_size
from bridge.ui.base.theme import scaled
from bridge.ui.conflict.conflict_model import ConflictSeat
from bridge.ui.conflict.conflict_text import preview_lines
from bridge.ui.widgets.fit import fit_to_screen, scrolling
from bridge.ui.widgets.odds import OddsChart
from bridge.ui.widgets.reason_label import ReasonLabel

__all__ = ["ConflictEntryDialog"]

_NONE = "(none)"
_ROLL_NONE = {
    Need.FOCUS: "No Focus",
    Need.DETERMINATION: "No Determination die",
    Need.DICE: "No dice bought",
}
"""The roll's fields share one row: each says what it is when nothing is chosen."""


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
        self.rolled = entry.kind == "task" and bool(entry.roll)  # Pass, Ready...: no roll
        if self.rolled:
            layout.addWidget(QLabel(f"{entry.roll} · Difficulty {entry.difficulty}", self))
        self.form = QFormLayout()
        layout.addLayout(self.form)
        self.fields: dict[Need, QComboBox | QLineEdit] = {}
        self._roll_row = QWidget(self)  # Focus, Determination die, dice bought: one row
        self._roll_fields = QHBoxLayout(self._roll_row)
        self._roll_fields.setContentsMargins(0, 0, 0, 0)
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
        self._building = False
        self.rebuild()

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
    def _blank(self) -> ConflictTask | ConflictMinor:
        if self.entry.kind == "task":
            return ConflictTask(by=self.by, action=self.entry.key)
        return ConflictMinor(by=self.by, action=self.entry.key)

    def command(self) -> ConflictTask | ConflictMinor:
        """The Command the fields make now (a field left empty is left out)."""
        cmd = self._blank()
        for need, field in self.fields.items():
            if isinstance(field, QLineEdit):
                value: object = field.text().strip()
            else:
                value = field.currentData()
            if value:
                try:
                    if isinstance(cmd, ConflictTask):
                        cmd = with_choice(cmd, need, str(value))
                    else:
                        cmd = with_choice(cmd, need, str(value))
                except ValueError:
                    continue  # a note too long is refused by the engine with its reason
        return cmd

    # -- the fields -------------------------------------------------------------------------
    def rebuild(self) -> None:
        """Lay out the fields the entry needs given what is chosen so far (a Charge only
        for a Charge weapon; Area's further targets only for an Area attack)."""
        if self._building:
            return
        self._building = True
        try:
            # A field's first choice (a zone) may change what another offers (who stands
            # there): filled again until the Command they make holds still.
            for _ in range(len(self.fields) + 4):
                cmd = self.command()
                self._fill(cmd)
                if self.command() == cmd:
                    break
        finally:
            self._building = False
        self.refresh()

    def _fill(self, cmd: ConflictTask | ConflictMinor) -> None:
        """The fields the entry needs for ``cmd``, each with its legal choices (the one
        chosen kept while it is still offered)."""
        needs = self.model.needs(self.entry.key, cmd)
        choices = self.model.choices(self.entry.key, cmd)
        for need in [n for n in self.fields if n not in needs]:
            self._remove(need)
        for need in needs:
            options = choices.get(need)
            field: QComboBox | QLineEdit | None = self.fields.get(need)
            if options is None:
                if field is None:
                    edit = QLineEdit(self)
                    edit.setMaxLength(200)
                    edit.textChanged.connect(lambda _t: self.refresh())
                    self.fields[need] = edit
                    self.form.addRow(NEED_LABELS.get(need, need.value), edit)
                continue
            if not isinstance(field, QComboBox):
                if field is not None:
                    self._remove(need)
                field = QComboBox(self)
                field.currentIndexChanged.connect(lambda _i: self.rebuild())
                self._place(need, field)
            keep = field.currentData()
            field.blockSignals(True)
            field.clear()
            if need in OPTIONAL_NEEDS or not options:
                field.addItem(_ROLL_NONE.get(need, _NONE), "")
            for choice in options:
                field.addItem(choice.label, choice.value)
            index = field.findData(keep) if keep else -1
            field.setCurrentIndex(max(index, 0))
            field.blockSignals(False)

    def _place(self, need: Need, field: QComboBox) -> None:
        """A new field: a row of the form, or a place in the roll's row."""
        self.fields[need] = field
        label = NEED_LABELS.get(need, need.value)
        if need not in ROLL_NEEDS:
            self.form.addRow(label, field)
            return
        field.setToolTip(label)
        # (as wide as a few words: a long Value is read whole in the list that opens)
        field.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        field.setMinimumContentsLength(12)
        if self._roll_fields.count() == 0:
            self.form.addRow("Roll with", self._roll_row)
        order = [n for n in ROLL_NEEDS if n in self.fields]
        self._roll_fields.insertWidget(order.index(need), field, 1)

    def _remove(self, need: Need) -> None:
        """A field no longer needed goes (the roll's row with its last field)."""
        field = self.fields.pop(need)
        if need not in ROLL_NEEDS:
            self.form.removeRow(field)
            return
        self._roll_fields.removeWidget(field)
        field.deleteLater()
        if self._roll_fields.count() == 0:
            self.form.takeRow(self._roll_row)
            self._roll_row.hide()

    def refresh(self) -> None:
        """The preview for the Command as it stands: the gate's reason, or the itemised
        Difficulty and exact odds."""
        cmd = self.command()
        if isinstance(cmd, ConflictTask) and self.rolled:
            preview = self.model.preview(cmd)
            self.preview.setText("\n".join(preview_lines(preview)))
            self.chart.setOdds(preview.attack.task if preview.attack else preview.odds)
            reason = preview.reason
        else:  # a Minor Action, or a Task with no roll: the gate's word when it is sent
            reason = self.model.preview(cmd).reason if isinstance(cmd, ConflictTask) else None
            missing = [
                NEED_LABELS.get(n, n.value)
                for n, f in self.fields.items()
                if n not in OPTIONAL_NEEDS and isinstance(f, QComboBox) and not f.currentData()
            ]
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
