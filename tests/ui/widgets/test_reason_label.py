"""The line of reasons keeps its height: one line of text is one row (issue 27: a
line's height was a pixel more than its spacing, so one line took two rows, and the
card under it moved by a row whenever a reason came or went)."""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from bridge.ui.widgets.reason_label import ReasonLabel


def _label(qtbot: QtBot, lines: int) -> ReasonLabel:
    label = ReasonLabel(lines=lines)
    label.setObjectName("reason")
    qtbot.addWidget(label)
    label.resize(400, 10)
    label.show()
    return label


def test_one_line_of_reasons_is_as_tall_as_none(qtbot: QtBot) -> None:
    label = _label(qtbot, 1)
    empty = label.sizeHint().height()
    label.setText("Not your Turn: start a Turn first.")
    assert label.sizeHint().height() == empty
    assert empty >= label.fontMetrics().height()  # the whole line shows


def test_more_lines_than_it_keeps_grow_it_by_a_line_each(qtbot: QtBot) -> None:
    label = _label(qtbot, 1)
    one = label.sizeHint().height()
    label.setText("Weapons is disabled. " * 6)  # three lines at 400 px
    spacing = label.fontMetrics().lineSpacing()
    rows = (label.sizeHint().height() - one) // spacing + 1
    assert rows >= 2 and label.sizeHint().height() == one + (rows - 1) * spacing


def test_a_label_of_two_lines_keeps_two_for_one_line_or_none(qtbot: QtBot) -> None:
    label = _label(qtbot, 2)
    two = label.sizeHint().height()
    label.setText("Not your Turn: start a Turn first.")
    assert label.sizeHint().height() == two
    label.setText("")
    assert label.sizeHint().height() == two


def test_a_label_that_keeps_its_growth_does_not_shrink_back(qtbot: QtBot) -> None:
    """The NPC ledger's roles grow every Turn and start again each Round: grown once, the
    label keeps its lines, so later Turns move nothing around it; a new width starts over."""
    label = ReasonLabel(lines=1, keep_grown=True)
    label.setObjectName("dim")
    qtbot.addWidget(label)
    label.resize(200, 10)
    label.show()
    one = label.sizeHint().height()
    label.setText("TAC ×2, next +2 · HELM ×1, next +1 · OPS ×1, next +1")
    grown = label.sizeHint().height()
    assert grown > one
    label.setText("no role used yet")
    assert label.sizeHint().height() == grown
    plain = ReasonLabel(lines=1)  # one that does not keep it shrinks back
    plain.setObjectName("dim")
    qtbot.addWidget(plain)
    plain.resize(200, 10)
    plain.show()
    plain.setText("TAC ×2, next +2 · HELM ×1, next +1 · OPS ×1, next +1")
    assert plain.sizeHint().height() == grown
    plain.setText("no role used yet")
    assert plain.sizeHint().height() == one
    label.resize(900, label.height())  # wide enough for one line: it starts over
    assert label.sizeHint().height() == one


def test_lines_the_text_breaks_are_lines_of_their_own(qtbot: QtBot) -> None:
    """An attack's preview is several lines ("Difficulty 2 ... / Roll: ... / Hit 66%"):
    they were run together on one."""
    label = _label(qtbot, 1)
    one = label.sizeHint().height()
    label.setText("Difficulty 2\nRoll: Control + Security (16)\nHit <66%>")
    spacing = label.fontMetrics().lineSpacing()
    assert label.sizeHint().height() == one + 2 * spacing
    assert label.text().endswith("Hit <66%>")  # its words as given, markup as text
