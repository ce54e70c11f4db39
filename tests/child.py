"""Python code run by an interpreter of its own: a start as a GM's, nothing loaded or
built by the tests before it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

__all__ = ["run_python"]

ROOT = Path(__file__).resolve().parents[1]


def run_python(
    code: str, home: Path | None = None, timeout: float = 120, ok: bool = True, **env: str
) -> subprocess.CompletedProcess[str]:
    """``code`` run by a Python of its own on the offscreen platform, this checkout first
    on its path (``home``: its BRIDGE_HOME; ``env``: more of its environment), its output
    captured. With ``ok``, a child that failed fails the test with what it wrote to
    stderr."""
    given = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(ROOT), **env}
    if home is not None:
        given["BRIDGE_HOME"] = str(home)
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=given,
        timeout=timeout,
        check=False,
    )
    assert not ok or done.returncode == 0, done.stderr
    return done
