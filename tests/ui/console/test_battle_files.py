"""The GM console's files: open, save, bad files, drops, the library, resuming a crash."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import AdjustPool, StartTurn
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.dice import SeededDice
from bridge.storage.autosave import AutosaveJournal, find_unfinished
from bridge.storage.formats import ShipFile
from bridge.storage.save import save_atomic
from bridge.ui.app.start import _first_session
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.library.ship_library import LibraryDialog, ShipEditor

DATA = Path(__file__).resolve().parents[2] / "storage" / "data"


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    return shown


def console(qtbot: QtBot, model: SharedModel, autosave: bool = False) -> GmConsole:
    c = GmConsole(model, autosave=autosave)
    c.confirm_quit = False
    qtbot.addWidget(c)
    c.show()
    return c


def test_save_then_open_restores_the_battle(
    qtbot: QtBot, model: SharedModel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = console(qtbot, model)
    model.submit(StartTurn(by="kell", actor="kell"))
    assert c.windowTitle().endswith("*")
    target = tmp_path / "kessik.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert c.files.save()
    assert target.exists() and c.windowTitle() == "Bridge — kessik.json"
    saved = model.state
    model.submit(AdjustPool(pool="threat", delta=3))
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    assert c.files.open(target)
    assert model.state == saved and model.session.can_undo


def test_a_bad_file_changes_nothing(
    qtbot: QtBot, model: SharedModel, tmp_path: Path, warnings: list[str]
) -> None:
    c = console(qtbot, model)
    model.submit(StartTurn(by="kell", actor="kell"))
    before = model.state
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "bridge.encounter", "version": 2, "initial": {')
    c.files.path = None
    c.files._mark_saved()
    assert not c.files.open(bad)
    assert model.state is before
    assert warnings == [
        "broken.json: not valid JSON at line 1, column 58: the file ends too "
        "early (is it truncated?)."
    ]
    assert bad.read_text().endswith("{")


def test_dropping_a_ship_and_a_foundry_character(
    qtbot: QtBot, model: SharedModel, tmp_path: Path, warnings: list[str]
) -> None:
    c = console(qtbot, model)
    ship_file = tmp_path / "galor.json"
    save_atomic(ship_file, ShipFile(ship=demo_encounter().ships["vortak"]))
    mime = QMimeData()
    mime.setUrls(
        [
            QUrl.fromLocalFile(str(ship_file)),
            QUrl.fromLocalFile(str(DATA / "foundry_character.json")),
        ]
    )
    drop = QDropEvent(
        QPointF(10, 10),
        Qt.DropAction.CopyAction,
        mime,
        Qt.MouseButton.LeftButton,
        Qt.KeyboardModifier.NoModifier,
    )
    c.dropEvent(drop)
    assert "vortak-2" in model.state.ships
    assert "Lt.-Ayesha-Rao" in model.state.characters
    assert warnings and "Not carried over" in warnings[0] and "Phaser Type-2" in warnings[0]


def test_dropping_a_broken_file_says_why(
    qtbot: QtBot, model: SharedModel, tmp_path: Path, warnings: list[str]
) -> None:
    c = console(qtbot, model)
    junk = tmp_path / "junk.json"
    junk.write_text(json.dumps({"format": "bridge.ship", "version": 2, "ship": {"scale": 9}}))
    assert not c.files.add_from_file(junk)
    assert warnings[0].startswith("junk.json: ship.id: Field required")
    assert model.journal == ()


def test_export_recap(
    qtbot: QtBot, model: SharedModel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    c = console(qtbot, model)
    model.submit(StartTurn(by="kell", actor="kell"))
    out = tmp_path / "recap.md"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    assert c.files.export_recap()
    assert out.read_text().startswith("# Ambush at Kessik Nebula")


def test_library_add_duplicate_edit(qtbot: QtBot, model: SharedModel) -> None:
    dialog = LibraryDialog(model)
    qtbot.addWidget(dialog)
    row = next(i for i, s in enumerate(dialog.ships) if s.ship.ship_class == "Galaxy class")
    dialog.list.setCurrentRow(row)
    assert not dialog.edit_button.isEnabled()  # a starter ship is copied, not edited
    assert dialog.add_selected() and "galaxy" in model.state.ships
    copy = dialog.duplicate_selected("USS Venture")
    assert copy is not None
    dialog.list.setCurrentRow(
        next(i for i, s in enumerate(dialog.ships) if s.ship.name == "USS Venture")
    )
    editor = dialog.edit_selected()
    assert isinstance(editor, ShipEditor)
    editor.scale.setValue(5)
    editor.spins["systems.weapons"].setValue(12)
    editor.accept()
    edited = next(s for s in dialog.ships if s.ship.name == "USS Venture")
    assert edited.ship.scale == 5 and edited.ship.systems.weapons == 12


def test_resume_after_a_crash(qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    crashed = Session(demo_encounter(), SeededDice(3))
    AutosaveJournal.start(crashed)
    crashed.apply(StartTurn(by="kell", actor="kell"))
    crashed.apply(AdjustPool(pool="threat", delta=4))
    assert find_unfinished()
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Yes)
    session, resumed = _first_session(None, autosave=True)
    assert isinstance(session, Session) and session.state == crashed.state and resumed
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.No)
    fresh, resumed = _first_session(None, autosave=True)
    assert isinstance(fresh.sink, AutosaveJournal) and fresh.journal == () and not resumed
    assert len(find_unfinished()) == 2  # the crashed battle stays on offer


def test_quitting_closes_the_autosave(qtbot: QtBot) -> None:
    session = Session(demo_encounter(), SeededDice(1))
    AutosaveJournal.start(session)
    model = SharedModel(session)
    c = console(qtbot, model, autosave=True)
    model.submit(StartTurn(by="kell", actor="kell"))
    assert find_unfinished()
    c.close()
    assert find_unfinished() == []


def test_open_and_save_as_start_in_the_battles_folder_never_where_bridge_started(
    qtbot: QtBot, model: SharedModel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Launched from Finder, the working folder is '/': Open and Save As began there."""
    c = console(qtbot, model)
    monkeypatch.chdir("/")
    asked: list[str] = []
    monkeypatch.setattr(
        QFileDialog, "getOpenFileName", lambda *a, **k: (asked.append(a[2]), ("", ""))[1]
    )
    c.files.open()
    assert asked[-1] != "/" and Path(asked[-1]).is_dir()
    target = tmp_path / "kessik.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(target), ""))
    assert c.files.save_as()
    c.files.open()
    assert asked[-1] == str(tmp_path)  # the battle's own folder


def test_bridge_starts_where_the_gm_left_off_the_last_battle_opened_or_saved(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A GM's play-through: saved, quit, started again, and the demo came back; the battle
    was only under Open recent. A GM's own start reopens it (``--demo`` keeps the demo);
    a battle that is gone is passed over."""
    from bridge.storage.battle import save_battle
    from bridge.ui.app.start import build
    from bridge.ui.base.settings import add_recent

    battle = tmp_path / "kessik.bridge"
    played = Session(demo_encounter(), SeededDice(3))
    played.apply(AdjustPool(pool="threat", delta=5))
    save_battle(battle, played)
    add_recent(str(battle))
    console, model = build(False, autosave=True, ask=True)
    qtbot.addWidget(console)
    console.confirm_quit = False
    assert model.state.threat.value == played.state.threat.value
    assert console.files.path == battle and "kessik.bridge" in console.windowTitle()
    console.close()
    demo, demo_model = build(True, autosave=True, ask=True)  # --demo: the demo battle
    qtbot.addWidget(demo)
    demo.confirm_quit = False
    assert demo_model.state.threat.value == demo_encounter().threat.value
    demo.close()  # (its station windows close, and go, with it)
    battle.unlink()  # gone: the demo, and nothing said
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda *a, **k: shown.append(str(a[2])))
    again, again_model = build(False, autosave=True, ask=True)
    qtbot.addWidget(again)
    again.confirm_quit = False
    assert again_model.state.threat.value == demo_encounter().threat.value and shown == []
