"""Opening a long battle without reading its journal (issue 10, point 8).

The saved state is trusted once its references are checked; the journal is read and
replayed only when undo first goes back past the point of opening, and must then give
exactly the states a replay gives, or say plainly that undo stops there.
"""

from __future__ import annotations

import json
import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.bench.battles import endless_battle
from bridge.engine import session as session_module
from bridge.engine.demo import demo_encounter
from bridge.engine.journal import JournalEntry
from bridge.engine.session import CommandRefused, Session
from bridge.engine.ship.autopilot import suggest
from bridge.rules.dice import SeededDice
from bridge.storage import battle
from bridge.storage.battle import open_battle, save_battle
from bridge.storage.deferred import DEFER_JOURNAL_BYTES, split_journal


@cache
def long_journal() -> tuple[JournalEntry, ...]:
    session = Session(demo_encounter(), SeededDice(11))
    for _ in range(120):
        command = suggest(session.state, session.check)
        assert command is not None
        session.apply(command)
    return session.journal


def replayed(commands: int) -> Session:
    return Session.replay(demo_encounter(), long_journal()[:commands])


@pytest.fixture
def defer_all(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every battle file, however small, has its journal read later."""
    monkeypatch.setattr(battle, "DEFER_JOURNAL_BYTES", 0)


@settings(max_examples=30, deadline=None)
@given(
    saved=st.integers(min_value=1, max_value=120),
    undos=st.integers(min_value=0, max_value=120),
    checkpoint_every=st.sampled_from([4, 64]),
)
def test_open_then_undo_k_times_equals_the_replayed_prefix(
    saved: int, undos: int, checkpoint_every: int
) -> None:
    undos = min(undos, saved)
    original = session_module.CHECKPOINT_EVERY
    session_module.CHECKPOINT_EVERY = checkpoint_every
    battle.DEFER_JOURNAL_BYTES, threshold = 0, battle.DEFER_JOURNAL_BYTES
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "b.json"
            save_battle(path, replayed(saved))
            session = open_battle(path).session
        assert session.length == saved and session.state == replayed(saved).state
        for _ in range(undos):
            session.undo()
        expected = replayed(saved - undos)
        assert session.state == expected.state and session.journal == expected.journal
        assert session.can_undo == (saved - undos > 0)
    finally:
        session_module.CHECKPOINT_EVERY = original
        battle.DEFER_JOURNAL_BYTES = threshold


def test_play_after_opening_then_undo_back_to_the_start(tmp_path: Path, defer_all: None) -> None:
    path = tmp_path / "b.json"
    save_battle(path, replayed(70))
    session = open_battle(path).session
    for entry in long_journal()[70:80]:  # play on: ten more Commands
        session.apply(entry.command, SeededDice(0) if not entry.d20s else None)
    played_on = session.length
    assert played_on == 80
    while session.can_undo:
        session.undo()
    assert session.state == session.initial == replayed(0).state
    for _ in range(5):
        session.redo()
    assert session.state == replayed(5).state


def test_saving_an_opened_battle_keeps_its_whole_journal(tmp_path: Path, defer_all: None) -> None:
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    save_battle(first, replayed(90))
    save_battle(second, open_battle(first).session)
    assert second.read_bytes() == first.read_bytes()


def _tamper(path: Path, change: str) -> None:
    doc = json.loads(path.read_text())
    if change == "short":  # the journal no longer leads to the saved state
        del doc["journal"][-3:]
    else:  # a Command Bridge does not know
        doc["journal"][3]["command"]["type"] = "self_destruct"
    path.write_text(json.dumps(doc, indent=2))


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ("short", "no longer replays to the saved battle"),
        ("command", "its saved journal could not be read (b.json: journal: 3.command"),
    ],
)
def test_a_journal_that_does_not_lead_to_the_saved_state_is_found_at_the_first_undo(
    tmp_path: Path, defer_all: None, change: str, said: str
) -> None:
    path = tmp_path / "b.json"
    save_battle(path, replayed(60))
    _tamper(path, change)
    session = open_battle(path).session
    assert session.state == replayed(60).state  # opens where it stands
    entry = long_journal()[60]
    session.apply(entry.command)  # play on, then undo that one Command
    session.undo()
    assert session.state == replayed(60).state
    with pytest.raises(CommandRefused, match="cannot go back before this battle was opened"):
        session.undo()
    with pytest.raises(CommandRefused) as refused:
        session.undo()
    assert said in refused.value.reason
    assert session.state == replayed(60).state and not session.can_undo
    session.redo()  # the battle goes on, and saves and opens again
    save_battle(path, session)
    again = open_battle(path).session
    assert again.state == session.state


def test_a_file_not_in_the_shape_bridge_writes_is_read_whole(
    tmp_path: Path, defer_all: None
) -> None:
    session = replayed(30)
    path = tmp_path / "b.json"
    save_battle(path, session)
    raw = path.read_bytes()
    assert split_journal(raw) is not None
    compact = json.dumps(json.loads(raw)).encode()
    assert split_journal(compact) is None
    twice = raw.rstrip()[:-1] + b',\n  "journal": []\n}'  # the last one counts
    assert split_journal(twice) is None
    assert open_battle_bytes(tmp_path, twice).journal == ()
    nested = raw.replace(b'\n  "journal": [', b'\n  "x": {"a": [1,\n  "journal": [', 1)
    assert split_journal(nested) is None


def open_battle_bytes(folder: Path, raw: bytes) -> Session:
    path = folder / "raw.json"
    path.write_bytes(raw)
    return open_battle(path).session


def test_a_long_battle_opens_from_its_state_and_undoes_like_a_replay(tmp_path: Path) -> None:
    session = endless_battle(2400)
    path = tmp_path / "long.json"
    save_battle(path, session)
    assert path.stat().st_size > DEFER_JOURNAL_BYTES
    opened = open_battle(path).session
    assert opened.length == 2400 and opened.state == session.state
    opened.undo()
    session.undo()
    assert opened.state == session.state


_TOKENS = [b"\n  ]", b"\n    {", b'"journal"', b"\n  ", b"[", b"]", b"{", b"}", b","]
_TOKENS += [b"\\ud800", b"\0"]


@settings(max_examples=150, deadline=None)
@given(
    edits=st.lists(
        st.tuples(
            st.floats(min_value=0, max_value=1),
            st.sampled_from(["flip", "cut", "insert"]),
            st.sampled_from(_TOKENS),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_a_damaged_long_battle_file_never_raises_anything_but_a_clear_refusal(
    edits: list[tuple[float, str, bytes]],
) -> None:
    """Byte damage anywhere in a file whose journal is set aside: opening gives the
    file-problem message or a battle; that battle then reads, autosaves, undoes to its
    start and saves with nothing raised but a refused undo."""
    from bridge.engine.session import CommandRefused
    from bridge.storage.load import FileProblem

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "b.json"
        save_battle(path, replayed(40))
        raw = bytearray(path.read_bytes())
        for where, how, token in edits:
            at = int(where * (len(raw) - 1))
            if how == "flip":
                raw[at] ^= 0x20
            elif how == "cut":
                del raw[at : at + len(token)]
            else:
                raw[at:at] = token
        path.write_bytes(bytes(raw))
        battle.DEFER_JOURNAL_BYTES, threshold = 0, battle.DEFER_JOURNAL_BYTES
        try:
            session = open_battle(path).session
        except FileProblem:
            return
        finally:
            battle.DEFER_JOURNAL_BYTES = threshold
        session.recent(3)
        session.journal_texts()
        while session.can_undo:
            try:
                session.undo()
            except CommandRefused:
                break
        save_battle(Path(folder) / "again.json", session)
        assert open_battle(Path(folder) / "again.json").session.state == session.state
