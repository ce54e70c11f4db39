"""A read-only or missing folder Bridge writes (the ship library, preferences, recent
files): Bridge starts and works, with one warning naming the folder (issue 10, point 6)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import AdjustPool
from bridge.storage.library import duplicate_ship, library_ships, starter_ships
from bridge.storage.paths import autosave_dir, config_dir, library_path, set_autosave_dir
from bridge.ui.app.start import build
from bridge.ui.base.settings import add_recent, recent_files
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.library.ship_library import LibraryDialog, ShipEditor


def _blocks_writes(folder: Path) -> bool:
    try:
        (folder / "probe").write_text("x")
    except OSError:
        return True
    (folder / "probe").unlink()
    return False


@pytest.fixture(params=["read-only", "under-a-file"])
def unwritable_home(
    request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Path]:
    """BRIDGE_HOME in a folder that cannot be written: read-only by chmod, or (as root,
    where chmod does not block writes, and as the second case) a path under a file."""
    home = tmp_path / "home"
    home.mkdir()
    if request.param == "read-only":
        home.chmod(stat.S_IRUSR | stat.S_IXUSR)
        if not _blocks_writes(home):  # running as root
            home.chmod(stat.S_IRWXU)
            (tmp_path / "file.txt").write_text("")
            home = tmp_path / "file.txt" / "sub"
    else:
        (tmp_path / "file.txt").write_text("")
        home = tmp_path / "file.txt" / "sub"
    monkeypatch.setenv("BRIDGE_HOME", str(home))
    set_autosave_dir(None)
    yield home
    (tmp_path / "home").chmod(stat.S_IRWXU)


def warnings_shown(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []

    def warning(parent: object, title: str, text: str, *buttons: object) -> object:
        shown.append(f"{title}: {text}")
        return QMessageBox.StandardButton.No

    monkeypatch.setattr(QMessageBox, "warning", warning)
    return shown


def test_the_library_shows_the_starter_ships_and_names_the_folder(unwritable_home: Path) -> None:
    ships, problems = library_ships()
    assert [s.ship for s in ships] == [s.ship for s in starter_ships()]
    assert len(problems) == 1 and str(library_path("ships")) in problems[0]
    with pytest.raises(OSError):
        duplicate_ship(ships[0].ship, "Copy")


def test_the_library_dialog_says_a_copy_or_edit_was_not_saved(
    qtbot: QtBot, model: SharedModel, unwritable_home: Path
) -> None:
    dialog = LibraryDialog(model)
    qtbot.addWidget(dialog)
    assert str(library_path("ships")) in dialog.problems.text()
    assert dialog.duplicate_selected("Copy") is None
    assert dialog.problems.text().startswith("Not saved: the ship library folder")
    editor = ShipEditor(dialog.ships[0].ship, dialog)
    qtbot.addWidget(editor)
    editor.accept()
    assert "cannot be written" in editor.error.text() and not editor.result()
    assert dialog.add_selected()  # adding a starter ship to the battle still works


def test_preferences_and_recent_files_do_nothing_quietly(unwritable_home: Path) -> None:
    add_recent("/somewhere/battle.json")  # not kept, never raised
    assert isinstance(recent_files(), list)


def test_bridge_starts_with_one_warning_naming_each_folder(
    qtbot: QtBot, unwritable_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = warnings_shown(monkeypatch)
    console, model = build(False, autosave=True, ask=False)
    qtbot.addWidget(console)
    console.confirm_quit = False
    assert console.isVisible() and len(shown) == 1
    text = shown[0]
    for folder in (library_path("ships"), config_dir()):
        assert str(folder) in text
    assert text.count("ship library") == 1 and "Autosave is off" in text
    assert model.submit(AdjustPool(pool="threat", delta=1)) is not None  # play goes on


def test_autosave_working_but_the_library_not_gives_its_own_warning(
    qtbot: QtBot, unwritable_home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    set_autosave_dir(tmp_path / "autosaves")
    shown = warnings_shown(monkeypatch)
    console, model = build(False, autosave=True, ask=False)
    qtbot.addWidget(console)
    console.confirm_quit = False
    assert model.session.sink is not None and autosave_dir() == tmp_path / "autosaves"
    assert len(shown) == 1 and shown[0].startswith("A folder cannot be written")
    assert str(library_path("ships")) in shown[0] and "Autosave" not in shown[0]
    set_autosave_dir(None)


def test_the_startup_probe_never_waits_on_a_message_box(unwritable_home: Path) -> None:
    """With every folder unwritable the probe reports on stderr and exits at once."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(
        [sys.executable, "-m", "bridge", "--startup-probe"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "shown" in done.stdout, done.stderr
    assert "bridge: Autosave is off" in done.stderr
    assert str(library_path("ships")) in done.stderr and str(config_dir()) in done.stderr
