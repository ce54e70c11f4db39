"""The Turn's controls of a card window, the station's and the Conflict card's alike: the
engine's one answer for what the officer may do now (:func:`bridge.engine.ship_controls`
on the ship, :func:`bridge.engine.conflict_controls` on foot), shown and used one way.

Some controls are buttons pressed once (START TURN, END TURN, KEEP THE INITIATIVE, a
station's EXTRA MINOR and SWIFT TASK): each field takes its default, as the engine offers
it (an Immediate spend the pool cannot pay comes ticked to be paid in Threat). The rest
are in MORE, each opening its form (:class:`ControlDialog`). Each is enabled exactly when
the engine would accept it, its reason its tooltip; its key (Ctrl+T, Ctrl+E, Ctrl+K)
does what the button does, and says why not when it cannot.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QPushButton, QWidget

from bridge.engine import (
    TURN_CONTROL_KEYS,
    ActionInfo,
    Choice,
    Command,
    ParamInfo,
    command_adapter,
)
from bridge.ui.widgets.control_dialog import ControlDialog, Sender
from bridge.ui.widgets.steady import set_state

__all__ = ["MORE_KEYS", "REMOVE_COMPLICATION", "TurnControls", "one_press", "remove_complication"]

Controls = Mapping[str, ActionInfo]

BUTTONS = {
    "start_turn": ("START TURN", "Start your Turn (Ctrl+T)"),
    "end_turn": ("END TURN", "End your Turn (Ctrl+E)"),
    "keep_initiative": ("KEEP THE INITIATIVE", "End the Turn and let an ally act next (Ctrl+K)"),
    "extra_minor": ("EXTRA MINOR (1)", "Another Minor Action"),
    "swift_task": ("SWIFT TASK (2)", "A second Task this Turn, at +1 Difficulty"),
}
"""A control pressed once: its words on the button, and what it does."""
KEYS = (
    ("start_turn", "Start your Turn", "Ctrl+T"),
    ("end_turn", "End your Turn", "Ctrl+E"),
    ("keep_initiative", "Keep the Initiative", "Ctrl+K"),
)
REMOVE_COMPLICATION = "remove_complication"
"""Create Advantage's other use (seed 001): a Complication removed, in MORE after it."""
_ELSEWHERE = ("start_turn", "end_turn", "keep_initiative", "resolve", "apply_damage")
MORE_KEYS = tuple(
    key
    for control in TURN_CONTROL_KEYS
    if control not in (*_ELSEWHERE, "inspiration")
    for key in ((control, REMOVE_COMPLICATION) if control == "create_advantage" else (control,))
)
"""The controls MORE offers, in the engine's order (a window leaves out those it has as
buttons): all but the Turn's own and a waiting roll's, which are answered where they wait."""


def one_press(info: ActionInfo, by: str, threat: bool = False) -> Command:
    """The Command a control sends at one press: its fixed fields and each field's
    default; ``threat``: paid by adding to Threat where the control may be."""
    values = {p.name: p.default for p in info.params if p.default is not None}
    if threat and any(p.name == "with_threat" for p in info.params):
        values["with_threat"] = True
    return command_adapter().validate_python({**info.command, "by": by, **values})


def remove_complication(advantage: ActionInfo | None, complications: Sequence[str]) -> ActionInfo:
    """Create Advantage to remove a Complication (seed 001: "Establish an Advantage in the
    scene, or remove a Complication"): the engine's Create Advantage with the
    Complication in play to remove in place of a name."""
    name = "Create Advantage: remove a Complication (2)"
    if advantage is None:
        return ActionInfo(name=name, kind="spend", command={}, reason="Not offered now.")
    if advantage.reason is not None or not complications:
        why = advantage.reason or "No Complication is in play to remove."
        return advantage.model_copy(update={"name": name, "reason": why, "params": ()})
    which = ParamInfo(
        name="name",
        label="The Complication",
        kind="choice",
        required=True,
        choices=tuple(Choice(value=c, label=c) for c in complications),
    )
    params = tuple(which if p.name == "name" else p for p in advantage.params)
    command = {**advantage.command, "remove_complication": True}
    return advantage.model_copy(update={"name": name, "command": command, "params": params})


class TurnControls(QObject):
    """The Turn's controls of one window: ``buttons`` pressed once (made here in
    ``parent``, placed by the window), and MORE with ``more``. ``controls()`` gives the
    engine's answer now, ``by()`` who sends (None: no one is seated), ``say(words)``
    tells the player why a key did nothing."""

    def __init__(
        self,
        parent: QWidget,
        model: Sender,
        controls: Callable[[], Controls],
        by: Callable[[], str | None],
        say: Callable[[str], None],
        buttons: Sequence[str] = ("start_turn", "end_turn", "keep_initiative"),
        more: Sequence[str] = MORE_KEYS,
    ) -> None:
        super().__init__(parent)
        self.parent_widget = parent
        self.model = model
        self.source = controls
        self.by = by
        self.say = say
        self.with_threat = False
        """Pay Immediate spends by adding to Threat (a choice in MORE)."""
        self.buttons: dict[str, QPushButton] = {}
        for key in buttons:
            words, tip = BUTTONS[key]
            button = QPushButton(words, parent)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, k=key: self.press(k))
            self.buttons[key] = button
        self.more_keys = tuple(k for k in more if k not in self.buttons)
        self.more_button = QPushButton("MORE", parent)
        self.more_button.setToolTip(
            "The card's back: "
            + ", ".join(self._name(k) for k in self.more_keys[:4])
            + ", Determination, Values, a readied Task's trigger"
        )
        self.menu = QMenu(self.more_button)
        self.menu.setToolTipsVisible(True)
        self.menu.aboutToShow.connect(self.fill_more)
        self.more_button.setMenu(self.menu)
        self.dialog: ControlDialog | None = None

    @staticmethod
    def _name(key: str) -> str:
        return {
            "extra_minor": "Extra Minor Action",
            "swift_task": "Swift Task",
            "create_advantage": "Create Advantage",
            REMOVE_COMPLICATION: "a Complication removed",
            "create_problem": "Create Problem",
            "obtain_information": "Obtain Information",
        }.get(key, key)

    def add_keys(self, window: QWidget) -> None:
        """Ctrl+T, Ctrl+E and Ctrl+K on ``window``, as its buttons."""
        for key, text, seq in KEYS:
            act = QAction(text, window)
            act.setShortcut(QKeySequence(seq))
            act.triggered.connect(lambda _=False, k=key: self.press(k))
            window.addAction(act)

    # -- reading -----------------------------------------------------------------------
    def info(self, key: str) -> ActionInfo | None:
        """Control ``key`` as the engine offers it now (Create Advantage's removal of a
        Complication made from Create Advantage)."""
        controls = self.source()
        if key != REMOVE_COMPLICATION:
            return controls.get(key)
        traits = self.model.state.traits
        return remove_complication(
            controls.get("create_advantage"),
            [t.name for t in traits if t.kind == "complication"],
        )

    def threat_paid(self, info: ActionInfo) -> bool:
        """Whether pressing it adds to Threat: chosen so, or the pool cannot pay it."""
        field = next((p for p in info.params if p.name == "with_threat"), None)
        return field is not None and (self.with_threat or field.default is True)

    # -- refreshing --------------------------------------------------------------------
    def refresh(self, absent: str = "Not offered now.") -> None:
        """Each button enabled or not with the engine's reason (``absent``: why, when the
        engine offers no such control now)."""
        controls = self.source()
        seated = self.by() is not None
        for key, button in self.buttons.items():
            info = controls.get(key)
            tip = BUTTONS[key][1]
            if info is not None and info.reason is None and self.threat_paid(info):
                tip = f"{tip}: paid by adding to Threat"
            reason = "No officer is seated here." if not seated else None
            if reason is None:
                reason = info.reason if info is not None else absent
            set_state(button, reason, tip)
        keep = controls.get("keep_initiative")
        if "keep_initiative" in self.buttons and keep is not None:
            words = keep.name  # with its cost (a house rule may change it)
            if self.buttons["keep_initiative"].text() != words:
                self.buttons["keep_initiative"].setText(words)

    def fill_more(self) -> None:
        """MORE, filled as it opens: each control enabled or not with the engine's
        reason, and the choice to pay Immediate spends by adding to Threat."""
        self.menu.clear()
        if self.by() is None:
            self.menu.addAction("No officer is seated here.").setEnabled(False)
            return
        for key in self.more_keys:
            if key == "trigger_ready":
                self.menu.addSeparator()
            info = self.info(key)
            if info is None:
                continue
            act = self.menu.addAction(info.name + ("…" if info.params else ""))
            act.setEnabled(info.reason is None)
            act.setToolTip(info.reason or info.name)
            act.triggered.connect(lambda _=False, k=key: self.use(k))
            if key == "obtain_information":  # (the Momentum spends above it)
                self._threat_choice()
                self.menu.addSeparator()

    def _threat_choice(self) -> None:
        threat = self.menu.addAction("Pay Immediate spends by adding to Threat")
        threat.setCheckable(True)
        threat.setChecked(self.with_threat)
        threat.setToolTip(
            "The card back: an Immediate spend (Create Problem, Extra Minor Action, Keep "
            "the Initiative) may be paid by adding the same to Threat; the others cannot."
        )
        threat.toggled.connect(self._set_threat)

    def _set_threat(self, on: bool) -> None:
        self.with_threat = on
        self.refresh()

    # -- acting ------------------------------------------------------------------------
    def press(self, key: str) -> None:
        """A button or its key: the control's Command with its fields' defaults, sent at
        once; why not, said, when it cannot be used now."""
        by = self.by()
        info = self.info(key)
        if by is None or info is None:
            self.say("No officer is seated here." if by is None else "Not offered now.")
            return
        if info.reason is not None:
            self.say(info.reason)
            return
        self.model.submit(one_press(info, by, self.with_threat))

    def use(self, key: str) -> ControlDialog | None:
        """A control of MORE: one that takes no field is sent at once, the others open
        their form."""
        by = self.by()
        info = self.info(key)
        if by is None or info is None or info.reason is not None:
            return None
        if not info.params:
            self.model.submit(one_press(info, by))
            return None
        if self.dialog is not None and self.dialog.isVisible():
            self.dialog.close()
        window = self.parent_widget.window()
        self.dialog = ControlDialog(self.model, by, info, window, threat=self.with_threat)
        self.dialog.show()
        return self.dialog
