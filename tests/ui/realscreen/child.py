"""Bridge on a real screen, as a GM and five players see it: run by the real-screen tests
in a child process on the xcb platform, on an X server with a window manager.

Opens the demo as ``bridge --demo`` does, waits until the window manager has framed and
Bridge has placed every window, then plays what a table does (a Turn, every Task's
dialog with a full Momentum pool, the shared laptop closed and opened again, larger
text, the boarding action's windows at 100% and 120%) and prints one JSON object: for
each check, what a person could not see. Qt's own messages go to stderr, one line each,
for the tests to judge.

``BRIDGE_REALSCREEN_SHOTS=DIR`` also saves a picture of the whole screen at each step.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QPoint, qInstallMessageHandler
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QPushButton, QWidget

from bridge.engine import AdjustPool, SetValue, Station
from bridge.rules.dice import GivenDice
from bridge.ui.app.start import build
from tests.ui.fit import READOUTS, clipped, must_fit, off_screen, scroll_bars
from tests.ui.realscreen.away import away_team, real_turn
from tests.ui.realscreen.run import Run
from tests.ui.realscreen.table import stations_and_viewscreen

TASKS = (
    ("regenerate_shields", Station.OPERATIONS),
    ("power_management", Station.OPERATIONS),
    ("evasive_action", Station.HELM),
    ("attack_pattern", Station.HELM),
    ("fire_weapon", Station.TACTICAL),
)
LARGER = frozenset({*READOUTS, "card", "controls", "battle"})
"""At 150%: the columns of a window scroll inside it (the window itself never)."""
SHOTS = os.environ.get("BRIDGE_REALSCREEN_SHOTS")


def wait_until(ready: Callable[[], bool], seconds: float = 5.0) -> bool:
    """Let events pass until ``ready()``, for at most ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        QTest.qWait(20)
        if ready():
            QTest.qWait(60)  # what the window manager's answer started settles
            return True
    return False


def placed(window: QWidget) -> bool:
    """Framed by the window manager and placed by Bridge by that frame."""
    fit = getattr(window, "fit", None)
    framed = window.frameGeometry() != window.geometry()
    return window.isVisible() and framed and (fit is None or fit.settled)


def shot(name: str) -> None:
    if SHOTS:
        QTest.qWait(150)
        screen = QGuiApplication.primaryScreen()
        screen.grabWindow(0).save(str(Path(SHOTS) / f"{name}.png"))


def across(window: QWidget, inside: QWidget | None = None) -> list[str]:
    """The horizontal scroll bars of ``window`` (in ``inside``): what is cut across."""
    return [bar for bar in scroll_bars(window, inside) if bar.startswith("horizontal")]


def run_child(main: Callable[[], None]) -> None:
    """A real-screen child's start: on a real X server, Qt's messages to stderr (the test
    fails on any), the pictures' folder made, then ``main``."""
    assert os.environ.get("QT_QPA_PLATFORM", "").startswith("xcb"), "on a real X server (xcb)"
    qInstallMessageHandler(
        lambda kind, _ctx, text: print(f"Qt {kind.name}: {text}", file=sys.stderr)
    )
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
    main()


def main() -> None:
    console, model = build(demo=True, seed=7, autosave=False, ask=False)
    console.confirm_quit = False
    run = Run(console, model, shot, wait_until)
    seen = run.seen
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    windows: list[QWidget] = [console, *console.stations.values()]
    seen["framed"] = all(wait_until(lambda w=w: placed(w)) for w in windows)
    screen = app.primaryScreen()
    seen["screen"] = [screen.geometry().getRect(), screen.availableGeometry().getRect()]
    shot("01-demo")

    # Every window whole on the screen, nothing to scroll in it but its readouts.
    for w in windows:
        seen[f"frame: {w.windowTitle()}"] = off_screen(w)
        seen[f"fits: {w.windowTitle()}"] = must_fit(w)

    # The card stays where it is at START TURN and after a Minor Action.
    tactical = console.stations[Station.TACTICAL]
    tactical.raise_()
    fire = tactical.buttons["fire_weapon"].button

    def fire_y() -> int:
        return fire.mapTo(tactical, QPoint(0, 0)).y()

    before = fire_y()
    tactical.start_button.click()
    QTest.qWait(150)
    started = fire_y()
    tactical.buttons["prepare"].button.click()
    QTest.qWait(150)
    seen["card y: before, at START TURN, after a Minor Action"] = [before, started, fire_y()]
    while model.state.turn.actor is not None:
        model.undo()
    QTest.qWait(100)

    # Every Task's dialog, with Momentum 2 and with a full pool (6 of 6: a warning about
    # the cap), at SET UP and after ROLL; and what Enter would press. The shields are down
    # to 5 first: Regenerate Shields is refused at the card while they are full.
    model.submit(SetValue(by="gm", path="ships.resolute.shields", value=5))
    for pool in (2, 6):
        if model.state.momentum.value != pool:
            model.submit(
                AdjustPool(by="gm", pool="momentum", delta=pool - model.state.momentum.value)
            )
        for key, station in TASKS:
            window = console.stations[station]
            window.raise_()
            window.start_button.click()
            window.buttons[key].button.click()
            dialog = window.dialog
            assert dialog is not None
            wait_until(lambda d=dialog: placed(d))
            case = f"{key}, Momentum {pool}"
            seen[f"dialog at SET UP: {case}"] = must_fit(dialog, frozenset()) + off_screen(dialog)
            model.session._dice = GivenDice(d20=(1, 2, 1, 12, 12, 12), d6=(2,) * 12)
            dialog.roll_button.click()
            QTest.qWait(150)
            shot(f"02-{key}-{pool}")
            seen[f"dialog after ROLL: {case}"] = must_fit(dialog, frozenset()) + off_screen(dialog)
            seen[f"Enter after ROLL: {case}"] = [
                b.text() for b in dialog.findChildren(QPushButton) if b.isDefault()
            ]
            dialog.close()
            while model.state.pending is not None or model.state.turn.actor is not None:
                model.undo()
            QTest.qWait(50)

    # The shared laptop: opened, moved down, closed, opened again where it was left.
    for station in list(console.stations.values()):
        station.close()
    laptop = console.shared_laptop()
    wait_until(lambda: placed(laptop))
    shot("03-shared-laptop")
    seen["frame: shared laptop"] = off_screen(laptop)
    seen["fits: shared laptop"] = must_fit(laptop)
    laptop.move(laptop.frameGeometry().x(), 120)
    QTest.qWait(300)
    laptop.close()
    QTest.qWait(100)
    laptop = console.shared_laptop()
    wait_until(lambda: placed(laptop))
    shot("04-shared-laptop-reopened")
    seen["frame: shared laptop opened again"] = off_screen(laptop)
    laptop.text_size.set(1.5)
    QTest.qWait(300)
    shot("04b-shared-laptop-150")
    seen["fits at 150%: shared laptop"] = must_fit(laptop, LARGER, words=False) + off_screen(laptop)
    laptop.text_size.set(1.0)
    laptop.close()

    # 150% text in the GM console: the pools in view, the ship panel not cut; then in a
    # station, which the GM console's size leaves alone.
    console.text_size.set(1.5)
    QTest.qWait(300)
    shot("05-console-150")
    seen["fits at 150%: GM console"] = must_fit(console, LARGER, words=False)
    console._show_ship(list(model.state.ships).index("qoj"), 0)
    QTest.qWait(300)
    shot("06-console-150-ship-panel")
    panel = console.picture_tabs.currentWidget()
    seen["ship panel at 150%: nothing cut across"] = across(console, panel) + clipped(console)
    station = console.open_station(Station.TACTICAL)
    wait_until(lambda: placed(station))
    station.text_size.set(1.5)
    QTest.qWait(300)
    shot("07-tactical-150")
    seen["fits at 150%: Security and Tactical"] = must_fit(station, LARGER, words=False)
    seen["frame at 150%: Security and Tactical"] = off_screen(station)
    station.start_button.click()
    station.buttons["fire_weapon"].button.click()
    dialog = station.dialog
    assert dialog is not None
    wait_until(lambda: placed(dialog))
    shot("08-fire-weapon-150")
    seen["frame at 150%: Fire Weapon"] = off_screen(dialog)
    seen["Fire Weapon at 150%: nothing cut across"] = across(dialog) + clipped(dialog)
    dialog.close()
    console.text_size.set(1.0)
    station.text_size.set(1.0)
    station.close()

    # At 120% the GM console's controls are whole and its ship table's names too.
    console.text_size.set(1.2)
    QTest.qWait(400)
    shot("08b-console-120")
    seen["fits at 120%: GM console"] = must_fit(console) + off_screen(console)
    console.text_size.set(1.0)
    QTest.qWait(200)

    # Every station at 110% and 120% (two Complications in Active Effects, a Turn's
    # controls wrapped), and the viewscreen in a frame (tests.ui.realscreen.table).
    stations_and_viewscreen(run)

    # The away team: the GM's ON FOOT tab, an officer's Conflict card and an attack's
    # form, at 100% and 120%, a roll and damage dice waiting too (tests.ui.realscreen.away).
    away_team(run)
    real_turn(run)
    print(json.dumps(seen, indent=1))
    console.close()


if __name__ == "__main__":
    run_child(main)
