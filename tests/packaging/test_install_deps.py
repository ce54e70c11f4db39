"""packaging/install-deps on stand-in systems: ``dpkg-query``, ``apt-cache``, ``apt-get``
and ``sudo`` are small scripts on PATH that answer as a Debian or an Ubuntu machine would
(Ubuntu has no ``chromium`` package: its Chromium is a snap) and write down what apt was
asked to install. Nothing is installed for real."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "packaging" / "install-deps"
WORKFLOW = ROOT / ".github" / "workflows" / "installers.yml"

FAKES = {
    # dpkg-query -W -f='${Status}' PACKAGE: installed only if named in FAKE_INSTALLED
    "dpkg-query": """#!/bin/sh
for last; do :; done
case " $FAKE_INSTALLED " in *" $last "*) printf 'install ok installed'; exit 0;; esac
echo "dpkg-query: no packages found matching $last" >&2
exit 1
""",
    # apt-cache policy PACKAGE...: a candidate for every package but those in FAKE_ABSENT
    # (for which, as apt-cache does, it prints nothing)
    "apt-cache": """#!/bin/sh
[ "$1" = policy ] || exit 1
shift
for p; do
  case " $FAKE_ABSENT " in *" $p "*) continue;; esac
  printf '%s:\\n  Installed: (none)\\n  Candidate: 1.0-1\\n  Version table:\\n' "$p"
done
""",
    # apt-get: writes its arguments down; refuses, as apt-get does, a package it lacks
    "apt-get": """#!/bin/sh
echo "$*" >> "$FAKE_LOG"
[ "$1" = update ] && exit 0
for p; do
  case " $FAKE_ABSENT " in *" $p "*) echo "E: Unable to locate package $p" >&2; exit 100;; esac
done
""",
    "sudo": '#!/bin/sh\nexec "$@"\n',
}
RUN = {"libegl1", "libxcb-cursor0", "fonts-dejavu-core", "python3-venv"}
PACKAGE = {"binutils", "xz-utils", "desktop-file-utils", "shared-mime-info", "libglib2.0-bin"}
X_SERVER = {"xvfb", "openbox", "x11-utils"}

# The packages of Ubuntu 22.04 (jammy), GitHub's ubuntu-22.04 runner, that install-deps may
# ask for there: every one is in jammy's archive under this name (chromium is not: jammy's
# chromium-browser only installs the snap). A package added to install-deps fails
# test_the_linux_job_asks_apt_only_for_packages_its_ubuntu_has until it is added here,
# once its name is checked against jammy's archive.
JAMMY = frozenset(
    {
        "libegl1",
        "libgl1",
        "libfontconfig1",
        "libfreetype6",
        "libxkbcommon0",
        "libglib2.0-0",
        "libdbus-1-3",
        "libx11-6",
        "libx11-xcb1",
        "libxkbcommon-x11-0",
        "libxcb-cursor0",
        "libxcb-icccm4",
        "libxcb-image0",
        "libxcb-keysyms1",
        "libxcb-randr0",
        "libxcb-render-util0",
        "libxcb-shape0",
        "libxcb-xkb1",
        "fonts-dejavu-core",
        "python3-venv",
        "binutils",
        "xz-utils",
        "desktop-file-utils",
        "shared-mime-info",
        "libglib2.0-bin",
        "xvfb",
        "openbox",
        "x11-utils",
    }
)


def _system(tmp_path: Path) -> Path:
    """A folder of stand-in package tools, to go first on PATH."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name, text in FAKES.items():
        (bin_dir / name).write_text(text)
        (bin_dir / name).chmod(0o755)
    return bin_dir


def _install_deps(
    tmp_path: Path,
    *args: str,
    installed: str = "",
    absent: str = "",
    **env: str,
) -> tuple[subprocess.CompletedProcess[str], list[list[str]]]:
    """Run install-deps on the stand-in system; its result and the apt-get calls made."""
    bin_dir = tmp_path / "bin" if (tmp_path / "bin").is_dir() else _system(tmp_path)
    log = tmp_path / "apt-get.log"
    log.unlink(missing_ok=True)
    environ = {k: v for k, v in os.environ.items() if k != "BRIDGE_TEST_BROWSER"}
    environ |= {
        "PATH": f"{bin_dir}:{os.environ['PATH']}",
        "FAKE_INSTALLED": installed,
        "FAKE_ABSENT": absent,
        "FAKE_LOG": str(log),
        "APT_LOCKS": str(tmp_path / "no-such-lock"),  # apt is free
        "APT_WAIT": "5",
        **env,
    }
    done = subprocess.run(
        [str(SCRIPT), *args], capture_output=True, text=True, env=environ, timeout=60, check=False
    )
    calls = [line.split() for line in log.read_text().splitlines()] if log.exists() else []
    return done, calls


def _installed(calls: list[list[str]]) -> set[str]:
    """The packages of the apt-get install calls (not their options)."""
    return {
        word
        for call in calls
        if call[0] == "install"
        for word in call[1:]
        if not word.startswith("-") and "=" not in word
    }


def test_on_ubuntu_the_browser_is_left_out_said_so_and_the_rest_installed(tmp_path: Path) -> None:
    done, calls = _install_deps(tmp_path, "--tests", absent="chromium")
    assert done.returncode == 0, done.stderr
    said = done.stderr
    assert "no Debian chromium package" in said and "snap" in said
    assert "BRIDGE_TEST_BROWSER" in said and '-m "not browser"' in said
    assert calls[0] == ["update", "-qq"]
    wanted = _installed(calls)
    assert "chromium" not in wanted
    assert wanted >= RUN | PACKAGE | X_SERVER


def test_on_debian_the_tests_get_debians_chromium(tmp_path: Path) -> None:
    done, calls = _install_deps(tmp_path, "--tests")
    assert done.returncode == 0, done.stderr
    assert "chromium" in _installed(calls)
    assert "snap" not in done.stderr


def test_a_browser_given_by_the_environment_replaces_debians(tmp_path: Path) -> None:
    browser = tmp_path / "chrome"
    browser.write_text("#!/bin/sh\n")
    browser.chmod(0o755)
    done, calls = _install_deps(tmp_path, "--tests", BRIDGE_TEST_BROWSER=str(browser))
    assert done.returncode == 0, done.stderr
    assert f"the browser tests use {browser}" in done.stdout
    assert "chromium" not in _installed(calls) and "xvfb" in _installed(calls)
    done, calls = _install_deps(tmp_path, "--tests", BRIDGE_TEST_BROWSER=str(tmp_path / "none"))
    assert done.returncode == 1 and "not a program" in done.stderr
    assert calls == []


@pytest.mark.parametrize(
    ("option", "included", "left_out"),
    [
        ((), RUN, PACKAGE | X_SERVER | {"chromium"}),
        (("--package",), RUN | PACKAGE, X_SERVER | {"chromium"}),
    ],
)
def test_each_use_gets_only_what_it_needs(
    tmp_path: Path, option: tuple[str, ...], included: set[str], left_out: set[str]
) -> None:
    done, calls = _install_deps(tmp_path, *option)
    assert done.returncode == 0, done.stderr
    wanted = _installed(calls)
    assert included <= wanted
    assert not wanted & left_out


def test_a_package_bridge_needs_that_the_distribution_lacks_stops_it_by_name(
    tmp_path: Path,
) -> None:
    done, calls = _install_deps(tmp_path, "--tests", absent="libxcb-cursor0 chromium")
    assert done.returncode == 1
    assert "no package named libxcb-cursor0, which Bridge needs" in done.stderr
    assert _installed(calls) == set()


def test_nothing_missing_asks_apt_nothing(tmp_path: Path) -> None:
    everything = " ".join(sorted(JAMMY | {"chromium"}))
    done, calls = _install_deps(tmp_path, "--tests", installed=everything)
    assert (done.returncode, calls) == (0, []), done.stderr


def test_an_unknown_option_is_refused_everywhere(tmp_path: Path) -> None:
    done, calls = _install_deps(tmp_path, "--ci")
    assert done.returncode == 2 and "unknown option '--ci'" in done.stderr
    assert calls == []


def _linux_job() -> dict[str, Any]:
    workflow = YAML(typ="safe").load(WORKFLOW.read_text(encoding="utf-8"))
    job = workflow["jobs"]["linux"]
    assert isinstance(job, dict)
    return job


def test_the_linux_job_asks_apt_only_for_packages_its_ubuntu_has(tmp_path: Path) -> None:
    job = _linux_job()
    assert job["runs-on"] == "ubuntu-22.04"
    (step,) = [s for s in job["steps"] if "packaging/install-deps" in s.get("run", "")]
    args = step["run"].split("packaging/install-deps", 1)[1].split()
    env = {**job.get("env", {}), **step.get("env", {})}
    # the browser the job names is the runner's; here a stand-in of the same path
    browser = env.get("BRIDGE_TEST_BROWSER")
    done, calls = _install_deps(
        tmp_path,
        *args,
        absent="chromium",
        **({"BRIDGE_TEST_BROWSER": "/bin/sh"} if browser else {}),
    )
    assert done.returncode == 0, done.stderr
    assert _installed(calls) <= JAMMY, _installed(calls) - JAMMY
    assert _installed(calls) >= X_SERVER | PACKAGE


def test_the_wine_check_gets_only_the_tools_that_make_its_root(tmp_path: Path) -> None:
    done, calls = _install_deps(tmp_path, "--wine")
    assert done.returncode == 0, done.stderr
    assert _installed(calls) == {"mmdebstrap", "arch-test"}
