"""The ship library and its editor: weapons and talents edited, DELETE, the copy chosen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from bridge.rules.weapons import QualityName, Range, WeaponKind
from bridge.storage.library import LibraryShip
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.library.ship_library import LibraryDialog, ShipEditor
from bridge.ui.library.ship_parts import parse_qualities
from tests.ui.fit import clipped


def library(qtbot: QtBot, model: SharedModel) -> LibraryDialog:
    d = LibraryDialog(model)
    qtbot.addWidget(d)
    d.show()
    return d


def own_copy(d: LibraryDialog, name: str = "USS Venture") -> ShipEditor:
    """A copy of the Galaxy class, selected, in its editor."""
    d.list.setCurrentRow(
        next(i for i, s in enumerate(d.ships) if s.ship.ship_class == "Galaxy class")
    )
    assert d.duplicate_selected(name) is not None
    editor = d.edit_selected()
    assert editor is not None
    return editor


def saved(d: LibraryDialog, name: str = "USS Venture") -> LibraryShip:
    return next(s for s in d.ships if s.ship.name == name)


def test_a_new_copy_is_selected(qtbot: QtBot, model: SharedModel) -> None:
    d = library(qtbot, model)
    d.list.setCurrentRow(0)
    copy = d.duplicate_selected("USS Venture")
    assert copy is not None
    selected = d.selected()
    assert selected is not None and selected.ship.name == "USS Venture" and selected.editable
    assert d.edit_button.isEnabled() and d.delete_button.isEnabled()


def test_delete_asks_first_and_removes_the_file(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    d = library(qtbot, model)
    d.list.setCurrentRow(0)
    assert not d.delete_button.isEnabled() and "starter ship" in d.delete_button.toolTip()
    copy = d.duplicate_selected("USS Venture")
    assert copy is not None and copy.path is not None and copy.path.exists()
    asked: list[str] = []

    def answer(reply: QMessageBox.StandardButton):  # type: ignore[no-untyped-def]
        def question(parent, title, text, *a, **k):  # type: ignore[no-untyped-def]
            asked.append(text)
            return reply

        return question

    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.No))
    qtbot.mouseClick(d.delete_button, Qt.MouseButton.LeftButton)
    assert copy.path.exists() and "Delete USS Venture" in asked[0]
    monkeypatch.setattr(QMessageBox, "question", answer(QMessageBox.StandardButton.Yes))
    qtbot.mouseClick(d.delete_button, Qt.MouseButton.LeftButton)
    assert not copy.path.exists()
    assert all(s.ship.name != "USS Venture" for s in d.ships)


def test_the_editor_edits_weapons(qtbot: QtBot, model: SharedModel) -> None:
    """RULES-NOTES weapons: kind, type, damage (Challenge Dice), range and qualities."""
    d = library(qtbot, model)
    e = own_copy(d)
    qtbot.addWidget(e)
    w = e.weapons
    count = w.list.count()
    assert count >= 2
    w.add()
    assert w.list.count() == count + 1 and w.list.currentRow() == count
    w.name.setText("Quantum Torpedoes")
    w.kind.setCurrentIndex(w.kind.findData("torpedo"))
    assert w.torpedo_type.isVisibleTo(w) and not w.delivery.isVisibleTo(w)
    w.torpedo_type.setCurrentIndex(w.torpedo_type.findData("quantum"))
    assert w.damage_rules.isChecked() and w.damage_rules.text() == "By the rules (4▲)"
    assert not w.damage.isEnabled()
    w.damage_rules.setChecked(False)
    assert w.damage.isEnabled() and w.damage.value() == 4
    w.damage.setValue(5)
    w.range.setCurrentIndex(w.range.findData(int(Range.EXTREME)))
    w.qualities.setText("Spread, Piercing 2")
    assert "Quantum Torpedoes: 5▲ Extreme" in w.summary.text()
    e.accept()
    assert e.result()
    weapon = saved(d).ship.weapon("Quantum Torpedoes")
    assert weapon is not None and weapon.kind is WeaponKind.TORPEDO
    assert weapon.damage(5, 3) == 5 and weapon.range is Range.EXTREME
    assert [q.name for q in weapon.extra_qualities] == [QualityName.SPREAD, QualityName.PIERCING]


def test_a_weapon_that_cannot_be_saved_says_why(qtbot: QtBot, model: SharedModel) -> None:
    d = library(qtbot, model)
    e = own_copy(d)
    qtbot.addWidget(e)
    w = e.weapons
    w.list.setCurrentRow(0)
    w.qualities.setText("Spread, Sparkly 3")
    assert "'Sparkly 3' is not a quality" in w.error.text()
    e.accept()
    assert not e.result() and "Weapon 1" in e.error.text()
    w.qualities.setText("Piercing")  # Piercing needs a rating
    assert "Piercing needs a rating" in w.error.text()
    w.qualities.setText("")
    w.name.setText("")
    assert "needs a name" in w.error.text()
    before = w.list.count()
    w.remove()  # the weapon goes; the rest can be saved
    assert w.list.count() == before - 1
    e.accept()
    assert e.result() and len(saved(d).ship.weapons) == before - 1


def test_the_damage_by_the_rules_follows_scale_and_security(
    qtbot: QtBot, model: SharedModel
) -> None:
    """RULES-NOTES: energy weapon damage = Scale + delivery bonus + Security."""
    d = library(qtbot, model)
    e = own_copy(d)
    qtbot.addWidget(e)
    w = e.weapons
    row = next(i for i in range(w.list.count()) if "Phaser" in w.list.item(i).text())
    w.list.setCurrentRow(row)
    before = w.damage_rules.text()
    e.scale.setValue(e.scale.value() + 1)
    after = w.damage_rules.text()
    assert before != after and after.startswith("By the rules (")


def test_the_editor_edits_talents(qtbot: QtBot, model: SharedModel) -> None:
    """RULES-NOTES: Shields max = Structure + Security (+5 Advanced Shields talent)."""
    d = library(qtbot, model)
    e = own_copy(d)
    qtbot.addWidget(e)
    shields = e.original.shields_max
    t = e.talents
    t.add()
    t.name.setText("Advanced Shields")
    t.description.setText("+5 to the ship's maximum Shields")
    t.shields.setValue(5)
    assert t.summary.text() == "Advanced Shields: +5 Shields"
    e.accept()
    assert e.result()
    ship = saved(d).ship
    assert [x.name for x in ship.talents][-1] == "Advanced Shields"
    assert ship.shields_max == shields + 5


def test_qualities_are_read_from_their_names() -> None:
    assert [str(q) for q in parse_qualities("high yield, Vicious 1,  area")] == [
        "High Yield",
        "Vicious 1",
        "Area",
    ]
    with pytest.raises(ValueError, match="'Spready' is not a quality"):
        parse_qualities("Spready")


def test_the_editor_fits_a_laptop(qtbot: QtBot, model: SharedModel) -> None:
    d = library(qtbot, model)
    e = own_copy(d)
    qtbot.addWidget(e)
    e.show()
    e.resize(e.sizeHint())
    for tab in range(e.tabs.count()):
        e.tabs.setCurrentIndex(tab)
        assert clipped(e) == []
    assert e.sizeHint().width() <= 1366 and e.sizeHint().height() <= 698
