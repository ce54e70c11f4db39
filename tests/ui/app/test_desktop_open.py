"""Battles handed over by the desktop: ``bridge FILE`` on the command line (Windows and
Linux file associations) and Qt's file-open event (macOS double-click, Dock drop)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from bridge.cli import desktop_arguments
from bridge.engine.core.commands import AdjustPool, StartTurn
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.dice import SeededDice
from bridge.storage.battle import save_battle
from bridge.storage.formats import ShipFile
from bridge.storage.save import save_atomic
from bridge.ui.app.start import build
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole


# -- the command line a desktop launch passes -------------------------------------------
@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["Night Watch.bridge"], ["--open", "Night Watch.bridge"]),
        (["C:\\Battles\\a.bridge"], ["--open", "C:\\Battles\\a.bridge"]),
        (["a.bridge", "--startup-probe"], ["--open", "a.bridge", "--startup-probe"]),
        (["odds", "--target", "11"], ["odds", "--target", "11"]),
        (["check", "a.bridge"], ["check", "a.bridge"]),
        (["--demo", "--seed", "3"], ["--demo", "--seed", "3"]),
        (["--open", "a.bridge"], ["--open", "a.bridge"]),
        (["-psn_0_12345"], []),
        (["-psn_0_12345", "a.bridge"], ["--open", "a.bridge"]),
        ([], []),
    ],
)
def test_desktop_arguments(argv: list[str], expected: list[str]) -> None:
    assert desktop_arguments(argv) == expected


# -- Qt's file-open event, delivered to the running app ---------------------------------
def battle(path: Path, name: str, turns: int = 1) -> Path:
    """A battle saved by Bridge itself: the demo renamed, with a few Commands in its journal."""
    session = Session(demo_encounter().model_copy(update={"name": name}), SeededDice(5))
    session.apply(StartTurn(by="kell", actor="kell"))
    for _ in range(turns):
        session.apply(AdjustPool(pool="threat", delta=1))
    save_battle(path, session)
    return path


@pytest.fixture
def running(qapp: QApplication) -> Iterator[tuple[GmConsole, SharedModel]]:
    """Bridge as a GM starts it (the demo, a GM console), torn down afterwards."""
    console, model = build(demo=False, autosave=False)
    console.confirm_quit = False
    yield console, model
    for widget in QApplication.topLevelWidgets():
        if hasattr(widget, "confirm_quit"):
            widget.confirm_quit = False
        widget.close()
        widget.deleteLater()
    qapp.processEvents()


@pytest.fixture
def warnings(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: shown.append(text))
    return shown


def file_open(qapp: QApplication, path: Path) -> None:
    """What macOS sends when a battle is double-clicked or dropped on the Dock icon."""
    QApplication.sendEvent(qapp, QFileOpenEvent(str(path)))
    qapp.processEvents()


def test_the_file_open_event_opens_a_battle(
    qapp: QApplication,
    running: tuple[GmConsole, SharedModel],
    tmp_path: Path,
    warnings: list[str],
) -> None:
    console, model = running
    assert model.state.name != "Night Watch"
    path = battle(tmp_path / "Night Watch.bridge", "Night Watch", turns=2)
    file_open(qapp, path)
    assert model.state.name == "Night Watch"
    assert model.state.threat.value == demo_encounter().threat.value + 2
    assert len(model.journal) == 3 and model.session.can_undo
    assert console.files.path == path
    assert console.windowTitle() == "Bridge — Night Watch.bridge"
    assert warnings == []


def test_a_posted_file_open_event_waits_for_the_event_loop(
    qapp: QApplication, running: tuple[GmConsole, SharedModel], tmp_path: Path
) -> None:
    _, model = running
    path = battle(tmp_path / "Dawn.bridge", "Dawn")
    QApplication.postEvent(qapp, QFileOpenEvent(str(path)))
    assert model.state.name != "Dawn"
    qapp.processEvents()
    assert model.state.name == "Dawn"


def test_the_file_open_event_brings_a_ship_into_the_battle(
    qapp: QApplication, running: tuple[GmConsole, SharedModel], tmp_path: Path
) -> None:
    _, model = running
    before = set(model.state.ships)
    ship = tmp_path / "galor.json"
    save_atomic(ship, ShipFile(ship=demo_encounter().ships["vortak"]))
    file_open(qapp, ship)
    assert set(model.state.ships) - before == {"vortak-2"}
    assert model.state.ships["vortak-2"].name == model.state.ships["vortak"].name


def test_a_bad_file_from_the_desktop_says_why_and_changes_nothing(
    qapp: QApplication,
    running: tuple[GmConsole, SharedModel],
    tmp_path: Path,
    warnings: list[str],
) -> None:
    console, model = running
    before, journal = model.state, model.journal
    bad = tmp_path / "broken.bridge"
    bad.write_text('{"format": "bridge.encounter", "version": 2, "initial": {')
    file_open(qapp, bad)
    assert warnings == [
        "broken.bridge: not valid JSON at line 1, column 58: the file ends too "
        "early (is it truncated?)."
    ]
    assert model.state is before and model.journal == journal
    assert console.files.path is None
    assert bad.read_text().endswith("{")


def test_a_file_open_event_without_a_file_is_ignored(
    qapp: QApplication, running: tuple[GmConsole, SharedModel], warnings: list[str]
) -> None:
    _, model = running
    before = model.state
    QApplication.sendEvent(qapp, QFileOpenEvent(""))
    qapp.processEvents()
    assert model.state is before and warnings == []


# -- `bridge FILE`: what Windows and Linux run for a double-clicked battle -----------------
def test_bridge_file_on_the_command_line_opens_it(tmp_path: Path) -> None:
    path = battle(tmp_path / "Night Watch.bridge", "Night Watch")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BRIDGE_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-m", "bridge", str(path), "--startup-probe"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "shown: Night Watch" in done.stdout
    assert "bridge:" not in done.stderr  # no problem reported (nor a replay warning)


def test_bridge_with_a_missing_file_says_so_and_starts_on_the_demo(tmp_path: Path) -> None:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BRIDGE_HOME": str(tmp_path / "home")}
    done = subprocess.run(
        [sys.executable, "-m", "bridge", str(tmp_path / "gone.bridge"), "--startup-probe"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "shown: " + demo_encounter().name in done.stdout
    assert "bridge: gone.bridge" in done.stderr


def test_the_filter_for_a_foreign_application_object_takes_only_its_file_opens(
    qapp: QApplication, tmp_path: Path
) -> None:
    from PySide6.QtWidgets import QWidget

    from bridge.ui.app.file_open import FileOpenFilter

    opened: list[Path] = []
    parent = QWidget()
    f = FileOpenFilter(opened.append, parent)
    path = tmp_path / "x.bridge"
    assert f.eventFilter(qapp, QFileOpenEvent(str(path))) and opened == [path]
    assert not f.eventFilter(parent, QFileOpenEvent(str(path))) and opened == [path]
