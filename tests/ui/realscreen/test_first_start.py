"""A GM's first start of ``bridge --demo`` on a real X server with a window manager
(Xvfb at 1366x768, openbox), as a process of its own with a fresh home: the GM console
comes up on top of the five station windows, and active. The window manager's own word
is read (``_NET_ACTIVE_WINDOW``, ``_NET_CLIENT_LIST_STACKING``), not Qt's."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ui.realscreen.conftest import CHECKOUT, _stop

pytestmark = pytest.mark.realscreen

CONSOLE = "Bridge — Ambush at Kessik Nebula"
STATIONS = {
    "Bridge — Command",
    "Bridge — Helm and Navigation",
    "Bridge — Security and Tactical",
    "Bridge — Communications and Internal Systems",
    "Bridge — Sensors and Science",
}
SETTLE_SECONDS = 60.0


def _xprop(display: str, *args: str) -> str:
    xprop = shutil.which("xprop")
    assert xprop is not None
    done = subprocess.run(
        [xprop, *args],
        env={**os.environ, "DISPLAY": display},
        capture_output=True,
        text=True,
        timeout=10,
        check=False,
    )
    return done.stdout


def _ids(text: str) -> list[str]:
    """The window ids an ``xprop`` WINDOW list names (``... # 0x400007, 0x40000e``)."""
    _, _, found = text.partition("#")
    return [w.strip() for w in found.split(",") if w.strip().startswith("0x")]


def _title(display: str, window: str) -> str:
    said = _xprop(display, "-id", window, "_NET_WM_NAME")
    _, _, value = said.partition("=")
    return value.strip().strip('"')


def _screen(display: str) -> tuple[str, list[str]]:
    """The active window's title, and every window's title from the bottom of the stack
    to its top, as the window manager says."""
    stacking = _ids(_xprop(display, "-root", "_NET_CLIENT_LIST_STACKING"))
    active = _ids(_xprop(display, "-root", "_NET_ACTIVE_WINDOW"))
    titles = [_title(display, w) for w in stacking]
    return (_title(display, active[0]) if active else ""), titles


@pytest.fixture
def first_start(x_display: str, tmp_path: Path) -> Iterator[tuple[str, list[str]]]:
    """``bridge --demo`` started as a GM starts it the first time (a fresh home); what
    the screen shows once its six windows are up and the window manager has settled."""
    env = {
        **os.environ,
        "DISPLAY": x_display,
        "QT_QPA_PLATFORM": "xcb",
        "BRIDGE_HOME": str(tmp_path / "home"),
    }
    env.pop("WAYLAND_DISPLAY", None)
    bridge = subprocess.Popen(
        [sys.executable, "-m", "bridge", "--demo"],
        cwd=CHECKOUT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        seen: tuple[str, list[str]] = ("", [])
        end = time.monotonic() + SETTLE_SECONDS
        while time.monotonic() < end and bridge.poll() is None:
            now = _screen(x_display)
            if set(now[1]) >= STATIONS and CONSOLE in now[1] and now == seen:
                break  # all six up, and the same as a moment ago: settled
            seen = now
            time.sleep(0.5)
        time.sleep(1.0)  # nothing comes up over it a moment later
        yield _screen(x_display)
    finally:
        _stop(bridge)  # (the process this test started; its autosave is in tmp_path)
        assert bridge.stderr is not None
        with bridge.stderr:
            said = bridge.stderr.read().decode(errors="replace")
        assert "Traceback" not in said, said


def test_the_first_start_shows_the_gm_console_on_top_and_active(
    first_start: tuple[str, list[str]],
) -> None:
    active, stack = first_start
    bridges = [t for t in stack if t.startswith("Bridge")]
    assert set(bridges) == STATIONS | {CONSOLE}, bridges
    assert active == CONSOLE
    assert bridges[-1] == CONSOLE, f"from the bottom up: {bridges}"
