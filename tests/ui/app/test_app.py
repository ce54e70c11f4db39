"""The application end to end: screenshots of every window, start-up."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtGui import QImage

from tests.child import run_python

WINDOWS = {
    "gm-console",
    "gm-ship-panel",
    "character-library",
    "character-editor",
    "shared-laptop",
    "station-command",
    "station-helm",
    "station-tactical",
    "station-operations",
    "station-science",
    "station-card-back",
    "task-dialog-setup",
    "task-dialog-roll",
    "task-dialog-damage",
    "dice-tray",
    "conflict-start",
    "conflict-add",
    "conflict-attack",
    "conflict-card-roll",
    "conflict-card",
    "conflict-card-back",
    "gm-conflict",
    "viewscreen-conflict",
}
TALL = {"viewscreen-conflict": 768}
"""Windows shown full screen: the whole 1366x768 screen, no taskbar nor title bar."""
SHORT = {"conflict-add": 250}
"""Dialogs with a few rows of fields, as tall as those."""


def test_demo_screenshots_render_every_window(tmp_path: Path) -> None:
    """Offscreen, on a 1366x768 screen of its own (no platform given)."""
    env = {**os.environ, "HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    env.pop("QT_QPA_PLATFORM", None)
    done = subprocess.run(
        [sys.executable, "-m", "bridge", "--demo", "--screenshots", str(tmp_path / "shots")],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    made = {p.stem for p in (tmp_path / "shots").glob("*.png")}
    assert made == WINDOWS
    for name in WINDOWS:
        image = QImage(str(tmp_path / "shots" / f"{name}.png"))
        tallest = TALL.get(name, 698)
        shortest = SHORT.get(name, 500)
        assert 700 <= image.width() <= 1366 and shortest <= image.height() <= tallest, name
        # not a blank picture: the LCARS orange header is there
        colors = {
            image.pixelColor(x, y).name()
            for x in range(0, image.width(), 37)
            for y in range(0, 120, 7)
        }
        assert len(colors) > 5, name


def test_the_real_start_autosaves_and_a_clean_exit_closes_it(tmp_path: Path) -> None:
    """`bridge --demo` (here its start-up probe) journals to an autosave from the start."""
    home = tmp_path / "home"
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BRIDGE_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-m", "bridge", "--demo", "--startup-probe"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0 and "shown" in done.stdout, done.stderr
    journals = list((home / "data" / "autosave").glob("*.jsonl"))
    assert len(journals) == 1
    lines = journals[0].read_text().splitlines()
    assert '"format":"bridge.autosave"' in lines[0] and lines[-1] == '{"op":"closed"}'


def test_the_real_start_runs_qts_event_loop_and_asyncio_joins_it_when_first_needed(
    tmp_path: Path,
) -> None:
    """`bridge` starts without asyncio; the network's first task puts a qasync loop on
    the Qt event loop already running, the task runs there, and the app ends cleanly."""
    code = (
        "import sys\n"
        "from PySide6.QtCore import QThread, QTimer\n"
        "from PySide6.QtWidgets import QApplication\n"
        "from bridge.ui.app.start import run_app\n"
        "found = {}\n"
        "def later():\n"
        "    if QThread.currentThread().loopLevel() == 0:  # (the splash being painted)\n"
        "        QTimer.singleShot(0, later)\n"
        "        return\n"
        "    found['loaded'] = sorted({'asyncio', 'qasync'} & set(sys.modules))\n"
        "    import asyncio\n"
        "    from bridge.ui.base.event_loop import app_loop\n"
        "    async def ping():\n"
        "        await asyncio.sleep(0.01)\n"
        "        found['ran'] = asyncio.get_running_loop() is app_loop()\n"
        "        QApplication.instance().exit(0)\n"
        "    app_loop().create_task(ping())\n"
        "app = QApplication(sys.argv[:1])\n"
        "QTimer.singleShot(0, later)\n"
        "status = run_app()\n"
        "print(found.get('loaded'), found.get('ran'), status)\n"
    )
    done = run_python(code, tmp_path, timeout=60)
    assert done.stdout.split("\n")[-2] == "[] True 0"
