"""packaging/release_plan.py: a tag built without the signing secrets cannot publish a
release that passes for a signed one. It becomes a pre-release whose notes name what is
unsigned and what a user sees; a wrong tag or a missing artifact refuses the release."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
sys.path.insert(0, str(PACKAGING))
from release_plan import Refused, plan, record  # noqa: E402

VERSION = "0.2.0"
WINDOWS = f"Bridge-{VERSION}-windows-setup.exe"
ARM = f"Bridge-{VERSION}-macos-arm64.dmg"
INTEL = f"Bridge-{VERSION}-macos-x86_64.dmg"
LINUX = f"Bridge-{VERSION}-linux-x86_64.tar.xz"
PYTHON = (f"bridge_console-{VERSION}.tar.gz", f"bridge_console-{VERSION}-py3-none-any.whl")


def _folder(tmp_path: Path, *, windows: bool, macos: tuple[bool, bool]) -> Path:
    """A downloaded-artifacts folder as the release job sees it, with the build jobs'
    records: the Windows setup signed or not, both disk images (signed, notarized)."""
    folder = tmp_path / "release"
    folder.mkdir()
    for name in (WINDOWS, ARM, INTEL, LINUX, *PYTHON):
        (folder / name).write_bytes(name.encode() * 1000)
    record(folder / WINDOWS, "windows", windows, False)
    for dmg in (ARM, INTEL):
        record(folder / dmg, "macos", *macos)
    return folder


def test_a_wholly_signed_build_is_a_release_that_says_so(tmp_path: Path) -> None:
    decided = plan(f"v{VERSION}", VERSION, _folder(tmp_path, windows=True, macos=(True, True)))
    assert (decided.title, decided.prerelease) == (f"Bridge {VERSION}", False)
    assert decided.notes.startswith("The Windows setup is signed; both macOS disk images")
    assert "unsigned" not in decided.notes.lower()
    assert "Open Anyway" not in decided.notes and "Run anyway" not in decided.notes


def test_a_build_without_signing_secrets_is_a_prerelease_whose_notes_say_what_is_unsigned(
    tmp_path: Path,
) -> None:
    decided = plan(f"v{VERSION}", VERSION, _folder(tmp_path, windows=False, macos=(False, False)))
    assert decided.prerelease
    assert decided.title == f"Bridge {VERSION} (unsigned)"
    first = decided.notes.splitlines()[0]
    assert first.startswith("**This build is not wholly signed:")
    for label in ("Windows setup", "macOS disk image (Apple silicon)", "macOS disk image (Intel)"):
        assert f"the {label} (unsigned)" in first
    assert "pre-release" in first
    # what a user sees, on each platform
    assert "Windows protected your PC" in decided.notes and "**Run anyway**" in decided.notes
    assert "**Open Anyway**" in decided.notes


def test_signed_but_not_notarized_is_not_enough_on_macos(tmp_path: Path) -> None:
    decided = plan(f"v{VERSION}", VERSION, _folder(tmp_path, windows=True, macos=(True, False)))
    assert decided.prerelease and "(unsigned)" in decided.title
    first = decided.notes.splitlines()[0]
    assert "the macOS disk image (Intel) (signed, not notarized)" in first
    assert "Windows setup" not in first


def test_an_artifact_without_a_record_counts_as_unsigned(tmp_path: Path) -> None:
    folder = _folder(tmp_path, windows=True, macos=(True, True))
    (folder / f"{WINDOWS}.signing.json").unlink()
    (folder / f"{ARM}.signing.json").write_text("not json")
    decided = plan(f"v{VERSION}", VERSION, folder)
    assert decided.prerelease
    first = decided.notes.splitlines()[0]
    assert "the Windows setup (unsigned)" in first
    assert "the macOS disk image (Apple silicon) (unsigned)" in first
    assert "(Intel)" not in first


def test_a_record_of_another_file_does_not_count(tmp_path: Path) -> None:
    folder = _folder(tmp_path, windows=True, macos=(True, True))
    signed = (folder / f"{ARM}.signing.json").read_text()
    (folder / f"{INTEL}.signing.json").write_text(signed)  # names the arm64 image
    assert "(Intel) (unsigned)" in plan(f"v{VERSION}", VERSION, folder).notes


def test_a_signed_prerelease_version_is_still_a_prerelease_but_not_called_unsigned(
    tmp_path: Path,
) -> None:
    version = "0.2.0rc1"
    folder = tmp_path / "release"
    folder.mkdir()
    for kind in ("windows-setup.exe", "macos-arm64.dmg", "macos-x86_64.dmg", "linux-x86_64.tar.xz"):
        (folder / f"Bridge-{version}-{kind}").write_bytes(b"x")
    for name in (f"bridge_console-{version}.tar.gz", f"bridge_console-{version}-py3-none-any.whl"):
        (folder / name).write_bytes(b"x")
    record(folder / f"Bridge-{version}-windows-setup.exe", "windows", True, False)
    for arch in ("arm64", "x86_64"):
        record(folder / f"Bridge-{version}-macos-{arch}.dmg", "macos", True, True)
    decided = plan(f"v{version}", version, folder)
    assert decided.prerelease and decided.title == f"Bridge {version}"


def test_a_tag_that_does_not_name_the_version_is_refused(tmp_path: Path) -> None:
    folder = _folder(tmp_path, windows=True, macos=(True, True))
    with pytest.raises(Refused, match=r"the tag v0\.2\.1 does not name the version .*\(0\.2\.0\)"):
        plan("v0.2.1", VERSION, folder)


def test_a_missing_artifact_is_refused_by_name(tmp_path: Path) -> None:
    folder = _folder(tmp_path, windows=True, macos=(True, True))
    (folder / INTEL).unlink()
    with pytest.raises(Refused, match=f"lacks {INTEL}"):
        plan(f"v{VERSION}", VERSION, folder)


def test_the_notes_give_each_files_size_and_sha256_and_so_does_sha256sums(tmp_path: Path) -> None:
    folder = _folder(tmp_path, windows=True, macos=(True, True))
    decided = plan(f"v{VERSION}", VERSION, folder)
    sums = (folder / "SHA256SUMS").read_text().splitlines()
    assert len(sums) == 6
    for line in sums:
        digest, name = line.split("  ")
        assert hashlib.sha256((folder / name).read_bytes()).hexdigest() == digest
        assert line in decided.notes
    size = (folder / LINUX).stat().st_size / 1_000_000
    assert f"| `{LINUX}` | {size:.1f} MB | not signed (SHA-256 below) |" in decided.notes
    # what is published: the six files and the sums, never the records
    assert sorted(p.name for p in decided.assets) == sorted(
        [WINDOWS, ARM, INTEL, LINUX, *PYTHON, "SHA256SUMS"]
    )


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(PACKAGING / "release_plan.py"), *args],
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_command_line_prints_the_outputs_the_publish_step_reads(tmp_path: Path) -> None:
    folder = tmp_path / "release"
    folder.mkdir()
    for name in (WINDOWS, ARM, INTEL, LINUX, *PYTHON):
        (folder / name).write_bytes(b"x")
    done = _cli("record", "--platform", "windows", "--signed", "no", str(folder / WINDOWS))
    assert done.returncode == 0, done.stderr
    notes, assets = tmp_path / "notes.md", tmp_path / "assets"
    args = ["plan", "--tag", f"v{VERSION}", "--version", VERSION]
    done = _cli(*args, "--notes", str(notes), "--assets", str(assets), str(folder))
    assert done.returncode == 0, done.stderr
    assert done.stdout == f"title=Bridge {VERSION} (unsigned)\nprerelease=true\n"
    assert notes.read_text().startswith("**This build is not wholly signed")
    assert len(assets.read_text().splitlines()) == 7
    refused = _cli("plan", "--tag", "v9", "--version", VERSION, "--notes", str(notes),
                   "--assets", str(assets), str(folder))  # fmt: skip
    assert refused.returncode == 1 and "refused: the tag v9" in refused.stderr
    bad = _cli("record", "--platform", "windows", "--signed", "maybe", str(folder / WINDOWS))
    assert bad.returncode == 2 and "'maybe' is not yes or no" in bad.stderr
