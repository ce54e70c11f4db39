"""Bridge's first picture comes before its engine: a GM's start paints a splash saying
what is being loaded before pydantic and the battle's model are imported, and the
splash goes when the GM console is up or another window (a question) takes the focus."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from bridge.ui.app.splash import LOADING, OPENING, SIZE, show_splash
from bridge.ui.app.start import build
from tests.child import run_python

ENGINE = ("pydantic", "bridge.engine", "bridge.model", "bridge.rules", "bridge.storage.formats")


def test_the_splash_is_painted_before_the_engine_is_imported(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "import bridge.cli\n"
        "from bridge.ui.app.start import first_frame\n"
        "front = first_frame()\n"
        "assert front is not None and front.splash.isVisible()\n"
        "print(front.splash.message())\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = run_python(code, tmp_path)
    said, loaded = done.stdout.splitlines()[-2:]
    assert said == LOADING
    modules = set(loaded.split())
    assert "PySide6.QtWidgets" in modules and "bridge.ui.app.splash" in modules
    early = sorted(m for m in modules if any(m == e or m.startswith(f"{e}.") for e in ENGINE))
    assert early == []


def test_the_splash_says_what_loads_and_goes_when_the_console_is_up(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    splash = show_splash(app)
    assert splash.isVisible() and splash.message() == LOADING
    picture = splash.grab().toImage()
    assert (picture.width(), picture.height()) == SIZE
    assert picture.pixelColor(30, 100) == QColor("#ff9900")  # the elbow, in the app's orange
    console, _ = build(False, autosave=False, ask=False, splash=splash)
    qtbot.addWidget(console)
    console.confirm_quit = False
    assert splash.message() == OPENING and console.isVisible()
    qtbot.waitUntil(lambda: not splash.isVisible())  # once the console is on the screen
    handle = console.windowHandle()
    assert handle is not None and handle.isExposed()


def test_a_question_at_start_up_sends_the_splash_away(qtbot: QtBot) -> None:
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    splash = show_splash(app)
    box = QMessageBox(QMessageBox.Icon.Question, "Resume a battle?", "Resume?")
    qtbot.addWidget(box)
    box.show()
    box.activateWindow()
    qtbot.waitUntil(lambda: not splash.isVisible())
