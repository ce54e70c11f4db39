"""Two Bridges saving one battle file: the second is asked before it saves over the
first one's work (issue 23: it silently overwrote the first one's 26 Commands)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import AdjustPool
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.dice import SeededDice
from bridge.storage.battle import open_battle, save_battle
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console import file_guard
from bridge.ui.console.gm_console import GmConsole

ROOT = Path(__file__).resolve().parents[3]
OTHER_BRIDGE = """
import sys
from pathlib import Path
from bridge.engine.core.commands import AdjustPool
from bridge.storage.battle import open_battle, save_battle
path = Path(sys.argv[1])
session = open_battle(path).session
for _ in range(26):
    session.apply(AdjustPool(pool="threat", delta=1))
save_battle(path, session)
"""


def _other_bridge_saves(path: Path) -> None:
    """Another process opens the file, plays 26 Commands and saves it."""
    subprocess.run(
        [sys.executable, "-c", OTHER_BRIDGE, str(path)],
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
    )


def _opened(qtbot: QtBot, path: Path) -> GmConsole:
    console = GmConsole(SharedModel(Session(demo_encounter(), SeededDice(2))))
    console.confirm_quit = False
    qtbot.addWidget(console)
    assert console.files.open(path)
    return console


@pytest.mark.parametrize(("choice", "kept"), [("cancel", 26), ("overwrite", 1)])
def test_saving_over_a_file_another_bridge_saved_asks_first(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, choice: str, kept: int
) -> None:
    path = tmp_path / "kessik.bridge"
    save_battle(path, Session(demo_encounter()))
    console = _opened(qtbot, path)
    console.model.submit(AdjustPool(pool="threat", delta=1))
    _other_bridge_saves(path)
    asked: list[Path] = []

    def may_overwrite(parent: object, where: Path, stamp: object) -> str:
        asked.append(where)
        return choice

    monkeypatch.setattr(file_guard, "may_overwrite", may_overwrite)
    assert console.files.save() is (choice == "overwrite")
    assert asked == [path]
    assert open_battle(path).session.length == kept


def test_a_file_this_bridge_saved_last_is_saved_without_a_question(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kessik.bridge"
    save_battle(path, Session(demo_encounter()))
    console = _opened(qtbot, path)
    monkeypatch.setattr(QMessageBox, "exec", lambda self: pytest.fail("asked"))
    for n in range(1, 4):
        console.model.submit(AdjustPool(pool="threat", delta=1))
        assert console.files.save()
        assert open_battle(path).session.length == n


def test_the_question_names_the_file_and_save_as_keeps_both(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kessik.bridge"
    save_battle(path, Session(demo_encounter()))
    console = _opened(qtbot, path)
    console.model.submit(AdjustPool(pool="threat", delta=1))
    _other_bridge_saves(path)
    shown: list[str] = []

    def exec_(box: QMessageBox) -> int:
        shown.append(box.text())
        for button in box.buttons():
            if button.text() == "SAVE AS…":
                button.click()
        return 0

    monkeypatch.setattr(QMessageBox, "exec", exec_)
    copy = tmp_path / "kessik (mine).bridge"
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(copy), ""))
    assert console.files.save()
    assert "kessik.bridge has changed on disk" in shown[0]
    assert open_battle(path).session.length == 26 and open_battle(copy).session.length == 1
    assert console.files.path == copy
