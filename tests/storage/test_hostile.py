"""Hostile and huge files: only regular files, a size cap, short messages (issue 10)."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest

from bridge.bench.hostile_files import run_file_stress
from bridge.cli import main
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.autopilot import suggest
from bridge.storage import battle as battle_module
from bridge.storage.battle import battle_file, open_battle, save_battle
from bridge.storage.formats import ShipFile
from bridge.storage.foundry import import_foundry
from bridge.storage.load import FileProblem, load_file
from tests.factories import played

SHIP = ShipFile(ship=demo_encounter().ships["qoj"]).model_dump(mode="json")


def refused(path: Path) -> str:
    with pytest.raises(FileProblem) as info:
        load_file(path)
    message = info.value.message
    assert message.startswith(f"{path.name}: ") and len(message) < 600, message
    return message


def within(seconds: float, action: object) -> None:
    """Run ``action`` in a thread and fail if it has not returned in ``seconds``."""
    done: list[object] = []
    worker = threading.Thread(target=lambda: done.append(action()), daemon=True)  # type: ignore[operator]
    worker.start()
    worker.join(seconds)
    assert done, "hung"


# -- 10. only regular files, with a size cap, on every path -------------------------------
@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are a POSIX feature")
def test_a_named_pipe_is_refused_at_once(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pipe = tmp_path / "pipe.json"
    os.mkfifo(pipe)

    def every_reader() -> bool:
        for read in (load_file, open_battle, import_foundry):
            with pytest.raises(FileProblem, match="not a regular file"):
                read(pipe)
        return True

    within(10, every_reader)
    within(10, lambda: main(["check", str(pipe)]))
    assert "pipe.json: not a regular file" in capsys.readouterr().err


def test_devices_and_folders_are_refused(tmp_path: Path) -> None:
    assert "not a regular file" in refused(tmp_path)
    if Path("/dev/zero").exists():  # endless: refused before a byte is read

        def foundry_zero() -> bool:
            with pytest.raises(FileProblem, match="not a regular file"):
                import_foundry(Path("/dev/zero"))
            return True

        within(10, foundry_zero)


# -- 9 and 11. the inputs that escaped before; short messages ----------------------------
@pytest.mark.parametrize(
    ("content", "expected"),
    [
        ('{"format": "bridge.ship", "version": ' + "9" * 5000 + "}", "not usable JSON"),
        ('{"format": {"a": 1}, "version": 2}', "format: {'a': 1} is not a Bridge file format"),
        ('{"format": ["bridge.ship"], "version": 2}', "is not a Bridge file format"),
        ('{"format": "bridge.ship", "version": 1' + "0" * 500 + "}", "made by a newer Bridge"),
    ],
)
def test_inputs_that_raised_before_get_the_file_message(
    tmp_path: Path, content: str, expected: str
) -> None:
    path = tmp_path / "x.json"
    path.write_text(content)
    assert expected in refused(path)


def test_a_lone_surrogate_is_refused_when_loaded(tmp_path: Path) -> None:
    data = json.loads(json.dumps(SHIP))
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data).replace('"IKS Qoj"', '"IKS \\ud800Qoj"'))
    assert "lone surrogate" in refused(path)


def test_a_huge_value_is_cut_in_the_message(tmp_path: Path) -> None:
    data = json.loads(json.dumps(SHIP))
    data["ship"]["name"] = "N" * 1_000_000
    path = tmp_path / "big-name.json"
    path.write_text(json.dumps(data))
    message = refused(path)
    assert "ship.name" in message and len(message) < 300


@pytest.mark.parametrize(
    ("where", "value", "field"),
    [
        (("turn", "actor_ship"), "ghost", "state.turn.actor_ship"),
        (("retreated",), ["ghost"], "state.retreated"),
        (("turn", "npc_turns_left"), {"ghost": 1}, "state.turn.npc_turns_left"),
    ],
)
def test_a_state_naming_an_unknown_ship_is_refused_on_opening(
    tmp_path: Path, where: tuple[str, ...], value: object, field: str
) -> None:
    data = battle_file(played(3, seed=1)).model_dump(mode="json")
    node = data["state"]
    for key in where[:-1]:
        node = node[key]
    node[where[-1]] = value
    path = tmp_path / "ghost.json"
    path.write_text(json.dumps(data))
    message = refused(path)
    # Whichever check meets it first (the model's limits or the reference check) names
    # the field and the missing ship.
    assert field.removeprefix("state.") in message and "'ghost'" in message


def test_a_pending_task_naming_an_unknown_task_is_refused(tmp_path: Path) -> None:
    session = played(40, seed=5)
    while session.state.pending is None:  # play on until a Task waits for its spends
        command = suggest(session.state, session.check)
        assert command is not None
        session.apply(command)
        if session.state.pending is None and session.state.ended:
            pytest.fail("no Task was left pending")
    data = battle_file(session).model_dump(mode="json")
    data["state"]["pending"]["action"] = "warp_core_ejection"
    path = tmp_path / "task.json"
    path.write_text(json.dumps(data))
    assert "state.pending.action: names 'warp_core_ejection'" in refused(path)


# -- 8. what Bridge writes it reads, and a long battle opens without replaying -----------
def test_a_battle_too_large_to_reopen_is_not_saved(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    session = played(30, seed=1)
    path = tmp_path / "battle.json"
    save_battle(path, session)
    before = path.read_bytes()
    monkeypatch.setattr(battle_module, "MAX_BYTES", len(before) // 2)
    with pytest.raises(OSError, match="more than the 0 MB Bridge can open again"):
        save_battle(path, session)
    assert path.read_bytes() == before


def test_a_saved_battle_opens_from_its_state_and_undo_rebuilds_the_history(
    tmp_path: Path,
) -> None:
    session = played(150, seed=2)
    states = [Session.replay(session.initial, session.journal[:n]).state for n in (149, 100, 63)]
    path = tmp_path / "long.json"
    save_battle(path, session)
    opened = open_battle(path).session
    # the start, the checkpoint the file kept and where it stands: nothing replayed
    assert opened.state == session.state and opened.checkpoints_kept == 3
    opened.undo()
    assert opened.state == states[0]
    while len(opened.journal) > 100:
        opened.undo()
    assert opened.state == states[1]
    while len(opened.journal) > 63:
        opened.undo()
    assert opened.state == states[2]


# -- the fast sample of the 10,000-file stress run (bridge stress files) ----------------
def test_a_sample_of_hostile_files_all_get_a_clear_message(tmp_path: Path) -> None:
    result = run_file_stress(300, tmp_path, seed=11, limit_s=10)
    assert result.tried >= 300 and result.clear > 250
    assert result.unclear == [] and result.hangs == 0


# -- 7. a kill during Save leaves a temporary file: the next save removes it -------------
def test_the_next_save_removes_what_a_killed_save_left(tmp_path: Path) -> None:
    path = tmp_path / "battle [1].json"
    leftover = tmp_path / ".battle [1].json.k1ll3d00.tmp"
    leftover.write_text("half a save")
    other = tmp_path / ".notes.json.abc.tmp"
    other.write_text("another file's save")
    save_battle(path, played(2, seed=1))
    assert not leftover.exists() and other.exists()
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == [other.name]


def test_deep_nesting_in_a_large_file_is_named_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Large files are measured only when they fail to validate: still the same message."""
    from bridge.storage import load

    monkeypatch.setattr(load, "DEPTH_CHECK_BYTES", 1000)
    data = battle_file(played(20, seed=1)).model_dump(mode="json")
    data["journal"][5]["command"]["extra"] = json.loads("[" * 70 + "]" * 70)
    path = tmp_path / "large-deep.json"
    path.write_text(json.dumps(data))
    assert path.stat().st_size > load.DEPTH_CHECK_BYTES
    assert "nested more than 64 levels" in refused(path)
