"""Preferences through QSettings: UI scale and each window's screen and geometry."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QWidget

from bridge.storage.paths import config_dir

__all__ = [
    "add_recent",
    "recent_files",
    "restore_geometry",
    "save_geometry",
    "settings",
    "ui_scale",
]


def settings() -> QSettings:
    """Bridge's preferences, in the user configuration folder (platformdirs)."""
    return QSettings(str(config_dir() / "bridge.ini"), QSettings.Format.IniFormat)


def ui_scale() -> float:
    value = settings().value("ui/scale", 1.0)
    try:
        return min(max(float(value), 0.7), 2.5)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return 1.0


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
