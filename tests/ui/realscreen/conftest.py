"""A real X server with a window manager, one per test session: Xvfb at 1366x768 on a
display number it picks itself (``-displayfd``), and openbox framing its windows. Bridge
runs on it in a child process on the xcb platform, as a GM's Linux desktop runs it (the
test process keeps its offscreen application).

Xvfb, openbox, xprop and xdotool must be installed (``packaging/install-deps --tests``
installs them on Debian and Ubuntu): without them these tests fail, saying so; they never
skip.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

SCREEN = "1366x768x24"
CHECKOUT = Path(__file__).resolve().parents[3]
"""The child runs as ``python -m tests.ui.realscreen.child`` from here."""
TOOLS = ("Xvfb", "openbox", "xprop", "xdotool")
START_SECONDS = 10.0
CHILD_SECONDS = 240


def _tool(name: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.fail(
            f"{name} is not installed: the real-screen tests need Xvfb, openbox, xprop and "
            "xdotool (packaging/install-deps --tests, or apt-get install xvfb openbox "
            "x11-utils xdotool)",
            pytrace=False,
        )
    return path


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def _display_number(read: int, xvfb: subprocess.Popen[bytes]) -> str:
    """The number Xvfb writes to ``read`` once it is ready (bounded in time)."""
    said = b""
    end = time.monotonic() + START_SECONDS
    while not said.endswith(b"\n") and time.monotonic() < end and xvfb.poll() is None:
        ready, _, _ = select.select([read], [], [], 0.2)
        if ready:
            chunk = os.read(read, 16)
            if not chunk:
                break
            said += chunk
    return said.decode().strip()


@pytest.fixture(scope="session")
def x_display(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``:N``, a fresh Xvfb (1366x768) with openbox managing its windows."""
    xvfb_path, openbox_path, xprop_path, _ = (_tool(t) for t in TOOLS)
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        [xvfb_path, "-displayfd", str(write), "-screen", "0", SCREEN, "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    try:
        number = _display_number(read, xvfb)
    finally:
        os.close(read)
    if not number.isdigit():
        _stop(xvfb)
        pytest.fail("Xvfb did not start (it never said which display it took)", pytrace=False)
    display = f":{number}"
    env = {**os.environ, "DISPLAY": display, "HOME": str(tmp_path_factory.mktemp("wm-home"))}
    wm = subprocess.Popen(
        [openbox_path, "--sm-disable"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        end = time.monotonic() + START_SECONDS
        while time.monotonic() < end:  # openbox is up once it names itself on the root
            probe = subprocess.run(
                [xprop_path, "-root", "_NET_SUPPORTING_WM_CHECK"],
                env=env,
                capture_output=True,
                text=True,
                timeout=5,
                check=False,
            )
            if "window id" in probe.stdout:
                break
            time.sleep(0.1)
        else:
            pytest.fail("openbox did not start on the X server", pytrace=False)
        yield display
    finally:
        _stop(wm)
        _stop(xvfb)


def child_saw(module: str, display: str, home: Path) -> dict[str, Any]:
    """What ``python -m module`` saw on the real screen; ``qt`` holds what Qt or Python
    printed, ``seconds`` how long it took."""
    env = {**os.environ, "DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "BRIDGE_HOME": str(home)}
    env.pop("WAYLAND_DISPLAY", None)
    started = time.monotonic()
    child = subprocess.run(
        [sys.executable, "-W", "error", "-m", module],
        cwd=CHECKOUT,
        env=env,
        capture_output=True,
        text=True,
        timeout=CHILD_SECONDS,
        check=False,
    )
    if child.returncode != 0:
        pytest.fail(f"Bridge failed on the real screen:\n{child.stderr[-4000:]}", pytrace=False)
    seen: dict[str, Any] = json.loads(child.stdout)
    seen["qt"] = child.stderr
    seen["seconds"] = round(time.monotonic() - started, 1)
    return seen


@pytest.fixture(scope="session")
def real_screen(x_display: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """What the child saw on the real screen (tests.ui.realscreen.child)."""
    return child_saw("tests.ui.realscreen.child", x_display, tmp_path_factory.mktemp("bridge-home"))


@pytest.fixture(scope="session")
def real_boarding(x_display: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The demo's boarding action played to its end (tests.ui.realscreen.boarding)."""
    home = tmp_path_factory.mktemp("bridge-home")
    return child_saw("tests.ui.realscreen.boarding", x_display, home)
