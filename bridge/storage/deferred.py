"""Opening a long battle without reading its journal: the journal is set aside as text.

A battle file as Bridge writes it (indented JSON) has its top-level ``journal`` array
between the line ``  "journal": [`` and the next line ``  ]``. For a large file that
array is cut out: the rest (where the battle stands, how it started) is parsed and
checked as usual, and the journal text is parsed only when undo or Save first needs it.

Cutting is exact or not done: the text before the cut must end at the top level of the
document (checked by parsing it), ``journal`` must appear nowhere else, and when the
journal is read it must be one JSON array of the counted length. A file that does not
fit this shape is parsed whole, as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import TypeAdapter, ValidationError

from bridge.engine import DeferredJournal, JournalEntry, JournalUnreadable
from bridge.model.validation import describe_validation_error
from bridge.storage.load import SURROGATE_ESCAPE, lone_surrogate, shorten

__all__ = [
    "DEFER_JOURNAL_BYTES",
    "SplitBattle",
    "deferred_journal",
    "journal_loader",
    "split_journal",
]

DEFER_JOURNAL_BYTES = 1 << 20
"""Battle files larger than this (about 2,000 Commands) have their journal read later."""

_KEY = b'\n  "journal": ['
_END = b"\n  ]"
_ENTRY = b"\n    {"
_ENTRIES: TypeAdapter[tuple[JournalEntry, ...]] = TypeAdapter(tuple[JournalEntry, ...])


@dataclass(frozen=True)
class SplitBattle:
    document: bytes
    """The file with an empty journal."""
    journal: bytes
    """The journal's JSON text, not yet parsed."""
    count: int
    """How many entries the journal holds (one per line opening an entry)."""


def split_journal(raw: bytes) -> SplitBattle | None:
    """Set the journal of a battle file aside, or ``None`` if the file is not in the
    shape Bridge writes (then it is parsed whole)."""
    at = raw.find(_KEY)
    if at < 0:
        return None
    start = at + len(_KEY) - 1
    end = raw.find(_END, start)
    if end < 0 or raw[start : start + 2] == b"[]":
        return None
    end += len(_END)
    head, journal, tail = raw[:at], raw[start:end], raw[end:]
    count = journal.count(_ENTRY)
    if not count or b'"journal"' in head or b'"journal"' in tail:
        return None
    top = head.rstrip()
    top = top[:-1] if top.endswith(b",") else top
    try:  # the cut is at the top level only if the text before it closes with one brace
        json.loads(top + b"}")
    except (ValueError, RecursionError):
        return None
    return SplitBattle(head + b'\n  "journal": []' + tail, journal, count)


def journal_loader(text: bytes, name: str) -> Callable[[], tuple[JournalEntry, ...]]:
    """Reads the journal text set aside from ``name``; :class:`JournalUnreadable` says why
    it cannot be used."""

    def unreadable(problem: str) -> JournalUnreadable:
        return JournalUnreadable(
            f"its saved journal could not be read ({shorten(name, 80)}: journal: {problem})"
        )

    def load() -> tuple[JournalEntry, ...]:
        try:
            data = json.loads(text)
        except RecursionError:
            raise unreadable("the data is nested too deeply") from None
        except ValueError as exc:
            raise unreadable(f"not valid JSON, {shorten(str(exc), 120)}") from None
        if not isinstance(data, list):
            raise unreadable("not a list of Commands")
        if SURROGATE_ESCAPE.search(text) and (bad := lone_surrogate(data)) is not None:
            raise unreadable(f"the text {shorten(bad, 40)} holds a lone surrogate")
        try:
            return _ENTRIES.validate_python(data)
        except ValidationError as exc:
            raise unreadable(shorten(describe_validation_error(exc).splitlines()[0], 300)) from None
        except RecursionError:
            raise unreadable("the data is nested too deeply") from None

    return load


def deferred_journal(split: SplitBattle, name: str) -> DeferredJournal:
    """The journal set aside from ``name``: read whole, its last entries alone, or each
    entry's text on one line (newlines dropped: in JSON text they are only spacing)."""
    cached: list[list[bytes]] = []

    def texts() -> list[bytes]:
        if not cached:
            body = split.journal.strip()[1:-1]
            if b"\0" in body:  # never in JSON text: it marks where each entry starts
                raise JournalUnreadable(f"its saved journal in {shorten(name, 80)} is damaged")
            marked = body.replace(_ENTRY, b"\0{").replace(b"\n      ", b"")
            chunks = marked.replace(b"\n", b"").split(b"\0")
            if chunks[0].strip():
                raise JournalUnreadable(f"its saved journal in {shorten(name, 80)} is damaged")
            cached.append([c.rstrip().removesuffix(b",") for c in chunks[1:]])
        return cached[0]

    def tail(n: int) -> list[JournalEntry]:
        chosen = texts()[-n:] if n else []
        try:
            return [JournalEntry.model_validate_json(text) for text in chosen]
        except (ValidationError, ValueError) as exc:
            raise JournalUnreadable(f"its saved journal is damaged ({shorten(exc, 80)})") from None

    return DeferredJournal(split.count, journal_loader(split.journal, name), tail, texts)
