"""The release scripts that run only on the release runners, tested here for what they
decide: the Windows file version of a package version, and what notarytool's report says."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from packaging.version import Version

PACKAGING = Path(__file__).resolve().parents[2] / "packaging"
sys.path.insert(0, str(PACKAGING / "windows"))
sys.path.insert(0, str(PACKAGING / "macos"))
from file_version import file_version  # noqa: E402
from notary_status import outcome  # noqa: E402


@pytest.mark.parametrize(
    ("version", "expected"),
    [
        ("0.2.0rc1", "0.2.0.3001"),
        ("0.2.0", "0.2.0.4000"),
        ("0.1", "0.1.0.4000"),
        ("1.0a2", "1.0.0.1002"),
        ("1.0b1", "1.0.0.2001"),
        ("1000.0.dev300", "1000.0.0.300"),  # a dev release: its number alone
        ("1.0.post1", "1.0.0.5001"),
    ],
)
def test_a_package_version_becomes_four_numbers(version: str, expected: str) -> None:
    assert file_version(version) == expected


@pytest.mark.parametrize(
    ("version", "why"),
    [
        ("1.2.3.4000", "at most three release numbers"),
        ("70000.0", "at most 65535"),
        ("1.0rc1000", "below 1000"),
        ("1.0+local", "local or epoch"),
        ("soon", "not a version"),
    ],
)
def test_a_version_with_no_windows_form_is_refused_by_name(version: str, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        file_version(version)


_versions = st.builds(
    lambda release, kind, n: (
        ".".join(map(str, release))
        + {"final": "", "a": f"a{n}", "b": f"b{n}", "rc": f"rc{n}", "dev": f".dev{n}", "post": ""}[
            kind
        ]
        + ("" if kind != "post" else f".post{n}")
    ),
    st.lists(st.integers(0, 300), min_size=1, max_size=3),
    st.sampled_from(["final", "a", "b", "rc", "dev", "post"]),
    st.integers(0, 999),
)


@given(_versions, _versions)
def test_file_versions_sort_as_the_package_versions_do(a: str, b: str) -> None:
    fa, fb = (tuple(map(int, file_version(v).split("."))) for v in (a, b))
    if Version(a) < Version(b):
        assert fa < fb
    elif Version(a) == Version(b):
        assert fa == fb


def test_the_script_prints_the_file_version_for_inno_setup() -> None:
    done = subprocess.run(
        [sys.executable, str(PACKAGING / "windows" / "file_version.py"), "0.2.0rc1"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (0, "0.2.0.3001\n")


def test_only_an_accepted_notarization_passes() -> None:
    accepted = {"id": "2efe2717", "status": "Accepted", "message": "Processing complete"}
    assert outcome(json.dumps(accepted)) == (True, "submission 2efe2717: Accepted")
    invalid = {"id": "2efe2717", "status": "Invalid", "message": "Processing complete"}
    ok, said = outcome(json.dumps(invalid))
    assert not ok and "status 'Invalid', not 'Accepted'" in said
    assert outcome("")[0] is False  # notarytool printed nothing (it failed to submit)
    assert outcome("[]")[0] is False


def test_the_notary_script_exits_by_status_not_by_notarytools_exit(tmp_path: Path) -> None:
    script = str(PACKAGING / "macos" / "notary_status.py")
    result = tmp_path / "result.json"
    for status, code in (("Accepted", 0), ("Invalid", 1), ("In Progress", 1)):
        result.write_text(json.dumps({"id": "abc", "status": status}))
        done = subprocess.run([sys.executable, script, str(result)], check=False)
        assert done.returncode == code, status
    ident = subprocess.run(
        [sys.executable, script, "--id", str(result)], capture_output=True, text=True, check=False
    )
    assert ident.stdout == "abc\n"


def test_a_notary_still_at_work_when_the_time_is_up_is_said_so_with_how_to_follow_it(
    tmp_path: Path,
) -> None:
    result = tmp_path / "result.json"
    result.write_text(json.dumps({"id": "9a1c", "status": "In Progress"}))
    script = str(PACKAGING / "macos" / "notary_status.py")
    # as notarize runs it: isolated, without site-packages (the step holds Apple secrets)
    done = subprocess.run(
        [sys.executable, "-I", "-S", script, "--waited", "15m", str(result)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 1
    assert "Apple had not finished notarizing it after 15m" in done.stderr
    assert "xcrun notarytool info 9a1c" in done.stderr


def test_notarize_waits_no_longer_than_its_workflow_step_allows() -> None:
    text = (PACKAGING / "macos" / "notarize").read_text()
    assert "timeout=${NOTARY_TIMEOUT:-15m}" in text
    assert '--timeout "$timeout"' in text
    assert '"$python" -I -S "$here/notary_status.py"' in text
