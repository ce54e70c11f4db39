"""The demo's first start: a "start here" strip in the GM console says the three things
to do first and where the guide is; once put away it never comes back."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from bridge.ui.app.start import build
from bridge.ui.base.settings import settings
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.console.start_here import DISMISSED, StartHere


def _built(qtbot: QtBot, demo: bool) -> GmConsole:
    """Bridge as ``bridge --demo`` (or ``bridge``) builds it for a GM: autosave on."""
    console, _model = build(demo, autosave=True, ask=False)
    qtbot.addWidget(console)
    console.confirm_quit = False  # (its station windows: closed with it, or by the tidy-up)
    return console


def _strip(console: GmConsole) -> StartHere | None:
    QApplication.processEvents()  # (a widget added to a shown window shows a turn later)
    strips = [s for s in console.findChildren(StartHere) if s.isVisible()]
    assert len(strips) <= 1
    return strips[0] if strips else None


def test_the_demos_first_start_says_what_to_do_first_and_where_the_guide_is(
    qtbot: QtBot,
) -> None:
    console = _built(qtbot, demo=True)
    strip = _strip(console)
    assert strip is not None and strip.title() == "START HERE"
    words = " ".join(label.text() for label in strip.findChildren(QLabel))
    for said in ("START TURN", "AUTOPILOT TURN", "Ctrl+Z", "F1", "Help ▸ User guide"):
        assert said in words
    # In the log column, beside the GM's controls (which keep their room: nothing scrolls).
    assert console._log_column.isAncestorOf(strip)


@pytest.mark.parametrize("demo", [True, False])
def test_once_put_away_it_never_comes_back(qtbot: QtBot, demo: bool) -> None:
    console = _built(qtbot, demo=True)
    strip = _strip(console)
    assert strip is not None
    with qtbot.waitSignal(strip.sig_dismissed):
        strip.got_it.click()
    assert _strip(console) is None and settings().value(DISMISSED, False, type=bool)
    console.close()
    assert _strip(_built(qtbot, demo=demo)) is None


def test_a_plain_start_and_the_screenshots_show_no_strip(qtbot: QtBot) -> None:
    assert _strip(_built(qtbot, demo=False)) is None
    console, _ = build(True, autosave=False, ask=False)  # (as --screenshots builds it)
    qtbot.addWidget(console)
    console.confirm_quit = False
    assert _strip(console) is None
