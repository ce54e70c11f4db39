"""UI test setup: offscreen Qt, preferences in a temporary folder, a demo model."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ["QT_QPA_PLATFORM"] = "offscreen"

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication

from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.dice import SeededDice
from bridge.ui.shared_model import SharedModel
from bridge.ui.theme import apply_theme


@pytest.fixture(autouse=True)
def _isolated_settings(tmp_path: Path, qapp: QApplication) -> Iterator[None]:
    """Preferences and window geometry go to a temporary folder, never the user's."""
    for fmt in (QSettings.Format.IniFormat, QSettings.Format.NativeFormat):
        QSettings.setPath(fmt, QSettings.Scope.UserScope, str(tmp_path))
    QSettings("Bridge", "Bridge").clear()
    apply_theme(qapp)
    yield
    for widget in QApplication.topLevelWidgets():
        if hasattr(widget, "confirm_quit"):
            widget.confirm_quit = False
        widget.close()
        widget.deleteLater()
    qapp.processEvents()


@pytest.fixture
def model() -> SharedModel:
    return SharedModel(Session(demo_encounter(), SeededDice(4)))
