"""Two processes and one journal: the writer holds a lock; nobody else resumes or writes it.

Real child processes (``lock_driver.py``) write journals and are killed with SIGKILL.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridge.engine.session import Session
from bridge.storage.autosave import JournalInUse, find_unfinished, recover
from bridge.storage.journal_lock import holder, lock_path, try_lock
from bridge.storage.paths import autosave_dir

DRIVER = Path(__file__).with_name("lock_driver.py")
ROOT = Path(__file__).resolve().parents[2]


def _child(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}  # BRIDGE_HOME: the test's own folder
    return subprocess.Popen(
        [sys.executable, str(DRIVER), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
    )


def _first(child: subprocess.Popen[str]) -> list[str]:
    """The child's first line of its own (``path ...`` or ``refused ...``), as words."""
    assert child.stdout is not None
    for _ in range(100):
        words = child.stdout.readline().split(maxsplit=1)
        if not words or words[0] in ("path", "refused"):
            return words
    return []


def _path_of(child: subprocess.Popen[str]) -> Path:
    first = _first(child)
    assert first and first[0] == "path", first
    return Path(first[1].strip())


_seen: dict[int, int] = {}
"""The last count of Commands each child said it had on disk (by process id)."""


def _kill(child: subprocess.Popen[str]) -> int:
    """SIGKILL the child; the last count of Commands it confirmed on disk."""
    if child.poll() is None:
        child.send_signal(signal.SIGKILL)
    assert child.stdout is not None
    with child.stdout:
        out = child.stdout.read()  # with what readline() already buffered
    child.wait(timeout=30)
    counts = [int(line) for line in out.split() if line.isdigit()]
    return counts[-1] if counts else _seen.get(child.pid, 0)


def _wait_for_commands(child: subprocess.Popen[str], n: int) -> None:
    assert child.stdout is not None
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = child.stdout.readline()
        if line.strip().isdigit():
            _seen[child.pid] = int(line)
            if int(line) >= n:
                return
    raise AssertionError("the child played too slowly")


def test_a_journal_a_live_process_writes_is_never_offered_nor_resumed() -> None:
    child = _child("start", "1", "--pause", "0.05")
    try:
        path = _path_of(child)
        _wait_for_commands(child, 3)
        assert holder(path) == child.pid
        assert find_unfinished() == []  # in play elsewhere: not an unfinished battle
        before = path.read_bytes()
        with pytest.raises(JournalInUse, match=f"open in another Bridge \\(process {child.pid}\\)"):
            recover(path)
        assert path.read_bytes()[: len(before)] == before  # nothing was cut or written
    finally:
        confirmed = _kill(child)
    # the killed process left its lock file behind: it is stale, and is taken over
    assert lock_path(path).exists() and holder(path) is None
    assert [u.path for u in find_unfinished()] == [path]
    recovered = recover(path)
    assert confirmed <= recovered.commands <= confirmed + 1
    assert recovered.journal is not None and holder(path) is None  # this process holds it
    recovered.journal.close()


def test_two_processes_resuming_one_journal_together_lose_nothing() -> None:
    first = _child("start", "2")
    path = _path_of(first)
    _wait_for_commands(first, 20)
    _kill(first)
    a, b = _child("resume", str(path)), _child("resume", str(path))
    try:
        outs = []
        for child in (a, b):
            outs.append((_first(child) or ["nothing"])[0])
        assert sorted(outs) == ["path", "refused"]  # exactly one resumed it
        loser = (a, b)[outs.index("refused")]
        assert loser.wait(timeout=30) == 3
        winner = (a, b)[outs.index("path")]
        _wait_for_commands(winner, 30)
    finally:
        confirmed = max(_kill(a), _kill(b))
    recovered = recover(path)
    # every Command the winner confirmed is there, and the journal is whole (at most a
    # line the kill tore)
    assert confirmed <= recovered.session.length <= confirmed + 1
    assert recovered.dropped is None or "cut short" in recovered.dropped
    assert Session.replay(recovered.session.initial, recovered.session.journal).state == (
        recovered.session.state
    )
    assert recovered.journal is not None
    recovered.journal.close()


def test_two_battles_started_in_the_same_second_get_a_journal_each() -> None:
    children = [_child("start", str(seed), "--pause", "0.2") for seed in (3, 4, 5)]
    try:
        paths = [_path_of(child) for child in children]
    finally:
        for child in children:
            _kill(child)
    assert len(set(paths)) == 3
    assert {p.parent for p in paths} == {autosave_dir()}


def test_a_new_journal_never_takes_a_name_another_process_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The name a battle would get is locked by another process (it is about to write
    it): the battle takes the next name instead of sharing that journal."""
    from types import SimpleNamespace

    from bridge.engine.demo import demo_encounter
    from bridge.storage import autosave_writer as autosave
    from bridge.storage.autosave import AutosaveJournal

    monkeypatch.setattr(autosave, "time", SimpleNamespace(strftime=lambda _: "20260101-120000"))
    taken = autosave_dir() / "20260101-120000-ambush-at-kessik-nebula.jsonl"
    holding = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path\n"
            "from bridge.storage.journal_lock import try_lock\n"
            "lock = try_lock(Path(sys.argv[1])); print('held', flush=True); time.sleep(60)",
            str(taken),
        ],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert holding.stdout is not None and holding.stdout.readline().strip() == "held"
        assert try_lock(taken) is None
        journal = AutosaveJournal.start(Session(demo_encounter()))
        assert journal.path == taken.with_name(taken.stem + "-2.jsonl")
        assert not taken.exists()
        journal.close()
    finally:
        holding.kill()
        holding.communicate(timeout=30)


def test_bridge_host_takes_the_same_lock() -> None:
    """A hosted battle resumed from a journal another Bridge is writing is refused."""
    child = _child("start", "6", "--pause", "0.05")
    try:
        path = _path_of(child)
        _wait_for_commands(child, 2)
        host = subprocess.run(
            [sys.executable, "-m", "bridge", "host", "--resume", str(path), "--port", "0"],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=120,
            check=False,
        )
        assert host.returncode == 1
        assert f"open in another Bridge (process {child.pid})" in host.stderr
    finally:
        _kill(child)
