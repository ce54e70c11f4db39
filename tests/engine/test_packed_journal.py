"""The journal and the undo history's states, packed when old.

Issue 14: "memory ... under 1 MiB more per 1,000 Commands played". The Session keeps
its newest entries and states as objects and older ones as compressed JSON; these
tests hold that it still behaves exactly as the list and the dict it replaces.
"""

from __future__ import annotations

import gc
import tracemalloc
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.bench.battles import endless_step
from bridge.engine.demo import demo_encounter
from bridge.engine.journal import KEEP, JournalEntry, JournalUnreadable, KeptStates, PackedJournal
from bridge.engine.session import Session
from bridge.rules.dice import SeededDice
from tests.factories import played

KEEP_SMALL, BLOCK_SMALL = 5, 4


@cache
def entries() -> tuple[JournalEntry, ...]:
    return played(120, seed=5).journal


def text(entry: JournalEntry) -> bytes:
    return entry.model_dump_json().encode()


OPS = st.lists(
    st.tuples(
        st.sampled_from(["append", "text", "pop", "drop", "prepend", "drop_first", "read", "last"]),
        st.integers(0, 119),
    ),
    max_size=60,
)


@settings(max_examples=80, deadline=None)
@given(OPS, st.integers(0, 30), st.booleans())
def test_a_packed_journal_behaves_as_a_list(
    ops: list[tuple[str, int]], start: int, as_text: bool
) -> None:
    model = list(entries()[:start])
    given_items = [text(e) if as_text else e for e in model]
    packed = PackedJournal(given_items, keep=KEEP_SMALL, block=BLOCK_SMALL)
    for op, n in ops:
        if op == "append":
            model.append(entries()[n])
            packed.append(entries()[n])
        elif op == "text":  # an entry read from a file, not parsed
            model.append(entries()[n])
            packed.append(text(entries()[n]))
        elif op == "pop" and model:
            assert packed.pop() == model.pop()
        elif op == "drop" and model:
            dropped = packed.drop()
            expected = model.pop()
            assert dropped == expected or dropped == text(expected)
        elif op == "prepend":
            ahead = list(entries()[n : n + 9])
            model[:0] = ahead
            packed.prepend(ahead)
        elif op == "drop_first":
            cut = min(n % 7, len(model))
            del model[:cut]
            packed.drop_first(cut)
        elif op == "last":
            k = n % (KEEP_SMALL + 3)
            assert packed.last(k) == model[max(len(model) - k, 0) :]
        elif op == "read" and model:
            assert packed[n % len(model)] == model[n % len(model)]
            assert packed[-1] == model[-1]
        assert len(packed) == len(model) and bool(packed) == bool(model)
    assert list(packed) == model
    assert packed.last(3) == model[-3:] and packed.last(len(model) + 5) == model
    assert [packed[i] for i in range(len(model))] == model
    texts = packed.texts_or_entries()
    assert [JournalEntry.model_validate_json(t) if isinstance(t, bytes) else t for t in texts] == (
        model
    )


def test_entries_older_than_the_newest_kept_are_packed_as_play_goes_on() -> None:
    journal = PackedJournal(keep=KEEP_SMALL, block=BLOCK_SMALL)
    for entry in entries()[:40]:
        journal.append(entry)
    assert journal.packed >= 40 - KEEP_SMALL - 2 * BLOCK_SMALL
    assert len(journal) - journal.packed < KEEP_SMALL + BLOCK_SMALL
    assert journal.last(KEEP_SMALL) == list(entries()[40 - KEEP_SMALL : 40])


def test_the_newest_kept_stay_objects_after_undo_reaches_into_the_packed() -> None:
    """The windows read the newest entries after every Command: undo unpacks a block
    back rather than leave them to be parsed at each read."""
    journal = PackedJournal(entries()[:40], keep=KEEP_SMALL, block=BLOCK_SMALL)
    for entry in entries()[40:80]:
        journal.append(entry)
    for _ in range(30):
        journal.pop()
    assert len(journal) - journal.packed >= KEEP_SMALL
    assert journal.last(KEEP_SMALL) == list(entries()[50 - KEEP_SMALL : 50])


def test_the_newest_entries_are_handed_out_without_reading_each_after_undo(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 29 (undo after opening a long battle): entries read from a saved journal
    are put in front of the kept ones; after an undo the windows' read of the newest
    entries looks at none of them one by one, and text among them is read once."""
    journal = PackedJournal()
    journal.prepend(entries()[:100])  # what a saved journal's last entries are read into
    assert journal.last(50) == list(entries()[50:100])
    journal.pop()  # an undo
    looked: list[int] = []
    real = PackedJournal.__getitem__

    def counted(self: PackedJournal, index: int) -> JournalEntry:
        looked.append(index)
        return real(self, index)

    monkeypatch.setattr(PackedJournal, "__getitem__", counted)
    assert journal.last(50) == list(entries()[49:99])
    assert looked == []
    journal.prepend([text(e) for e in entries()[100:104]])  # text in front: read when asked
    assert journal.last(len(journal)) == [*entries()[100:104], *entries()[:99]]
    assert looked == []


def test_a_damaged_packed_text_says_so_when_read() -> None:
    journal = PackedJournal([b'{"command": 3}'])
    try:
        journal.pop()
    except JournalUnreadable as exc:
        assert "damaged" in exc.reason
    else:
        raise AssertionError("a damaged entry was read as an entry")


def test_kept_states_pack_all_but_the_newest_and_read_back_equal() -> None:
    session = played(60, seed=2)
    states = [Session.replay(session.initial, session.journal[:n]).state for n in (0, 20, 40, 60)]
    kept = KeptStates({0: states[0]}, whole=1)
    kept[20], kept[40], kept[60] = states[1], states[2], states[3]
    assert kept[0] is states[0] and kept[60] is states[3]  # the start and the newest
    assert kept[20] == states[1] and kept[20] is not states[1]  # read back from text
    assert kept.get(40) == states[2] and kept.get(41) is None and 40 in kept
    assert kept.pop(40) == states[2] and 40 not in kept and len(kept) == 3
    shifted = kept.shifted(20)
    assert sorted(shifted) == [0, 40] and shifted[0] == states[1] and shifted[40] is states[3]


def test_a_long_battle_undoes_to_its_start_through_the_packed_journal() -> None:
    """Every state undo passes through equals the state a replay reaches."""
    session = Session(demo_encounter(), SeededDice(8))
    initial = session.initial
    while session.length < KEEP + 200:
        session.apply(endless_step(session.state, session.check, initial))
    journal = session.journal
    assert session._journal.packed > 0  # the oldest entries are packed
    marks = {KEEP + 100: None, 300: None, 64: None, 0: None}
    for n in marks:
        marks[n] = Session.replay(initial, journal[:n]).state  # type: ignore[assignment]
    while session.can_undo:
        session.undo()
        if session.length in marks:
            assert session.state == marks[session.length]
    assert session.length == 0 and session.state == initial
    while session.can_redo:
        session.redo()
    assert session.journal == journal


def _grown_per_1000(commands: int, warm: int) -> float:
    """Python's memory (KiB) a battle grows by per 1,000 Commands once warmed up."""
    tracemalloc.start()  # from the start: what the warm-up frees again counts too
    try:
        session = Session(demo_encounter(), SeededDice(3))
        initial = session.initial
        while session.length < warm:
            session.apply(endless_step(session.state, session.check, initial))
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        while session.length < warm + commands:
            session.apply(endless_step(session.state, session.check, initial))
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    return grown / 1024 / commands * 1000


def test_a_long_battle_grows_memory_by_its_packed_text_not_its_objects() -> None:
    """Past the newest entries kept whole, 1,000 more Commands grow the Session by
    well under the issue's 1 MiB (before packing, about 2 MiB)."""
    assert _grown_per_1000(commands=700, warm=KEEP + 300) < 400
