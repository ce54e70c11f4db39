"""The Linux archive's install.sh and uninstall.sh, run for real in a throw-away home.

The archive is laid out by packaging/linux/stage (as packaging/build does) around a stand-in
for the frozen app that writes down the arguments it was started with. The menu entry is
then started the way a desktop starts it (GLib's ``gio launch``, which parses ``Exec=``),
and the file type is looked up in the shared MIME database the scripts refreshed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from bridge import APP_ID

LINUX = Path(__file__).resolve().parents[2] / "packaging" / "linux"
MIME_TYPE = "application/x-io.github.bridgeconsole.battle"

STAND_IN = """#!/bin/sh
: > "$BRIDGE_ARGS_OUT"
for a in "$@"; do printf '%s\\n' "$a" >> "$BRIDGE_ARGS_OUT"; done
"""


def _run(argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=60, check=False)
    assert done.returncode == 0, f"{argv}: {done.stdout}{done.stderr}"
    return done


def _archive(tmp: Path) -> Path:
    """The unpacked archive, in a folder whose name has a space."""
    bundle = tmp / "frozen"
    bundle.mkdir()
    (bundle / "Bridge").write_text(STAND_IN)
    (bundle / "Bridge").chmod(0o755)
    icon = tmp / "icon.png"
    shutil.copy(LINUX.parents[1] / "resources" / "icons" / "bridge.svg", icon)
    archive = tmp / "Bridge 0.1 linux"
    _run(["sh", str(LINUX / "stage"), str(archive), str(bundle), str(icon)], dict(os.environ))
    return archive


def _content_type(path: Path, env: dict[str, str]) -> str:
    done = _run(["gio", "info", "-a", "standard::content-type", str(path)], env)
    return done.stdout.split("standard::content-type:", 1)[1].strip()


@pytest.mark.parametrize("home_name", ["home with space", 'odd "quoted" $HOME `x`'])
def test_install_makes_a_menu_entry_that_opens_a_battle_and_uninstall_takes_it_away(
    tmp_path: Path, home_name: str
) -> None:
    archive = _archive(tmp_path)
    home = tmp_path / home_name
    data = home / "data dir"
    home.mkdir()
    args_out = tmp_path / "args.txt"
    env = {
        "PATH": os.environ["PATH"],
        "HOME": str(home),
        "XDG_DATA_HOME": str(data),
        "XDG_DATA_DIRS": "/usr/share",
        "XDG_CONFIG_HOME": str(home / "config"),
        "BRIDGE_ARGS_OUT": str(args_out),
    }
    _run(["sh", str(archive / "install.sh")], env)

    entry = data / "applications" / f"{APP_ID}.desktop"
    _run(["desktop-file-validate", str(entry)], env)
    battle = tmp_path / "Night Watch.bridge"
    battle.write_text("{}")
    _run(["gio", "launch", str(entry), str(battle)], env)
    for _ in range(100):  # gio starts the program and returns at once
        if args_out.exists() and args_out.read_text().endswith("\n"):
            break
        subprocess.run(["sleep", "0.05"], check=True)
    assert args_out.read_text().splitlines() == [str(battle)]
    assert (home / ".local" / "opt" / "Bridge" / "Bridge").is_file()
    assert (data / "icons" / "hicolor" / "512x512" / "apps" / f"{APP_ID}.png").is_file()

    assert _content_type(battle, env) == MIME_TYPE
    cache = (data / "applications" / "mimeinfo.cache").read_text()
    assert f"{MIME_TYPE}={APP_ID}.desktop;" in cache.splitlines()

    _run(["sh", str(archive / "uninstall.sh")], env)
    assert not entry.exists()
    assert not (home / ".local" / "opt" / "Bridge").exists()
    assert MIME_TYPE not in (data / "applications" / "mimeinfo.cache").read_text()
    assert _content_type(battle, env) != MIME_TYPE  # the type is no longer registered
    assert not list(data.rglob(f"{APP_ID}*"))


def test_the_archive_names_every_file_by_the_application_id(tmp_path: Path) -> None:
    archive = _archive(tmp_path)
    assert sorted(p.name for p in archive.iterdir()) == sorted(
        [
            "Bridge",
            f"{APP_ID}.desktop",
            f"{APP_ID}.png",
            f"{APP_ID}.xml",
            "install.sh",
            "uninstall.sh",
        ]
    )
