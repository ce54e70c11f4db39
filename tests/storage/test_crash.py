"""Crash recovery: kill a real process mid-battle, at random moments, again and again."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from bridge.engine.session import Session
from bridge.storage.autosave import recover

DRIVER = Path(__file__).with_name("crash_driver.py")
ROOT = Path(__file__).resolve().parents[2]


def test_killed_at_random_points_nothing_applied_is_lost(tmp_path: Path) -> None:
    rng = random.Random(2026)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_HOME": str(tmp_path / "home")}
    kills = 0
    for run in range(24):
        folder = tmp_path / f"run{run}"
        folder.mkdir()
        child = subprocess.Popen(
            [sys.executable, str(DRIVER), str(folder), str(run * 100)],
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        assert child.stdout is not None
        first = child.stdout.readline()  # the battle is under way...
        time.sleep(rng.uniform(0.0, 0.8))  # ...and is killed at a random moment in it
        child.send_signal(signal.SIGKILL)
        rest, _ = child.communicate()
        out = first + rest
        lines = [line.split() for line in out.splitlines() if len(line.split()) == 2]
        assert child.returncode == -signal.SIGKILL and lines
        kills += 1
        battle, confirmed = int(lines[-1][0]), int(lines[-1][1])
        recovered = recover(folder / f"battle-{battle}.jsonl")
        session = recovered.session
        # every Command the process confirmed is there (one more may have landed)
        assert confirmed <= len(session.journal) <= confirmed + 1, (run, confirmed)
        # and the resumed battle is exactly what its journal replays to
        assert Session.replay(session.initial, session.journal).state == session.state
    assert kills == 24
