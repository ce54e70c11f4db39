"""Reading the GM's own files of a library (characters, NPC templates): each file of the
expected kind, and a line for every file that cannot be read or is of another kind."""

from __future__ import annotations

from pathlib import Path
from typing import TypeVar

from bridge.storage.load import FileProblem, load_file
from bridge.storage.paths import library_dir, library_path
from bridge.storage.save import clean_stale_temporaries
from bridge.storage.stamps import FileStamp, file_stamp

__all__ = ["read_own_files"]

Doc = TypeVar("Doc")


def read_own_files(
    kind: str, file_type: type[Doc], noun: str, starters: str
) -> tuple[list[tuple[Path, Doc, FileStamp | None]], list[str]]:
    """The GM's own ``file_type`` documents in the library folder ``kind``, with their
    paths and stamps (the version read, to notice another save over it), and the
    problems (``noun``: what one is called; ``starters``: what is shown when the folder
    cannot be used)."""
    try:
        folder = library_dir(kind)
        own = sorted(folder.glob("*.json"))
    except OSError as exc:
        return [], [
            f"The {noun} library folder {library_path(kind)} cannot be used "
            f"({exc.strerror or exc}): only the {starters} are shown, and new or edited "
            f"{noun}s cannot be saved."
        ]
    clean_stale_temporaries(folder)  # what a save killed midway left
    found: list[tuple[Path, Doc, FileStamp | None]] = []
    problems = []
    for path in own:
        stamp = file_stamp(path)  # before reading: a save meanwhile shows as a change
        try:
            doc = load_file(path)
        except FileProblem as exc:
            problems.append(exc.message)
            continue
        if isinstance(doc, file_type):
            found.append((path, doc, stamp))
        else:
            problems.append(
                f"{path.name}: not {'an' if noun[0] in 'aeiouAEIOU' else 'a'} {noun} file."
            )
    return found, problems
