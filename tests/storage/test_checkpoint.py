"""A saved battle keeps a checkpoint near its end, so the first undo after opening it
replays a few Commands, not the whole journal (issue 14: "first undo after opening" under
16 ms), and the file is still checked: the tail against the saved battle at once, the
checkpoint against the journal before it when undo first goes back past it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bridge.engine.journal import JournalEntry
from bridge.engine.session import CHECKPOINT_EVERY, CommandRefused, Session
from bridge.storage import battle, deferred
from bridge.storage.battle import open_battle, save_battle
from bridge.storage.load import FileProblem
from tests.factories import played

COMMANDS = 3 * CHECKPOINT_EVERY + 22  # the checkpoint is 22 Commands before the end


@pytest.fixture
def whole_reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every battle file has its journal set aside; each whole read is counted."""
    monkeypatch.setattr(battle, "DEFER_JOURNAL_BYTES", 0)
    reads: list[str] = []
    real = deferred.journal_loader

    def counting(text: bytes, name: str) -> Callable[[], tuple[JournalEntry, ...]]:
        load = real(text, name)

        def counted() -> tuple[JournalEntry, ...]:
            reads.append(name)
            return load()

        return counted

    monkeypatch.setattr(deferred, "journal_loader", counting)
    return reads


def _saved(tmp_path: Path, edit: Callable[[dict[str, Any]], None] | None = None) -> Path:
    path = tmp_path / "battle.json"
    save_battle(path, played(COMMANDS, seed=2))
    if edit is not None:
        data = json.loads(path.read_text(encoding="utf-8"))
        edit(data)
        path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def test_a_saved_battle_keeps_the_last_checkpoint_before_its_end(tmp_path: Path) -> None:
    data = json.loads(_saved(tmp_path).read_text(encoding="utf-8"))
    assert data["version"] == 7 and data["checkpoint"]["at"] == 3 * CHECKPOINT_EVERY
    original = played(COMMANDS, seed=2)
    at_checkpoint = Session.replay(original.initial, original.journal[: 3 * CHECKPOINT_EVERY])
    assert data["checkpoint"]["state"] == at_checkpoint.state.model_dump(mode="json")


def test_the_first_undo_after_opening_replays_only_from_the_checkpoint(
    tmp_path: Path, replays: list[str], whole_reads: list[str]
) -> None:
    original = played(COMMANDS, seed=2)
    opened = open_battle(_saved(tmp_path)).session
    replays.clear()  # (playing the battle ran its Commands)
    opened.undo()
    # The 22 Commands after the checkpoint, once: to check them against the saved
    # battle, and the state before the last Command is one they passed through.
    assert len(replays) == 22
    assert whole_reads == []  # only the journal's last entries were read
    assert opened.state == Session.replay(original.initial, original.journal[:-1]).state
    while opened.length > 3 * CHECKPOINT_EVERY - 5:  # on, back past the checkpoint
        opened.undo()
    assert whole_reads == ["battle.json"]  # now the rest, once
    expected = Session.replay(original.initial, original.journal[: opened.length])
    assert opened.state == expected.state and opened.journal == expected.journal


def test_preparing_undo_after_opening_leaves_the_first_undo_nothing_to_replay(
    tmp_path: Path, replays: list[str], whole_reads: list[str]
) -> None:
    """What the windows do once an opened battle is shown (issue 29: the first undo
    after opening within a frame): the check is made then, and undo only steps back."""
    original = played(COMMANDS, seed=2)
    opened = open_battle(_saved(tmp_path)).session
    before = opened.state
    replays.clear()
    opened.prepare_undo()
    assert len(replays) == 22 and whole_reads == []  # the tail after the checkpoint, once
    assert opened.state == before and opened.length == COMMANDS  # the battle untouched
    opened.prepare_undo()  # (again: nothing more)
    assert len(replays) == 22
    opened.undo()
    assert len(replays) == 22
    assert opened.state == Session.replay(original.initial, original.journal[:-1]).state


def test_preparing_undo_of_a_file_that_does_not_replay_stops_undo_as_undo_would(
    tmp_path: Path,
) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["checkpoint"]["state"]["threat"]["value"] += 2

    opened = open_battle(_saved(tmp_path, edit)).session
    before = opened.state
    opened.prepare_undo()  # says nothing itself
    assert opened.state == before and not opened.can_undo
    with pytest.raises(CommandRefused, match="no longer replays to the saved battle"):
        opened.undo()
    assert opened.state == before


def test_a_checkpoint_that_does_not_lead_to_the_saved_battle_stops_undo_at_once(
    tmp_path: Path,
) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["checkpoint"]["state"]["threat"]["value"] += 2

    path = _saved(tmp_path, edit)
    opened = open_battle(path).session
    before = opened.state
    with pytest.raises(CommandRefused, match="no longer replays to the saved battle"):
        opened.undo()
    assert opened.state == before and not opened.can_undo


def test_a_journal_that_does_not_lead_to_the_checkpoint_stops_undo_there(
    tmp_path: Path,
) -> None:
    def edit(data: dict[str, Any]) -> None:  # the start no longer leads to the checkpoint
        data["initial"]["threat"]["value"] += 2

    original = played(COMMANDS, seed=2)
    opened = open_battle(_saved(tmp_path, edit)).session
    while opened.length > 3 * CHECKPOINT_EVERY:  # the checked tail: undo as usual
        opened.undo()
    assert opened.state == Session.replay(original.initial, original.journal[: opened.length]).state
    with pytest.raises(CommandRefused, match=r"further back.*checkpoint the file kept"):
        opened.undo()
    assert opened.length == 3 * CHECKPOINT_EVERY and not opened.can_undo
    assert opened.state == Session.replay(original.initial, original.journal[: opened.length]).state


@pytest.mark.parametrize("checkpoint", [0, COMMANDS, COMMANDS + 5])
def test_a_checkpoint_outside_the_journal_is_not_used(tmp_path: Path, checkpoint: int) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["checkpoint"]["at"] = checkpoint

    original = played(COMMANDS, seed=2)
    path = _saved(tmp_path, edit)
    if checkpoint == 0:  # a file that says so is refused with a message, as any bad field
        with pytest.raises(FileProblem, match=r"checkpoint\.at: .*greater than or equal to 1"):
            open_battle(path)
        return
    opened = open_battle(path).session
    opened.undo()  # checked from the start instead, as a battle saved without one
    assert opened.state == Session.replay(original.initial, original.journal[:-1]).state


def test_a_version_3_battle_without_a_checkpoint_still_opens_and_undoes(tmp_path: Path) -> None:
    def edit(data: dict[str, Any]) -> None:
        data["version"] = 3
        del data["checkpoint"]

    original = played(COMMANDS, seed=2)
    opened = open_battle(_saved(tmp_path, edit)).session
    opened.undo()
    assert opened.state == Session.replay(original.initial, original.journal[:-1]).state
