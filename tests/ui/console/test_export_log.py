"""File ▸ Export the log in the GM console: the format the GM picks, the GM's copy or the
players', each file read back."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog
from pytestqt.qtbot import QtBot

from bridge.engine.ship.autopilot import suggest
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.battle_files import MARKDOWN, WEB_PAGE
from bridge.ui.console.gm_console import GmConsole


def _played(qtbot: QtBot, model: SharedModel) -> GmConsole:
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    for _ in range(40):  # the NPCs' first attack, with its hidden crew and weapon
        command = suggest(model.state, model.session.check)
        assert command is not None and model.submit(command) is not None
    return console


def _menu_action(console: GmConsole, text: str) -> object:
    file_menu = next(a.menu() for a in console.menuBar().actions() if a.text() == "&File")
    return next(a for a in file_menu.actions() if a.text() == text)


@pytest.mark.parametrize(
    ("menu", "name", "kind", "hidden_kept"),
    [
        ("&Export the log (Markdown or web page)…", "kessik", MARKDOWN, True),
        ("&Export the log (Markdown or web page)…", "kessik", WEB_PAGE, True),
        ("Export the log for the &players…", "for the table", MARKDOWN, False),
        ("Export the log for the &players…", "for the table", WEB_PAGE, False),
    ],
)
def test_the_menu_writes_the_format_and_copy_chosen(
    qtbot: QtBot,
    model: SharedModel,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    menu: str,
    name: str,
    kind: str,
    hidden_kept: bool,
) -> None:
    console = _played(qtbot, model)
    asked: list[str] = []

    def save_name(parent: object, title: str, where: str, filters: str) -> tuple[str, str]:
        asked.append(title)
        assert filters == f"{MARKDOWN};;{WEB_PAGE}"
        return str(tmp_path / name), kind  # (no suffix typed: the format chosen adds it)

    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_name)
    _menu_action(console, menu).trigger()  # type: ignore[attr-defined]
    suffix = ".md" if kind == MARKDOWN else ".html"
    (written,) = tmp_path.glob(f"{name}{suffix}")
    text = written.read_text(encoding="utf-8")
    if suffix == ".html":
        assert text.startswith("<!DOCTYPE html>") and '<svg class="die d20"' in text
        text = html.unescape(text)
    else:
        assert text.startswith("# Ambush at Kessik Nebula\n") and "\n## Round 1\n" in text
    assert ("players'" in asked[0]) is not hidden_kept
    assert ("Talented crew (13)" in text) is hidden_kept
    assert ("Disruptor Cannons" in text) is hidden_kept
    assert "its crew" in text or hidden_kept


def test_a_file_that_cannot_be_written_is_told(
    qtbot: QtBot, model: SharedModel, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    console = _played(qtbot, model)
    told: list[str] = []
    monkeypatch.setattr(console.files, "_problem", told.append)
    blocker = tmp_path / "notes"
    blocker.write_text("a file where the folder would be")
    assert not console.files.export_recap(chosen=blocker / "log.md")
    assert len(told) == 1 and told[0].startswith("log.md: could not be written (")
    assert blocker.read_text() == "a file where the folder would be"
