"""Atomic saving: a temporary file in the same folder, flushed, fsynced, then renamed."""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tempfile
import time
from pathlib import Path

from pydantic import BaseModel

__all__ = ["clean_stale_temporaries", "save_atomic", "write_atomic"]


STALE_AFTER = 60.0
"""Seconds after which a leftover temporary file is a kill's debris, not a save under way."""


NAME_BYTES = 255
"""The longest file name most file systems take (in bytes)."""
_RANDOM = 8
"""The characters :func:`tempfile.mkstemp` adds."""


def _prefix(name: str) -> str:
    """The start of the temporary file names of ``name``: ``.NAME.``, or for a name so
    long that the temporary one would pass :data:`NAME_BYTES`, ``.NAME-CUT~HASH.``."""
    full = f".{name}."
    if len(full.encode("utf-8", "surrogateescape")) + _RANDOM + len(".tmp") <= NAME_BYTES:
        return full
    digest = hashlib.sha1(name.encode("utf-8", "surrogateescape")).hexdigest()[:8]
    room = NAME_BYTES - len(f".~{digest}.") - _RANDOM - len(".tmp")
    cut = name.encode("utf-8", "surrogateescape")[:room].decode("utf-8", "ignore")
    return f".{cut}~{digest}."


def _ours(folder: Path, name: str | None) -> list[Path]:
    """The temporary files :func:`write_atomic` made in ``folder`` (for the file called
    ``name`` only, if given): its prefix, then the eight characters
    :func:`tempfile.mkstemp` adds, then ``.tmp``. Another program's ``.tmp`` files do not
    have that shape and are left alone."""
    start = re.escape(_prefix(name)) if name is not None else r"\..+\."
    shape = re.compile(f"{start}[a-z0-9_]{{{_RANDOM}}}\\.tmp")
    try:
        return [p for p in folder.glob(".*.tmp") if shape.fullmatch(p.name)]
    except OSError:
        return []


def clean_stale_temporaries(folder: Path, name: str | None = None, fresh_too: bool = False) -> int:
    """Remove the temporary files a kill mid-save left in ``folder`` (only Bridge's own,
    and only those of the file called ``name``, if given); returns how many.

    One younger than :data:`STALE_AFTER` seconds may be a save under way (another Bridge
    saving the same file): it stays, unless ``fresh_too`` (the file is about to be
    replaced by this process anyway).
    """
    removed = 0
    now = time.time()
    for temp in _ours(folder, name):
        with contextlib.suppress(OSError):
            if fresh_too or now - temp.stat().st_mtime > STALE_AFTER:
                temp.unlink()
                removed += 1
    return removed


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so that a crash or error leaves the old file whole.

    The temporary file's name fits wherever ``path``'s does (a long name is cut, with a
    hash to keep it apart). Temporary files an earlier, killed save of the same file left
    behind are removed.
    """
    folder = path.parent
    folder.mkdir(parents=True, exist_ok=True)
    clean_stale_temporaries(folder, path.name, fresh_too=True)
    handle, temp = tempfile.mkstemp(prefix=_prefix(path.name), suffix=".tmp", dir=folder)
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
