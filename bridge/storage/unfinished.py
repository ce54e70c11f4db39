"""The autosave folder: which battles were not closed properly, and tidying closed ones.

Every unfinished battle is offered, newest first, with its name, Round and Command count;
a journal another live Bridge is writing is never offered. Cleanly closed journals past
the newest few are deleted; an unfinished one, and what resuming set aside beside it,
never is.
"""

from __future__ import annotations

import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path

from bridge.storage.journal_lock import holder, lock_path
from bridge.storage.paths import autosave_dir
from bridge.storage.save import clean_stale_temporaries

__all__ = [
    "CLOSED",
    "HEADER",
    "JOURNAL_VERSION",
    "Unfinished",
    "find_unfinished",
    "journal_files",
    "newer_journal",
    "peek",
    "prune_closed",
]

HEADER = "bridge.autosave"
JOURNAL_VERSION = 1
"""The journal format this Bridge writes and reads; a newer one is refused, untouched."""
CLOSED = b'{"op":"closed"}'
SUMMARY_BYTES = 64 * 1024 * 1024
"""Journals up to this size are read whole to count their Commands for the offer."""


def peek(path: Path) -> tuple[bytes, bytes] | None:
    """The first line and the last 64 bytes of a regular file, or ``None``."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            return None
        head = os.read(fd, 1 << 20).split(b"\n", 1)[0]
        os.lseek(fd, max(info.st_size - 64, 0), os.SEEK_SET)
        return head, os.read(fd, 64)
    except OSError:
        return None
    finally:
        os.close(fd)


def journal_files(folder: Path) -> list[Path]:
    """The journals in ``folder`` (not their lock files nor what resuming set aside)."""
    try:
        return [p for p in folder.glob("*.jsonl") if p.is_file()]
    except OSError:
        return []


def newer_journal(header: dict[str, object], name: str) -> str | None:
    """The sentence refusing a journal a newer Bridge wrote, or ``None`` if it is not."""
    from bridge import __version__

    version = header.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > JOURNAL_VERSION:
        made = header.get("bridge")
        by = f"Bridge {str(made)[:20]}" if isinstance(made, str) else "a newer Bridge"
        return (
            f"{name}: this autosave journal is version {version}, written by {by}; this "
            f"Bridge ({__version__}) reads journal version {JOURNAL_VERSION}. Resume it in "
            "the newer Bridge: nothing was changed."
        )
    return None


def prune_closed(keep: int = 20) -> int:
    """Delete all but the newest ``keep`` cleanly closed autosaves; returns how many went.

    Unfinished ones (a crash) are never touched; temporary files left by a kill during
    a save or a rewrite are removed.
    """
    folder = autosave_dir()
    clean_stale_temporaries(folder)
    closed = []
    for path in journal_files(folder):
        peeked = peek(path)
        if peeked is not None and CLOSED in peeked[1] and holder(path) is None:
            closed.append(path)
    closed.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    for path in closed[keep:]:
        path.unlink(missing_ok=True)
        lock_path(path).unlink(missing_ok=True)
    return max(len(closed) - keep, 0)


@dataclass(frozen=True)
class Unfinished:
    """A battle whose journal was not closed: a crash, a kill, a power cut."""

    path: Path
    name: str
    modified: float
    commands: int = 0
    round: int = 1
    newer: str | None = None
    """Why this Bridge cannot resume it (a newer Bridge wrote it), if it cannot."""


_ROUND = re.compile(rb'"round":(\d{1,9})\}\}$')


def _counted(path: Path) -> tuple[int, int]:
    """How many Commands the journal holds and the Round of its last one (cheaply: the
    lines are counted, not parsed)."""
    try:
        if path.stat().st_size > SUMMARY_BYTES:
            return 0, 1
        data = path.read_bytes()
    except OSError:
        return 0, 1
    lines = data.split(b"\n")
    applies = sum(1 for line in lines if line.startswith(b'{"op":"apply"'))
    undos = sum(1 for line in lines if line == b'{"op":"undo"}')
    round_, skip = 1, 0
    for line in reversed(lines):
        if line == b'{"op":"undo"}':
            skip += 1
        elif line.startswith(b'{"op":"apply"'):
            if skip:
                skip -= 1
                continue
            found = _ROUND.search(line)
            round_ = int(found.group(1)) if found else 1
            break
    return max(applies - undos, 0), round_


def find_unfinished() -> list[Unfinished]:
    """Every autosave whose battle was not closed cleanly, newest first.

    A journal another running Bridge holds is left out: it is not unfinished, it is in
    play. Each gives its name, its Round and how many Commands it holds.
    """
    found = []
    for path in journal_files(autosave_dir()):
        peeked = peek(path)
        if peeked is None:
            continue
        try:
            header = json.loads(peeked[0])
            modified = path.stat().st_mtime
        except (OSError, ValueError):
            continue
        if not isinstance(header, dict) or header.get("format") != HEADER:
            continue
        if CLOSED in peeked[1] or holder(path) is not None:
            continue
        name = str(header.get("name", path.stem))[:120]
        commands, round_ = _counted(path)
        found.append(
            Unfinished(path, name, modified, commands, round_, newer_journal(header, name))
        )
    return sorted(found, key=lambda u: -u.modified)
