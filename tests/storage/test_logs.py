"""A crash leaves a trace: uncaught exceptions go to the log file in the user's log
folder (``BRIDGE_HOME/logs`` when it is set), and secrets never do (issue 23)."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bridge.storage.logs import start_logging, stop_logging
from tests.child import run_python

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
    done = run_python(CRASHING, home, ok=False)
    assert done.returncode == 1 and "ValueError" in done.stderr  # still on stderr too
    path = home / "logs" / "bridge.log"
    assert done.stdout.strip() == str(path)
    log = path.read_text(encoding="utf-8")
    assert "CRITICAL bridge: an error nothing caught: the window code broke" in log
    assert "Traceback (most recent call last)" in log and "line 9, in <module>" in log
    assert "a thread died holding [hidden]" in log
    assert "TOKEN-abcdef123456" not in log
    assert (home / "logs" / "crash.log").exists()  # where a hard crash would leave its stack


def test_a_log_line_holds_no_control_character_whatever_it_quotes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A name a client sent, quoted in a log line, cannot fake a line of the log or act
    on a terminal that shows it: its control characters are written as escapes; a
    traceback keeps its own line breaks."""
    monkeypatch.setenv("BRIDGE_HOME", str(tmp_path))
    path = start_logging("quoting")
    assert path is not None
    try:
        log = logging.getLogger("bridge.net.test")
        log.info("client %s joined", "Ana\x1b[2J\n2024-01-01 00:00:00 INFO forged\u202e")
        try:
            raise ValueError("bad \x07 name")
        except ValueError:
            log.exception("handling %s", "x\ry")
    finally:
        stop_logging()
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[0].endswith("client Ana\\x1b[2J\\n2024-01-01 00:00:00 INFO forged\\u202e joined")
    assert lines[1].endswith("handling x\\ry") and lines[2] == "Traceback (most recent call last):"
    assert lines[-1] == "ValueError: bad \\x07 name"
    assert not any(ch in text for ch in "\x1b\x07\r\u202e")
