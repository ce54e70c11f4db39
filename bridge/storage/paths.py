"""Where Bridge keeps things, per OS (platformdirs); ``BRIDGE_HOME`` puts it all in one folder."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

import platformdirs

__all__ = ["autosave_dir", "config_dir", "data_dir", "library_dir", "set_autosave_dir"]

APP = "Bridge"


def _home() -> Path | None:
    home = os.environ.get("BRIDGE_HOME")
    return Path(home) if home else None


def data_dir() -> Path:
    """User data: the ship library and autosaves."""
    home = _home()
    path = home / "data" if home else Path(platformdirs.user_data_dir(APP, appauthor=False))
    with contextlib.suppress(OSError):  # a read-only disk: the folders below say so
        path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """User configuration: preferences and window places."""
    home = _home()
    path = home / "config" if home else Path(platformdirs.user_config_dir(APP, appauthor=False))
    with contextlib.suppress(OSError):  # preferences are then not kept, nothing else
        path.mkdir(parents=True, exist_ok=True)
    return path


def library_dir(kind: str) -> Path:
    """The GM's own library of ``ships`` or ``characters``."""
    path = data_dir() / "library" / kind
    path.mkdir(parents=True, exist_ok=True)
    return path


_chosen: dict[str, Path] = {}


def set_autosave_dir(path: Path | None) -> None:
    """Keep autosaves in ``path`` instead (the GM chose another folder); ``None`` resets."""
    if path is None:
        _chosen.pop("autosave", None)
    else:
        _chosen["autosave"] = path


def autosave_dir() -> Path:
    """The autosave folder, created if missing; :class:`OSError` if it cannot be."""
    path = _chosen.get("autosave") or data_dir() / "autosave"
    path.mkdir(parents=True, exist_ok=True)
    return path
