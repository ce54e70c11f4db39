"""What resuming a journal cannot use is kept, never deleted: a side file beside it.

The side file ``NAME.set-aside-N.txt`` holds the journal's lines exactly as they were on
disk (a damaged line, the lines after it, a fragment a crash cut short), so nothing a
journal held is lost; it is not a journal (``.txt``), so it is never offered for resuming
nor tidied away.
"""

from __future__ import annotations

from pathlib import Path

from bridge.storage.save import write_atomic

__all__ = ["commands_in", "set_aside"]

_APPLY = b'"op":"apply"'


def commands_in(data: bytes) -> int:
    """How many of the lines in ``data`` record a Command (or what is left of one)."""
    return sum(1 for line in data.split(b"\n") if _APPLY in line)


def set_aside(journal: Path, data: bytes) -> Path:
    """Write ``data`` (lines cut from ``journal``) to a new side file beside it, durably,
    before the journal itself is changed; returns the side file."""
    n = 1
    while (side := journal.with_name(f"{journal.stem}.set-aside-{n}.txt")).exists():
        n += 1
    write_atomic(side, data)
    return side
