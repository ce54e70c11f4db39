"""The start-up probe starts on the platform it is given (a user's start gets xcb, cocoa or
windows, never a forced offscreen one) and says which; the app names its desktop entry."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from bridge import APP_ID


def _bridge(code: list[str], platform: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "QT_QPA_PLATFORM": platform, "BRIDGE_HOME": str(home)}
    return subprocess.run(
        [sys.executable, *code], capture_output=True, text=True, env=env, timeout=120, check=False
    )


def test_the_probe_starts_on_the_platform_given_and_reports_it(tmp_path: Path) -> None:
    # "minimal" stands for the desktop's own plugin: anything but offscreen would do
    done = _bridge(["-m", "bridge", "--startup-probe"], "minimal", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "platform: minimal"


def test_the_app_names_its_desktop_entry_by_the_application_id(tmp_path: Path) -> None:
    code = (
        "from PySide6.QtGui import QGuiApplication\n"
        "from bridge.ui.app.start import build\n"
        "console, model = build(demo=False)\n"
        "print(QGuiApplication.desktopFileName())\n"
        "console.confirm_quit = False\n"
        "console.close()\n"
    )
    done = _bridge(["-c", code], "offscreen", tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == APP_ID
