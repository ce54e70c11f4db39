"""What the Linux bundle leaves to the system (packaging/pyinstaller/system_libs.py), and
the check .ci/run makes on the built bundle (packaging/check_bundle.py), run on real ELF
files of this machine."""

from __future__ import annotations

import os
import platform
import re
import shutil
import sys
from pathlib import Path

import pytest

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
sys.path.insert(0, str(PACKAGING))
sys.path.insert(0, str(PACKAGING / "pyinstaller"))
import check_bundle  # noqa: E402
from system_libs import is_system_library, leave_out_system_libraries  # noqa: E402

README = PACKAGING.parent / "README.md"


def _entry(dest: str) -> tuple[str, str, str]:
    return (dest, "/build/host/" + os.path.basename(dest), "BINARY")


def test_system_libraries_go_and_so_does_what_only_they_needed() -> None:
    links = {
        "libQt6Core.so.6": ["libglib-2.0.so.0", "libicuuc.so.73", "libstdc++.so.6"],
        "libqgtk3.so": ["libgtk-3.so.0", "libQt6Core.so.6"],
        "libgtk-3.so.0": ["libcairo.so.2", "libglib-2.0.so.0"],
        "libglib-2.0.so.0": ["libpcre2-8.so.0"],
        "libpython3.11.so.1.0": ["libz.so.1"],
        "_ssl.cpython-311-x86_64-linux-gnu.so": ["libssl.so.3"],
        "libssl.so.3": ["libcrypto.so.3"],
    }
    binaries = [
        _entry("PySide6/Qt/lib/libQt6Core.so.6"),
        _entry("PySide6/Qt/plugins/platformthemes/libqgtk3.so"),
        _entry("PySide6/Qt/plugins/platforms/libqxcb.so"),
        _entry("python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so"),
        *(
            _entry(name)
            for name in (
                "libpython3.11.so.1.0",
                "libgtk-3.so.0",
                "libcairo.so.2",
                "libglib-2.0.so.0",
                "libpcre2-8.so.0",
                "libicuuc.so.73",
                "libstdc++.so.6",
                "libz.so.1",
                "libssl.so.3",
                "libcrypto.so.3",
            )
        ),
    ]
    kept, left_out = leave_out_system_libraries(
        binaries, lambda source: links.get(os.path.basename(source), [])
    )
    assert sorted(e[0] for e in kept) == [
        "PySide6/Qt/lib/libQt6Core.so.6",
        "PySide6/Qt/plugins/platforms/libqxcb.so",
        "libcrypto.so.3",
        "libicuuc.so.73",
        "libpython3.11.so.1.0",
        "libssl.so.3",
        "python3.11/lib-dynload/_ssl.cpython-311-x86_64-linux-gnu.so",
    ]
    assert left_out == [
        "PySide6/Qt/plugins/platformthemes/libqgtk3.so",
        "libcairo.so.2",
        "libglib-2.0.so.0",
        "libgtk-3.so.0",
        "libpcre2-8.so.0",
        "libstdc++.so.6",
        "libz.so.1",
    ]


@pytest.mark.parametrize(
    ("name", "system"),
    [
        ("libstdc++.so.6", True),
        ("libexpat.so.1", True),
        ("libgio-2.0.so.0", True),
        ("libX11-xcb.so.1", True),
        ("libxcb-cursor.so.0", False),  # a desktop may lack it: Qt's xcb plugin needs it
        ("libicuuc.so.73", False),
        ("libQt6Gui.so.6", False),
        ("libz.so.1.2.13", True),
        ("libzstd.so.1", False),
    ],
)
def test_which_libraries_are_the_systems(name: str, system: bool) -> None:
    assert is_system_library(name) is system


def test_the_readme_states_the_minimum_once_and_a_readme_without_it_is_refused() -> None:
    assert check_bundle.stated_minimum(README.read_text(encoding="utf-8")) >= (2, 28)
    with pytest.raises(ValueError, match=re.escape("'glibc X.Y or newer'; found none")):
        check_bundle.stated_minimum("Runs on Linux.")
    with pytest.raises(ValueError, match=r"found \['2.31', '2.35'\]"):
        check_bundle.stated_minimum("glibc 2.35 or newer ... glibc 2.31 or newer")


def _system_glibc() -> tuple[int, ...]:
    libc, found = platform.libc_ver()
    assert libc == "glibc"
    return check_bundle.version(found)


def test_a_bundle_of_this_machines_programs_needs_at_most_its_glibc(tmp_path: Path) -> None:
    bundle = tmp_path / "Bridge"
    (bundle / "_internal").mkdir(parents=True)
    shutil.copy(shutil.which("objdump") or "", bundle / "Bridge")
    (bundle / "_internal" / "notes.txt").write_text("not a program")
    mine = _system_glibc()
    failures, summary = check_bundle.check(bundle, mine)
    assert failures == [], failures
    needed = check_bundle.needs(bundle)
    assert list(needed) == [Path("Bridge")]
    assert (2, 2, 5) <= needed[Path("Bridge")] <= mine
    assert f"the highest GLIBC symbol needed is {check_bundle.show(needed[Path('Bridge')])}" in (
        summary
    )

    failures, _ = check_bundle.check(bundle, (2, 0))
    assert failures == [
        f"the bundle needs a newer glibc than the README's 2.0: "
        f"Bridge needs GLIBC_{check_bundle.show(needed[Path('Bridge')])}"
    ]


def test_a_bundle_carrying_a_system_library_fails(tmp_path: Path) -> None:
    bundle = tmp_path / "Bridge"
    bundle.mkdir()
    shutil.copy(shutil.which("objdump") or "", bundle / "Bridge")
    shutil.copy(shutil.which("objdump") or "", bundle / "libz.so.1")  # an ELF named so
    failures, _ = check_bundle.check(bundle, _system_glibc())
    assert failures == ["the bundle carries system libraries: libz.so.1"]


def test_a_folder_with_no_program_is_no_bundle(tmp_path: Path) -> None:
    (tmp_path / "readme.txt").write_text("hello")
    failures, _ = check_bundle.check(tmp_path, (2, 35))
    assert failures == [f"{tmp_path}: no ELF file needing glibc: is this a Linux bundle?"]


def test_the_glibc_figure_is_read_from_objdump_output() -> None:
    dump = (
        "0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.2.5) free\n"
        "0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.34) pthread_create\n"
        "0000000000000000      DF *UND*  0000000000000000 (GLIBC_2.4) __stack_chk_fail\n"
        "0000000000000000      DF *UND*  0000000000000000 (GLIBCXX_3.4.29) _ZSt4cout\n"
    )
    assert check_bundle.glibc_needed(dump) == (2, 34)
    assert check_bundle.glibc_needed("no versions here") is None
