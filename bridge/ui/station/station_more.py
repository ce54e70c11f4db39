"""A station's MORE menu: the rules that are not on the card's face.

Create Advantage (an Advantage, or a Complication removed), Create Problem and Obtain
Information with Momentum, the Immediate ones (Create Problem, Extra Minor Action, Keep
the Initiative) also by adding to Threat as the card back allows; Determination's Surge
of Activity and Make It So; a Value that brings a Complication, or is challenged; and a
readied Task's trigger. Every entry the engine would refuse is disabled with the engine's
reason as its tooltip.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QInputDialog, QMenu, QWidget

from bridge.engine import (
    Command,
    SpendDetermination,
    SpendMomentum,
    TriggerReady,
    ValueComplication,
)
from bridge.ui.base.station_model import StationModel

__all__ = ["MoreMenu"]


class MoreMenu(QMenu):
    """Filled afresh each time it opens, for the officer ``officer()`` names."""

    def __init__(
        self, model: StationModel, officer: Callable[[], str | None], parent: QWidget
    ) -> None:
        super().__init__(parent)
        self.model = model
        self.officer = officer
        self.with_threat = False
        self.setToolTipsVisible(True)
        self.aboutToShow.connect(self.fill)

    def _entry(self, text: str, probe: Command | None, slot: Callable[[], None]) -> QAction:
        act = self.addAction(text)
        reason = self.model.why_not(probe) if probe is not None else None
        act.setEnabled(reason is None)
        act.setToolTip(reason or text)
        act.triggered.connect(slot)
        return act

    def fill(self) -> None:
        self.clear()
        officer = self.officer()
        if officer is None:
            self.addAction("No officer is seated here.").setEnabled(False)
            return
        state = self.model.state
        character = state.characters[officer]
        pool = "Threat (added)" if self.with_threat else "Momentum"
        spends = (
            ("create_advantage", False, f"Create Advantage: an Advantage (2 {pool})…"),
            ("create_advantage", True, f"Create Advantage: remove a Complication (2 {pool})…"),
            ("create_problem", False, f"Create Problem (2 {pool} each)…"),
            ("obtain_information", False, f"Obtain Information (1 {pool} each)…"),
        )
        for spend, remove, text in spends:
            probe = SpendMomentum(
                by=officer,
                spend=spend,
                with_threat=self.with_threat,
                name="probe",
                remove_complication=remove,
            )
            self._entry(text, probe, lambda s=spend, r=remove: self.spend(s, r))  # type: ignore[misc]
        threat = self.addAction("Pay Immediate spends by adding to Threat")
        threat.setCheckable(True)
        threat.setChecked(self.with_threat)
        threat.setToolTip(
            "The card back: an Immediate spend (Create Problem, Extra Minor Action, Keep "
            "the Initiative) may be paid by adding the same to Threat; the others cannot."
        )
        threat.toggled.connect(self._set_threat)
        self.addSeparator()
        values = [v.text for v in character.values if not v.challenged]
        det = character.determination.value
        no_det = None if det > 0 else f"{character.name} has no Determination left."
        no_values = None if values else f"{character.name} has no unchallenged Value."
        for use, text in (
            ("second_task", "Surge of Activity: a second Task (1 Determination)…"),
            ("make_it_so", "Make It So: an Advantage (1 Determination)…"),
        ):
            act = self._entry(text, None, lambda u=use: self.determination(u))  # type: ignore[misc]
            reason = no_det or no_values
            act.setEnabled(reason is None)
            act.setToolTip(reason or text)
        for challenge, text in (
            (False, "A Value brings a Complication (+1 Determination)…"),
            (True, "Challenge a Value (+1 Determination, the Value is crossed out)…"),
        ):
            act = self._entry(text, None, lambda c=challenge: self.value(c))  # type: ignore[misc]
            act.setEnabled(no_values is None)
            act.setToolTip(no_values or text)
        self.addSeparator()
        readied = [d for d in state.durations if d.kind.value == "ready" and d.owner == officer]
        if readied:
            self._entry(
                f"Trigger! {readied[0].note}",
                TriggerReady(by=officer, actor=officer),
                lambda: self._submit(TriggerReady(by=officer, actor=officer)),
            )
        else:
            none = self.addAction("Trigger a readied Task (none readied: use READY first)")
            none.setEnabled(False)

    def _set_threat(self, on: bool) -> None:
        self.with_threat = on

    def _submit(self, command: Command) -> None:
        self.model.submit(command)

    def spend(self, spend: str, remove: bool = False) -> None:
        officer = self.officer()
        if officer is None:
            return
        parent = self.parentWidget()
        name, amount = "", 1
        if remove:
            complications = [t.name for t in self.model.state.traits if t.kind == "complication"]
            name, ok = QInputDialog.getItem(
                parent, "Create Advantage", "Remove the Complication:", complications, 0, False
            )
            if not ok or not name:
                return
        elif spend == "create_advantage":
            name, ok = QInputDialog.getText(parent, "Create Advantage", "The Advantage:")
            if not ok or not name.strip():
                return
        else:
            title = "Create Problem" if spend == "create_problem" else "Obtain Information"
            amount, ok = QInputDialog.getInt(parent, title, "How many (1-3):", 1, 1, 3)
            if not ok:
                return
        self._submit(
            SpendMomentum(
                by=officer,
                spend=spend,
                amount=amount,
                name=name.strip(),
                with_threat=self.with_threat,
                remove_complication=remove,
            )
        )

    def _pick_value(self, title: str) -> str | None:
        officer = self.officer()
        if officer is None:
            return None
        character = self.model.state.characters[officer]
        values = [v.text for v in character.values if not v.challenged]
        if not values:
            return None
        value, ok = QInputDialog.getItem(
            self.parentWidget(), title, "Which Value:", values, 0, False
        )
        return value if ok else None

    def determination(self, use: str) -> None:
        officer = self.officer()
        value = self._pick_value("Spend Determination")
        if officer is None or value is None:
            return
        name = ""
        if use == "make_it_so":
            name, ok = QInputDialog.getText(self.parentWidget(), "Make It So", "The Advantage:")
            if not ok or not name.strip():
                return
        self._submit(
            SpendDetermination(
                by=officer,
                character=officer,
                use=use,
                value=value,
                name=name.strip(),
            )
        )

    def value(self, challenge: bool) -> None:
        officer = self.officer()
        value = self._pick_value("Challenge a Value" if challenge else "A Value hinders")
        if officer is None or value is None:
            return
        self._submit(
            ValueComplication(by=officer, character=officer, value=value, challenge=challenge)
        )
