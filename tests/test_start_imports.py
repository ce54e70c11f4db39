"""A plain start loads only what the first screen shows: the network, the file formats
for import and export, and every window and dialog not yet opened load when used."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.child import run_python

NOT_AT_START = (
    "asyncio",
    "ssl",
    "websockets",
    "zeroconf",
    "segno",
    "qasync",
    "bridge.net",
    "bridge.ui.network.host_panel",
    "bridge.ui.network.join_dialog",
    "bridge.ui.table.viewscreen",
    "bridge.ui.library.character_library",
    "bridge.ui.library.character_editor",
    "bridge.ui.library.ship_library",
    "bridge.ui.console.dice_tray",
    "bridge.ui.table.shared_laptop",
    "bridge.ui.station.task_dialog",
    "bridge.ui.conflict.conflict_window",
    "bridge.ui.conflict.conflict_dialog",
    "bridge.storage.npcs",
    "bridge.ui.console.ship_panel",
    "bridge.ui.console.submit_dialog",
    "bridge.ui.console.house_rules",
    "bridge.ui.console.edit_value",
    "bridge.ui.console.next_task",
    "bridge.ui.console.encounter_setup",
    "bridge.ui.console.gm_reference",
    "bridge.ui.widgets.difficulty_guide",
    "bridge.rules.personal",
    "bridge.storage.battle",
    "bridge.storage.foundry",
    "bridge.storage.recap",
    "bridge.storage.library",
    "platformdirs",  # BRIDGE_HOME (as here) says where Bridge's folders are
)
"""Loaded by a start of the GM console alone (``bridge``): none of these."""

WITH_STATIONS = ("bridge.ui.station.station_window",)
"""Loaded only when a station window opens (``bridge --demo`` opens all five)."""


def _loaded(
    tmp_path: Path, *flags: str, then: str = "print(' '.join(sorted(sys.modules)))"
) -> set[str]:
    """The modules a start loaded (or the words ``then`` prints after the start)."""
    code = (
        "import sys\n"
        "from bridge.cli import main\n"
        f"assert main({[*flags, '--startup-probe']!r}) == 0\n"
        f"{then}\n"
    )
    done = run_python(code, tmp_path)
    return set(done.stdout.split("\n")[-2].split())


def _among(loaded: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in loaded if any(m == n or m.startswith(f"{n}.") for n in names))


@pytest.mark.parametrize("flags", [(), ("--demo",)], ids=["console", "demo"])
def test_a_start_loads_no_network_and_no_unopened_dialog(
    tmp_path: Path, flags: tuple[str, ...]
) -> None:
    loaded = _loaded(tmp_path, *flags)
    assert "bridge.ui.console.gm_console" in loaded
    assert _among(loaded, NOT_AT_START) == []
    stations = _among(loaded, WITH_STATIONS)
    assert stations == (sorted(WITH_STATIONS) if flags else [])


def test_a_start_builds_no_file_format(tmp_path: Path) -> None:
    """The file formats' validators are built when a file is first opened or saved."""
    then = (
        "from bridge.storage.formats import FORMATS\n"
        "print(' '.join(n for n, f in FORMATS.items() if f.__pydantic_complete__) or '-')"
    )
    assert _loaded(tmp_path, then=then) == {"-"}


BUILT_AT_START = frozenset(
    {"StartTurn", "EndTurn", "EndRound", "EndScene", "NpcActsFirst"}  # the turn order's
)
"""The only Commands whose validators a start of the console builds (issue 29): the
rest, the journal, the network's messages and the seats' views build on first use."""


def test_a_start_builds_only_the_models_the_first_screen_uses(tmp_path: Path) -> None:
    then = (
        "import pydantic\n"
        "def subs(c):\n"
        "    for s in c.__subclasses__():\n"
        "        yield s\n"
        "        yield from subs(s)\n"
        "print(' '.join(sorted({f'{c.__module__}:{c.__qualname__}' for c in "
        "subs(pydantic.BaseModel) if c.__module__.startswith('bridge.') "
        "and c.__pydantic_complete__})))"
    )
    built = _loaded(tmp_path, then=then)
    assert "bridge.engine.state.encounter:Encounter" in built  # the battle on screen
    commands = {
        name.partition(":")[2]
        for name in built
        if name.partition(":")[0] in ("bridge.engine.ship.commands", "bridge.engine.core.commands")
    }
    assert commands == BUILT_AT_START
    later = ("bridge.engine.journal", "bridge.engine.session", "bridge.net", "bridge.seatview")
    assert sorted(n for n in built if n.partition(":")[0].startswith(later)) == []


def test_the_command_line_alone_loads_no_rules_and_no_qt() -> None:
    code = (
        "import sys\n"
        "from bridge.cli import _parser\n"
        "_parser()\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    loaded = set(done.stdout.split())
    assert _among(loaded, ("PySide6", "pydantic", "bridge.rules", "bridge.engine")) == []


@pytest.mark.parametrize("given", [None, "some_plugin"])
def test_bridge_skips_the_search_for_pydantic_plugins_unless_told_otherwise(
    given: str | None,
) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    if given is not None:
        env["PYDANTIC_DISABLE_PLUGINS"] = given
    code = (
        "import bridge, os\n"
        "from pydantic.plugin import _loader\n"
        "print(os.environ['PYDANTIC_DISABLE_PLUGINS'], list(_loader.get_plugins()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[0] == (given or "__all__")
