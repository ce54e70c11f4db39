"""The character library: the demo crew as starters, plus the GM's own officers.

The GM's characters live as ``bridge.character`` files in the library's ``characters``
folder (platformdirs, or ``BRIDGE_HOME``); a file that cannot be read is named in the
problems and left alone.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from bridge.model.character import Character
from bridge.storage.formats import CharacterFile
from bridge.storage.library import demo_file
from bridge.storage.library_files import read_own_files
from bridge.storage.paths import fresh_library_id, library_dir
from bridge.storage.stamps import FileStamp, save_unless_changed

__all__ = [
    "LibraryCharacter",
    "delete_library_character",
    "duplicate_character",
    "library_characters",
    "new_character_id",
    "save_library_character",
    "starter_characters",
]

KIND = "characters"


@dataclass(frozen=True)
class LibraryCharacter:
    """A character in the library and where it is kept (``path`` None for starters)."""

    character: Character
    notes: str
    path: Path | None
    stamp: FileStamp | None = None
    """Its file as it was read (to notice another save over it since)."""

    @property
    def editable(self) -> bool:
        return self.path is not None


def starter_characters() -> list[LibraryCharacter]:
    """The demo battle's officers, ready to copy."""
    crew = demo_file().initial.characters.values()
    return [LibraryCharacter(c, "From the demo battle.", None) for c in crew]


def library_characters() -> tuple[list[LibraryCharacter], list[str]]:
    """Starter officers and the GM's own; the second list names files that could not load."""
    found, problems = read_own_files(KIND, CharacterFile, "character", "starter officers")
    return starter_characters() + [
        LibraryCharacter(doc.character, doc.notes, path, stamp) for path, doc, stamp in found
    ], problems


def new_character_id(name: str, taken: Collection[str] = ()) -> str:
    """A fresh id from ``name``: not a file in the library, not in ``taken``."""
    return fresh_library_id(KIND, name, "officer", taken)


def save_library_character(
    character: Character, notes: str = "", read: FileStamp | None = None
) -> LibraryCharacter:
    """Save (or overwrite) a character in the GM's library, atomically (or OSError); over
    a file that changed since ``read`` was taken of it, :class:`ChangedOnDisk`."""
    path = library_dir(KIND) / f"{character.id}.json"
    checked = Character.model_validate(character.model_dump())
    document = CharacterFile(character=checked, notes=notes, source="GM library")
    return LibraryCharacter(checked, notes, path, save_unless_changed(path, document, read))


def duplicate_character(original: Character, name: str) -> LibraryCharacter:
    """Copy a character into the GM's library under a new name and a fresh id."""
    copy = original.model_copy(update={"id": new_character_id(name), "name": name})
    return save_library_character(copy, f"Copied from {original.name}.")


def delete_library_character(entry: LibraryCharacter) -> None:
    """Remove one of the GM's characters (starter officers cannot be deleted)."""
    if entry.path is None:
        raise ValueError(f"{entry.character.name} is a starter officer: it cannot be deleted.")
    entry.path.unlink()
