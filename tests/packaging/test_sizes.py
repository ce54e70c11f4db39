"""packaging/sizes.py measures what the build made in MB (a million bytes), and the README's
Install table quotes the Linux archive's and the unpacked folder's sizes in that unit, in
a row .ci/run checks against every build (within the stated tolerance)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "packaging"))
from sizes import TOLERANCE, install_section, mismatches, quoted, size  # noqa: E402

README = (ROOT / "README.md").read_text(encoding="utf-8")
TABLE = """
## Install

| Download | Size | Unpacked | Signature |
| --- | --- | --- | --- |
| Linux `.tar.xz` | 46 MB | 158 MB | none |

## Running a battle

| Linux `.tar.xz` | 1 MB | 2 MB | a table elsewhere is not the Install section's |
"""


def test_a_folder_counts_its_files_bytes_not_its_links(tmp_path: Path) -> None:
    folder = tmp_path / "Bridge"
    (folder / "_internal").mkdir(parents=True)
    (folder / "Bridge").write_bytes(b"x" * 1_500_000)
    (folder / "_internal" / "libQt6Core.so.6").write_bytes(b"y" * 250_000)
    (folder / "_internal" / "link.so").symlink_to(folder / "Bridge")
    assert size(folder) == 1_750_000
    assert size(folder / "Bridge") == 1_500_000


def test_the_readme_quotes_the_linux_sizes_in_mb_in_its_install_section() -> None:
    archive, folder = quoted(README)
    assert 0 < archive < folder
    assert "Sizes are in MB (a million bytes)" in install_section(README)
    assert f"within {TOLERANCE:.0%}" in install_section(README)


def test_only_the_install_sections_row_counts() -> None:
    assert quoted(TABLE) == (46.0, 158.0)
    with pytest.raises(ValueError, match="no '## Install' section"):
        quoted(TABLE.replace("## Install", "## Setup"))
    with pytest.raises(ValueError, match=r"no '\| Linux \.\.\. \| N MB \| N MB \|' row"):
        quoted(TABLE.replace("| 46 MB |", "| 46 MiB |"))


def test_figures_within_the_tolerance_pass_and_others_name_the_figure_to_write() -> None:
    assert mismatches(TABLE, 47_500_000, 151_000_000) == []
    (wrong,) = mismatches(TABLE, 46_000_000, 176_000_000)
    assert wrong == (
        "the README's Install says 158 MB for the unpacked folder; the build made 176.0 MB "
        "(more than 10% apart): write 176 MB"
    )


def test_the_command_prints_the_sizes_and_fails_on_a_stale_readme(tmp_path: Path) -> None:
    archive, folder = tmp_path / "Bridge.tar.xz", tmp_path / "Bridge"
    archive.write_bytes(b"a" * 46_200_000)
    folder.mkdir()
    (folder / "Bridge").write_bytes(b"b" * 158_100_000)
    readme = tmp_path / "README.md"
    readme.write_text(TABLE)
    script = str(ROOT / "packaging" / "sizes.py")
    ok = subprocess.run(
        [sys.executable, script, "--readme", str(readme), str(archive), str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert ok.returncode == 0, ok.stderr
    assert "46.2 MB" in ok.stdout and "158.1 MB" in ok.stdout
    readme.write_text(TABLE.replace("| 46 MB |", "| 30 MB |"))
    stale = subprocess.run(
        [sys.executable, script, "--readme", str(readme), str(archive), str(folder)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert stale.returncode == 1
    assert "says 30 MB for the Linux archive" in stale.stderr and "write 46 MB" in stale.stderr
