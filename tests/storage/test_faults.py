"""Never lose a battle: power cuts, full disks, lost folders, damaged journals (issue 10)."""

from __future__ import annotations

import errno
import functools
import json
import os
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.engine.core.commands import AdjustPool
from bridge.engine.demo import demo_encounter
from bridge.engine.journal import JournalEntry
from bridge.engine.session import CommandRefused, Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import SeededDice
from bridge.storage import autosave_writer as autosave
from bridge.storage.autosave import AutosaveJournal, find_unfinished, prune_closed, recover
from bridge.storage.load import FileProblem


def autosaved(seed: int, path: Path | None = None) -> tuple[Session, AutosaveJournal]:
    session = Session(demo_encounter(), SeededDice(seed))
    return session, AutosaveJournal.start(session, path)


def play(session: Session, n: int) -> None:
    for _ in range(n):
        command = suggest(session.state, session.check)
        assert command is not None
        session.apply(command)


def same_battle(a: Session, b: Session) -> None:
    assert a.state == b.state and a.journal == b.journal


# -- 1. a torn last line, then the battle resumes -----------------------------------------
def test_a_torn_tail_is_cut_off_before_the_resumed_battle_appends() -> None:
    session, journal = autosaved(1)
    play(session, 10)
    with journal.path.open("ab") as handle:  # a power cut mid-append
        handle.write(b'{"op":"apply","entry":{"command":{"ty')
    first = recover(journal.path)
    assert first.commands == 10 and first.dropped and "cut short" in first.dropped
    play(first.session, 25)
    second = recover(journal.path)
    assert second.dropped is None and second.commands == 35  # nothing played since is lost
    same_battle(second.session, first.session)


# -- 2 and 5. a full disk: the Command or Undo is refused whole, memory equals disk ------
def _full_disk_after(monkeypatch: pytest.MonkeyPatch, written: int) -> None:
    """Every write puts ``written`` bytes on disk, then the disk is full."""
    real = os.write

    def write(fd: int, data: bytes) -> int:
        real(fd, bytes(data[:written]))
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(autosave.os, "write", write)


@pytest.mark.parametrize("written", [0, 1, 17])
def test_a_full_disk_refuses_the_command_and_leaves_no_half_line(
    monkeypatch: pytest.MonkeyPatch, written: int
) -> None:
    session, journal = autosaved(2)
    play(session, 6)
    on_disk = journal.path.read_bytes()
    before = session.state
    with monkeypatch.context() as patch:
        _full_disk_after(patch, written)
        with pytest.raises(CommandRefused, match="No space left on device"):
            session.apply(AdjustPool(pool="threat", delta=1))
    assert session.state is before and len(session.journal) == 6
    assert journal.path.read_bytes() == on_disk  # the half line was cut off again
    play(session, 3)  # space again: the battle goes on
    same_battle(recover(journal.path).session, session)


def test_an_undo_that_cannot_be_written_is_refused_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    session, journal = autosaved(3)
    play(session, 5)
    session.undo()
    before, redo = session.state, session.can_redo
    with monkeypatch.context() as patch:
        _full_disk_after(patch, 3)
        with pytest.raises(CommandRefused, match="The battle is as it was"):
            session.undo()
    assert session.state is before and session.can_redo == redo and len(session.journal) == 4
    same_battle(recover(journal.path).session, session)
    session.redo()
    same_battle(recover(journal.path).session, session)


def test_a_failed_fsync_is_refused_too(monkeypatch: pytest.MonkeyPatch) -> None:
    session, journal = autosaved(4)
    play(session, 3)

    def fsync(fd: int) -> None:
        raise OSError(errno.EIO, "Input/output error")

    with monkeypatch.context() as patch:
        patch.setattr(autosave.os, "fsync", fsync)
        with pytest.raises(CommandRefused):
            session.apply(AdjustPool(pool="threat", delta=1))
    assert len(session.journal) == 3
    play(session, 2)
    same_battle(recover(journal.path).session, session)


# -- 4. the autosave folder deleted mid-battle ------------------------------------------
def test_a_deleted_autosave_folder_is_noticed_and_the_journal_written_again() -> None:
    session, journal = autosaved(5)
    play(session, 8)
    shutil.rmtree(journal.path.parent)
    message = journal.check()
    assert message is not None and "written again" in message
    assert journal.check() is None
    play(session, 4)
    shutil.rmtree(journal.path.parent)  # and again, noticed at the next Command
    play(session, 1)
    assert [u.path for u in find_unfinished()] == [journal.path]
    same_battle(recover(journal.path).session, session)


def test_a_journal_that_cannot_be_written_again_refuses_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    session, journal = autosaved(6)
    play(session, 2)
    journal.path.unlink()

    def unwritable(path: Path, data: bytes) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(autosave, "write_atomic", unwritable)
    with pytest.raises(CommandRefused, match="Read-only file system"):
        session.apply(AdjustPool(pool="threat", delta=1))
    assert len(session.journal) == 2


# -- 3. damaged journals: always the longest valid prefix, never a traceback -------------
def _lines(seed: int, n: int) -> tuple[Path, list[bytes], Session]:
    session, journal = autosaved(seed)
    play(session, n)
    session.undo()
    play(session, 1)
    return journal.path, journal.path.read_bytes().split(b"\n")[:-1], session


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (b'{"op":"apply","entry":{"command":{"type":"end_round","by":"kell"}}}', "refused"),
        (b'{"op":"apply"}', "KeyError"),
        (b'{"op":"apply","entry":{"command":{"type":"task"}}}', "command"),
        (b'{"op":"fly"}', "unknown record"),
        (b"[1, 2]", "unknown record"),
        (b'{"op":"undo","x":1}' * 3, "damaged"),
        (b"\xff\xfe", "damaged"),
    ],
)
def test_a_damaged_line_ends_the_valid_part(tmp_path: Path, damage: bytes, why: str) -> None:
    _, lines, _ = _lines(7, 12)
    path = tmp_path / "damaged.jsonl"
    path.write_bytes(b"\n".join([*lines[:6], damage, *lines[6:]]) + b"\n")
    recovered = recover(path)
    assert recovered.commands == 5 and recovered.dropped is not None
    assert "line 7" in recovered.dropped and why in recovered.dropped
    assert len(recovered.dropped) < 400
    expected = Session.replay(recovered.session.initial, recovered.session.journal)
    assert recovered.session.state == expected.state
    assert path.read_bytes() == b"\n".join(lines[:6]) + b"\n"  # the tail is cut on disk


def test_dice_that_do_not_match_the_command_are_a_damaged_line(tmp_path: Path) -> None:
    _, lines, _ = _lines(8, 20)
    rolled = next(
        i for i, line in enumerate(lines[1:], 1) if json.loads(line).get("entry", {}).get("d20s")
    )
    record = json.loads(lines[rolled])
    record["entry"]["d20s"] = []
    lines[rolled] = json.dumps(record).encode()
    path = tmp_path / "dice.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    recovered = recover(path)
    assert recovered.dropped is not None and f"line {rolled + 1}" in recovered.dropped


@functools.cache
def _fuzz_journal() -> tuple[tuple[bytes, ...], tuple[JournalEntry, ...]]:
    """A journal of 15 Commands (one line each after the header), made once."""
    session = Session(demo_encounter(), SeededDice(9))
    play(session, 15)
    header = {
        "format": "bridge.autosave",
        "version": 1,
        "name": session.initial.name,
        "initial": session.initial.model_dump(mode="json"),
    }
    entries = [{"op": "apply", "entry": e.model_dump(mode="json")} for e in session.journal]
    lines = tuple(json.dumps(r, separators=(",", ":")).encode() for r in [header, *entries])
    return lines, session.journal


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(st.data())
def test_any_damage_recovers_the_longest_valid_prefix(tmp_path: Path, data: st.DataObject) -> None:
    lines, original = _fuzz_journal()
    raw = b"\n".join(lines) + b"\n"
    where = data.draw(st.integers(len(lines[0]) + 1, len(raw) - 1))
    kind = data.draw(st.sampled_from(["flip", "cut", "insert"]))
    junk = data.draw(st.binary(min_size=1, max_size=12))
    if kind == "flip":
        damaged = raw[:where] + junk + raw[where + len(junk) :]
    elif kind == "cut":
        damaged = raw[:where]
    else:
        damaged = raw[:where] + junk + raw[where:]
    copy = tmp_path / "fuzzed.jsonl"
    copy.write_bytes(damaged)
    recovered = recover(copy)  # a result every time, never a traceback
    intact = damaged[:where].count(b"\n") - 1  # whole Command lines before the damage
    assert recovered.session.journal[:intact] == original[:intact]
    assert len(recovered.session.journal) >= intact
    replayed = Session.replay(recovered.session.initial, recovered.session.journal)
    assert replayed.state == recovered.session.state
    assert copy.stat().st_size <= len(damaged)  # only ever cut, never grown


def test_a_damaged_header_is_one_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "header.jsonl"
    path.write_bytes(b'{"format":"bridge.autosave","version":1,"initial":{"ships":1}}\n')
    with pytest.raises(FileProblem, match=r"header\.jsonl: not a usable Bridge autosave journal"):
        recover(path)


# -- 6. an autosave folder that cannot be written -----------------------------------------
def test_a_journal_in_an_unwritable_folder_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the folder should be")
    session = Session(demo_encounter())
    with pytest.raises(OSError):
        AutosaveJournal.start(session, blocker / "battle.jsonl")
    assert session.sink is None
    session.apply(AdjustPool(pool="threat", delta=1))  # the battle plays on without autosave


# -- 7. temporary files a kill left behind -------------------------------------------------
def test_stale_temporary_files_are_cleaned(tmp_path: Path) -> None:
    _, journal = autosaved(10)
    folder = journal.path.parent
    stale = folder / f".{journal.path.name}.abc12345.tmp"
    stale.write_text("half a save")
    os.utime(stale, (1000, 1000))
    fresh = folder / ".other.jsonl.xyz.tmp"
    fresh.write_text("a save under way")
    prune_closed()
    assert not stale.exists() and fresh.exists()
