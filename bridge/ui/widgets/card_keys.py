"""A card window's keys, the station's and the Conflict card's alike: each an action of
the window (its key works wherever the window is active), F1 its guide page, F2 turns
the card over, and a right-click anywhere on the card lists them with the window's text
size (a card window has no menu bar: its height is the card's)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QTabWidget, QWidget

from bridge.ui.base.help import add_help_key

__all__ = ["add_card_keys", "add_view_actions", "turn_over"]

Key = tuple[str, str, Callable[[], object]]
"""What a key does in words, the key, and what it calls."""


def turn_over(tabs: QTabWidget) -> Key:
    """F2: the card's other side (its front from any other)."""
    return ("Turn the card over", "F2", lambda: tabs.setCurrentIndex(int(tabs.currentIndex() == 0)))


def add_card_keys(window: QWidget, keys: Sequence[Key], page: str, header: QWidget) -> None:
    """``keys`` on ``window``, then F1 for the guide's ``page``; the right-click menu lists
    them (``header`` says so in its tooltip)."""
    for text, seq, slot in keys:
        act = QAction(text, window)
        act.setShortcut(QKeySequence(seq))
        act.triggered.connect(slot)
        window.addAction(act)
    add_help_key(window, page)
    window.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
    header.setToolTip("Right-click: this window's keys and its text size")


def add_view_actions(window: QWidget, actions: Iterable[QAction]) -> None:
    """The text size's actions, last in the card's right-click menu after a line (their
    keys work wherever the window is active)."""
    separator = QAction(window)
    separator.setSeparator(True)
    window.addAction(separator)
    for act in actions:
        window.removeAction(act)
        window.addAction(act)
