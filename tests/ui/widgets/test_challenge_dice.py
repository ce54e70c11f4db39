"""Challenge dice drawn as dice (seed 001 ROLL DAMAGE: 1, 2, blank, 1 + Effect)."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from pytestqt.qtbot import QtBot

from bridge.rules.challenge import ChallengeDie, challenge_faces
from bridge.ui.base.theme import COLORS
from bridge.ui.widgets.challenge_dice import (
    ChallengeDiceRow,
    dice_html,
    die_word,
)


def dice(*faces: int) -> list[ChallengeDie]:
    return [ChallengeDie(face=f) for f in faces]


def test_each_face_is_named_in_words() -> None:
    assert [die_word(d) for d in dice(1, 2, 3, 4, 5, 6)] == [
        "1",
        "2",
        "BLANK",
        "BLANK",
        "1 + EFFECT",
        "1 + EFFECT",
    ]


def test_the_log_text_of_a_roll_gives_its_dice() -> None:
    line = "Phaser Arrays against IKS Qoj: [2 1 - 2 - - 1E 1] = 7 damage, 1 Effect(s)."
    [roll] = challenge_faces(line)
    assert [d.symbol for d in roll] == ["2", "1", "-", "2", "-", "-", "1E", "1"]
    # A d20 roll's faces are no challenge dice.
    assert challenge_faces("[1*, 1*, A12] 5 successes vs Difficulty 2") == []


def test_a_line_as_rich_text_draws_the_dice_and_keeps_the_rest() -> None:
    line = "  Re-Roll Damage: [- 2] = 2 damage, 0 Effect(s); re-rolling 1 die: [1 2] = 3 damage"
    out = dice_html(line, 16)
    assert out.count("<img") == 4 and out.startswith("&nbsp;&nbsp;Re-Roll Damage: ")
    assert "= 3 damage" in out and "[" not in out
    assert dice_html("Kell's <b>", 16) == "Kell's &lt;b&gt;"


def test_the_row_paints_each_die_in_its_colour(qtbot: QtBot) -> None:
    row = ChallengeDiceRow()
    qtbot.addWidget(row)
    row.setDice(dice(2, 1, 3, 5))
    row.show()
    image = row.grab().toImage()
    colours = [
        image.pixelColor(row.die_rect(i).topLeft().toPoint() + _inset(row)) for i in range(4)
    ]
    assert colours[0] == QColor(COLORS.gold) and colours[1] == QColor(COLORS.blue)
    assert colours[3] == QColor(COLORS.orange) and colours[2] not in colours[:2]
    assert (
        row.toolTip().startswith("4 damage, 1 Effect(s)") and "die 4: 1 + EFFECT" in row.toolTip()
    )


def _inset(row: ChallengeDiceRow) -> QPoint:
    side = round(row.die_size() * 0.3)
    return QPoint(side, side)


def test_a_selectable_row_picks_dice_by_click_and_by_digit_key(qtbot: QtBot) -> None:
    row = ChallengeDiceRow(selectable=True)
    qtbot.addWidget(row)
    row.setDice(dice(3, 3, 1))
    row.show()
    with qtbot.waitSignal(row.sig_selection) as picked:
        qtbot.mouseClick(row, Qt.MouseButton.LeftButton, pos=row.die_rect(1).center().toPoint())
    assert picked.args == [(1,)]
    qtbot.keyClick(row, Qt.Key.Key_3)
    assert row.selected() == (1, 2)
    qtbot.keyClick(row, Qt.Key.Key_2)
    assert row.selected() == (2,)
    qtbot.keyClick(row, Qt.Key.Key_9)  # no ninth die: nothing changes
    assert row.selected() == (2,)
    row.setEnabled(False)
    row.toggle(0)
    assert row.selected() == (2,)


def test_a_row_that_is_not_selectable_ignores_clicks(qtbot: QtBot) -> None:
    row = ChallengeDiceRow()
    qtbot.addWidget(row)
    row.setDice(dice(3, 3))
    row.show()
    qtbot.mouseClick(row, Qt.MouseButton.LeftButton, pos=row.die_rect(0).center().toPoint())
    assert row.selected() == ()


def test_a_filling_row_grows_with_its_widget(qtbot: QtBot) -> None:
    row = ChallengeDiceRow(fill=True)
    qtbot.addWidget(row)
    row.setDice(dice(1, 2))
    row.resize(400, 100)
    small = row.die_size()
    row.resize(1200, 300)
    assert row.die_size() > small * 2
