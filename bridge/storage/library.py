"""The ship library: the starter stat blocks in ``resources/ships`` plus the GM's own."""

from __future__ import annotations

import importlib.resources
from dataclasses import dataclass
from pathlib import Path

from bridge.model.ship import Ship
from bridge.storage.formats import EncounterFile, ShipFile
from bridge.storage.load import FileProblem, load_file, parse_document
from bridge.storage.paths import fresh_library_id, library_dir, library_path
from bridge.storage.save import clean_stale_temporaries
from bridge.storage.stamps import FileStamp, file_stamp, save_unless_changed

__all__ = [
    "LibraryShip",
    "delete_library_ship",
    "demo_file",
    "duplicate_ship",
    "library_ships",
    "save_library_ship",
    "starter_ships",
]


@dataclass(frozen=True)
class LibraryShip:
    """A ship in the library and where it is kept (``path`` is None for starter ships)."""

    ship: Ship
    notes: str
    path: Path | None
    stamp: FileStamp | None = None
    """Its file as it was read (to notice another save over it since)."""

    @property
    def editable(self) -> bool:
        return self.path is not None


def _resources() -> importlib.resources.abc.Traversable:
    return importlib.resources.files("bridge_resources")


def starter_ships() -> list[LibraryShip]:
    """The ready stat blocks shipped with Bridge, sorted by Scale then name."""
    out = []
    for entry in (_resources() / "ships").iterdir():
        if entry.name.endswith(".json"):
            doc = parse_document(entry.read_bytes(), entry.name)
            assert isinstance(doc, ShipFile)
            out.append(LibraryShip(doc.ship, doc.notes, None))
    return sorted(out, key=lambda s: (s.ship.scale, s.ship.name))


def library_ships() -> tuple[list[LibraryShip], list[str]]:
    """Starter ships and the GM's own; the second list names files that could not load."""
    ships = starter_ships()
    problems = []
    try:
        folder = library_dir("ships")
        own = sorted(folder.glob("*.json"))
    except OSError as exc:
        folder = library_path("ships")
        return ships, [
            f"The ship library folder {folder} cannot be used ({exc.strerror or exc}): "
            "only the starter ships are shown, and copies or edits cannot be saved."
        ]
    clean_stale_temporaries(folder)  # what a save killed midway left
    for path in own:
        stamp = file_stamp(path)  # before reading: a save meanwhile shows as a change
        try:
            doc = load_file(path)
        except FileProblem as exc:
            problems.append(exc.message)
            continue
        if isinstance(doc, ShipFile):
            ships.append(LibraryShip(doc.ship, doc.notes, path, stamp))
    return ships, problems


def duplicate_ship(original: Ship, name: str) -> LibraryShip:
    """Copy a ship into the GM's library under a new name (a fresh id, a fresh file);
    :class:`OSError` if the library folder cannot be written."""
    ship_id = fresh_library_id("ships", name, "ship")
    copy = original.model_copy(update={"id": ship_id, "name": name})
    return save_library_ship(copy, f"Copied from {original.name}.")


def save_library_ship(ship: Ship, notes: str = "", read: FileStamp | None = None) -> LibraryShip:
    """Save (or overwrite) a ship in the GM's library, atomically (or :class:`OSError`);
    over a file that changed since ``read`` was taken of it, :class:`ChangedOnDisk`."""
    path = library_dir("ships") / f"{ship.id}.json"
    checked = Ship.model_validate(ship.model_dump())
    document = ShipFile(ship=checked, notes=notes, source="GM library")
    return LibraryShip(ship, notes, path, save_unless_changed(path, document, read))


def delete_library_ship(entry: LibraryShip) -> None:
    """Remove one of the GM's own ships from the library (:class:`OSError` if its file
    cannot be removed); a starter ship cannot be deleted."""
    if entry.path is None:
        raise ValueError(f"{entry.ship.name} is a starter ship: it cannot be deleted.")
    entry.path.unlink()


def demo_file() -> EncounterFile:
    """The demo encounter as shipped in ``resources/encounters/demo.json``."""
    entry = _resources() / "encounters" / "demo.json"
    doc = parse_document(entry.read_bytes(), entry.name)
    assert isinstance(doc, EncounterFile)
    return doc
