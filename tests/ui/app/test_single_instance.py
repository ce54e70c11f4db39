"""One Bridge per user, with real processes (issue 23): a second launch hands its battle
to the running Bridge, which opens it in a new battle window with its own autosave; two
launches started together make one Bridge; a killed Bridge's lock is taken over; two
Bridges started, resumed and killed together lose nothing."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.storage.autosave import recover
from bridge.storage.battle import save_battle
from bridge.storage.journal_lock import holder
from bridge.storage.paths import autosave_dir

ROOT = Path(__file__).resolve().parents[3]
DRIVER = Path(__file__).with_name("instance_driver.py")
HANDED = "Bridge is already running"

_started: list[subprocess.Popen[str]] = []


@pytest.fixture(autouse=True)
def _reap() -> Iterator[None]:
    yield
    for proc in _started:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=30)
    _started.clear()


def _bridge(*args: str, driver: bool = False) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen"}
    command = [str(DRIVER)] if driver else ["-m", "bridge"]
    proc = subprocess.Popen(
        [sys.executable, *command, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )
    _started.append(proc)
    return proc


def _log(home: Path) -> str:
    path = home / "logs" / "bridge.log"
    return path.read_text(encoding="utf-8") if path.exists() else ""


def _wait_for(what: str, home: Path, count: int = 1, limit: float = 90.0) -> None:
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if _log(home).count(what) >= count:
            return
        time.sleep(0.1)
    raise AssertionError(f"the log never said {what!r}:\n{_log(home)}")


def _journals() -> dict[str, Path]:
    """Each autosave journal by the name of its battle."""
    out = {}
    for path in autosave_dir().glob("*.jsonl"):
        header = json.loads(path.read_bytes().split(b"\n", 1)[0])
        out.setdefault(header["name"], path)
    return out


def test_a_second_launch_hands_its_battle_to_the_running_bridge(
    tmp_path: Path, _bridge_home: Path
) -> None:
    battle = Session(demo_encounter().model_copy(update={"name": "Second Front"}))
    path = tmp_path / "second front.bridge"
    save_battle(path, battle)
    first = _bridge()
    _wait_for("later launches hand their battles to it", _bridge_home)
    second = _bridge(str(path))
    out, _ = second.communicate(timeout=120)
    assert second.returncode == 0 and HANDED in out
    _wait_for("opened second front.bridge in a new battle window", _bridge_home)
    journals = _journals()
    assert set(journals) == {"Ambush at Kessik Nebula", "Second Front"}
    # each battle window journals to its own autosave, held by the running Bridge
    assert {holder(p) for p in journals.values()} == {first.pid}
    third = _bridge("--demo", "--startup-probe")
    out, _ = third.communicate(timeout=120)
    assert third.returncode == 0 and HANDED in out
    _wait_for("opened a new demo battle window", _bridge_home)
    assert len(list(autosave_dir().glob("*.jsonl"))) == 3
    assert first.poll() is None  # the running Bridge runs on


def test_two_launches_started_together_make_one_bridge(_bridge_home: Path) -> None:
    a, b = _bridge("--demo"), _bridge("--demo")
    deadline = time.monotonic() + 120
    while a.poll() is None and b.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    handed = a if a.poll() is not None else b
    running = b if handed is a else a
    out, _ = handed.communicate(timeout=60)
    assert handed.returncode == 0 and HANDED in out
    _wait_for("opened a new demo battle window", _bridge_home)
    assert running.poll() is None
    journals = list(autosave_dir().glob("*.jsonl"))
    assert len(journals) == 2 and {holder(p) for p in journals} == {running.pid}


def test_a_killed_bridge_s_lock_is_taken_over(_bridge_home: Path) -> None:
    first = _bridge()
    _wait_for("later launches hand their battles to it", _bridge_home)
    first.send_signal(signal.SIGKILL)
    first.communicate(timeout=30)
    second = _bridge()  # not handed to a dead Bridge: it is the user's Bridge now
    _wait_for("later launches hand their battles to it", _bridge_home, count=2)
    assert second.poll() is None
    third = _bridge("--startup-probe")
    out, _ = third.communicate(timeout=120)
    assert third.returncode == 0 and HANDED in out


def test_two_bridges_started_resumed_and_killed_together_lose_nothing(
    _bridge_home: Path,
) -> None:
    crashed = _bridge(driver=True)  # a battle played, then killed
    assert crashed.stdout is not None
    while (line := crashed.stdout.readline().strip()) and not (line.isdigit() and int(line) >= 15):
        pass
    crashed.send_signal(signal.SIGKILL)
    crashed.communicate(timeout=30)
    [journal] = autosave_dir().glob("*.jsonl")
    a, b = _bridge(driver=True), _bridge(driver=True)  # both would resume it
    confirmed = 0
    deadline = time.monotonic() + 120
    primary = None
    said = {a.pid: "", b.pid: ""}
    while time.monotonic() < deadline and primary is None:
        for proc in (a, b):
            if proc.stdout is not None and (line := proc.stdout.readline()):
                said[proc.pid] += line
                if line.startswith("primary"):
                    primary = proc
                    break
    assert primary is not None
    other = b if primary is a else a
    out, _ = other.communicate(timeout=120)
    assert other.returncode == 0 and HANDED in said[other.pid] + out
    assert primary.stdout is not None
    while time.monotonic() < deadline:
        line = primary.stdout.readline().strip()
        if line.isdigit():
            confirmed = int(line)
            if confirmed >= 40:
                break
    primary.send_signal(signal.SIGKILL)
    rest = primary.stdout.read()  # with what readline() already buffered
    primary.wait(timeout=30)
    confirmed = max([confirmed, *(int(x) for x in rest.split() if x.isdigit())])
    assert confirmed >= 40
    recovered = recover(journal)
    assert confirmed <= recovered.session.length <= confirmed + 1
    assert recovered.dropped is None or "cut short" in recovered.dropped
    replayed = Session.replay(recovered.session.initial, recovered.session.journal)
    assert replayed.state == recovered.session.state
    assert list(autosave_dir().glob("*.jsonl")) == [journal]  # one battle, one journal
    assert recovered.journal is not None
    recovered.journal.close()
