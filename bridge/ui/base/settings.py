"""Preferences through QSettings: each window's text size, screen and geometry."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QWidget

from bridge.storage.paths import config_dir

__all__ = [
    "add_recent",
    "recent_files",
    "restore_geometry",
    "save_geometry",
    "set_text_scale",
    "settings",
    "text_scale",
]

LEGACY_SCALE = ("gm-console", "ui/scale")
"""The one text size for every window, as it was kept before each window had its own:
the GM console (where it was chosen) takes it until its own is set."""


def settings() -> QSettings:
    """Bridge's preferences, in the user configuration folder (platformdirs)."""
    return QSettings(str(config_dir() / "bridge.ini"), QSettings.Format.IniFormat)


def text_scale(key: str) -> float | None:
    """The text size the window kept under ``key`` last had (``None`` if none)."""
    store = settings()
    value = store.value(f"windows/{key}/text-size")
    if value is None and key == LEGACY_SCALE[0]:
        value = store.value(LEGACY_SCALE[1])
    if value is None:
        return None
    try:
        return min(max(float(str(value)), 0.7), 2.5)
    except ValueError:
        return None


def set_text_scale(key: str, scale: float) -> None:
    settings().setValue(f"windows/{key}/text-size", scale)


def save_geometry(window: QWidget, key: str) -> None:
    settings().setValue(f"windows/{key}/geometry", window.saveGeometry())


def restore_geometry(window: QWidget, key: str) -> bool:
    data = settings().value(f"windows/{key}/geometry")
    if isinstance(data, QByteArray) and not data.isEmpty():
        return bool(window.restoreGeometry(data))
    return False


def recent_files() -> list[str]:
    value = settings().value("files/recent", [])
    if isinstance(value, str):
        return [value]
    return [str(v) for v in value] if isinstance(value, list) else []


def add_recent(path: str) -> None:
    files = [path, *(p for p in recent_files() if p != path)][:8]
    settings().setValue("files/recent", files)
