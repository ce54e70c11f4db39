"""UI test setup: offscreen Qt, preferences in a temporary folder, a demo model."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

os.environ["QT_QPA_PLATFORM"] = "offscreen"

from PySide6.QtWidgets import QApplication

from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.rules.dice import SeededDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.theme import apply_theme


@pytest.fixture(autouse=True)
def _themed_and_tidy(qapp: QApplication) -> Iterator[None]:
    """Every window test runs themed, and closes whatever it left open."""
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
