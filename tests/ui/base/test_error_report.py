"""An error nothing caught in the windows is logged, and the GM is told the log file;
Help ▸ Open the log folder shows it (issue 23)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMessageBox
from pytestqt.qtbot import QtBot

from bridge.storage.logs import stop_logging
from bridge.ui.base import error_report
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole


@pytest.fixture
def reported(monkeypatch: pytest.MonkeyPatch) -> Iterator[Path | None]:
    monkeypatch.setattr(sys, "excepthook", lambda *a: None)  # (pytest's own, put back after)
    path = error_report.install_error_report()
    yield path
    stop_logging()


def test_an_error_is_logged_and_the_message_names_the_log_file(
    reported: Path | None, monkeypatch: pytest.MonkeyPatch, _bridge_home: Path
) -> None:
    told: list[str] = []
    monkeypatch.setattr(QMessageBox, "warning", lambda parent, title, text: told.append(text))
    assert reported == _bridge_home / "logs" / "bridge.log"
    try:
        {}["missing shield generator"]
    except KeyError as exc:
        sys.excepthook(KeyError, exc, exc.__traceback__)
    [message] = told
    assert str(reported) in message and "Help ▸ Open the log folder" in message
    assert "KeyError" in message and "autosave" in message
    log = reported.read_text(encoding="utf-8")
    assert "missing shield generator" in log and "Traceback" in log


def test_help_opens_the_log_folder(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch, _bridge_home: Path
) -> None:
    opened: list[QUrl] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url) or True)
    console = GmConsole(model)
    qtbot.addWidget(console)
    [help_menu] = [a for a in console.menuBar().actions() if a.text() == "&Help"]
    [entry] = [a for a in help_menu.menu().actions() if a.text() == "Open the &log folder"]
    entry.trigger()
    assert [u.toLocalFile() for u in opened] == [str(_bridge_home / "logs")]
