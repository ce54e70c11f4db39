"""The dice tray: roll any test in STA, ICON or OpenD6, or STA challenge dice, see the
odds, log it; the last challenge dice are drawn as dice.

Each system's tab says, under its fields, how Bridge reads what its source text leaves
open (the same readings as ``bridge.rules.icon`` and ``bridge.rules.opend6``).
"""

from __future__ import annotations

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from bridge.engine import TrayRoll
from bridge.model.validation import describe_validation_error
from bridge.rules.challenge import ChallengeDie, challenge_odds
from bridge.rules.errors import RuleViolation
from bridge.rules.hidden import reveal
from bridge.rules.icon import IconCategory, IconTest, icon_odds
from bridge.rules.odds import task_odds
from bridge.rules.opend6 import D6Category, D6Roll, DieCode, d6_odds
from bridge.rules.task import Purchase, Roller, TaskSpec
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.theme import COLORS
from bridge.ui.widgets.challenge_dice import ChallengeDiceRow, dice_html
from bridge.ui.widgets.lcars import LcarsHeader

__all__ = ["D6_READINGS", "ICON_READINGS", "READINGS", "DiceTray"]

ICON_READINGS = (
    "How Bridge reads ICON where seed 002 leaves a choice: a lone Drama Die showing 1 is a "
    "dramatic failure (there is no other die to save it); all ones are a dramatic failure "
    "even when the skill beats the Difficulty, and courage cannot save them; a result "
    "equal to the Difficulty is a marginal success. Courage is spent after the roll only "
    "when it turns a failure into a success, no more than it takes, at most 4 a round; the "
    "odds count it so. A dodge or parry takes the multiple action penalty off its result, "
    "not onto a Difficulty."
)
D6_READINGS = (
    "How Bridge reads OpenD6 where seed 004 leaves a choice: with cancel-highest, a Wild "
    "Die's first 1 and the highest other die are both dropped (with no other die, the 1 "
    "alone); pips and action dice stay. Action dice explode on every 6 and count in the "
    "odds. A random difficulty rolls the dice of its level's range (Moderate 3D-4D, the "
    "fewest unless the GM picks more), the Wild Die exploding, a first 1 counted as rolled."
)

STA_READINGS = (
    "Star Trek Adventures, as the station cards' back says: each d20 at or under the "
    "target is a success, two with a Focus at or under the Discipline (or on a 1)."
)
CHALLENGE_READINGS = (
    "Challenge dice, as the station cards' back says: a 1 is 1 damage, a 2 is 2, a 3 or a "
    "4 is nothing, a 5 or a 6 is 1 damage and an Effect."
)
READINGS = (STA_READINGS, ICON_READINGS, D6_READINGS, CHALLENGE_READINGS)
"""The help under each tab, in the tabs' order."""


def _spin(low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    return spin


class DiceTray(QWidget):
    """A window of three tabs; each roll goes through the Session into the battle log."""

    def __init__(self, model: SharedModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = model
        self.setWindowTitle("Bridge — Dice tray")
        self.resize(1100, 560)
        outer = QVBoxLayout(self)
        outer.addWidget(LcarsHeader("Dice tray", COLORS.lavender))
        columns = QHBoxLayout()  # the roll on the left, what it gave on the right
        outer.addLayout(columns, 1)
        layout = QVBoxLayout()
        columns.addLayout(layout, 1)
        self.tabs = QTabWidget()
        layout.addWidget(self.tabs)
        self.odds = QLabel()
        self.odds.setObjectName("big")
        self.odds.setWordWrap(True)
        layout.addWidget(self.odds)
        self.problem = QLabel()
        self.problem.setObjectName("reason")
        self.problem.setWordWrap(True)
        layout.addWidget(self.problem)
        layout.addStretch()
        row = QHBoxLayout()
        self.label = QLineEdit()
        self.label.setPlaceholderText("what is this roll for? (goes in the log)")
        self.roll_button = QPushButton("ROLL")
        self.roll_button.setObjectName("primary")
        self.roll_button.setToolTip("Roll and write the result in the battle log")
        row.addWidget(self.label, 1)
        row.addWidget(self.roll_button)
        layout.addLayout(row)
        right = QVBoxLayout()  # how Bridge reads the current system, then the rolls
        columns.addLayout(right, 1)
        self.readings = QLabel()
        self.readings.setObjectName("dim")
        self.readings.setWordWrap(True)
        right.addWidget(self.readings)
        self.challenge_dice = ChallengeDiceRow(self)  # the last challenge roll, as dice
        self.challenge_dice.hide()
        right.addWidget(self.challenge_dice)
        self.result = QTextBrowser()
        right.addWidget(self.result, 1)
        self._sta_tab()
        self._icon_tab()
        self._d6_tab()
        self._challenge_tab()
        self.tabs.currentChanged.connect(lambda _: self.refresh())
        self.roll_button.clicked.connect(self.roll)
        self.refresh()

    # -- tabs ---------------------------------------------------------------------------
    def _watch(self, *widgets: QWidget) -> None:
        for w in widgets:
            for signal in ("valueChanged", "toggled", "currentIndexChanged", "textChanged"):
                if hasattr(w, signal):
                    getattr(w, signal).connect(lambda *_: self.refresh())
                    break

    def _sta_tab(self) -> None:
        page = QWidget()
        form = QFormLayout(page)
        self.sta_target = _spin(2, 30, 11)
        self.sta_focus = QCheckBox("Focus")
        self.sta_discipline = _spin(0, 6, 3)
        self.sta_dice = _spin(2, 5, 2)
        self.sta_determination = QCheckBox("Determination die (shows 1)")
        self.sta_difficulty = _spin(0, 10, 2)
        self.sta_range = _spin(1, 5, 1)
        form.addRow("Target (Attribute + Discipline)", self.sta_target)
        form.addRow("Discipline", self.sta_discipline)
        form.addRow("", self.sta_focus)
        form.addRow("d20s", self.sta_dice)
        form.addRow("", self.sta_determination)
        form.addRow("Difficulty", self.sta_difficulty)
        form.addRow("Complication range", self.sta_range)
        self._watch(
            self.sta_target,
            self.sta_focus,
            self.sta_discipline,
            self.sta_dice,
            self.sta_determination,
            self.sta_difficulty,
            self.sta_range,
        )
        self.tabs.addTab(page, "STAR TREK ADVENTURES")

    def _icon_tab(self) -> None:
        page = QWidget()
        form = QFormLayout(page)
        self.icon_attribute = _spin(1, 12, 3)
        self.icon_skill = _spin(0, 12, 3)
        self.icon_edge = _spin(-6, 6, 0)
        self.icon_difficulty = _spin(0, 40, 7)
        self.icon_actions = _spin(1, 10, 1)
        self.icon_courage = _spin(0, 4, 0)
        self.icon_dodge = QCheckBox("Dodge or parry (the action penalty comes off the result)")
        self.icon_category = QLabel()
        form.addRow("Attribute (dice)", self.icon_attribute)
        form.addRow("Skill (0: attribute test)", self.icon_skill)
        form.addRow("Edge (+/- dice)", self.icon_edge)
        form.addRow("Difficulty", self.icon_difficulty)
        form.addRow("", self.icon_category)
        form.addRow("Actions this round", self.icon_actions)
        form.addRow("", self.icon_dodge)
        form.addRow("Courage points at hand", self.icon_courage)
        self._watch(
            self.icon_attribute,
            self.icon_skill,
            self.icon_edge,
            self.icon_difficulty,
            self.icon_actions,
            self.icon_courage,
            self.icon_dodge,
        )
        self.tabs.addTab(page, "ICON")

    def _d6_tab(self) -> None:
        page = QWidget()
        form = QFormLayout(page)
        self.d6_code = QLineEdit("3D+1")
        self.d6_difficulty = _spin(0, 99, 11)
        self.d6_category = QLabel()
        self.d6_critical = QComboBox()
        self.d6_critical.addItem("Critical Failure cancels the highest die", "cancel_highest")
        self.d6_critical.addItem("Critical Failure adds a complication", "complication")
        self.d6_untrained = QCheckBox("Untrained (default to the attribute, +5)")
        self.d6_prepare = _spin(0, 3, 0)
        self.d6_rush = _spin(0, 3, 0)
        self.d6_action = _spin(0, 10, 0)
        form.addRow("Die code", self.d6_code)
        form.addRow("Difficulty", self.d6_difficulty)
        form.addRow("", self.d6_category)
        form.addRow("Wild Die", self.d6_critical)
        form.addRow("", self.d6_untrained)
        form.addRow("Preparing / aiming (+1D each)", self.d6_prepare)
        form.addRow("Rushing (25% steps, +5 each)", self.d6_rush)
        form.addRow("Action dice after the roll", self.d6_action)
        self._watch(
            self.d6_code,
            self.d6_difficulty,
            self.d6_critical,
            self.d6_untrained,
            self.d6_prepare,
            self.d6_rush,
            self.d6_action,
        )
        self.tabs.addTab(page, "OPEND6")

    def _challenge_tab(self) -> None:
        page = QWidget()
        form = QFormLayout(page)
        self.challenge_count = _spin(1, 40, 4)
        self.challenge_count.setToolTip(
            "Challenge dice: 1 and 2 deal that much, 3 and 4 are blank, 5 and 6 deal 1 and "
            "an Effect"
        )
        form.addRow("Challenge dice", self.challenge_count)
        self._watch(self.challenge_count)
        self.tabs.addTab(page, "CHALLENGE DICE")

    # -- commands -----------------------------------------------------------------------
    def command(self) -> TrayRoll:
        """The TrayRoll the current tab describes (ValueError/RuleViolation if it can't)."""
        label = self.label.text().strip()
        tab = self.tabs.currentIndex()
        if tab == 0:
            bought: list[Purchase] = ["determination"] if self.sta_determination.isChecked() else []
            bought += ["momentum"] * (self.sta_dice.value() - 2)
            spec = TaskSpec(
                lead=Roller(
                    target=self.sta_target.value(),
                    focus=self.sta_discipline.value() if self.sta_focus.isChecked() else None,
                    discipline=self.sta_discipline.value(),
                ),
                difficulty=self.sta_difficulty.value(),
                complication_range=self.sta_range.value(),
                bought=tuple(bought),
                value="dice tray" if self.sta_determination.isChecked() else None,
            )
            return TrayRoll(system="sta", sta=spec, label=label)
        if tab == 3:
            return TrayRoll(system="challenge", challenge=self.challenge_count.value(), label=label)
        if tab == 1:
            test = IconTest(
                attribute=self.icon_attribute.value(),
                skill=self.icon_skill.value(),
                edge=self.icon_edge.value(),
                difficulty=self.icon_difficulty.value(),
                actions=self.icon_actions.value(),
                reaction=self.icon_dodge.isChecked(),
            )
            return TrayRoll(
                system="icon", icon=test, courage=self.icon_courage.value(), label=label
            )
        roll = D6Roll(
            code=DieCode.parse(self.d6_code.text()),
            difficulty=self.d6_difficulty.value(),
            critical=self.d6_critical.currentData(),
            untrained=self.d6_untrained.isChecked(),
            preparation=self.d6_prepare.value(),
            rushing=self.d6_rush.value(),
        )
        return TrayRoll(system="d6", d6=roll, action_dice=self.d6_action.value(), label=label)

    def refresh(self) -> None:
        """Odds for what is set up now, or why it cannot be rolled."""
        self.readings.setText(READINGS[self.tabs.currentIndex()])
        try:
            cmd = self.command()
        except ValidationError as exc:
            self._bad(describe_validation_error(exc))
            return
        except (RuleViolation, ValueError) as exc:
            self._bad(str(exc))
            return
        self.problem.setText("")
        self.roll_button.setEnabled(True)
        self.icon_category.setText(IconCategory.of(self.icon_difficulty.value()).label)
        self.d6_category.setText(D6Category.of(self.d6_difficulty.value()).label)
        if cmd.sta is not None:
            o = task_odds(cmd.sta)
            self.odds.setText(
                f"SUCCESS {o.p_success:.0%} · MOMENTUM {o.expected_momentum:.2f}"
                f" · COMPLICATION {o.p_complication:.0%}"
            )
        elif cmd.icon is not None:
            i = icon_odds(cmd.icon, cmd.courage)
            self.odds.setText(
                f"SUCCESS {i.p_success:.0%} · DRAMATIC SUCCESS "
                f"{i.p_dramatic_success:.0%} · DRAMATIC FAILURE "
                f"{i.p_dramatic_failure:.0%}"
            )
        elif cmd.challenge is not None:
            expected, effect = challenge_odds(cmd.challenge)
            self.odds.setText(f"DAMAGE {expected:.1f} EXPECTED · AN EFFECT {effect:.0%}")
        elif cmd.d6 is not None:
            d = d6_odds(cmd.d6, cmd.action_dice)
            self.odds.setText(
                f"{cmd.d6.pool} vs {cmd.d6.target}: SUCCESS {d.p_success:.0%}"
                f" · CRITICAL FAILURE {d.p_critical_failure:.0%}"
            )

    def _bad(self, reason: str) -> None:
        self.problem.setText(reason)
        self.odds.setText("")
        self.roll_button.setEnabled(False)

    def roll(self) -> None:
        try:
            cmd = self.command()
        except (RuleViolation, ValueError) as exc:
            self._bad(str(exc))
            return
        applied = self.model.submit(cmd)
        if applied is None:
            return
        if cmd.system == "challenge":
            self.challenge_dice.setDice([ChallengeDie(face=f) for f in applied.entry.d6s])
        self.challenge_dice.setVisible(cmd.system == "challenge")
        px = round(self.result.fontMetrics().height() * 1.1)
        cursor = self.result.textCursor()
        cursor.movePosition(cursor.MoveOperation.End)
        for line in applied.entry.log:
            if not self.result.document().isEmpty():
                cursor.insertBlock()
            cursor.insertHtml(dice_html(reveal(line), px))
        self.result.ensureCursorVisible()
