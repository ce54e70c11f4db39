"""What the frozen apps leave out, shared by the Bridge and the bare-window specs.

Bridge uses QtCore, QtGui, QtWidgets, QtNetwork (the local socket that makes a second
launch hand its battle to the running Bridge) and the SVG image plugin. PyInstaller's Qt hooks also
collect plugins that drag in Qt Quick, QML, the virtual keyboard and Qt PDF: dead weight,
and the frameworks that break notarization on macOS (PyInstaller issue 8927).
"""

from __future__ import annotations

import sys

from system_libs import leave_out_system_libraries, linked_libraries

EXCLUDED_MODULES = [
    "tkinter",
    "unittest",
    "pydoc",
    "PySide6.QtQml",
    "PySide6.QtQuick",
    "PySide6.QtPdf",
    "PySide6.QtOpenGL",
    # the benchmark, stress and bot tools: the product's frozen app never carries them
    "bridge.bench",
    # development tools that must never ride along
    "hypothesis",
    "pytest",
    "_pytest",
    "mypy",
    "ast_serialize",
]

_UNUSED = (
    "qt6qml",
    "qt6quick",
    "qt6virtualkeyboard",
    "qt6pdf",
    "qt6opengl",
    "qtvirtualkeyboard",
    "qtquick",
    "qpdf",
    "/qml/",
    "\\qml\\",
    "qmltooling",
    "qt6qmlmodels",
    "qt6qmlworkerscript",
    "translations",
    "opengl32sw",
    "qtuiotouchplugin",
)


def unused(dest: str) -> bool:
    """Whether a collected file (by its place in the bundle) is one Bridge never loads."""
    name = dest.replace("\\", "/").lower()
    return any(part.replace("\\", "/") in name for part in _UNUSED)


def trim(entries):  # type: ignore[no-untyped-def]
    """Drop unused Qt libraries, plugins and QML files from a TOC list."""
    return [entry for entry in entries if not unused(entry[0])]


def trim_binaries(binaries):  # type: ignore[no-untyped-def]
    """``trim``, and on Linux leave out the system libraries (system_libs.py)."""
    binaries = trim(binaries)
    if not sys.platform.startswith("linux"):
        return binaries
    kept, left_out = leave_out_system_libraries(binaries, linked_libraries)
    print(f"trim: {len(left_out)} system libraries left to the system: {' '.join(left_out)}")
    return kept
