"""Autosave in the windows: start-up and New on an unwritable folder, a lost folder, a
resumed battle that lost its tail (issue 10, points 4 and 6)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import AdjustPool
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.dice import SeededDice
from bridge.storage.autosave import AutosaveJournal
from bridge.storage.paths import set_autosave_dir
from bridge.ui.app.start import _first_session, build
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole

Yes = QMessageBox.StandardButton.Yes
No = QMessageBox.StandardButton.No


def answer_warnings(
    monkeypatch: pytest.MonkeyPatch, reply: QMessageBox.StandardButton
) -> list[str]:
    shown: list[str] = []

    def warning(parent: object, title: str, text: str, *buttons: object) -> object:
        shown.append(text)
        return reply

    monkeypatch.setattr(QMessageBox, "warning", warning)
    return shown


def unwritable(tmp_path: Path) -> Path:
    """A folder that cannot be created: a file stands where it should be (works as root)."""
    blocker = tmp_path / "blocked"
    blocker.write_text("a file, not a folder")
    return blocker / "autosave"


def test_bridge_starts_with_an_unwritable_data_folder(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "home-is-a-file"
    blocker.write_text("")
    monkeypatch.setenv("BRIDGE_HOME", str(blocker))
    shown = answer_warnings(monkeypatch, No)
    console, model = build(False, autosave=True)
    qtbot.addWidget(console)
    console.confirm_quit = False
    assert console.isVisible() and model.session.sink is None
    assert len(shown) == 1 and shown[0].startswith("Autosave is off")
    assert model.submit(AdjustPool(pool="threat", delta=1)) is not None  # play goes on


def test_the_gm_can_choose_another_autosave_folder(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_autosave_dir(unwritable(tmp_path))
    shown = answer_warnings(monkeypatch, Yes)
    chosen = tmp_path / "elsewhere"
    chosen.mkdir()
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(chosen))
    session, _ = _first_session(None, autosave=True)
    assert len(shown) == 1 and isinstance(session.sink, AutosaveJournal)
    assert session.sink.path.parent == chosen
    set_autosave_dir(None)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: No)  # do not resume
    _first_session(None, autosave=True)  # the choice is remembered for the next start
    assert any(chosen.glob("*.jsonl")) and len(list(chosen.glob("*.jsonl"))) == 2


def test_file_new_with_an_unwritable_autosave_folder_warns_and_opens(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    model = SharedModel(Session(demo_encounter(), SeededDice(1)))
    console = GmConsole(model, autosave=True)
    console.confirm_quit = False
    qtbot.addWidget(console)
    model.submit(AdjustPool(pool="threat", delta=2))
    set_autosave_dir(unwritable(tmp_path))
    shown = answer_warnings(monkeypatch, No)
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: QMessageBox.StandardButton.Discard)
    console.files.new_demo()
    assert model.journal == () and model.session.sink is None
    assert len(shown) == 1 and "cannot be written" in shown[0]


def test_a_deleted_autosave_folder_is_noticed_while_playing(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = Session(demo_encounter(), SeededDice(2))
    journal = AutosaveJournal.start(session)
    model = SharedModel(session)
    console = GmConsole(model, autosave=True)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    model.submit(AdjustPool(pool="threat", delta=1))
    shown = answer_warnings(monkeypatch, No)
    shutil.rmtree(journal.path.parent)
    console.files.check_autosave()  # what the three-second watch does
    assert len(shown) == 1 and "written again" in shown[0] and journal.path.exists()
    console.files.check_autosave()
    assert len(shown) == 1


def test_resuming_a_damaged_autosave_says_what_was_dropped(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    crashed = Session(demo_encounter(), SeededDice(3))
    journal = AutosaveJournal.start(crashed)
    for delta in (1, 2, 3):
        crashed.apply(AdjustPool(pool="threat", delta=delta))
    with journal.path.open("ab") as handle:
        handle.write(b'{"op":"apply","entry":{"comm')
    monkeypatch.setattr(QMessageBox, "question", lambda *a, **k: Yes)
    shown = answer_warnings(monkeypatch, Yes)
    resumed, _ = _first_session(None, autosave=True)
    assert resumed.state == crashed.state and resumed.sink is not None
    assert len(shown) == 1 and "resumed after 3 Command(s)" in shown[0]
    assert "cut short" in shown[0]


def test_the_autosave_warning_names_the_folder_not_a_temporary_file(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 23: "Autosave is off" named a `.tmp` file where it meant the folder."""
    import errno

    from bridge.storage import autosave_writer as autosave
    from bridge.storage.paths import autosave_dir

    folder = autosave_dir()

    def full(path: Path, data: bytes) -> None:
        temp = path.with_name(f".{path.name}.x1y2z3.tmp")
        raise OSError(errno.ENOSPC, "No space left on device", str(temp))

    monkeypatch.setattr(autosave, "write_atomic", full)
    shown = answer_warnings(monkeypatch, No)
    session, _ = _first_session(None, autosave=True)
    assert session.sink is None and len(shown) == 1
    assert f"the autosave folder {folder} cannot be written" in shown[0]
    assert ".tmp" not in shown[0]
