"""Atomic saving: a temporary file in the same folder, flushed, fsynced, then renamed."""

from __future__ import annotations

import contextlib
import glob
import os
import tempfile
import time
from pathlib import Path

from pydantic import BaseModel

__all__ = ["clean_stale_temporaries", "save_atomic", "write_atomic"]


STALE_AFTER = 60.0
"""Seconds after which a leftover temporary file is a kill's debris, not a save under way."""


def clean_stale_temporaries(folder: Path, name: str = "*") -> int:
    """Remove the temporary files a kill mid-save left in ``folder``; returns how many."""
    removed = 0
    now = time.time()
    try:
        leftovers = list(folder.glob(f".{name}.*.tmp"))
    except OSError:
        return 0
    for temp in leftovers:
        with contextlib.suppress(OSError):
            if now - temp.stat().st_mtime > STALE_AFTER or name != "*":
                temp.unlink()
                removed += 1
    return removed


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash or error leaves the old file whole.

    Temporary files an earlier, killed save of the same file left behind are removed.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    clean_stale_temporaries(folder, glob.escape(path.name))
    handle, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable (not on Windows)
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


def save_atomic(path: Path, document: BaseModel) -> None:
    """Write a Bridge file as indented JSON, atomically."""
    write_atomic(path, document.model_dump_json(indent=2).encode("utf-8") + b"\n")
