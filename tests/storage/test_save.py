"""Atomic saving: a failure mid-save leaves the previous file intact."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bridge.storage.save import write_atomic


def test_write_replaces_the_file(tmp_path: Path) -> None:
    path = tmp_path / "battle.json"
    write_atomic(path, b"old")
    write_atomic(path, b"new")
    assert path.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["battle.json"]


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_a_failure_mid_save_leaves_the_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str
) -> None:
    path = tmp_path / "battle.json"
    write_atomic(path, b"the battle so far")

    def boom(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, boom)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(path, b"half a battle")
    monkeypatch.undo()
    assert path.read_bytes() == b"the battle so far"
    assert [p.name for p in tmp_path.iterdir()] == ["battle.json"]  # no temporary left
