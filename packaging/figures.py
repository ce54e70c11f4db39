"""Measure what packaging/build made (it builds nothing): Bridge's frozen bundle against a
bare PySide6 window frozen the same way, and the frozen app's start-up against the source's.

    python packaging/figures.py [--pairs 7] [--source "PYTHON -m bridge"]

Sizes: on disk (as du counts) and compressed (tar.xz, made in a temporary folder).
Start-up: time until ``--startup-probe`` prints ``shown:`` (the GM console is up), in
interleaved pairs (frozen, source) after one warm-up run of each, with bytecode compiled;
medians. Goals (issue 11): bundle at most 1.3x the bare one, start-up at most 1.1x source.
"""

from __future__ import annotations

import argparse
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist"
SIZE_GOAL = 1.3
STARTUP_GOAL = 1.1


def bundle(name: str) -> Path:
    """dist/NAME.app on macOS when there is one, else dist/NAME."""
    app = DIST / f"{name}.app"
    return app if app.is_dir() else DIST / name


def executable(name: str) -> Path:
    """The console executable of a bundle (the one that prints)."""
    folder = bundle(name)
    if folder.suffix == ".app":
        return folder / "Contents" / "MacOS" / name
    for candidate in (f"{name.lower()}-cli.exe", f"{name}.exe", name):
        if (folder / candidate).is_file():
            return folder / candidate
    raise SystemExit(f"figures: no executable in {folder}: run packaging/build first")


def disk_size(folder: Path) -> int:
    """Bytes on disk, as du counts them (each hard-linked file once)."""
    seen: set[tuple[int, int]] = set()
    total = 0
    for path in [folder, *folder.rglob("*")]:
        st = path.lstat()
        if (st.st_dev, st.st_ino) in seen:
            continue
        seen.add((st.st_dev, st.st_ino))
        blocks = getattr(st, "st_blocks", None)
        total += blocks * 512 if blocks is not None else st.st_size
    return total


def compressed_size(folder: Path, scratch: Path) -> int:
    """Bytes of the folder as a tar.xz (the Linux download's compression)."""
    out = scratch / f"{folder.name}.tar.xz"
    env = {**os.environ, "XZ_OPT": os.environ.get("XZ_OPT", "-6 -T0")}
    subprocess.run(
        ["tar", "-C", str(folder.parent), "-cJf", str(out), folder.name], check=True, env=env
    )
    return out.stat().st_size


def time_to_shown(argv: Sequence[str], home: Path) -> float:
    """Seconds from launch until the app prints ``shown`` (its windows are up)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env |= {"QT_QPA_PLATFORM": "offscreen", "BRIDGE_HOME": str(home)}
    start = time.perf_counter()
    with subprocess.Popen(
        list(argv), stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=env
    ) as proc:
        assert proc.stdout is not None
        for line in proc.stdout:
            if line.startswith("shown"):
                elapsed = time.perf_counter() - start
                break
        else:
            raise SystemExit(f"figures: {argv[0]} never said it was shown (exit {proc.wait()})")
        proc.wait(timeout=60)
    return elapsed


def paired_startup(
    frozen: Sequence[str], source: Sequence[str], pairs: int, scratch: Path
) -> tuple[list[float], list[float]]:
    """Interleaved runs, frozen then source, after one warm-up of each."""
    homes = {"frozen": scratch / "home-frozen", "source": scratch / "home-source"}
    time_to_shown(frozen, homes["frozen"])
    time_to_shown(source, homes["source"])
    times: tuple[list[float], list[float]] = ([], [])
    for _ in range(pairs):
        times[0].append(time_to_shown(frozen, homes["frozen"]))
        times[1].append(time_to_shown(source, homes["source"]))
    return times


def _source_command(text: str | None) -> list[str]:
    if text:
        return shlex.split(text)
    for python in (ROOT / ".venv" / "bin" / "python", ROOT / ".venv" / "Scripts" / "python.exe"):
        if python.is_file():
            return [str(python), "-m", "bridge"]
    return [sys.executable, "-m", "bridge"]


def _mb(n: float) -> str:
    return f"{n / 1_000_000:8.1f} MB"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=7, help="timed pairs (default 7)")
    parser.add_argument(
        "--source", help='the source command (default ".venv/bin/python -m bridge")'
    )
    args = parser.parse_args(argv)
    source = _source_command(args.source)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([source[0], "-m", "compileall", "-q", str(ROOT / "bridge")], check=True, env=env)

    with tempfile.TemporaryDirectory() as tmp:
        scratch = Path(tmp)
        app, bare = bundle("Bridge"), bundle("bare")
        disk = disk_size(app), disk_size(bare)
        packed = compressed_size(app, scratch), compressed_size(bare, scratch)
        probe = [str(executable("Bridge")), "--startup-probe"]
        frozen_t, source_t = paired_startup(
            probe, [*source, "--startup-probe"], args.pairs, scratch
        )
        bare_t = [time_to_shown([str(executable("bare"))], scratch) for _ in range(args.pairs)]

    frozen_m, source_m = statistics.median(frozen_t), statistics.median(source_t)
    rows = [
        ("bundle on disk", _mb(disk[0]), _mb(disk[1]), disk[0] / disk[1], SIZE_GOAL),
        ("bundle as tar.xz", _mb(packed[0]), _mb(packed[1]), packed[0] / packed[1], SIZE_GOAL),
    ]
    print(f"{'':18} {'Bridge':>11} {'bare':>11} {'ratio':>6}  goal")
    for label, a, b, ratio, goal in rows:
        verdict = "met" if ratio <= goal else "MISSED"
        print(f"{label:18} {a} {b} {ratio:5.2f}x  <= {goal}x {verdict}")
    print()
    print(f"{'start-up (median)':18} {'frozen':>11} {'source':>11} {'ratio':>6}  goal")
    ratio = frozen_m / source_m
    verdict = "met" if ratio <= STARTUP_GOAL else "MISSED"
    print(
        f"{'Bridge':18} {frozen_m:9.3f} s {source_m:9.3f} s {ratio:5.2f}x  "
        f"<= {STARTUP_GOAL}x {verdict}"
    )
    print(f"{'bare window':18} {statistics.median(bare_t):9.3f} s")
    print(
        f"({args.pairs} interleaved pairs after a warm-up; frozen runs "
        + ", ".join(f"{t:.3f}" for t in frozen_t)
        + "; source runs "
        + ", ".join(f"{t:.3f}" for t in source_t)
        + ")"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
