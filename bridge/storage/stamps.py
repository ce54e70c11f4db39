"""Which version of a file this Bridge read or wrote, to notice when another one saved
over it since (another Bridge, a synced folder, a second window): such a file is never
saved over without asking."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from pydantic import BaseModel

from bridge.storage.save import save_atomic

__all__ = ["ChangedOnDisk", "FileStamp", "changed_since", "file_stamp", "save_unless_changed"]


@dataclass(frozen=True)
class FileStamp:
    """What tells one version of a file from another: every save (Bridge's, atomic, is a
    new file) changes it."""

    device: int
    inode: int
    size: int
    modified_ns: int


def file_stamp(path: Path) -> FileStamp | None:
    """The stamp of ``path`` now, or ``None`` if there is no such file."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return FileStamp(info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns)


def changed_since(path: Path, stamp: FileStamp | None) -> bool:
    """Whether ``path`` is no longer the file ``stamp`` was taken of (another Bridge or
    program saved it, moved it away or deleted it). ``None``: there was no file."""
    return stamp is not None and file_stamp(path) != stamp


class ChangedOnDisk(Exception):
    """The file changed on disk since it was read: it was not saved over."""

    def __init__(self, path: Path) -> None:
        super().__init__(f"{path.name} has changed on disk since it was read")
        self.path = path


def save_unless_changed(
    path: Path, document: BaseModel, read: FileStamp | None
) -> FileStamp | None:
    """Save ``document`` atomically over ``path`` if it is still the file ``read`` was
    taken of (``None``: save whatever is there); :class:`ChangedOnDisk` otherwise, with
    nothing written. Returns the saved file's stamp."""
    if changed_since(path, read):
        raise ChangedOnDisk(path)
    save_atomic(path, document)
    return file_stamp(path)
