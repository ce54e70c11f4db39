"""The NPC library for fights on foot: the starter templates in ``resources/npcs`` (a
Starfleet security officer, Klingons, a Jem'Hadar soldier, a Romulan, a Borg drone and
more, each Minor, Notable or Major) plus the GM's own, kept as ``bridge.npc`` files in the
library's ``npcs`` folder. A file that cannot be read is named in the problems and left
alone, as the ship and character libraries do."""

from __future__ import annotations

import importlib.resources
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from bridge.model.npc import Npc
from bridge.storage.formats import NpcFile
from bridge.storage.library_files import read_own_files
from bridge.storage.load import parse_document
from bridge.storage.paths import fresh_library_id, library_dir
from bridge.storage.stamps import FileStamp, save_unless_changed

__all__ = [
    "LibraryNpc",
    "delete_library_npc",
    "duplicate_npc",
    "library_npcs",
    "new_npc_id",
    "save_library_npc",
    "starter_npcs",
]

KIND = "npcs"


@dataclass(frozen=True)
class LibraryNpc:
    """An NPC template in the library and where it is kept (``path`` None for starters)."""

    npc: Npc
    notes: str
    path: Path | None
    stamp: FileStamp | None = None
    """Its file as it was read (to notice another save over it since)."""

    @property
    def editable(self) -> bool:
        return self.path is not None


def starter_npcs() -> list[LibraryNpc]:
    """The NPC templates shipped with Bridge, by tier then name."""
    out = []
    for entry in (importlib.resources.files("bridge_resources") / "npcs").iterdir():
        if entry.name.endswith(".json"):
            doc = parse_document(entry.read_bytes(), entry.name)
            assert isinstance(doc, NpcFile), entry.name
            out.append(LibraryNpc(doc.npc, doc.notes, None))
    order = {"minor": 0, "notable": 1, "major": 2}
    return sorted(out, key=lambda n: (order[n.npc.tier.value], n.npc.name))


def library_npcs() -> tuple[list[LibraryNpc], list[str]]:
    """Starter templates and the GM's own; the second list names files that could not load."""
    found, problems = read_own_files(KIND, NpcFile, "NPC", "starter NPCs")
    own = [LibraryNpc(doc.npc, doc.notes, path, stamp) for path, doc, stamp in found]
    return starter_npcs() + own, problems


def new_npc_id(name: str, taken: Collection[str] = ()) -> str:
    """A fresh id from ``name``: not a file in the library, not in ``taken``."""
    return fresh_library_id(KIND, name, "npc", taken)


def save_library_npc(npc: Npc, notes: str = "", read: FileStamp | None = None) -> LibraryNpc:
    """Save (or overwrite) an NPC in the GM's library, atomically (or :class:`OSError`);
    over a file that changed since ``read`` was taken of it, :class:`ChangedOnDisk`."""
    path = library_dir(KIND) / f"{npc.id}.json"
    checked = Npc.model_validate(npc.model_dump())
    document = NpcFile(npc=checked, notes=notes, source="GM library")
    return LibraryNpc(checked, notes, path, save_unless_changed(path, document, read))


def duplicate_npc(original: Npc, name: str) -> LibraryNpc:
    """Copy an NPC into the GM's library under a new name and a fresh id."""
    copy = original.model_copy(update={"id": new_npc_id(name), "name": name})
    return save_library_npc(copy, f"Copied from {original.name}.")


def delete_library_npc(entry: LibraryNpc) -> None:
    """Remove one of the GM's NPCs (starter templates cannot be deleted)."""
    if entry.path is None:
        raise ValueError(f"{entry.npc.name} is a starter NPC: it cannot be deleted.")
    entry.path.unlink()
