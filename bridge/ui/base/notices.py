"""Warnings and yes/no questions to the GM, and the folders Bridge cannot write.

In the start-up probe (``bridge --startup-probe``) nobody is there to click: a warning
goes to stderr and a question is answered No, so the probe never waits on a message box.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from bridge.storage.paths import config_dir, folder_problem, library_path
from bridge.ui.base.theme import apply_stylesheet

__all__ = [
    "ask",
    "confirm",
    "is_unattended",
    "set_unattended",
    "unwritable_folders",
    "warn",
    "warn_unwritable_folders",
]

_unattended = [False]


def set_unattended(on: bool) -> None:
    """Report warnings on stderr instead of in message boxes (the start-up probe)."""
    _unattended[0] = on


def is_unattended() -> bool:
    """Whether nobody is there to answer (the start-up probe)."""
    return _unattended[0]


def _to_stderr(title: str, text: str) -> None:
    said = " ".join(text.split())
    said = said if said.startswith(title) or title == "Bridge" else f"{title}: {said}"
    print(f"bridge: {said}", file=sys.stderr, flush=True)


def warn(parent: QWidget | None, title: str, text: str) -> None:
    if _unattended[0]:
        _to_stderr(title, text)
        return
    apply_stylesheet()  # a warning at start-up, before the first window, is styled too
    QMessageBox.warning(parent, title, text)


def ask(parent: QWidget | None, title: str, text: str) -> bool:
    """A warning with Yes and No; True for Yes (always No when unattended)."""
    if _unattended[0]:
        _to_stderr(title, f"{text} (answered No)")
        return False
    apply_stylesheet()
    buttons = QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No
    answer = QMessageBox.warning(parent, title, text, buttons)
    return answer == QMessageBox.StandardButton.Yes


def confirm(parent: QWidget | None, title: str, text: str, action: str) -> bool:
    """A question before a step that is hard to take back: ``action`` or Cancel (the
    default). True when the GM chose ``action`` (never when unattended)."""
    if _unattended[0]:
        _to_stderr(title, f"{text} (not confirmed)")
        return False
    apply_stylesheet()
    box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=parent)
    yes = box.addButton(action, QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(cancel)
    box.exec()
    return box.clickedButton() is yes


_FOLDERS = (
    ("The ship library", "ships you duplicate or edit cannot be saved", "ships"),
    ("Preferences", "text size, window places and recent files are not kept", None),
)


def unwritable_folders() -> list[str]:
    """One line per folder Bridge writes (besides autosave) that cannot be written."""
    lines = []
    for what, effect, kind in _FOLDERS:
        folder: Path = library_path(kind) if kind else config_dir()
        problem = folder_problem(folder)
        if problem is not None:
            lines.append(f"{what}: {folder} cannot be written ({problem}); {effect}.")
    return lines


def warn_unwritable_folders(
    parent: QWidget | None, lines: Sequence[str] | None = None
) -> list[str]:
    """One warning listing every folder that cannot be written (``lines``, or checked
    now); returns its lines."""
    lines = list(unwritable_folders() if lines is None else lines)
    if lines:
        warn(
            parent,
            "A folder cannot be written",
            "\n".join(lines) + "\n\nBridge works on without them; the battle itself is "
            "not affected.",
        )
    return lines
