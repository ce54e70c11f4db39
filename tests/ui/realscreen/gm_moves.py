"""The GM's moves in the boarding action, with real clicks and keys on the GM console's ON
FOOT tab (run by :mod:`tests.ui.realscreen.boarding`): an NPC's decision answered with a
click on one of its answers; the first NPC figures' Turns played by hand (the figure
clicked in the figure choice, START TURN, its Minor Action clicked in its choice and
TAKE MINOR, its Task in the task dialog: Ctrl+Return rolls, a click on AIM re-rolls,
Enter resolves and Enter lands the damage; END TURN); every other NPC Turn by AUTOPILOT
TURN. What the GM does is what the autopilot would choose, so the fight stays legal."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtWidgets import QDialog, QWidget

from bridge.engine import Command, conflict_npcs_only
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.npc_hand import NpcDecision
from bridge.ui.console.gm_console import GmConsole
from tests.ui.realscreen.child import placed, wait_until
from tests.ui.realscreen.real_input import activate, choose, click, press

__all__ = ["HAND_TURNS", "GmMoves", "fill", "form_fields"]

HAND_TURNS = 2
"""NPC figures' Turns the GM plays by hand (the first ones); AUTOPILOT TURN the rest."""
_FORMLESS = frozenset({"type", "by", "action", "where"})


def form_fields(command: Command) -> dict[str, Any]:
    """What a Task's or Minor Action's form asks, as ``command`` chose it."""
    fields = command.model_dump(mode="json", exclude_none=True)
    return {k: v for k, v in fields.items() if k not in _FORMLESS}


def fill(form: Any, command: Command) -> None:
    """``command``'s choices made in ``form`` (a Conflict entry's form or task dialog):
    what it holds already stays, what it does not ask is its default. ValueError if it
    cannot take one."""
    for name, value in form_fields(command).items():
        if name in form.form.widgets and form.form.values.get(name) != value:
            form.form.choose(name, value)


@dataclass
class GmMoves:
    """The GM's hands on the console: ``turns``, each NPC Turn played wholly by hand (the
    figure and the Commands its Turn took); ``decisions``, each NPC decision answered by a
    click (the figure, the decision and the answer's words); ``autopilot``, AUTOPILOT TURN
    clicks that moved the fight."""

    console: GmConsole
    model: SharedModel
    shot: Callable[[str], None] = lambda _name: None
    turns: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[list[str]] = field(default_factory=list)
    autopilot: int = 0
    _actor: str | None = None
    _start: int = 0

    def move(self, command: Command) -> bool:
        """``command`` (the GM's, as the autopilot chose it) made with real input, or one
        as good (an NPC Turn by AUTOPILOT TURN); False if the console offers no way."""
        state = self.model.state
        conflict = state.conflict
        if conflict is None or conflict_npcs_only(state) is not None:
            return False
        if NpcDecision.waiting(state) is not None:
            return self._decide(command)
        if self._actor is not None and conflict.turn.actor != self._actor:
            self._actor = None  # (its Turn ended otherwise: it fell, the fight ended)
        if self._actor is not None:
            return self._by_hand(command)
        actor = getattr(command, "actor", None)
        npc = actor in conflict.figures and conflict.figures[actor].npc is not None
        if command.type == "start_turn" and npc and len(self.turns) < HAND_TURNS:
            return self._start_turn(str(actor))
        before = self.model.session.length
        activate(self.console)
        click(self.console.conflict.autopilot_button, 400)
        self.autopilot += self.model.session.length > before
        return True

    # -- an NPC's decision ------------------------------------------------------------------
    def _decide(self, command: Command) -> bool:
        """A click on the decision's answer that is ``command`` (else its first open
        answer: the GM may decide otherwise)."""
        card = NpcDecision.waiting(self.model.state)
        decision = card.decision if card is not None else None
        panel = self.console.conflict.decision
        if card is None or decision is None:
            return False
        wanted = {k: v for k, v in form_fields(command).items() if k != "figure"}
        pairs = list(zip(decision.answers, panel.answers, strict=False))
        chosen = next(
            (b for a, b in pairs if all(a.command.get(k) == v for k, v in wanted.items())),
            next((b for _a, b in pairs if b.isEnabled()), None),
        )
        if chosen is None:
            return False
        before = self.model.session.length
        activate(self.console)
        words = chosen.text()
        click(chosen)
        if self.model.session.length > before:
            self.decisions.append([card.figure.id, decision.kind, words])
        return True

    # -- an NPC figure's Turn by hand -------------------------------------------------------
    def _start_turn(self, actor: str) -> bool:
        """The figure clicked in the figure choice, then START TURN."""
        conflict = self.console.conflict
        activate(self.console)
        if not choose(conflict.figure_choice, actor):
            return False
        before = self.model.session.length
        click(conflict.hand.start_button)
        if self.model.session.length > before:
            self._actor, self._start = actor, before
        return True

    def _dialog(self) -> QDialog | None:
        """The task dialog of the figure's Task, made active (its roll waiting opened
        again from ROLL WAITING: OPEN if it was closed)."""
        hand = self.console.conflict.hand
        if hand.dialog is None or not hand.dialog.isVisible():
            activate(self.console)
            click(hand.task_button)
        dialog = hand.dialog
        if dialog is None or not wait_until(lambda: placed(dialog)) or not activate(dialog):
            return None
        return dialog

    def _entry(self, box: Any, button: QWidget, command: Command) -> bool:
        """The entry clicked in its choice and its button clicked; its form's choices
        made and Ctrl+Return (rolls a Task, does a Minor Action) when it opens one."""
        hand = self.console.conflict.hand
        activate(self.console)
        if not choose(box, getattr(command, "action", "")):
            return False
        shown = hand.dialog
        click(button)
        dialog = hand.dialog
        if dialog is None or dialog is shown or not wait_until(lambda: placed(dialog)):
            return True  # (a Minor Action that asks nothing is done by the click)
        try:
            fill(dialog, command)
        except ValueError:
            dialog.close()
            return False
        activate(dialog)
        press("ctrl+Return")
        self.shot(f"34-gm-by-hand-{self._actor}-{command.type}")
        return True

    def _by_hand(self, command: Command) -> bool:
        """One step of the Turn the GM plays by hand."""
        hand = self.console.conflict.hand
        kind = command.type
        if kind == "conflict_minor":
            return self._entry(hand.minor, hand.minor_button, command)
        if kind == "conflict_task":
            return self._entry(hand.task, hand.task_button, command)
        if kind in ("resolve", "apply_damage", "aim"):
            dialog = self._dialog()
            if dialog is None:
                return False
            aim = getattr(dialog, "aim_button", None)
            if kind == "aim" and aim is not None and aim.isVisible() and aim.isEnabled():
                click(aim)
            else:
                press("Return")  # RESOLVE; at the damage dice, APPLY DAMAGE
            return True
        if kind == "end_turn":
            return self._end_turn()
        return False

    def _end_turn(self) -> bool:
        """The task dialog closed with Enter at its report, then END TURN."""
        hand = self.console.conflict.hand
        dialog = hand.dialog
        if dialog is not None and dialog.isVisible() and activate(dialog):
            dialog.finish_report()  # (its lines come one by one; a GM reads them all)
            press("Return")  # at the report, Enter closes it
        activate(self.console)
        before = self.model.session.length
        click(hand.end_button)
        if self.model.session.length > before:
            turn = [e.command for e in self.model.journal[self._start :]]
            made = [c.type for c in turn if c.by == "gm"]
            others = [f"{c.by}: {c.type}" for c in turn if c.by != "gm"]
            self.turns.append({"figure": self._actor, "commands": made, "others": others})
            self._actor = None
        return True
