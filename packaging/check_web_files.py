"""Check that a built Bridge carries the web station's files (the page a phone opens).

    python packaging/check_web_files.py FOLDER
    python packaging/check_web_files.py --installed

FOLDER holds a ``bridge_resources`` folder (a frozen bundle: under ``_internal/``; an
installed wheel: site-packages). Every file of the checkout's ``resources/web`` and each
font its stylesheets load must be there, byte for byte. ``--installed`` checks the
``bridge_resources`` the running Python imports and, through ``bridge.net.web``, that the
host serves each of those files (run it with the Python an installed wheel went into).
Exits 1 naming every missing or differing file.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FONT_URL = re.compile(r"""url\(["']?/fonts/([^"')/]+)["']?\)""")
"""A font a stylesheet loads from the host (``url("/fonts/Antonio-Regular.ttf")``)."""


def expected(root: Path = ROOT) -> dict[str, Path]:
    """Each file the built Bridge must carry for the web station, by its path in
    ``bridge_resources``, with the checkout's file."""
    resources = root / "resources"
    web = resources / "web"
    files = {
        path.relative_to(resources).as_posix(): path
        for path in sorted(web.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }
    for sheet in sorted(web.rglob("*.css")):
        for name in FONT_URL.findall(sheet.read_text(encoding="utf-8")):
            files[f"fonts/{name}"] = resources / "fonts" / name
    return files


def url_of(relative: str) -> str:
    """The address the host serves a file of ``bridge_resources`` at."""
    return "/" + relative.removeprefix("web/")


def missing(resources: Path, root: Path = ROOT) -> list[str]:
    """The web station's files that ``resources`` (a bridge_resources folder) lacks, or
    holds other than the checkout's, in words."""
    found = []
    for relative, source in expected(root).items():
        built = resources / relative
        if not built.is_file():
            found.append(f"{relative} is missing")
        elif not source.is_file():
            found.append(f"{relative} is loaded by the page but not in the checkout")
        elif built.read_bytes() != source.read_bytes():
            found.append(f"{relative} differs from the checkout's")
    return found


def find_resources(folder: Path) -> Path | None:
    """The ``bridge_resources`` folder in ``folder`` (or ``folder`` itself)."""
    if folder.name == "bridge_resources" and folder.is_dir():
        return folder
    return next((p for p in sorted(folder.rglob("bridge_resources")) if p.is_dir()), None)


def web_failures(folder: Path, root: Path = ROOT) -> list[str]:
    """What is wrong with the web station's files in the build in ``folder``."""
    resources = find_resources(folder)
    if resources is None:
        return [f"{folder} has no bridge_resources folder: the web station is not carried"]
    return [f"the web station's {m} (in {resources})" for m in missing(resources, root)]


def installed_failures(root: Path = ROOT) -> list[str]:
    """``web_failures`` for the ``bridge_resources`` this Python imports, and each file the
    host would not serve."""
    import importlib.resources

    from bridge.net.web import web_files

    resources = Path(str(importlib.resources.files("bridge_resources")))
    failures = [f"the web station's {m} (in {resources})" for m in missing(resources, root)]
    served = set(web_files())
    failures += [
        f"the installed Bridge does not serve {url_of(relative)}"
        for relative in expected(root)
        if url_of(relative) not in served
    ]
    return failures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("folder", type=Path, nargs="?", help="a build holding bridge_resources")
    where.add_argument("--installed", action="store_true", help="the Bridge this Python runs")
    args = parser.parse_args(argv)
    failures = installed_failures() if args.installed else web_failures(args.folder)
    for failure in failures:
        print(f"check-web-files: FAILED: {failure}", file=sys.stderr)
    if not failures:
        print(f"check-web-files: all {len(expected())} of the web station's files are carried")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
