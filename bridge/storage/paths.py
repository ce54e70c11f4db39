"""Where Bridge keeps things, per OS (platformdirs); ``BRIDGE_HOME`` puts it all in one folder."""

from __future__ import annotations

import contextlib
import os
import re
import tempfile
import warnings
from collections.abc import Collection
from pathlib import Path

__all__ = [
    "autosave_dir",
    "autosave_path",
    "config_dir",
    "data_dir",
    "folder_problem",
    "fresh_library_id",
    "library_dir",
    "library_path",
    "log_dir",
    "runtime_dir",
    "set_autosave_dir",
]

APP = "Bridge"


def _home() -> Path | None:
    home = os.environ.get("BRIDGE_HOME")
    return Path(home) if home else None


def data_dir() -> Path:
    """User data: the ship library and autosaves."""
    home = _home()
    if home is None:
        import platformdirs  # only when BRIDGE_HOME does not say where things go

    path = home / "data" if home else Path(platformdirs.user_data_dir(APP, appauthor=False))
    with contextlib.suppress(OSError):  # a read-only disk: the folders below say so
        path.mkdir(parents=True, exist_ok=True)
    return path


def config_dir() -> Path:
    """User configuration: preferences and window places."""
    home = _home()
    if home is None:
        import platformdirs

    path = home / "config" if home else Path(platformdirs.user_config_dir(APP, appauthor=False))
    with contextlib.suppress(OSError):  # preferences are then not kept, nothing else
        path.mkdir(parents=True, exist_ok=True)
    return path


def log_dir() -> Path:
    """Where Bridge's log files are kept (created if it can be): the user log folder."""
    home = _home()
    if home is None:
        import platformdirs

    path = home / "logs" if home else Path(platformdirs.user_log_dir(APP, appauthor=False))
    with contextlib.suppress(OSError):  # then nothing is logged, nothing else is lost
        path.mkdir(parents=True, exist_ok=True)
    return path


def runtime_dir() -> Path:
    """Where this user's running Bridge keeps its lock (created if it can be)."""
    home = _home()
    if home is None:
        import platformdirs

        with warnings.catch_warnings():  # (no XDG_RUNTIME_DIR: it says so, and falls back)
            warnings.simplefilter("ignore")
            path = Path(platformdirs.user_runtime_dir(APP, appauthor=False))
    else:
        path = home / "run"
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:  # no runtime folder: this user's own folder in the temporary one
        path = (
            Path(tempfile.gettempdir())
            / f"{APP}-{os.getuid() if hasattr(os, 'getuid') else os.getlogin()}"
        )
        with contextlib.suppress(OSError):
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
    return path


def library_path(kind: str) -> Path:
    """Where the GM's own library of ``ships`` or ``characters`` is kept (not created)."""
    return data_dir() / "library" / kind


def library_dir(kind: str) -> Path:
    """The GM's own library of ``ships`` or ``characters``, created if missing
    (:class:`OSError` if it cannot be)."""
    path = library_path(kind)
    path.mkdir(parents=True, exist_ok=True)
    return path


def fresh_library_id(kind: str, name: str, fallback: str, taken: Collection[str] = ()) -> str:
    """An id made from ``name`` (``fallback`` when nothing of it is left) for a new entry of
    the GM's library of ``kind``: no file there has it, and it is not in ``taken``."""
    base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:30] or fallback
    folder = library_path(kind)
    new, n = base, 2
    while new in taken or (folder / f"{new}.json").exists():
        new, n = f"{base}-{n}", n + 1
    return new


def folder_problem(path: Path) -> str | None:
    """Why Bridge cannot write in ``path`` (created if missing), or ``None`` if it can.

    A file is really created and removed: permission bits alone do not tell (root
    ignores them, a read-only mount does not show in them).
    """
    try:
        path.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".bridge-probe-", dir=path)
        os.close(handle)
        os.unlink(probe)
    except OSError as exc:
        return exc.strerror or str(exc)
    return None


_chosen: dict[str, Path] = {}


def set_autosave_dir(path: Path | None) -> None:
    """Keep autosaves in ``path`` instead (the GM chose another folder); ``None`` resets."""
    if path is None:
        _chosen.pop("autosave", None)
    else:
        _chosen["autosave"] = path


def autosave_path() -> Path:
    """Where autosaves are kept (not created)."""
    return _chosen.get("autosave") or data_dir() / "autosave"


def autosave_dir() -> Path:
    """The autosave folder, created if missing; :class:`OSError` if it cannot be."""
    path = autosave_path()
    path.mkdir(parents=True, exist_ok=True)
    return path
