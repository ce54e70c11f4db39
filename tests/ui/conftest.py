"""UI test setup: offscreen Qt on a 1366x768 laptop screen, preferences in a temporary
folder, a demo model."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# A laptop's screen for the offscreen platform (its own is 800x800, which would shrink
# every window below what a player gets): tests/ui/screen-1366x768.json.
os.environ["QT_QPA_PLATFORM"] = (
    f"offscreen:configfile={Path(__file__).with_name('screen-1366x768.json')}"
)

from PySide6.QtCore import QEvent
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
    # Deleted now, not left for an event loop the tests never return to: a widget left
    # alive would be restyled by every later test's theme (seconds, late in a run).
    QApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    qapp.processEvents()


@pytest.fixture
def model() -> SharedModel:
    return SharedModel(Session(demo_encounter(), SeededDice(4)))
