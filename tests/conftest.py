"""Shared test setup: Qt renders offscreen; Bridge's files go to a temporary folder."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

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


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every Command a Session replays (its handlers, counted)."""
    from bridge.engine import session as session_module

    seen: list[str] = []

    def counted(kind: str, handler: Callable[..., Any]) -> Callable[..., Any]:
        def run(*args: Any) -> Any:
            seen.append(kind)
            return handler(*args)

        return run

    handlers = {k: counted(k, h) for k, h in session_module._HANDLERS.items()}
    monkeypatch.setattr(session_module, "_HANDLERS", handlers)
    return seen
