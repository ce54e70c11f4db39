"""The character editor and library (issue 13: there was no character editor)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from bridge.engine.state.cards import Station
from bridge.model.character import Character
from bridge.storage.characters import save_library_character
from bridge.ui.app.screenshots import LAPTOP
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.library.character_editor import CharacterEditor
from bridge.ui.library.character_library import CharacterLibraryDialog
from tests.ui.fit import clipped


def editor(qtbot: QtBot, character: Character) -> CharacterEditor:
    e = CharacterEditor(character)
    qtbot.addWidget(e)
    e.show()
    return e


def test_the_editor_builds_the_character_it_shows(qtbot: QtBot) -> None:
    e = editor(qtbot, Character(id="tlar", name="T'Lar"))
    e.rank.setText("Lt.")
    e.attributes["reason"].setValue(12)
    e.disciplines["science"].setValue(5)
    e.focuses.setPlainText("Xenobiology\nQuantum Mechanics\n")
    e.values.setPlainText("Logic guides")
    e.talents.setPlainText("Cautious (Science)")
    e.station.setCurrentIndex(e.station.findData("science"))
    made = e.character()
    assert made.rank == "Lt." and made.attributes.reason == 12
    assert made.disciplines.science == 5 and made.focuses == ("Xenobiology", "Quantum Mechanics")
    assert [v.text for v in made.values] == ["Logic guides"]
    assert made.talents == ("Cautious (Science)",) and made.usual_station == "science"


def test_main_character_ranges_and_invalid_input_disable_save(qtbot: QtBot) -> None:
    e = editor(qtbot, Character(id="x", name="X"))
    assert (e.attributes["control"].minimum(), e.attributes["control"].maximum()) == (7, 12)
    assert (e.disciplines["conn"].minimum(), e.disciplines["conn"].maximum()) == (1, 5)
    assert e.save_button.isEnabled()
    e.name.setText("  ")
    assert not e.save_button.isEnabled() and "needs a name" in e.save_button.toolTip()
    e.name.setText("X")
    e.focuses.setPlainText("Tactics\nTactics")
    assert not e.save_button.isEnabled() and "each Focus once" in e.error.text()
    e.focuses.setPlainText("x" * 300)
    e.values.setPlainText("v" * 300)  # a Value is at most 200 characters (the file's rule)
    assert not e.save_button.isEnabled() and "values" in e.error.text().lower()


def library(qtbot: QtBot, model: SharedModel) -> CharacterLibraryDialog:
    d = CharacterLibraryDialog(model)
    qtbot.addWidget(d)
    d.show()
    return d


def test_new_edit_and_delete_in_the_library(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = library(qtbot, model)
    starters = d.list.count()
    assert not d.edit_button.isEnabled() and "DUPLICATE" in d.edit_button.toolTip()
    edit = CharacterLibraryDialog.edit_selected
    monkeypatch.setattr(CharacterLibraryDialog, "edit_selected", lambda self, r=None: True)
    assert d.new("Ensign Ro")
    assert d.list.count() == starters + 1 and d.selected() is not None
    entry = d.selected()
    assert entry is not None and entry.character.name == "Ensign Ro" and entry.editable
    # (not monkeypatch.undo(): it would undo the test's own BRIDGE_HOME as well)
    monkeypatch.setattr(CharacterLibraryDialog, "edit_selected", edit)
    changed = entry.character.model_copy(update={"focuses": ("Piloting",)})
    assert d.edit_selected(changed)
    again = d.selected()
    assert again is not None and again.character.focuses == ("Piloting",)
    assert d.delete_selected(confirmed=True) and d.list.count() == starters


def test_add_to_battle_seats_the_officer_and_undo_takes_them_back(
    qtbot: QtBot, model: SharedModel
) -> None:
    save_library_character(Character(id="ro", name="Ensign Ro", usual_station="helm"))
    d = library(qtbot, model)
    d.list.setCurrentRow(next(i for i, e in enumerate(d.entries) if e.character.id == "ro"))
    assert d.add_selected()
    assert "ro" in model.state.characters and "ro" in model.state.crew_at(Station.HELM)
    assert not d.add_button.isEnabled() and "already in this battle" in d.add_button.toolTip()
    model.undo()
    model.undo()
    assert "ro" not in model.state.characters


def test_library_and_editor_fit_a_laptop(qtbot: QtBot, model: SharedModel) -> None:
    d = library(qtbot, model)
    e = editor(qtbot, next(iter(model.state.characters.values())))
    for dialog in (d, e):
        hint = dialog.sizeHint()
        assert hint.width() <= LAPTOP[0] and hint.height() <= LAPTOP[1]
        dialog.resize(hint.expandedTo(dialog.size()).boundedTo(dialog.maximumSize()))
        QApplication.processEvents()
        assert clipped(dialog) == []


def test_the_totals_stand_against_the_creation_limits(qtbot: QtBot) -> None:
    """1st edition lifepath: a new main character's Attributes total 56 and Disciplines
    16 (the seeds do not state it). Over is told, not refused: milestones add more."""
    e = editor(qtbot, Character(id="x", name="X"))  # Attributes 9 x 6, Disciplines 2 x 6
    assert e.attribute_total.text() == "Total 54 of 56 at creation: 2 still to give"
    assert e.discipline_total.text() == "Total 12 of 16 at creation: 4 still to give"
    assert e.attribute_total.objectName() == "reason"
    e.attributes["reason"].setValue(11)
    assert e.attribute_total.text() == "Total 56 of 56 at creation"
    assert e.attribute_total.objectName() == "dim"
    for field in ("command", "conn", "science", "medicine"):
        e.disciplines[field].setValue(3)
    e.disciplines["security"].setValue(4)
    assert e.discipline_total.text() == "Total 18 of 16 at creation: 2 over (milestones?)"
    assert e.save_button.isEnabled()  # a grown officer still saves
    assert e.attribute_total.isVisible() and e.discipline_total.isVisible()
    assert clipped(e) == []
