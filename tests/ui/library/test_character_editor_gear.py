"""The character editor's AWAY TEAM box: personal weapons from seed 003's table, armour,
and the Resolute talent's +3 Stress (RULES-NOTES "Personal conflict")."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from bridge.engine import demo_encounter
from bridge.model.character import PERSONAL_WEAPONS_MAX, RESOLUTE
from bridge.rules.personal_gear import PERSONAL_WEAPONS
from bridge.ui.library.character_editor import CharacterEditor


def editor(qtbot: QtBot, cid: str = "kell") -> CharacterEditor:
    dialog = CharacterEditor(demo_encounter().characters[cid])
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def _tick(dialog: CharacterEditor, name: str, on: bool = True) -> None:
    for i in range(dialog.weapons.count()):
        item = dialog.weapons.item(i)
        if item is not None and item.text() == name:
            item.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)
            return
    raise AssertionError(name)


def test_the_weapons_table_is_seed_003s_and_the_officer_keeps_what_they_carry(
    qtbot: QtBot,
) -> None:
    """Seed 003 PERSONAL WEAPONS: the 16 weapons; the demo's Kell carries phasers."""
    dialog = editor(qtbot)
    kell = dialog.original
    assert dialog.weapons.count() >= len(PERSONAL_WEAPONS) == 16
    assert dialog.carried() == kell.weapons
    assert dialog.character().weapons == kell.weapons
    blade = next(w for w in PERSONAL_WEAPONS if w.name.startswith("Blade"))
    _tick(dialog, blade.name)
    assert blade in dialog.character().weapons
    dialog.armour.setValue(2)
    saved = dialog.character()
    assert (saved.armour == 2 and saved.weapons[-1] == blade) or blade in saved.weapons


def test_resolute_writes_its_talent_and_the_stress_follows(qtbot: QtBot) -> None:
    """RULES-NOTES: Stress is Fitness + Security; the Resolute talent adds 3."""
    dialog = editor(qtbot)
    fitness = dialog.attributes["fitness"].value()
    security = dialog.disciplines["security"].value()
    was = dialog.original.resolute
    assert dialog.resolute.isChecked() == was
    for on in (not was, was):  # ticked, then back
        dialog.resolute.setChecked(on)
        assert (RESOLUTE in dialog.talents.toPlainText().splitlines()) == on
        assert dialog.stress.text().startswith(f"{fitness + security + 3 * on} ")
        assert dialog.character().stress_max == fitness + security + 3 * on
    dialog.resolute.setChecked(True)
    kept = [t for t in dialog.talents.toPlainText().splitlines() if t != RESOLUTE]
    dialog.talents.setPlainText("\n".join(kept))  # the talent typed away again
    assert not dialog.resolute.isChecked()
    assert dialog.character().stress_max == fitness + security


def test_too_many_weapons_are_refused_naming_the_field(qtbot: QtBot) -> None:
    dialog = editor(qtbot)
    for weapon in PERSONAL_WEAPONS[: PERSONAL_WEAPONS_MAX + 1]:
        _tick(dialog, weapon.name)
    assert len(dialog.carried()) > PERSONAL_WEAPONS_MAX
    assert not dialog.save_button.isEnabled()
    assert "weapons" in dialog.error.text()
