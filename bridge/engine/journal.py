"""The journal: its entries, the sink it goes to, and how a Session keeps it and the undo
history in memory.

A journal entry as objects takes about 2 KB; its JSON text about 350 bytes, and
:data:`BLOCK` of them compressed together about 40 bytes each. A :class:`PackedJournal`
keeps its newest :data:`KEEP` entries as they are (the windows' logs show, and hold,
the last 1,000) and packs older ones into compressed blocks of JSON lines, read back
when undo, a replay or Save reaches them. :class:`KeptStates` does the same for the
undo history's whole states: the newest few as objects, older ones compressed.

An evening of play then grows memory by the compressed text of what was played, not by
its objects.
"""

from __future__ import annotations

import zlib
from bisect import bisect_right
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Protocol

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from bridge.engine.commands import Command, upgrade_command
from bridge.engine.state.encounter import Encounter
from bridge.rules.text import LOG_LINES_MAX, LogLine

__all__ = [
    "BLOCK",
    "KEEP",
    "WHOLE",
    "DeferredJournal",
    "JournalEntry",
    "JournalSink",
    "JournalUnreadable",
    "KeptStates",
    "PackedJournal",
]


class JournalEntry(BaseModel):
    """One applied Command with the dice it rolled and what it logged."""

    model_config = ConfigDict(frozen=True, defer_build=True)

    command: Annotated[Command, BeforeValidator(upgrade_command)]
    """(A journal written before the two battles shared their Commands is read in today's
    shapes: :func:`bridge.engine.commands.upgrade_command`.)"""
    d20s: tuple[int, ...] = Field(default=(), max_length=100)
    d6s: tuple[int, ...] = Field(default=(), max_length=500)
    log: tuple[LogLine, ...] = Field(default=(), max_length=LOG_LINES_MAX)
    round: int = Field(default=1, description="The Round the Command was applied in")

    def to_json(self) -> str:
        return self.model_dump_json()


class JournalSink(Protocol):
    """Where a Session's journal goes as it grows (the autosave file, for one).

    The Session calls the sink *before* it commits a Command or an Undo; a sink that
    cannot record it raises :class:`OSError`, and the Command or Undo is refused as a
    whole, so what the sink holds and what the Session holds stay equal.
    """

    def applied(self, entry: JournalEntry) -> None:
        """Record one applied Command (also used by redo)."""

    def undone(self) -> None:
        """Record that the last Command was undone."""


class JournalUnreadable(Exception):
    """A deferred journal that could not be read; ``reason`` says why, in a sentence."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class DeferredJournal:
    """A saved journal of ``count`` entries, read by ``load`` only when first needed.

    ``load`` returns the entries or raises :class:`JournalUnreadable`; so do the
    optional ``tail`` (the last n entries, read alone) and ``texts`` (each entry's JSON
    text, not parsed: what an autosave copies).
    """

    count: int
    load: Callable[[], Sequence[JournalEntry]]
    tail: Callable[[int], Sequence[JournalEntry]] | None = None
    texts: Callable[[], list[bytes]] | None = None


BLOCK = 64
"""Entries per packed block."""
KEEP = 1024
"""At least this many of the newest entries stay objects (the logs show 1,000)."""
TEXTS_PER_APPEND = 2
"""How many older entries each append turns into text: packing is spread over the
Commands, and a journal given many entries at once catches up twice as fast as it grows."""


class PackedJournal:
    """A list of journal entries (append, pop, index, iterate) that packs old ones.

    Entries may also be given as their JSON text (read from a file, not parsed), which
    is parsed only when it is read as an entry.
    """

    def __init__(
        self, entries: Iterable[JournalEntry | bytes] = (), keep: int = KEEP, block: int = BLOCK
    ) -> None:
        self._keep, self._size = keep, block  # (other sizes are for tests)
        self._blocks: list[bytes] = []  # entries' JSON lines, compressed (BLOCK a block)
        self._ends: list[int] = []  # where each block ends (a prepended one may be short)
        self._tail: list[JournalEntry | bytes] = list(entries)  # after the blocks
        self._texted = 0  # how many of the tail's first entries are known to be text
        self._raw_end = len(self._tail)  # no text in the tail from here on (at most)
        self._read: dict[int, list[JournalEntry]] = {}  # the blocks read last
        self._pack(0)  # what is already text packs now; entries as they are appended

    # -- size ---------------------------------------------------------------------------
    def __len__(self) -> int:
        return self.packed + len(self._tail)

    def __bool__(self) -> bool:
        return bool(self._blocks or self._tail)

    @property
    def packed(self) -> int:
        """How many entries are packed."""
        return self._ends[-1] if self._ends else 0

    # -- writing ------------------------------------------------------------------------
    def append(self, entry: JournalEntry | bytes) -> None:
        self._tail.append(entry)
        if isinstance(entry, bytes):
            self._raw_end = len(self._tail)
        self._pack(TEXTS_PER_APPEND)

    def pop(self) -> JournalEntry:
        """Take the last entry off and return it."""
        return _entry(self.drop())

    def drop(self) -> JournalEntry | bytes:
        """Take the last entry off without reading it."""
        if not self._tail:
            self._unpack_last()
        if not self._tail:
            raise IndexError("pop from an empty journal")
        item = self._tail.pop()
        self._texted = min(self._texted, len(self._tail))
        self._raw_end = min(self._raw_end, len(self._tail))
        if len(self._tail) < self._keep and self._blocks:
            self._unpack_last()  # the newest KEEP stay at hand
        return item

    def prepend(self, entries: Iterable[JournalEntry | bytes]) -> None:
        """Put ``entries`` before the first entry."""
        ahead = list(entries)
        if not ahead:
            return
        if not self._blocks:
            self._tail[:0] = ahead
            texts = [i for i, item in enumerate(ahead) if isinstance(item, bytes)]
            after = self._raw_end + len(ahead) if self._raw_end else 0
            self._texted, self._raw_end = 0, max(after, texts[-1] + 1 if texts else 0)
            self._pack(0)
            return
        size = self._size
        front = [ahead[i : i + size] for i in range(0, len(ahead), size)]
        self._blocks[:0] = [_packed(chunk) for chunk in front]
        sizes = [len(chunk) for chunk in front] + _sizes(self._ends)
        self._ends = [sum(sizes[: i + 1]) for i in range(len(sizes))]
        self._read = {}

    def drop_first(self, count: int) -> None:
        """Forget the first ``count`` entries."""
        items = self.texts_or_entries()[count:]
        self._blocks, self._ends, self._tail, self._texted, self._read = [], [], items, 0, {}
        self._raw_end = len(items)
        self._pack(0)

    def _pack(self, budget: int) -> None:
        """Turn up to ``budget`` entries older than the newest :data:`KEEP` into text
        (text already given costs nothing) and pack each :data:`BLOCK` of text."""
        tail = self._tail
        while self._texted < len(tail) - self._keep:
            if not isinstance(tail[self._texted], bytes):
                if budget <= 0:
                    break
                budget -= 1
                tail[self._texted] = _text(tail[self._texted])
            self._texted += 1
            self._raw_end = max(self._raw_end, self._texted)
            if self._texted == self._size:
                self._blocks.append(_packed(tail[: self._size]))
                self._ends.append(self.packed + self._size)
                del tail[: self._size]
                self._texted, self._raw_end = 0, max(self._raw_end - self._size, 0)

    def _unpack_last(self) -> None:
        """Move the last block back into the tail, as text."""
        if not self._blocks:
            return
        b = len(self._blocks) - 1
        texts = self._block_texts(b)
        self._tail[:0] = texts
        self._raw_end += len(texts)
        self._blocks.pop()
        self._ends.pop()
        self._read.pop(b, None)
        self._texted = 0

    # -- reading ------------------------------------------------------------------------
    def _block_texts(self, b: int) -> list[bytes]:
        return zlib.decompress(self._blocks[b]).split(b"\n")

    def _block(self, b: int) -> list[JournalEntry]:
        entries = self._read.get(b)
        if entries is None:
            entries = [_entry(text) for text in self._block_texts(b)]
            if len(self._read) >= 2:  # replaying reads on, the windows read the newest
                del self._read[min(self._read)]
            self._read[b] = entries
        return entries

    def __getitem__(self, index: int) -> JournalEntry:
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("journal index out of range")
        packed = self.packed
        if index < packed:
            b = bisect_right(self._ends, index)
            return self._block(b)[index - (self._ends[b - 1] if b else 0)]
        item = self._tail[index - packed]
        if isinstance(item, bytes):
            item = self._tail[index - packed] = _entry(item)
        return item

    def last(self, n: int) -> list[JournalEntry]:
        """The last ``n`` entries (the windows ask after every Command: the newest are
        handed out as they are kept, without looking at each)."""
        size = len(self)
        n = min(max(n, 0), size)
        tail = self._tail
        start = len(tail) - n
        if start < 0:  # some are packed
            entries = [self[i] for i in range(size - n, size)]  # (text read becomes entries)
            self._raw_end = 0
            return entries
        for i in range(start, self._raw_end):  # text among them is read, once
            item = tail[i]
            if isinstance(item, bytes):
                tail[i] = _entry(item)
        self._raw_end = min(self._raw_end, start)
        return tail[start:]  # type: ignore[return-value]  # entries only

    def __iter__(self) -> Iterator[JournalEntry]:
        for b in range(len(self._blocks)):
            yield from (_entry(text) for text in self._block_texts(b))
        for i in range(len(self._tail)):
            yield self[self.packed + i]

    def texts_or_entries(self) -> list[JournalEntry | bytes]:
        """Every entry: packed ones as their JSON text (not parsed), the rest as they are."""
        out: list[JournalEntry | bytes] = []
        for b in range(len(self._blocks)):
            out.extend(self._block_texts(b))
        out.extend(self._tail)
        return out


def _packed(items: list[JournalEntry | bytes]) -> bytes:
    """A block: the entries' JSON lines, compressed."""
    return zlib.compress(b"\n".join(_text(e) for e in items), 1)


def _sizes(ends: list[int]) -> list[int]:
    return [end - (ends[i - 1] if i else 0) for i, end in enumerate(ends)]


def _text(item: JournalEntry | bytes) -> bytes:
    """An entry's JSON text on one line."""
    if isinstance(item, bytes):
        return item.replace(b"\n", b" ") if b"\n" in item else item  # JSON spacing only
    return item.model_dump_json().encode("utf-8")


def _entry(item: JournalEntry | bytes) -> JournalEntry:
    if not isinstance(item, bytes):
        return item
    from pydantic import ValidationError

    try:
        return JournalEntry.model_validate_json(item)
    except (ValidationError, ValueError) as exc:
        raise JournalUnreadable(f"its journal is damaged ({str(exc)[:80]})") from None


WHOLE = 4
"""How many of the newest states :class:`KeptStates` keeps as objects."""


class KeptStates:
    """The undo history's whole states by index (how many Commands had been applied).

    The start and the :data:`WHOLE` newest are kept as they are; older ones as their
    compressed JSON text (about 2 KB instead of about 20 KB of objects not shared with
    the states next to them), read back when undo reaches them.
    """

    def __init__(
        self, states: Mapping[int, Encounter | bytes] | None = None, whole: int = WHOLE
    ) -> None:
        self._whole = whole
        self._states: dict[int, Encounter | bytes] = dict(states or {})
        self._read: tuple[int, Encounter] | None = None  # the last one read back

    def __len__(self) -> int:
        return len(self._states)

    def __contains__(self, index: object) -> bool:
        return index in self._states

    def __iter__(self) -> Iterator[int]:
        return iter(list(self._states))

    def __getitem__(self, index: int) -> Encounter:
        state = self._states[index]
        if not isinstance(state, bytes):
            return state
        if self._read is not None and self._read[0] == index:
            return self._read[1]
        whole = Encounter.model_validate_json(zlib.decompress(state))
        self._read = (index, whole)
        return whole

    def get(self, index: int) -> Encounter | None:
        return self[index] if index in self._states else None

    def __setitem__(self, index: int, state: Encounter) -> None:
        self._states[index] = state
        if self._read is not None and self._read[0] == index:
            self._read = None
        whole = sorted(k for k, v in self._states.items() if k and not isinstance(v, bytes))
        for k in whole[: len(whole) - self._whole]:
            kept = self._states[k]
            assert not isinstance(kept, bytes)
            self._states[k] = zlib.compress(kept.model_dump_json().encode("utf-8"), 1)

    def __delitem__(self, index: int) -> None:
        del self._states[index]
        if self._read is not None and self._read[0] == index:
            self._read = None

    def pop(self, index: int) -> Encounter:
        state = self[index]
        del self[index]
        return state

    def shifted(self, base: int) -> KeptStates:
        """The states from ``base`` on, indexed from there (``base`` becomes 0)."""
        kept = {k - base: v for k, v in self._states.items() if k >= base}
        return KeptStates(kept, self._whole)
