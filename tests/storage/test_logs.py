"""A crash leaves a trace: uncaught exceptions go to the log file in the user's log
folder (``BRIDGE_HOME/logs`` when it is set), and secrets never do (issue 23)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CRASHING = """
import threading
from bridge.storage.logs import keep_secret, start_logging
print(start_logging("bridge"), flush=True)
keep_secret("TOKEN-abcdef123456")
def worker():
    raise RuntimeError("a thread died holding TOKEN-abcdef123456")
t = threading.Thread(target=worker); t.start(); t.join()
raise ValueError("the window code broke; join code TOKEN-abcdef123456")
"""


def test_an_uncaught_error_is_written_to_the_log_with_its_traceback(tmp_path: Path) -> None:
    home = tmp_path / "home"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_HOME": str(home)}
    done = subprocess.run(
        [sys.executable, "-c", CRASHING],
        check=False,
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert done.returncode == 1 and "ValueError" in done.stderr  # still on stderr too
    path = home / "logs" / "bridge.log"
    assert done.stdout.strip() == str(path)
    log = path.read_text(encoding="utf-8")
    assert "CRITICAL bridge: an error nothing caught: the window code broke" in log
    assert "Traceback (most recent call last)" in log and "line 9, in <module>" in log
    assert "a thread died holding [hidden]" in log
    assert "TOKEN-abcdef123456" not in log
    assert (home / "logs" / "crash.log").exists()  # where a hard crash would leave its stack
