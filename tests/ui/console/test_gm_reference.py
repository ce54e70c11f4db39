"""Help > GM reference: seed 003's tables from the rules' own data, searchable (issue 25);
the Difficulty examples where the GM sets a Difficulty."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import SetHouseRules
from bridge.model.house_rules import HouseRules
from bridge.rules.breaches import breach_thresholds
from bridge.rules.examples import DIFFICULTY_EXAMPLES
from bridge.rules.personal import PERSONAL_WEAPONS
from bridge.rules.stats import SYSTEM_HIT_TABLE, CrewQuality
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.console.gm_reference import GmReference, reference_sections
from bridge.ui.console.next_task import NextTaskDialog


def _section(key: str) -> dict[str, tuple[str, ...]]:
    section = next(s for s in reference_sections() if s.key == key)
    return {row[0]: row for row in section.rows}


def test_every_table_of_the_gm_screen_is_there() -> None:
    """Issue 25: the complication range, opposed task outcomes, improving the odds,
    damage effects, the system-hit table, breaches by Scale, NPC crew quality, the
    personal weapons and the Difficulty examples (seed 003)."""
    keys = [s.key for s in reference_sections()]
    for wanted in (
        "difficulty",
        "complication",
        "odds",
        "opposed",
        "effects",
        "hit",
        "breaches",
        "crew",
        "weapons",
    ):
        assert wanted in keys


def test_the_numbers_are_the_rules_own() -> None:
    """Every number comes from the data the engine uses: the rows equal the rules'
    tables, so the reference cannot drift from them."""
    breaches = _section("breaches")
    for scale in range(1, 8):
        damaged, disabled, destroyed = breach_thresholds(scale)
        assert breaches[str(scale)][1:] == (
            "–" if damaged is None else f"{damaged}+",
            str(disabled),
            f"{destroyed}+",
        )
    hits = _section("hit")
    assert [row[1] for row in hits.values()] == [s.label for _, _, s in SYSTEM_HIT_TABLE]
    assert hits["3-6"][1] == "Engines" and hits["10-17"][1] == "Structure"
    crew = _section("crew")
    for q in CrewQuality:
        assert crew[q.label][1:3] == (str(q.attribute), str(q.discipline))
    assert _section("complication")["4"] == ("4", "17-20")
    assert set(_section("difficulty")) == {str(d) for d in DIFFICULTY_EXAMPLES}
    assert set(_section("weapons")) == {w.name for w in PERSONAL_WEAPONS}
    assert _section("odds")["Momentum"][2].startswith("1, 2, 3")


def test_the_house_rules_reach_the_tables() -> None:
    """Where a house rule changes a table, the reference follows the battle's rules."""

    def rows(rules: HouseRules, key: str) -> list[tuple[str, ...]]:
        return list(next(s for s in reference_sections(rules) if s.key == key).rows)

    card = HouseRules()
    assert {r[1]: r[2] for r in rows(card, "hit")}["Engines"] == "Structure"
    off = card.model_copy(update={"engines_destroyed_redirect_to_structure": False})
    assert {r[1]: r[2] for r in rows(off, "hit")}["Engines"] == "(stays on Engines)"
    swift = card.model_copy(update={"swift_task_immediate": True})
    assert {r[0]: r[2] for r in rows(card, "spends")}["Swift Task"] == ""
    assert {r[0]: r[2] for r in rows(swift, "spends")}["Swift Task"] == "I"


def test_the_search_keeps_the_rows_that_say_it(qtbot: QtBot, model: SharedModel) -> None:
    window = GmReference(model)
    qtbot.addWidget(window)
    window.show()
    assert window.contents.count() == len(reference_sections())
    window.search.setText("vicious")
    titles = [window.contents.item(i).text() for i in range(window.contents.count())]
    assert titles == ["Damage effects", "Personal weapons"]
    weapons = next(s for s in window.sections if s.key == "weapons")
    assert weapons.rows and all("Vicious" in " ".join(r) for r in weapons.rows)
    window.search.setText("talented")
    assert [s.key for s in window.sections] == ["crew"]
    assert "Talented" in window.text.toPlainText() and "Basic" not in window.text.toPlainText()
    window.search.setText("no such word anywhere")
    assert window.contents.count() == 0 and "Nothing in the GM screen" in window.text.toPlainText()
    window.search.clear()
    assert window.contents.count() == len(reference_sections())


def test_shift_f1_opens_one_reference_and_it_follows_the_house_rules(
    qtbot: QtBot, model: SharedModel
) -> None:
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    console.activateWindow()
    qtbot.waitUntil(console.isActiveWindow)
    qtbot.keyClick(console, Qt.Key.Key_F1, Qt.KeyboardModifier.ShiftModifier)
    window = console.findChild(GmReference)
    assert window is not None and window.isVisible()
    qtbot.keyClick(console, Qt.Key.Key_F1, Qt.KeyboardModifier.ShiftModifier)
    assert len(console.findChildren(GmReference)) == 1
    window.search.setText("swift")
    assert "Swift Task" in window.text.toPlainText()
    rules = model.state.house_rules.model_copy(update={"swift_task_immediate": True})
    model.submit(SetHouseRules(rules=rules))
    spends = next(s for s in window.sections if s.key == "spends")
    assert spends.rows[0][2] == "I"
    window.close()
    QApplication.processEvents()


def test_the_next_tasks_difficulty_shows_what_each_difficulty_is_like(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Issue 25: seed 003's Difficulty examples 0-5 where the GM sets a Difficulty."""
    dialog = NextTaskDialog(model)
    qtbot.addWidget(dialog)
    dialog.show()
    text = dialog.guide.text()
    for difficulty, examples in DIFFICULTY_EXAMPLES.items():
        assert f"<b>{difficulty}</b>" in text
        assert examples[0] in text


def test_the_reference_and_the_next_task_dialog_fit_a_laptop(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Like every window: on a 1366x768 laptop nothing is cut or outside the window."""
    from bridge.ui.app.screenshots import LAPTOP
    from tests.ui.fit import clipped

    for window in (GmReference(model), NextTaskDialog(model)):
        qtbot.addWidget(window)
        window.show()
        QApplication.processEvents()
        size = window.size().expandedTo(window.sizeHint())
        assert size.width() <= LAPTOP[0] and size.height() <= LAPTOP[1], type(window).__name__
        window.resize(size)
        QApplication.processEvents()
        assert clipped(window) == [], type(window).__name__


def test_escape_clears_the_search_then_closes_the_reference(
    qtbot: QtBot, model: SharedModel
) -> None:
    window = GmReference(model)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    window.search.setText("vicious")
    qtbot.keyClick(window.search, Qt.Key.Key_Escape)
    assert window.search.text() == "" and window.isVisible()
    qtbot.keyClick(window.search, Qt.Key.Key_Escape)
    assert not window.isVisible()
