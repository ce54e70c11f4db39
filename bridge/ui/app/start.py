"""Start the application: theme, SharedModel, GM console, station windows, event loop.

A GM's start paints its first picture (a splash saying what is being loaded) before the
engine is imported: :func:`first_frame`, then :func:`build`. Nothing at this module's
top imports the engine or Qt (the command line imports it).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from bridge import APP_ID

if TYPE_CHECKING:  # Qt loads only when the app starts, not when the CLI does
    from PySide6.QtWidgets import QApplication

    from bridge.engine import Session
    from bridge.ui.app.single_instance import Instance
    from bridge.ui.app.splash import Splash
    from bridge.ui.base.shared_model import SharedModel
    from bridge.ui.console.gm_console import GmConsole

__all__ = ["Front", "bring_forward", "build", "first_frame", "run_app"]


@dataclass
class Front:
    """A GM's start before the engine loads: the application, this process's claim as
    the user's Bridge, and the splash, painted."""

    app: QApplication
    instance: Instance
    splash: Splash


def _application() -> QApplication:
    """The application (made once), named for the desktop: its windows' class."""
    from PySide6.QtWidgets import QApplication

    from bridge.ui.app.file_open import BridgeApplication

    app = QApplication.instance()
    if not isinstance(app, QApplication):
        app = BridgeApplication(sys.argv[:1])
    if app.applicationName() != "Bridge":
        app.setApplicationName("Bridge")
        app.setOrganizationName("Bridge")
        app.setDesktopFileName(APP_ID)  # Wayland matches the windows to the menu entry
    return app


def _icon(app: QApplication) -> None:
    """Bridge's icon on its windows (the SVG plugin loads for it: after the splash)."""
    from PySide6.QtGui import QIcon

    from bridge.ui.base.theme import icon_path

    if app.windowIcon().isNull():
        app.setWindowIcon(QIcon(icon_path("bridge.svg")))


def first_frame(open_path: Path | None = None, demo: bool = False) -> Front | None:
    """The start up to its first picture, before the engine is imported: this process
    claims to be the user's one Bridge and paints the splash. ``None``: another Bridge
    was running, and took the launch's battle."""
    from bridge.ui.app.single_instance import claim, request_for

    app = _application()
    instance = claim(request_for(open_path, demo))
    if instance is None:
        return None
    from bridge.ui.app.splash import show_splash

    return Front(app, instance, show_splash(app))


def _first_session(
    seed: int | None, autosave: bool, ask: bool = True, also: Sequence[str] = ()
) -> tuple[Session, bool]:
    """The battle to open, and whether it was resumed: a crashed one the GM chooses to
    resume, or the demo.

    ``also`` (other folders that cannot be written) joins the autosave warning, if any.
    """
    from bridge.engine import Session, demo_encounter
    from bridge.rules.dice import SeededDice

    session = Session(demo_encounter(), SeededDice(seed))
    if not autosave:
        return session, False
    from bridge.ui.console.autosave_ui import resume_crashed, start_autosave, use_chosen_folder

    use_chosen_folder()
    resumed = resume_crashed() if ask else None
    if resumed is not None:
        return resumed, True
    start_autosave(session, also=also)
    return session, False


def _reopen_last(console: GmConsole) -> None:
    """The battle the GM last opened or saved, where they left it (``--demo`` opens the
    demo, File ▸ New a fresh battle). One that is gone is passed over; one that cannot be
    opened is said, and the demo stays."""
    from bridge.ui.base.settings import recent_files

    last = next(iter(recent_files()), None)
    if last is not None and Path(last).is_file():
        console.files.open(Path(last))


def build(
    demo: bool,
    seed: int | None = None,
    autosave: bool = False,
    ask: bool = True,
    open_path: Path | None = None,
    splash: Splash | None = None,
) -> tuple[GmConsole, SharedModel]:
    """Create the QApplication, the model and the GM console (and, for the demo, every
    station window); open ``open_path`` if given. ``splash`` says what is being loaded
    meanwhile and goes once the console is up. Returns (console, model)."""
    app = _application()
    _icon(app)
    from bridge.ui.app.file_open import listen_for_files
    from bridge.ui.app.source_lines import forget_source_lines
    from bridge.ui.base.shared_model import SharedModel
    from bridge.ui.base.theme import apply_stylesheet, apply_theme
    from bridge.ui.console.gm_console import GmConsole  # (the engine with it)

    if splash is not None:
        from bridge.ui.app.splash import OPENING

        splash.say(OPENING)
    forget_source_lines()  # the start's modules are in (see bridge.ui.app.source_lines)
    apply_theme(app, sheet=False)  # the stylesheet once the console is built; each window
    # keeps its own text size
    from bridge.ui.base.notices import unwritable_folders, warn_unwritable_folders

    unwritable = unwritable_folders() if autosave else []  # a GM's start: checked once
    session, resumed = _first_session(seed, autosave, ask and open_path is None, unwritable)
    model = SharedModel(session)
    console = GmConsole(model, autosave=autosave)
    apply_stylesheet()
    console.rescale()  # measured again in the style sheet's sizes: the controls whole
    console.show()
    if splash is not None:
        splash.hand_over(console)
    from PySide6.QtCore import QTimer

    from bridge.ui.app.collector import release

    # The windows are up: what their modules' import read goes, then collection goes on.
    QTimer.singleShot(0, forget_source_lines)
    QTimer.singleShot(0, release)
    if unwritable and model.session.sink is not None:  # else the autosave warning told
        warn_unwritable_folders(console, unwritable)
    listen_for_files(app, console.files.add_from_file, console)
    if open_path is not None:
        console.files.add_from_file(open_path)
    elif autosave and ask and not demo and not resumed:  # a GM's own start: where they were
        _reopen_last(console)
    if demo:
        console.open_all()
        _cascade(console)
        bring_forward(console)  # the stations stand behind it, as players bring them up
        if autosave:  # a GM's own start (not the screenshots'): what to do first
            from bridge.ui.console.start_here import show_start_here

            show_start_here(console)
    return console, model


def bring_forward(console: GmConsole) -> None:
    """The GM console on top of the station windows just shown, and active: the window
    manager maps and focuses each new window in the order asked, so this comes last."""
    from PySide6.QtGui import QGuiApplication

    if QGuiApplication.platformName() in ("offscreen", "minimal"):
        return  # (no window manager, no stacking: Qt would only warn)
    console.raise_()
    console.activateWindow()


def _cascade(console: GmConsole) -> None:
    """Windows that have no remembered place cascade so that they do not sit on one
    another, each whole on the screen (placed once the window manager has framed them,
    by their real frames)."""
    from bridge.engine import Station
    from bridge.ui.base.settings import settings

    store = settings()
    stations = list(Station)
    for i, station in enumerate(stations):
        window = console.stations.get(station)
        if window is None or window.fit is None:
            continue
        if not store.contains(f"windows/{window.geometry_key}/geometry"):
            window.fit.slot = (i, len(stations))
            window.fit.place()


def _laptop_screen() -> str:
    """Offscreen Qt with a 1366x768 screen (its own is 800x800, which would shrink every
    window below what a player gets), described in a file of the temporary folder."""
    import json
    import tempfile

    screen = {"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768}
    screen |= {"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    with tempfile.NamedTemporaryFile(
        "w", suffix=".json", prefix="bridge-screen-", delete=False, encoding="utf-8"
    ) as config:
        json.dump({"screens": [screen]}, config)
    return f"offscreen:configfile={config.name}"


def run_app(
    demo: bool = False,
    screenshots: Path | None = None,
    seed: int | None = None,
    startup_probe: bool = False,
    open_path: Path | None = None,
) -> int:
    """Open Bridge (on ``open_path`` if given: a battle, ship or character file); with
    ``screenshots`` render every window to PNG files and exit."""
    if screenshots is not None and "QT_QPA_PLATFORM" not in os.environ:
        os.environ["QT_QPA_PLATFORM"] = _laptop_screen()  # offscreen, as on a laptop
    if startup_probe:  # nobody to click: warnings go to stderr, never a message box
        from bridge.ui.base.notices import set_unattended

        set_unattended(True)
    front = None
    if screenshots is None:  # a GM's start: the first picture before the engine loads
        front = first_frame(open_path, demo)
        if front is None:  # one Bridge per user: the running one took the battle
            print("Bridge is already running: the battle opens there.", flush=True)
            return 0
        from bridge.ui.base.error_report import install_error_report

        install_error_report()  # an error nothing caught is logged, and the GM told where
    console, model = build(
        demo or screenshots is not None,
        seed=seed if seed is not None else (7 if screenshots is not None else None),
        autosave=screenshots is None,  # a GM's battle (and the start-up probe) autosaves
        ask=not startup_probe,
        open_path=open_path,
        splash=front.splash if front is not None else None,
    )
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    assert isinstance(app, QApplication)
    if front is not None:
        from bridge.ui.app.battle_windows import BattleWindows
        from bridge.ui.app.file_open import BridgeApplication

        windows = BattleWindows(console, autosave=True)
        front.instance.serve(windows.handle)
        if isinstance(app, BridgeApplication):  # the desktop's file-open events too
            app.open_file = windows.open_file
    if screenshots is not None:
        from bridge.ui.app.screenshots import render_all

        for path in render_all(console, model, screenshots):
            print(path)
        return 0
    if startup_probe:  # the same start as for a GM, then a clean exit
        app.processEvents()
        print(f"shown: {model.state.name}\nplatform: {app.platformName()}", flush=True)
        console.confirm_quit = False
        console.close()
        return 0
    from bridge.ui.base.event_loop import close_app_loop, start_lazily

    # Qt's event loop alone: asyncio and qasync load when hosting or joining needs them.
    start_lazily()
    try:
        app.exec()
    finally:
        close_app_loop()
    return 0
