"""Preferences through QSettings: UI scale and each window's screen and geometry."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtWidgets import QWidget

__all__ = ["restore_geometry", "save_geometry", "settings", "ui_scale"]


def settings() -> QSettings:
    """Bridge's preferences (QSettings chooses the place for each OS)."""
    return QSettings("Bridge", "Bridge")


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
