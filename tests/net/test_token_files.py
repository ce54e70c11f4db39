"""The client's token file and the host's seats file are saved as every Bridge file is:
atomically, fsynced, under a temporary name of their own (issue 23)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from bridge.engine.demo import demo_encounter
from bridge.net.client import TokenStore
from bridge.net.seats import SeatPlan


def _fsynced(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    synced: list[int] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(fd)
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    return synced


def test_the_token_file_is_saved_atomically_and_kept_private(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "client" / "tokens.json"
    path.parent.mkdir()
    (path.parent / "tokens.json.tmp").mkdir()  # what a fixed temporary name runs into
    synced = _fsynced(monkeypatch)
    store = TokenStore(path)
    store.put("battle", "char:kell", "s3cret-token")
    assert store.get("battle", "char:kell") == "s3cret-token" and synced
    if os.name == "posix":  # a seat token is a secret: this user's only
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert sorted(p.name for p in path.parent.iterdir()) == ["tokens.json", "tokens.json.tmp"]


def test_the_seats_file_is_saved_atomically(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "battle.seats.json"
    (tmp_path / "battle.seats.json.tmp").mkdir()
    synced = _fsynced(monkeypatch)
    plan = SeatPlan(path)
    plan.sync(demo_encounter())
    token, _ = plan.claim("char:kell", None, client=1)
    assert synced and path.exists()
    again = SeatPlan(path)  # a host resumed after a kill knows the holder
    again.sync(demo_encounter())
    assert again.claim("char:kell", token, client=7)[0] == token
