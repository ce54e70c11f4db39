"""A legal long file name saves: the temporary file's name is never longer (issue 23)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.storage.battle import open_battle, save_battle
from bridge.storage.save import write_atomic


@pytest.mark.parametrize("stem", ["b" * 248, "é" * 124, "Kessik " * 35 + "x"])
def test_a_battle_with_the_longest_legal_name_saves(tmp_path: Path, stem: str) -> None:
    """Issue 23: 248 characters + ``.bridge`` failed with "File name too long"."""
    path = tmp_path / f"{stem}.bridge"
    assert 250 <= len(path.name.encode()) <= 255  # as long as a file name may be
    session = Session(demo_encounter())
    save_battle(path, session)
    save_battle(path, session)  # and again, over itself
    assert open_battle(path).session.state == session.state
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_long_name_s_leftover_temporary_file_is_cleared_by_its_next_save(
    tmp_path: Path,
) -> None:
    from bridge.storage.save import _prefix

    path = tmp_path / ("n" * 250 + ".json")
    leftover = tmp_path / f"{_prefix(path.name)}abcdefgh.tmp"  # a kill mid-save left it
    leftover.write_bytes(b"half")
    assert len(leftover.name.encode()) <= 255
    other = tmp_path / ("n" * 249 + ".json")  # a different long name keeps its own
    other_leftover = tmp_path / f"{_prefix(other.name)}abcdefgh.tmp"
    other_leftover.write_bytes(b"half")
    write_atomic(path, b"whole")
    assert path.read_bytes() == b"whole" and not leftover.exists()
    assert other_leftover.exists()
