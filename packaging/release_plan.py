"""What a GitHub Release of Bridge may claim about its signatures, decided from records the
build jobs write beside their artifacts (the installers workflow runs both commands).

    python packaging/release_plan.py record --platform windows --signed yes|no FILE
    python packaging/release_plan.py record --platform macos --signed yes|no \
        --notarized yes|no FILE
    python packaging/release_plan.py plan --tag v0.2.0 --version 0.2.0 \
        --notes NOTES.md --assets ASSETS.txt FOLDER

``record`` writes ``FILE.signing.json``; a job runs it only after its signatures were
verified. ``plan`` reads the folder of downloaded artifacts and:
  - refuses (exit 1, saying why) a tag that does not name the version, or a folder that
    lacks one of the six artifacts;
  - calls the release signed only when the Windows setup is signed and both macOS disk
    images are signed and notarized; an artifact without a record counts as unsigned;
  - makes any release that is not wholly signed a pre-release (never "Latest"), titled
    "unsigned", whose notes open by naming what is unsigned and what a user will see;
  - writes the notes (each file, its size, its signature, what opening it looks like; the
    SHA-256 of every file), SHA256SUMS into the folder, the list of files to publish, and
    prints ``title=`` and ``prerelease=`` lines for $GITHUB_OUTPUT.
The Linux archive and the Python packages are never signed; their SHA-256 sums are given.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

SUFFIX = ".signing.json"
PRE_RELEASE = re.compile(r"(a|b|rc)\d+|\.dev\d+")
MB = 1_000_000

# The artifacts of a release: (label, file-name pattern, platform whose signature counts).
ARTIFACTS = (
    ("Windows setup", "Bridge-{v}-windows-setup.exe", "windows"),
    ("macOS disk image (Apple silicon)", "Bridge-{v}-macos-arm64.dmg", "macos"),
    ("macOS disk image (Intel)", "Bridge-{v}-macos-x86_64.dmg", "macos"),
    ("Linux archive", "Bridge-{v}-linux-x86_64.tar.xz", "linux"),
    ("Python source (sdist)", "bridge_console-{v}.tar.gz", "python"),
    ("Python wheel", "bridge_console-{v}-py3-none-any.whl", "python"),
)

SEEN = {
    "windows signed": (
        "The setup names its publisher. SmartScreen may still warn while the publisher's "
        "certificate is new to it."
    ),
    "windows unsigned": (
        'Windows SmartScreen says "Windows protected your PC" and names no publisher: '
        "choose **More info**, then **Run anyway**."
    ),
    "macos notarized": "It opens at once: Apple notarized it and its ticket is stapled.",
    "macos unnotarized": (
        'macOS blocks the first launch ("Apple could not verify “Bridge” is free of '
        'malware"): open Bridge once, then in **System Settings > Privacy & Security** '
        "choose **Open Anyway** and confirm with your password."
    ),
    "linux": "Not signed (Linux has no such check): compare its SHA-256 with the one below.",
    "python": "Not signed: compare its SHA-256 with the one below.",
}


@dataclass(frozen=True)
class Artifact:
    """One file of the release and what its build job recorded of its signature."""

    label: str
    path: Path
    platform: str
    signed: bool
    notarized: bool

    @property
    def trusted(self) -> bool:
        """Whether the operating system opens it without a warning of an unknown maker."""
        if self.platform == "windows":
            return self.signed
        if self.platform == "macos":
            return self.signed and self.notarized
        return True  # Linux and Python packages carry no signature by design

    @property
    def signature(self) -> str:
        if self.platform == "windows":
            return "signed" if self.signed else "**unsigned**"
        if self.platform == "macos":
            if self.notarized and self.signed:
                return "signed and notarized"
            return "signed, **not notarized**" if self.signed else "**unsigned**"
        return "not signed (SHA-256 below)"

    @property
    def seen(self) -> str:
        if self.platform == "windows":
            return SEEN["windows signed" if self.signed else "windows unsigned"]
        if self.platform == "macos":
            return SEEN["macos notarized" if self.trusted else "macos unnotarized"]
        return SEEN[self.platform]


@dataclass(frozen=True)
class Plan:
    title: str
    prerelease: bool
    notes: str
    assets: list[Path]


class Refused(Exception):
    """The release must not be published; the message says why."""


def record(path: Path, platform: str, signed: bool, notarized: bool) -> Path:
    """Write what a build job verified of ``path``'s signature beside it."""
    if not path.is_file():
        raise Refused(f"{path} does not exist")
    out = path.with_name(path.name + SUFFIX)
    entry = {"file": path.name, "platform": platform, "signed": signed, "notarized": notarized}
    out.write_text(json.dumps(entry, indent=2) + "\n", encoding="utf-8")
    return out


def _read_record(path: Path) -> tuple[bool, bool]:
    """(signed, notarized) from ``path``'s record; (False, False) without a valid one."""
    try:
        entry = json.loads(path.with_name(path.name + SUFFIX).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False, False
    if not isinstance(entry, dict) or entry.get("file") != path.name:
        return False, False
    return entry.get("signed") is True, entry.get("notarized") is True


def artifacts(folder: Path, version: str) -> list[Artifact]:
    """The release's six artifacts in ``folder``; Refused naming any that is missing."""
    found, missing = [], []
    for label, pattern, platform in ARTIFACTS:
        path = folder / pattern.format(v=version)
        if not path.is_file():
            missing.append(path.name)
            continue
        signed, notarized = (
            (False, False) if platform in {"linux", "python"} else _read_record(path)
        )
        found.append(Artifact(label, path, platform, signed, notarized))
    if missing:
        raise Refused(f"{folder} lacks {', '.join(missing)}: a build job did not finish")
    return found


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def plan(tag: str, version: str, folder: Path) -> Plan:
    """What the release of ``tag`` may claim; Refused if it must not be published."""
    if tag != f"v{version}":
        raise Refused(f"the tag {tag} does not name the version in bridge/__init__.py ({version})")
    files = artifacts(folder, version)
    untrusted = [a for a in files if not a.trusted]
    prerelease = bool(untrusted) or PRE_RELEASE.search(version) is not None
    title = f"Bridge {version}" + (" (unsigned)" if untrusted else "")
    sums = {a.path.name: sha256(a.path) for a in files}

    lines: list[str] = []
    if untrusted:
        names = ", ".join(f"the {a.label} ({a.signature.replace('*', '')})" for a in untrusted)
        lines += [
            f"**This build is not wholly signed: {names}.** It is published as a "
            "pre-release for testing; a release that is signed and notarized throughout "
            "replaces it.",
            "",
        ]
    else:
        lines += [
            "The Windows setup is signed; both macOS disk images are signed and notarized.",
            "",
        ]
    lines += [
        "| File | Size | Signature | What you see when you open it |",
        "| --- | --- | --- | --- |",
    ]
    for a in files:
        size = f"{a.path.stat().st_size / MB:.1f} MB"
        lines.append(f"| `{a.path.name}` | {size} | {a.signature} | {a.seen} |")
    lines += ["", "SHA-256 (also in `SHA256SUMS`):", "", "```"]
    lines += [f"{digest}  {name}" for name, digest in sums.items()]
    lines += ["```", ""]

    checksums = folder / "SHA256SUMS"
    checksums.write_text("".join(f"{d}  {n}\n" for n, d in sums.items()), encoding="utf-8")
    return Plan(title, prerelease, "\n".join(lines), [a.path for a in files] + [checksums])


def _yes(text: str) -> bool:
    if text not in {"yes", "no"}:
        raise argparse.ArgumentTypeError(f"'{text}' is not yes or no")
    return text == "yes"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record", help="write FILE.signing.json")
    rec.add_argument("--platform", choices=["windows", "macos"], required=True)
    rec.add_argument("--signed", type=_yes, required=True)
    rec.add_argument("--notarized", type=_yes, default=False)
    rec.add_argument("file", type=Path)
    pl = commands.add_parser("plan", help="decide the release and write its notes")
    pl.add_argument("--tag", required=True)
    pl.add_argument("--version", required=True)
    pl.add_argument("--notes", type=Path, required=True)
    pl.add_argument("--assets", type=Path, required=True)
    pl.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    try:
        if args.command == "record":
            if args.platform == "windows" and args.notarized:
                raise Refused("a Windows file is not notarized")
            out = record(args.file, args.platform, args.signed, args.notarized)
            print(f"release-plan: {out.name}: signed {args.signed}, notarized {args.notarized}")
            return 0
        decided = plan(args.tag, args.version, args.folder)
    except Refused as refused:
        print(f"release-plan: refused: {refused}", file=sys.stderr)
        return 1
    args.notes.write_text(decided.notes, encoding="utf-8")
    args.assets.write_text("".join(f"{p}\n" for p in decided.assets), encoding="utf-8")
    print(f"title={decided.title}")
    print(f"prerelease={'true' if decided.prerelease else 'false'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
