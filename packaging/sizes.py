"""The sizes of what packaging/build made, in one unit: MB, a million bytes (the unit
download pages and the macOS and GNOME file managers use). A file counts its bytes; a
folder the bytes of its files (symbolic links not followed), as a file manager adds it up.

    python packaging/sizes.py PATH...                    print each size
    python packaging/sizes.py --readme README.md ARCHIVE FOLDER

With --readme it also checks that the README's `## Install` section quotes the Linux
archive's and the unpacked folder's sizes within TOLERANCE of these, and fails naming
the figure to change when one does not.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

MB = 1_000_000
TOLERANCE = 0.10
"""How far a README figure may be from the build's: sizes move with every PySide6 and
Python release, and the release runner's Python is not the one CI here builds with."""
ROW = re.compile(r"^\| Linux[^|]*\| (?P<archive>[\d.]+) MB \| (?P<folder>[\d.]+) MB \|", re.M)


def size(path: Path) -> int:
    """Bytes of a file, or of every file under a folder."""
    if not path.is_dir():
        return path.stat().st_size
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def megabytes(n: int) -> str:
    return f"{n / MB:.1f} MB"


def install_section(readme: str) -> str:
    """The text of the README's ``## Install`` section (to the next ``## `` heading)."""
    start = readme.find("\n## Install\n")
    if start < 0:
        raise ValueError("the README has no '## Install' section")
    end = readme.find("\n## ", start + 1)
    return readme[start : end if end >= 0 else len(readme)]


def quoted(readme: str) -> tuple[float, float]:
    """The (archive, unpacked) MB figures of the Install section's Linux row."""
    found = ROW.search(install_section(readme))
    if found is None:
        raise ValueError(
            "the README's Install section has no '| Linux ... | N MB | N MB |' row of sizes"
        )
    return float(found["archive"]), float(found["folder"])


def mismatches(readme: str, archive: int, folder: int) -> list[str]:
    """A sentence for each README figure further than TOLERANCE from the built size."""
    wrong = []
    for what, said, built in zip(
        ("the Linux archive", "the unpacked folder"), quoted(readme), (archive, folder), strict=True
    ):
        if abs(said * MB - built) > TOLERANCE * built:
            wrong.append(
                f"the README's Install says {said:g} MB for {what}; the build made "
                f"{megabytes(built)} (more than {TOLERANCE:.0%} apart): write {built / MB:.0f} MB"
            )
    return wrong


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--readme", type=Path, help="check this README's figures")
    parser.add_argument("paths", nargs="+", type=Path)
    args = parser.parse_args(argv)
    missing = [p for p in args.paths if not p.exists()]
    if missing:
        print(f"sizes: {', '.join(map(str, missing))} does not exist", file=sys.stderr)
        return 1
    measured = [size(p) for p in args.paths]
    print("sizes (MB = 1,000,000 bytes):")
    for path, n in zip(args.paths, measured, strict=True):
        print(f"  {megabytes(n):>10}  {path}{'/' if path.is_dir() else ''}")
    if args.readme is None:
        return 0
    if len(args.paths) != 2:
        print("sizes: --readme takes the archive and the unpacked folder", file=sys.stderr)
        return 2
    try:
        wrong = mismatches(args.readme.read_text(encoding="utf-8"), *measured)
    except ValueError as error:
        print(f"sizes: {error}", file=sys.stderr)
        return 1
    for sentence in wrong:
        print(f"sizes: {sentence}", file=sys.stderr)
    if not wrong:
        print(f"sizes: the README's Install figures are within {TOLERANCE:.0%} of these")
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
