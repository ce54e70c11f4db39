"""Start-up and memory probes, one process each: ``python -m bridge.bench.windows.start MODE``.

Each process starts, shows its windows, waits until they are painted and idle (the
benchmark's own event filter, :mod:`bridge.bench.windows.idle`), then prints one JSON line:
its CPU seconds so far, its resident memory (KiB) and its windows' sizes. The parent
times launch to that line.

- ``bare``: a bare PySide6 window (the yardstick for start-up);
- ``bare6 W1xH1,W2xH2,...``: a bare app with empty windows of those sizes (the
  yardstick for memory);
- ``six``: Bridge as ``bridge --demo`` starts, autosave on: the GM console and the five
  station windows;
- ``console``: Bridge as ``bridge`` starts, autosave on: the GM console painted and its
  event loop (Qt's; asyncio joins it when the network is first used) running, so it
  answers the GM;
- ``paint``: Bridge as ``bridge`` starts, to its first picture: the command line, then
  the start's front (the error report, the claim to be the user's one Bridge, the
  splash) until the splash is painted, before the engine is imported.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from bridge.bench.process import cpu_seconds, resident_kib

SCREEN = (1920, 1080)
"""The offscreen screen the windows open on (offscreen Qt's own is 800x800, which
would shrink every window below the size a GM sees)."""

__all__ = [
    "SCREEN",
    "StartRun",
    "idle_until_painted",
    "launch",
    "main",
    "probe_env",
    "run_probe",
    "screen_platform",
    "start_rounds",
]


def screen_platform(folder: Path, platform: str | None) -> str:
    """``platform`` (offscreen if not given) for the benchmark: offscreen Qt gets a
    :data:`SCREEN`-sized screen, described in a file written in ``folder``."""
    if platform not in (None, "", "offscreen") and not str(platform).startswith("offscreen:"):
        return str(platform)
    config = folder / "screen.json"
    width, height = SCREEN
    screen = {"name": "bench", "x": 0, "y": 0, "width": width, "height": height}
    screen |= {"logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}
    config.write_text(json.dumps({"screens": [screen]}), encoding="utf-8")
    return f"offscreen:configfile={config}"


def _report(windows: list[object]) -> None:
    from PySide6.QtWidgets import QWidget

    sizes = [
        f"{w.width()}x{w.height()}" for w in windows if isinstance(w, QWidget) and w.isVisible()
    ]
    line = {"cpu": cpu_seconds(), "rss": resident_kib(), "sizes": sizes}
    print(json.dumps(line), flush=True)


def idle_until_painted() -> None:
    """Until the windows shown are painted and idle, watched as the refresh figures
    watch them (a filter on the windows alone: every repaint of a window starts with an
    UpdateRequest to it). A filter on every event of the application, in Python, made
    Python wrappers for every internal widget it saw: a cost of the probe's, about a
    third of a bare window's start, that a real start does not spend."""
    from PySide6.QtWidgets import QApplication

    from bridge.bench.windows.idle import WindowWatch, wait_idle

    windows = [w for w in QApplication.topLevelWidgets() if w.isVisible()]
    watch = WindowWatch(windows)
    wait_idle(watch)
    watch.remove()


def _bare(sizes: list[tuple[int, int]]) -> None:
    from PySide6.QtWidgets import QApplication, QWidget

    app = QApplication(sys.argv[:1])
    windows = []
    for width, height in sizes:
        window = QWidget()
        window.resize(width, height)
        window.show()
        windows.append(window)
    idle_until_painted()
    _report(list(windows))
    app.quit()


def _bridge(demo: bool) -> None:
    from bridge.ui.app.collector import hold

    hold()  # as ``bridge`` starts
    from bridge.ui.app.start import build  # first, as ``bridge`` loads them: the core before Qt
    from bridge.ui.base.notices import set_unattended

    set_unattended(True)  # as the start-up probe: a warning goes to stderr
    console, _model = build(demo, autosave=True, ask=False)
    idle_until_painted()
    if not demo:  # the console answers once Qt's event loop runs, as ``bridge`` runs it
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication

        app = QApplication.instance()
        assert app is not None
        QTimer.singleShot(0, app.exit)  # one turn of it, closing nothing
        app.exec()
    _report([console, *console.stations.values()])
    console.confirm_quit = False
    console.close()


def _first_paint() -> None:
    import bridge.cli  # noqa: F401  (``bridge`` runs through the command line first)
    from bridge.ui.app.collector import hold

    hold()  # as ``bridge`` starts
    from bridge.ui.app.start import first_frame

    front = first_frame()
    if front is None:
        raise SystemExit("another Bridge holds this home: the probe needs its own")
    idle_until_painted()
    _report([front.splash])


def _sizes(text: str) -> list[tuple[int, int]]:
    pairs = [part.split("x") for part in text.split(",") if part]
    return [(int(w), int(h)) for w, h in pairs]


def main(argv: list[str]) -> None:
    mode = argv[0] if argv else ""
    if mode == "bare":
        _bare([(400, 300)])
    elif mode == "bare6":
        _bare(_sizes(argv[1]) if len(argv) > 1 else [(1280, 690)] * 6)
    elif mode in ("six", "console"):
        _bridge(demo=mode == "six")
    elif mode == "paint":
        _first_paint()
    else:
        raise SystemExit(
            "usage: python -m bridge.bench.windows.start bare|bare6 SIZES|six|console|paint"
        )


# -- the parent: launching the probes, bare and Bridge interleaved ---------------------------
class StartRun:
    """One probe process: seconds from launch to its line, its CPU seconds by then, its
    resident memory (KiB) and its windows' sizes."""

    def __init__(self, wall: float, line: dict[str, object]) -> None:
        self.wall = wall
        self.cpu = float(line["cpu"])  # type: ignore[arg-type]
        self.rss = int(line["rss"])  # type: ignore[call-overload]
        sizes = line["sizes"]
        self.sizes = [str(s) for s in sizes] if isinstance(sizes, list) else []


def probe_env(home: str) -> dict[str, str]:
    """The probes' environment: bytecode may be read (as an installed Bridge has it),
    Bridge's files go to ``home``, Qt renders offscreen on a :data:`SCREEN`-sized
    screen unless told otherwise."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["QT_QPA_PLATFORM"] = screen_platform(Path(home), env.get("QT_QPA_PLATFORM"))
    env["BRIDGE_HOME"] = home
    return env


def compile_bridge() -> None:
    """Write Bridge's bytecode, as an installed Bridge has it (pip compiles on install)."""
    import compileall

    import bridge

    compileall.compile_dir(Path(bridge.__file__).parent, quiet=1)


def run_probe(module: str, env: dict[str, str], *args: str) -> tuple[float, dict[str, object]]:
    """Start ``python -m module args``; its wall time from launch to its one JSON line,
    and the line."""
    import subprocess
    import time

    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", module, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,  # Qt's offscreen plugin chatters on stderr
        text=True,
        env=env,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    wall = time.perf_counter() - start
    proc.stdout.close()
    if proc.wait(timeout=120) != 0 or not line:
        raise RuntimeError(f"the start-up probe {args!r} failed (exit {proc.returncode})")
    found = json.loads(line)
    return wall, found if isinstance(found, dict) else {}


def launch(mode: str, env: dict[str, str], *extra: str) -> StartRun:
    """Start one probe and time it from launch to its line."""
    wall, line = run_probe("bridge.bench.windows.start", env, mode, *extra)
    return StartRun(wall, line)


def start_rounds(runs: int) -> dict[str, list[StartRun]]:
    """``runs`` rounds of the five probes, one of each per round (the order turns each
    round), after one untimed round that writes preferences and warms the disk cache."""
    import tempfile

    compile_bridge()
    order = ["bare", "six", "bare6", "console", "paint"]
    found: dict[str, list[StartRun]] = {mode: [] for mode in order}
    with tempfile.TemporaryDirectory(prefix="bridge-bench-") as home:
        env = probe_env(home)
        sizes = launch("six", env).sizes
        launch("console", env)
        launch("paint", env)
        for n in range(runs):
            turn = n % len(order)
            for mode in order[turn:] + order[:turn]:
                extra = [",".join(sizes)] if mode == "bare6" else []
                found[mode].append(launch(mode, env, *extra))
    return found


if __name__ == "__main__":
    main(sys.argv[1:])
