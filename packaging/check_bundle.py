"""Check what a frozen Linux bundle asks of the system it runs on.

    python packaging/check_bundle.py dist/Bridge [--readme README.md]

Reads every ELF file in the bundle with ``objdump -T`` and finds the highest GLIBC symbol
version it needs; that must not be newer than the minimum the README states ("glibc X.Y
or newer"). It also fails if the bundle carries a library that packaging/pyinstaller/
system_libs.py leaves to the system, or lacks a file of the web station (resources/web and
the fonts it loads: packaging/check_web_files.py) or a page of the guide
(packaging/check_guide.py). Prints the figure and the files that set it; exits 1 naming
every failure.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "pyinstaller"))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_guide import guide_failures
from check_web_files import web_failures
from system_libs import is_system_library

ROOT = Path(__file__).resolve().parent.parent
GLIBC = re.compile(r"\bGLIBC_(\d+(?:\.\d+)+)\b")
STATED = re.compile(r"glibc\s+(\d+\.\d+)\s+or\s+newer", re.IGNORECASE)

Version = tuple[int, ...]


def version(text: str) -> Version:
    return tuple(int(part) for part in text.split("."))


def show(v: Version) -> str:
    return ".".join(map(str, v))


def stated_minimum(readme: str) -> Version:
    """The glibc version the README promises the Linux bundle runs on."""
    found = set(STATED.findall(readme))
    if len(found) != 1:
        raise ValueError(
            f"the README should state the Linux bundle's minimum once as 'glibc X.Y or newer'; "
            f"found {sorted(found) or 'none'}"
        )
    return version(found.pop())


def glibc_needed(objdump_t: str) -> Version | None:
    """The highest GLIBC_ version in ``objdump -T`` output (None: it needs no versioned
    glibc symbol)."""
    versions = [version(v) for v in GLIBC.findall(objdump_t)]
    return max(versions, default=None)


def elf_files(folder: Path) -> Iterable[Path]:
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as f:
                if f.read(4) == b"\x7fELF":
                    yield path


def needs(folder: Path) -> dict[Path, Version]:
    """Each ELF file in ``folder`` that needs a versioned glibc symbol, and the highest."""
    found: dict[Path, Version] = {}
    for path in elf_files(folder):
        dump = subprocess.run(
            ["objdump", "-T", str(path)], capture_output=True, text=True, check=True
        ).stdout
        need = glibc_needed(dump)
        if need is not None:
            found[path.relative_to(folder)] = need
    return found


def check(folder: Path, minimum: Version) -> tuple[list[str], str]:
    """(failures, a summary line) for the bundle in ``folder``."""
    failures: list[str] = []
    found = needs(folder)
    if not found:
        return [f"{folder}: no ELF file needing glibc: is this a Linux bundle?"], ""
    highest = max(found.values())
    setters = sorted(str(p) for p, v in found.items() if v == highest)
    summary = (
        f"{len(found)} ELF files; the highest GLIBC symbol needed is {show(highest)} "
        f"(the README states {show(minimum)}), by {', '.join(setters[:5])}"
        + (f" and {len(setters) - 5} more" if len(setters) > 5 else "")
    )
    too_new = sorted(f"{p} needs GLIBC_{show(v)}" for p, v in found.items() if v > minimum)
    if too_new:
        failures.append(
            f"the bundle needs a newer glibc than the README's {show(minimum)}: "
            + "; ".join(too_new)
        )
    carried = sorted(
        str(p.relative_to(folder)) for p in folder.rglob("*.so*") if is_system_library(p.name)
    )
    if carried:
        failures.append("the bundle carries system libraries: " + ", ".join(carried))
    return failures, summary


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path, help="the frozen app's folder (dist/Bridge)")
    parser.add_argument("--readme", type=Path, default=ROOT / "README.md")
    args = parser.parse_args(argv)
    try:
        minimum = stated_minimum(args.readme.read_text(encoding="utf-8"))
    except ValueError as error:
        print(f"check-bundle: {args.readme}: {error}", file=sys.stderr)
        return 1
    failures, summary = check(args.bundle, minimum)
    failures += web_failures(args.bundle)
    failures += guide_failures(args.bundle)
    if summary:
        print(f"check-bundle: {summary}")
    for failure in failures:
        print(f"check-bundle: FAILED: {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
