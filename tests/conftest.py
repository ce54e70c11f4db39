"""Shared test setup: Qt renders offscreen; Bridge's files go to a temporary folder."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _bridge_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Preferences, the library and autosaves live in a temporary folder, never the user's."""
    from bridge.storage.paths import set_autosave_dir

    home = tmp_path / "bridge-home"
    monkeypatch.setenv("BRIDGE_HOME", str(home))
    set_autosave_dir(None)
    return home


@pytest.fixture(scope="session")
def qapp_cls() -> type:
    """The tests' application object is Bridge's own (file-open events, as on macOS)."""
    from bridge.ui.app.file_open import BridgeApplication

    return BridgeApplication
