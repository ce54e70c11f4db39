"""The libraries never save silently over an entry another Bridge saved since they read
it: the GM is asked (save over it, save a copy, cancel), as for a battle file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QInputDialog, QMessageBox
from pytestqt.qtbot import QtBot

from bridge.storage.characters import library_characters
from bridge.storage.library import library_ships
from bridge.storage.npcs import library_npcs, save_library_npc, starter_npcs
from bridge.storage.stamps import ChangedOnDisk
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.library.character_library import CharacterLibraryDialog
from bridge.ui.library.ship_library import LibraryDialog

ROOT = Path(__file__).resolve().parents[3]
OTHER_BRIDGE = """
import sys
from bridge.storage.library import library_ships, save_library_ship
(entry,) = [s for s in library_ships()[0] if s.editable]
save_library_ship(entry.ship.model_copy(update={"scale": 6}), "Refitted elsewhere.")
"""


def _other_bridge_refits_the_ship() -> None:
    """Another Bridge, on the same library folder, saves the ship at Scale 6."""
    subprocess.run(
        [sys.executable, "-c", OTHER_BRIDGE],
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # (BRIDGE_HOME: the same library)
        timeout=120,
    )


def _answer(monkeypatch: pytest.MonkeyPatch, button: str) -> list[str]:
    """Answer the question by clicking ``button``; the texts asked."""
    asked: list[str] = []

    def exec_(box: QMessageBox) -> int:
        asked.append(box.text())
        (chosen,) = [b for b in box.buttons() if b.text() == button]
        chosen.click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    return asked


def _venture(qtbot: QtBot, model: SharedModel) -> LibraryDialog:
    """The library open on the GM's own copy of a starter ship, USS Venture."""
    dialog = LibraryDialog(model)
    qtbot.addWidget(dialog)
    dialog.list.setCurrentRow(0)
    assert dialog.duplicate_selected("USS Venture") is not None
    return dialog


def _own_ships() -> list[tuple[str, int]]:
    return sorted((s.ship.name, s.ship.scale) for s in library_ships()[0] if s.editable)


@pytest.mark.parametrize(
    ("button", "kept"),
    [
        ("Cancel", [("USS Venture", 6)]),
        ("SAVE OVER IT", [("USS Venture A", 3)]),
        ("SAVE AS A COPY", [("USS Venture", 6), ("USS Venture (mine)", 3)]),
    ],
)
def test_a_ship_another_bridge_saved_meanwhile_is_saved_over_only_if_the_gm_says(
    qtbot: QtBot,
    model: SharedModel,
    monkeypatch: pytest.MonkeyPatch,
    button: str,
    kept: list[tuple[str, int]],
) -> None:
    dialog = _venture(qtbot, model)
    editor = dialog.edit_selected()
    assert editor is not None
    _other_bridge_refits_the_ship()  # between opening it and saving it
    editor.name.setText("USS Venture A")
    editor.scale.setValue(3)
    asked = _answer(monkeypatch, button)
    monkeypatch.setattr(QInputDialog, "getText", lambda *a, **k: ("USS Venture (mine)", True))
    editor.accept()
    assert len(asked) == 1 and "has changed on disk" in asked[0] and "USS Venture A" in asked[0]
    assert _own_ships() == kept
    assert editor.isVisible() is (button == "Cancel")  # cancelled: the edits stay open
    if button == "Cancel":
        assert "Not saved" in editor.error.text()


def test_an_unchanged_ship_is_saved_without_a_question(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = _venture(qtbot, model)
    monkeypatch.setattr(QMessageBox, "exec", lambda box: pytest.fail("asked"))
    for scale in (4, 3):  # and again: the library read what it saved
        editor = dialog.edit_selected()
        assert editor is not None
        editor.scale.setValue(scale)
        editor.accept()
        dialog.reload()
        assert _own_ships() == [("USS Venture", scale)]


def test_an_officer_another_bridge_saved_meanwhile_asks_first(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    dialog = CharacterLibraryDialog(model)
    qtbot.addWidget(dialog)
    assert dialog.duplicate_selected("Ensign Ro")
    entry = dialog.selected()
    assert entry is not None and entry.path is not None
    elsewhere = entry.path.read_text(encoding="utf-8").replace('"Ensign Ro"', '"Ro Laren"')
    entry.path.write_text(elsewhere, encoding="utf-8")  # saved by another Bridge meanwhile
    asked = _answer(monkeypatch, "Cancel")
    changed = entry.character.model_copy(update={"focuses": ("Piloting",)})
    assert not dialog.edit_selected(changed)
    assert len(asked) == 1 and "not saved" in dialog.problems.text()
    assert "Ro Laren" in [c.character.name for c in library_characters()[0]]
    shown = dialog.selected()  # the library shows what is on disk now: Ro Laren
    assert shown is not None and shown.character.name == "Ro Laren"
    entry.path.write_text(elsewhere.replace("Ro Laren", "Laren Ro"), encoding="utf-8")
    asked = _answer(monkeypatch, "SAVE OVER IT")
    assert dialog.edit_selected(changed)
    names = [c.character.name for c in library_characters()[0] if c.editable]
    assert len(asked) == 1 and names == ["Ensign Ro"]


def test_an_npc_template_changed_on_disk_is_not_saved_over(tmp_path: Path) -> None:
    npc = starter_npcs()[0].npc.model_copy(update={"id": "guard", "name": "Guard"})
    saved = save_library_npc(npc, "Mine.")
    assert saved.path is not None
    (read,) = [n for n in library_npcs()[0] if n.editable]
    other = npc.model_copy(update={"name": "Guard Captain"})
    save_library_npc(other, "Saved by another Bridge.")  # over it, in between
    before = saved.path.read_bytes()
    with pytest.raises(ChangedOnDisk):
        save_library_npc(npc.model_copy(update={"name": "Old Guard"}), "Mine.", read.stamp)
    assert saved.path.read_bytes() == before
    again = save_library_npc(npc.model_copy(update={"name": "Old Guard"}), "Mine.", None)
    assert [n.npc.name for n in library_npcs()[0] if n.editable] == ["Old Guard"]
    assert again.stamp is not None
