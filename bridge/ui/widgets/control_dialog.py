"""A control of a Turn as a small form, on a station and on the Conflict card alike: the
fields the engine says it takes (:class:`~bridge.ui.widgets.param_form.ParamForm`), DO IT,
and the refusal said in place.

Spending Determination is never done by Return: the form's default button is Cancel, and
it says what DO IT spends and which Value it cites.
"""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import ActionInfo, Command, Encounter, command_adapter
from bridge.ui.widgets.param_form import ParamForm
from bridge.ui.widgets.reason_label import ReasonLabel

__all__ = ["ControlDialog", "Sender", "first_error"]


class Sender(Protocol):
    """What a control's form uses of its window's model (a station's or a card's)."""

    @property
    def state(self) -> Encounter: ...
    @property
    def sig_refused(self) -> SignalInstance: ...
    def submit(self, command: Command) -> object:
        """Send ``command``; something true once it is applied (a refusal is signalled)."""
        ...


class ControlDialog(QDialog):
    """One control's fields and DO IT, sent for ``by``; it closes once the Command is
    applied. ``threat``: the Threat field starts ticked where it is offered (the window's
    choice to pay Immediate spends by adding to Threat)."""

    def __init__(
        self,
        model: Sender,
        by: str,
        info: ActionInfo,
        parent: QWidget | None = None,
        *,
        threat: bool = False,
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.by = by
        self.info = info
        head, _, rest = info.name.partition(":")
        self.setWindowTitle(head.split(" (")[0])  # short: a window manager cuts a long one
        layout = QVBoxLayout(self)
        self.heading = QLabel(info.name, self)  # the whole name, with its cost
        self.heading.setObjectName("section")
        self.heading.setWordWrap(True)
        layout.addWidget(self.heading)
        self._effect = (rest.split(" (")[0].strip() or head.split(" (")[0]).rstrip(".")
        params = tuple(
            p.model_copy(update={"default": True}) if threat and p.name == "with_threat" else p
            for p in info.params
        )
        self.form = ParamForm(params, self)
        layout.addWidget(self.form)
        self._whole_choices()
        self.form.sig_changed.connect(self._whole_choices)
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
            self.form.sig_changed.connect(self._say_cost)
            self._say_cost()
        model.sig_refused.connect(self._refused)
        self.finished.connect(lambda _: model.sig_refused.disconnect(self._refused))

    def _whole_choices(self) -> None:
        """Each choice as wide as its longest words (a Value cited is a sentence): the
        form is small, it has the room."""
        for widget in self.form.widgets.values():
            if isinstance(widget, QComboBox):
                widget.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)

    @property
    def widgets(self) -> dict[str, QWidget]:
        """Each field's widget, by the Command's field it fills (made again as a choice
        brings another field)."""
        return self.form.widgets

    def _say_cost(self) -> None:
        """ "Spend 1 Determination (2 left), citing the Value “…”, to …": what DO IT does."""
        cited = self.form.values.get("value")
        officer = self.model.state.characters.get(self.by)
        left = f" ({officer.determination.value} left)" if officer is not None else ""
        citing = f", citing the Value “{cited}”" if cited else ""
        effect = self._effect[:1].lower() + self._effect[1:]
        self.cost.setText(f"Spend 1 Determination{left}{citing}: {effect}.")

    def command(self) -> Command:
        """The Command DO IT sends (a ValueError, pydantic's included, if it is not one)."""
        missing = self.form.missing()
        if missing:
            raise ValueError(f"Fill in {', '.join(missing)}.")
        return command_adapter().validate_python(
            self.form.command({**self.info.command, "by": self.by})
        )

    def do_it(self) -> None:
        """Send the Command; a refusal is said here and the form stays open."""
        try:
            command = self.command()
        except ValueError as exc:  # (a pydantic ValidationError is one)
            self.reason.setText(first_error(exc))
            return
        if self.model.submit(command):
            self.accept()

    def _refused(self, reason: str) -> None:
        if self.isVisible():
            self.reason.setText(reason)


def first_error(exc: ValueError) -> str:
    """The first thing wrong, in words (a pydantic error's field and message)."""
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        return f"{where}: {first.get('msg', 'not accepted')}" if where else str(first["msg"])
    return str(exc)
