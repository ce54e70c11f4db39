"""Smoke-test a frozen (or installed) Bridge the way a GM's first start would use it.

    python packaging/smoke_test.py APP [--bare BARE] [--native]

APP is the executable (``dist/Bridge/Bridge``; on Windows the console twin
``bridge-cli.exe``). It must start on the demo with all windows shown, open a battle file
given on the command line, hand a second launch's battle to the running app, render its
screenshots, run ``odds`` and ``check``, and say plainly that the measuring tools
(``bench``) are not part of it; and it may print nothing on stderr that the bare PySide6
bundle (BARE) does not print too.
By default the windows are drawn offscreen (Qt's offscreen platform); with ``--native``
the app loads the platform plugin a user gets (xcb on Linux, under packaging/run-under-x;
cocoa; windows) and the start must report that plugin, so a missing library fails here.
Exits 1 naming every failure.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

TIMEOUT = 180  # seconds for any one run of the app
OFFSCREEN_NOTICE = re.compile(r"This plugin does not support \w+\(\)")
"""What Qt's offscreen platform (which lets this test run without a screen) says when a
window asks it for a window manager's service (raise, size hints); Bridge run from source
says the same, so it is no sign of a broken bundle."""


NATIVE = {"linux": "xcb", "darwin": "cocoa", "win32": "windows"}
"""The platform plugin a user's desktop loads, by ``sys.platform``."""


def _env(home: Path, native: bool) -> dict[str, str]:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BRIDGE_HOME": str(home)}
    if native:
        del env["QT_QPA_PLATFORM"]
    return env


def _run(argv: Sequence[str], home: Path, native: bool) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        list(argv),
        capture_output=True,
        text=True,
        env=_env(home, native),
        timeout=TIMEOUT,
        check=False,
    )


LISTENING = "later launches hand their battles to it"
"""What the running Bridge writes to its log once a second launch can reach it."""
HANDED = "Bridge is already running"


def _handed_over(app: Path, battle: Path, home: Path, native: bool) -> str | None:
    """Start the app and leave it running; launch it again with ``battle``: the second
    launch must hand the battle over and exit. ``None`` when it did, else what went wrong."""
    log = home / "logs" / "bridge.log"
    first = subprocess.Popen(
        [str(app)],
        env=_env(home, native),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + TIMEOUT
        while LISTENING not in (log.read_text("utf-8") if log.exists() else ""):
            if first.poll() is not None or time.monotonic() > deadline:
                return f"the first launch never listened for a second (exit {first.poll()})"
            time.sleep(0.2)
        second = _run([str(app), str(battle), "--startup-probe"], home, native)
        if second.returncode != 0 or HANDED not in second.stdout:
            return (
                f"exit {second.returncode}, stdout {second.stdout[-400:]!r}, "
                f"stderr {second.stderr[-800:]!r}"
            )
        return None
    finally:
        first.kill()
        first.wait(timeout=30)


def _stderr_lines(result: subprocess.CompletedProcess[str]) -> set[str]:
    lines = {line.strip() for line in result.stderr.splitlines()}
    return {line for line in lines if line and not OFFSCREEN_NOTICE.fullmatch(line)}


def smoke(app: Path, bare: Path | None, native: bool = False) -> list[str]:
    """Every failure found, as sentences (empty when the app passed)."""
    failures: list[str] = []
    stderr: set[str] = set()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        home.mkdir()

        def step(what: str, argv: Sequence[str], *expect: str) -> subprocess.CompletedProcess[str]:
            result = _run(argv, home, native)
            stderr.update(_stderr_lines(result))
            if result.returncode != 0 or any(e not in result.stdout for e in expect):
                failures.append(
                    f"{what}: exit {result.returncode}, expected {expect!r} in the output; "
                    f"stdout: {result.stdout[-400:]!r} stderr: {result.stderr[-800:]!r}"
                )
            return result

        platform = NATIVE.get(sys.platform, "?") if native else "offscreen"
        step(
            f"start on the demo ({platform})",
            [str(app), "--demo", "--startup-probe"],
            "shown: Ambush",
            f"platform: {platform}\n",
        )
        shots = Path(tmp) / "shots"
        step("render the screenshots", [str(app), "--screenshots", str(shots)], ".png")
        pngs = sorted(shots.glob("*.png"))
        if len(pngs) < 8 or any(p.stat().st_size < 10_000 for p in pngs):
            failures.append(f"screenshots: {len(pngs)} PNG files, some empty: {pngs}")
        step("odds", [str(app), "odds", "--target", "11", "--difficulty", "2"], "P(success)")

        battle = _saved_battle(Path(tmp) / "Night Watch.bridge", "Night Watch")
        step("check", [str(app), "check", str(battle)], "a valid bridge.encounter file")
        step(
            "open a double-clicked battle",
            [str(app), str(battle), "--startup-probe"],
            "shown: Night Watch",
        )

        handed = _handed_over(app, battle, Path(tmp) / "second-home", native)
        if handed is not None:
            failures.append(f"a second launch handed to the running app: {handed}")
        tools = _run([str(app), "bench", "--quick"], home, native)
        if tools.returncode != 2 or "not part of this installation" not in tools.stderr:
            failures.append(
                f"bench in the frozen app: exit {tools.returncode}, stderr {tools.stderr[-400:]!r}"
            )

        if bare is not None:
            baseline = _run([str(bare)], home, native)
            if "shown" not in baseline.stdout:
                failures.append(f"the bare bundle did not start: {baseline.stderr[-800:]!r}")
            extra = sorted(stderr - _stderr_lines(baseline))
            if extra:
                failures.append("stderr beyond the bare bundle's:\n  " + "\n  ".join(extra[:40]))
    return failures


def _saved_battle(path: Path, name: str) -> Path:
    """The demo battle renamed, saved by Bridge itself (from this checkout's sources), as a
    GM's double-clicked file would be."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from bridge.engine.demo import demo_encounter
    from bridge.engine.session import Session
    from bridge.storage.battle import save_battle

    save_battle(path, Session(demo_encounter().model_copy(update={"name": name})))
    return path


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("app", type=Path, help="the frozen Bridge executable")
    parser.add_argument("--bare", type=Path, help="the frozen bare-window executable")
    parser.add_argument(
        "--native", action="store_true", help="the desktop's own platform plugin, not offscreen"
    )
    args = parser.parse_args(argv)
    failures = smoke(args.app, args.bare, args.native)
    for failure in failures:
        print(f"smoke test: FAILED: {failure}", file=sys.stderr)
    if not failures:
        where = "the desktop's platform plugin" if args.native else "offscreen"
        print(
            f"smoke test: {args.app} passed (start, open, screenshots, odds, check, stderr; "
            f"{where})"
        )
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
