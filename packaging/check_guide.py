"""Check that a built Bridge carries its guide (the pages Help ▸ User guide opens).

    python packaging/check_guide.py FOLDER
    python packaging/check_guide.py --installed

FOLDER holds a ``bridge_resources`` folder (a frozen bundle: under ``_internal/``; an
installed wheel: site-packages). Every page of the checkout's ``docs/`` must be there as
HTML in ``bridge_resources/guide``, with the search page and its index, and every picture
a page shows. ``--installed`` checks the ``bridge_resources`` the running Python imports
(run it with the Python an installed wheel went into). Exits 1 naming what is missing.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_web_files import find_resources

ROOT = Path(__file__).resolve().parent.parent
PICTURE = re.compile(r'<img [^>]*src="([^"]+)"')
"""A picture a built page shows (``_images/NAME.png``, relative to the page)."""


def expected(root: Path = ROOT) -> list[str]:
    """The files the built guide must hold, by their path in ``guide/``: a page for each
    Markdown page of ``docs/``, the search page and its index."""
    docs = root / "docs"
    pages = [
        p.relative_to(docs).with_suffix(".html").as_posix()
        for p in sorted(docs.rglob("*.md"))
        if not p.relative_to(docs).parts[0].startswith(("_", "."))
    ]
    return [*pages, "search.html", "searchindex.js"]


def missing(guide: Path, root: Path = ROOT) -> list[str]:
    """What the built guide in ``guide`` lacks, in words."""
    found = [f"{name} is missing" for name in expected(root) if not (guide / name).is_file()]
    for page in sorted(guide.rglob("*.html")):
        for src in PICTURE.findall(page.read_text(encoding="utf-8", errors="replace")):
            if not (page.parent / src).is_file():
                found.append(f"{page.relative_to(guide).as_posix()} shows {src}, which is missing")
    return found


def guide_failures(folder: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with the guide in the build in ``folder``."""
    resources = find_resources(folder)
    if resources is None:
        return [f"{folder} has no bridge_resources folder: the guide is not carried"]
    return [
        f"the guide's {m} (in {resources / 'guide'})" for m in missing(resources / "guide", root)
    ]


def installed_failures(root: Path = ROOT) -> list[str]:
    """``guide_failures`` for the ``bridge_resources`` this Python imports."""
    import importlib.resources

    resources = Path(str(importlib.resources.files("bridge_resources")))
    return [
        f"the guide's {m} (in {resources / 'guide'})" for m in missing(resources / "guide", root)
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("folder", type=Path, nargs="?", help="a build holding bridge_resources")
    where.add_argument("--installed", action="store_true", help="the Bridge this Python runs")
    args = parser.parse_args(argv)
    failures = installed_failures() if args.installed else guide_failures(args.folder)
    for failure in failures:
        print(f"check-guide: FAILED: {failure}", file=sys.stderr)
    if not failures:
        print(f"check-guide: the guide's {len(expected())} pages and its pictures are carried")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
