"""Resuming never deletes: what it cannot use is set aside beside the journal, the GM is
told how much and where, intact lines after a damaged one may be kept; a newer Bridge's
journal or battle is left untouched; every unfinished battle is offered."""

from __future__ import annotations

import functools
import json
import os
from pathlib import Path

import pytest

from bridge.bench.battles import endless_battle
from bridge.engine.core.commands import AdjustPool, TrayRoll
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import SeededDice
from bridge.rules.task import Roller, TaskSpec
from bridge.storage.autosave import AutosaveJournal, Intact, find_unfinished, recover
from bridge.storage.battle import open_battle, save_battle
from bridge.storage.formats import CURRENT
from bridge.storage.load import FileProblem
from bridge.storage.paths import autosave_dir


def play(session: Session, n: int) -> None:
    for _ in range(n):
        command = suggest(session.state, session.check)
        assert command is not None
        session.apply(command)


def _listing(folder: Path) -> dict[str, tuple[bytes, int]]:
    return {p.name: (p.read_bytes(), p.stat().st_mtime_ns) for p in folder.iterdir()}


@functools.cache
def _long_journal() -> bytes:
    """The autosave of a 600-Command battle (with its snapshot at 500)."""
    import tempfile

    session = endless_battle(600)
    with tempfile.TemporaryDirectory() as folder:
        journal = AutosaveJournal.start(session, Path(folder) / "long.jsonl")
        data = journal.path.read_bytes()  # as a crash leaves it: not closed
        journal.close()
    return data


def test_one_bad_byte_sets_the_tail_aside_and_deletes_nothing() -> None:
    """Issue 23: one bad byte in line 11 of a 600-Command journal kept 9 Commands and
    deleted 590 with no copy."""
    lines = _long_journal().split(b"\n")
    assert lines[10].startswith(b'{"op":"apply"')
    lines[10] = lines[10].replace(b'"op"', b'"o\xff"', 1)
    original = b"\n".join(lines)
    path = autosave_dir() / "crashed.jsonl"
    path.write_bytes(original)
    recovered = recover(path)
    assert recovered.commands == 9
    side = recovered.set_aside
    assert side is not None and side.parent == path.parent and side.suffix == ".txt"
    assert path.read_bytes() + side.read_bytes() == original  # every byte is still there
    assert recovered.set_aside_commands == 590  # after line 11, which is unreadable
    assert recovered.dropped is not None
    assert "line 11" in recovered.dropped and side.name in recovered.dropped
    assert "593 line(s), 590 of them Command(s)" in recovered.dropped  # and 2 snapshots
    assert recovered.journal is not None
    recovered.journal.close()


def _with_line(seed: int, n: int, at: int, line: bytes) -> tuple[Path, Session, bytes]:
    """A crashed journal of ``n`` Commands with ``line`` put in before line ``at``."""
    session = Session(demo_encounter(), SeededDice(seed))
    journal = AutosaveJournal.start(session)
    play(session, n)
    lines = journal.path.read_bytes().split(b"\n")[:-1]
    journal.close()
    lines = [*lines[: at - 1], line, *lines[at - 1 :]]
    path = autosave_dir() / f"crashed-{seed}.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    session.attach(None)
    return path, session, line


def test_intact_lines_after_a_damaged_one_are_offered_and_kept() -> None:
    path, played, bad = _with_line(11, 14, 8, b'{"op":"apply","entry":{"comm\x00and"}}')
    asked: list[Intact] = []

    def keep(intact: Intact) -> bool:
        asked.append(intact)
        return True

    recovered = recover(path, keep)
    assert [(a.line, a.commands) for a in asked] == [(8, 8)]
    assert "8 Command(s) after it" in asked[0].question("Ambush")
    assert recovered.session.state == played.state and recovered.kept_after == 8
    assert recovered.commands == 14
    side = recovered.set_aside
    assert side is not None and side.read_bytes() == bad + b"\n"
    assert bad not in path.read_bytes()
    assert recovered.dropped is not None and "were kept" in recovered.dropped
    assert recovered.journal is not None
    recovered.session.apply(AdjustPool(pool="threat", delta=1))
    recovered.journal.close()
    again = recover(path)  # the journal is whole again, and goes on
    assert again.dropped is None and again.session.state == recovered.session.state
    assert again.journal is not None
    again.journal.close()


def test_declining_the_intact_lines_sets_them_aside() -> None:
    path, _, _ = _with_line(12, 10, 5, b"garbage")
    original = path.read_bytes()
    recovered = recover(path, lambda _: False)
    assert recovered.commands == 3 and recovered.kept_after == 0
    assert recovered.set_aside is not None
    assert path.read_bytes() + recovered.set_aside.read_bytes() == original
    assert recovered.journal is not None
    recovered.journal.close()


def test_lines_that_no_longer_replay_the_same_are_not_offered() -> None:
    """A damaged line that mattered (a Command the ones after it depend on): the lines
    after it do not replay as they were played, so they are set aside, not offered."""
    session = Session(demo_encounter(), SeededDice(13))
    journal = AutosaveJournal.start(session)
    play(session, 12)
    lines = journal.path.read_bytes().split(b"\n")[:-1]
    journal.close()
    lines[3] = lines[3][:-9] + b"\xff" + lines[3][-8:]  # the 3rd Command is unreadable
    path = autosave_dir() / "mattered.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    asked: list[Intact] = []
    recovered = recover(path, lambda intact: asked.append(intact) or True)
    assert asked == [] and recovered.commands == 2 and recovered.set_aside is not None
    assert recovered.journal is not None
    recovered.journal.close()


def test_a_torn_last_line_is_set_aside_not_deleted() -> None:
    session = Session(demo_encounter(), SeededDice(14))
    journal = AutosaveJournal.start(session)
    play(session, 6)
    data = journal.path.read_bytes()
    journal.close()
    path = autosave_dir() / "torn.jsonl"
    path.write_bytes(data[: data.rindex(b"\n", 0, len(data) - 20) + 30])
    recovered = recover(path)
    assert recovered.set_aside is not None and recovered.set_aside.read_bytes()
    assert recovered.dropped is not None and "cut short" in recovered.dropped
    assert recovered.journal is not None
    recovered.journal.close()


def test_resume_appends_and_never_writes_over_what_is_on_disk() -> None:
    """Issue 23: resume wrote at a fixed position, so two writers wrote over each other."""
    session = Session(demo_encounter(), SeededDice(15))
    journal = AutosaveJournal.start(session)
    play(session, 5)
    journal.close()
    recovered = recover(journal.path)
    assert recovered.journal is not None
    with journal.path.open("ab") as other:  # something else adds to the file meanwhile
        other.write(b'{"op":"undo"}\n')
    recovered.session.apply(AdjustPool(pool="threat", delta=1))
    lines = journal.path.read_bytes().split(b"\n")
    assert lines[-3] == b'{"op":"undo"}' and b"adjust_pool" in lines[-2]
    recovered.journal.close()


def test_a_closed_battle_resumed_again_keeps_what_is_played_after() -> None:
    session = Session(demo_encounter(), SeededDice(16))
    journal = AutosaveJournal.start(session)
    play(session, 4)
    journal.close()
    resumed = recover(journal.path)
    assert resumed.set_aside is None  # the close mark is not data: nothing to keep
    resumed.session.apply(AdjustPool(pool="threat", delta=2))
    assert resumed.journal is not None
    resumed.journal.close()
    again = recover(journal.path)
    assert again.session.length == 5 and again.session.state == resumed.session.state
    assert again.journal is not None
    again.journal.close()


# -- a newer Bridge's files are refused, untouched ------------------------------------------
def test_a_newer_journal_is_refused_naming_both_versions_and_left_untouched() -> None:
    session = Session(demo_encounter(), SeededDice(17))
    journal = AutosaveJournal.start(session)
    play(session, 6)
    lines = journal.path.read_bytes().split(b"\n")
    journal.close()
    header = json.loads(lines[0])
    header.update(version=2, bridge="0.9.0")
    lines[0] = json.dumps(header).encode()
    lines[-2] = b'{"op":"teleport","to":"Qo\'noS"}'  # a record only the newer one knows
    path = autosave_dir() / "newer.jsonl"
    path.write_bytes(b"\n".join(lines))
    journal.path.unlink()
    for p in autosave_dir().glob("*.lock"):
        p.unlink()
    before = _listing(autosave_dir())
    [offered] = find_unfinished()
    assert offered.newer is not None and "version 2" in offered.newer
    with pytest.raises(FileProblem) as caught:
        recover(path)
    message = caught.value.message
    assert "version 2" in message and "Bridge 0.9.0" in message
    assert "journal version 1" in message and "0.1.0" in message
    assert _listing(autosave_dir()) == before  # not a byte, not a lock file


def test_a_newer_battle_file_is_refused_naming_both_versions_and_left_untouched(
    tmp_path: Path,
) -> None:
    session = Session(demo_encounter(), SeededDice(18))
    play(session, 3)
    path = tmp_path / "newer.bridge"
    save_battle(path, session)
    data = json.loads(path.read_text())
    data["version"] = 9
    data["future"] = {"anything": True}
    path.write_text(json.dumps(data))
    before = _listing(tmp_path)
    known = CURRENT["bridge.encounter"]
    with pytest.raises(
        FileProblem, match=rf"version 9, made by a newer Bridge.*up to version {known}\."
    ):
        open_battle(path)
    assert _listing(tmp_path) == before


# -- every unfinished battle is offered -----------------------------------------------------
def test_every_unfinished_battle_is_offered_with_its_round_and_commands() -> None:
    """Issue 23: only the newest journal by modification time was offered, so after the
    clock jumped back an older crash hid a newer one."""
    battles = []
    for seed, n in ((21, 3), (22, 9)):
        session = Session(demo_encounter().model_copy(update={"name": f"Battle {seed}"}))
        journal = AutosaveJournal.start(session)
        for _ in range(n):
            session.apply(TrayRoll(system="sta", sta=TaskSpec(lead=Roller(target=10))))
        if seed == 22:
            session.undo()
        battles.append((journal, session))
    old, new = battles
    os.utime(old[0].path, (2_000_000_000, 2_000_000_000))  # the clock was wrong then
    os.utime(new[0].path, (1_000_000_000, 1_000_000_000))
    offered = find_unfinished()
    assert [(u.name, u.commands, u.round) for u in offered] == [
        ("Battle 21", 3, 1),
        ("Battle 22", 8, 1),
    ]


def test_the_offer_gives_the_round_of_the_last_command() -> None:
    session = Session(demo_encounter(), SeededDice(23))
    AutosaveJournal.start(session)
    while session.state.turn.round < 3:
        command = suggest(session.state, session.check)
        assert command is not None
        session.apply(command)
    session.apply(AdjustPool(pool="threat", delta=1))
    [offered] = find_unfinished()
    assert offered.round == 3 and offered.commands == session.length
