"""A save killed midway leaves its temporary file beside the battle: it goes when the
battle is next opened (or saved), and nothing but Bridge's own leftovers ever goes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from bridge.storage.battle import open_battle, save_battle
from bridge.storage.characters import library_characters, save_library_character
from bridge.storage.save import STALE_AFTER, clean_stale_temporaries
from tests.factories import played

ROOT = Path(__file__).resolve().parents[2]
KILLED_SAVE = """
import os, signal, sys
from pathlib import Path
from bridge.storage import save
from bridge.storage.battle import save_battle
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session

def killed(src, dst):  # the temporary file is whole on disk: the process dies here
    os.kill(os.getpid(), signal.SIGKILL)

save.os.replace = killed
save_battle(Path(sys.argv[1]), Session(demo_encounter()))
"""


def _killed_mid_save(path: Path) -> list[Path]:
    """Save ``path`` in another process killed just before the rename; what it left."""
    done = subprocess.run(
        [sys.executable, "-c", KILLED_SAVE, str(path)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        timeout=120,
        check=False,
    )
    assert done.returncode == -signal.SIGKILL
    return sorted(path.parent.glob(f".{path.name}.*.tmp"))


def _age(path: Path, seconds: float) -> None:
    then = time.time() - seconds
    os.utime(path, (then, then))


def test_opening_the_battle_removes_what_a_killed_save_left(tmp_path: Path) -> None:
    path = tmp_path / "battle.bridge"
    save_battle(path, played(3, seed=1))
    (leftover,) = _killed_mid_save(path)
    assert leftover.stat().st_size > 0 and open_battle(path).session.length == 3
    _age(leftover, STALE_AFTER + 5)  # (the GM starts Bridge again a little later)
    assert open_battle(path).session.length == 3
    assert not leftover.exists()
    assert [p.name for p in tmp_path.iterdir()] == ["battle.bridge"]


def test_a_save_under_way_and_other_programs_files_are_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "battle.bridge"
    save_battle(path, played(2, seed=1))
    under_way = tmp_path / ".battle.bridge.k1ll3d00.tmp"  # another Bridge saving it now
    under_way.write_text("half a save")
    old = [
        tmp_path / ".battle.bridge.notes.tmp",  # not a shape Bridge makes
        tmp_path / ".other.bridge.abcdefgh.tmp",  # another file's
        tmp_path / ".battle.bridge.ABCDEFGH.tmp",  # mkstemp never makes capitals
    ]
    for other in old:
        other.write_text("someone else's")
        _age(other, 3600)
    open_battle(path)
    assert under_way.exists() and all(p.exists() for p in old)
    _age(under_way, STALE_AFTER + 5)
    open_battle(path)
    assert not under_way.exists() and all(p.exists() for p in old)


def test_the_next_save_removes_a_fresh_leftover_of_the_same_file(tmp_path: Path) -> None:
    path = tmp_path / "battle.bridge"
    save_battle(path, played(2, seed=1))
    (leftover,) = _killed_mid_save(path)
    save_battle(path, played(4, seed=1))
    assert not leftover.exists() and open_battle(path).session.length == 4


def test_a_library_folder_is_tidied_when_it_is_read(tmp_path: Path) -> None:
    """The libraries save the same way: an old leftover goes when the library is read."""
    entry = save_library_character(played(1, seed=1).state.characters["kell"])
    assert entry.path is not None
    leftover = entry.path.with_name(f".{entry.path.name}.abcd1234.tmp")
    leftover.write_text("half")
    _age(leftover, STALE_AFTER + 5)
    library_characters()
    assert not leftover.exists() and entry.path.exists()


@pytest.mark.parametrize("name", ["battle.bridge", "n" * 250 + ".json"])
def test_only_the_named_files_leftovers_go(tmp_path: Path, name: str) -> None:
    from bridge.storage.save import _prefix

    mine = tmp_path / f"{_prefix(name)}abcdefgh.tmp"
    theirs = tmp_path / f"{_prefix('other.bridge')}abcdefgh.tmp"
    for leftover in (mine, theirs):
        leftover.write_text("half")
        _age(leftover, STALE_AFTER + 5)
    assert clean_stale_temporaries(tmp_path, name) == 1
    assert not mine.exists() and theirs.exists()
