"""Real processes on loopback: a windowless host and one headless client per player.

Each client plays its character with the autopilot; the host plays the NPC ships. At
the end every client's view must equal the host's battle as the players may see it
(rebuilt from the host's autosave journal).
"""

from __future__ import annotations

import os
import re
import select
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge.bench.bot import BotReport
from bridge.engine import Session, demo_encounter
from bridge.engine.state.encounter import Encounter
from bridge.seatview import CREW, seat_view
from bridge.storage.autosave import recover
from bridge.storage.battle import save_battle

ROOT = Path(__file__).resolve().parents[2]
CODE = "PLAY42"
PLAYERS = ("reyes", "tovan", "kell", "mbeki", "sorel")
LIMIT = 150.0


_STARTED: list[subprocess.Popen[str]] = []


@pytest.fixture(autouse=True)
def _reap() -> Iterator[None]:
    """Every process a test started is ended and its pipe closed, whatever happened."""
    yield
    for proc in _STARTED:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=10)
        if proc.stdout is not None:
            proc.stdout.close()
    _STARTED.clear()


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT), "BRIDGE_HOME": str(home)}


def _start_host(home: Path, *extra: str, port: int = 0) -> tuple[subprocess.Popen[str], int, Path]:
    args = [
        sys.executable,
        "-m",
        "bridge",
        "host",
        "--bind",
        "127.0.0.1",
        "--port",
        str(port),
        "--code",
        CODE,
        "--npc-autopilot",
        *extra,
    ]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, env=_env(home))
    _STARTED.append(proc)
    assert proc.stdout is not None
    ready, _, _ = select.select([proc.stdout], [], [], 30)
    assert ready, "the host did not say it was listening within 30 s"
    line = proc.stdout.readline()
    found = re.search(r"listening on port (\d+).*autosave (\S+)$", line.strip())
    assert found, line
    return proc, int(found.group(1)), Path(found.group(2))


def _start_player(
    home: Path, port: int, who: str, tmp: Path, rounds: int = 1
) -> subprocess.Popen[str]:
    args = [
        sys.executable,
        "-m",
        "bridge",
        "stress",
        "bot",
        f"127.0.0.1:{port}",
        "--code",
        CODE.lower(),
        "--seat",
        f"char:{who}",
        "--tokens",
        str(tmp / f"{who}.tokens"),
        "--report",
        str(tmp / f"{who}.json"),
        "--deadline",
        str(LIMIT - 20),
        "--rounds",
        str(rounds),
    ]
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, text=True, env=_env(home))
    _STARTED.append(proc)
    return proc


def _wait_line(proc: subprocess.Popen[str], start: str, timeout: float = 30) -> str:
    assert proc.stdout is not None
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([proc.stdout], [], [], 0.5)
        if ready:
            line = proc.stdout.readline()
            if line.startswith(start):
                return line
            assert line, "the process ended early"
    raise AssertionError(f"no line starting {start!r}")


def _finish(
    host: subprocess.Popen[str], players: list[subprocess.Popen[str]], tmp: Path, journal: Path
) -> Encounter:
    try:
        for p in players:
            assert p.wait(timeout=LIMIT) == 0
    finally:
        for p in players:
            if p.poll() is None:
                p.kill()
        host.send_signal(signal.SIGTERM)
        host.wait(timeout=30)
    reports = [BotReport.model_validate_json((tmp / f"{w}.json").read_text()) for w in PLAYERS]
    hosted = seat_view(recover(journal).session.state, CREW)
    assert hosted.turn.round >= 2  # the whole of Round 1 was played
    for report in reports:
        assert report.state == hosted
        assert report.revisions_in_order
    return hosted


def _without_the_vortak() -> Encounter:
    data = demo_encounter().model_dump()
    for part in (data["ships"], data["sides"], data["zones"]["positions"]):
        part.pop("vortak")
    return Encounter.model_validate(data)


def test_five_players_at_their_own_processes_play_a_battle_to_its_end(
    tmp_path: Path,
) -> None:
    home = tmp_path / "home"
    # The demo with the IKS Qoj alone: the Vor'tak, at Long range behind Evasive Action
    # and fresh shields, can outlast the autopilot's crew for a hundred Rounds.
    battle = tmp_path / "one-bird-of-prey.bridge"
    save_battle(battle, Session(_without_the_vortak()))
    host, port, journal = _start_host(home, str(battle))
    players = [_start_player(home, port, who, tmp_path, rounds=99) for who in PLAYERS]
    hosted = _finish(host, players, tmp_path, journal)
    assert hosted.outcome is not None
    reports = [BotReport.model_validate_json((tmp_path / f"{w}.json").read_text()) for w in PLAYERS]
    assert all(r.resyncs == 0 for r in reports)
    assert len({r.revision for r in reports}) == 1


def test_a_killed_client_comes_back_to_its_seat(tmp_path: Path) -> None:
    home = tmp_path / "home"
    host, port, journal = _start_host(home)
    players = [_start_player(home, port, who, tmp_path) for who in PLAYERS]
    _wait_line(players[2], "seated char:kell")
    players[2].send_signal(signal.SIGKILL)
    players[2].wait(timeout=10)
    players[2] = _start_player(home, port, "kell", tmp_path)  # same token file: same seat
    assert _wait_line(players[2], "seated").startswith("seated char:kell")
    _finish(host, players, tmp_path, journal)


def test_a_killed_host_resumes_from_its_autosave_and_the_clients_rejoin(tmp_path: Path) -> None:
    home = tmp_path / "home"
    host, port, journal = _start_host(home)
    players = [_start_player(home, port, who, tmp_path) for who in PLAYERS]
    for who, player in zip(PLAYERS, players, strict=True):
        _wait_line(player, f"seated char:{who}")
    deadline = time.monotonic() + 60
    while journal.read_text().count("\n") < 8 and time.monotonic() < deadline:
        time.sleep(0.05)
    host.send_signal(signal.SIGKILL)
    host.wait(timeout=10)
    host, again, _ = _start_host(home, "--resume", str(journal), port=port)
    assert again == port
    _finish(host, players, tmp_path, journal)
