"""The source lines PySide6 reads of every module imported after it, let go.

From its import on, PySide6 reads the source of each module an ``import`` names (to
learn which modules use its ``__feature__`` switches, which Bridge does not), and
Python's :mod:`linecache` keeps every line: the text of some 130 files, about 4 MB of a
start, that only a traceback would read again (from the file, as it then does). An
installed bundle carries no source, so there is nothing to keep.
"""

from __future__ import annotations

import linecache

__all__ = ["forget_source_lines"]


def forget_source_lines() -> None:
    """Let go of every source line read so far: called once the start's modules are in,
    before the windows are built (which then reuse that memory), and once they are up."""
    linecache.clearcache()
