"""The core (rules, model, combat, engine, storage, seatview, net) never imports Qt
(DESIGN.md "Layers")."""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import bridge

CORE = (
    "bridge.rules",
    "bridge.model",
    "bridge.combat",
    "bridge.engine",
    "bridge.storage",
    "bridge.seatview",
    "bridge.net",
)


def _core_modules() -> list[str]:
    names = list(CORE)
    for info in pkgutil.walk_packages(bridge.__path__, "bridge."):
        if info.name.startswith(CORE):
            names.append(info.name)
    return sorted(set(names))


def test_importing_the_core_loads_no_qt() -> None:
    modules = _core_modules()
    assert "bridge.rules.task" in modules and "bridge.net.host" in modules
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('PySide6', 'shiboken6', 'qasync'))\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert out == "", f"core modules loaded Qt: {out}"
