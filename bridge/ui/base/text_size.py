"""Each window's own text size: larger, smaller, back to 100%, remembered per window.

A player at the far end of the table enlarges their card without touching the GM's
console. A window at 100% has no style sheet of its own and takes the application's
(what a start costs stays as it was); at another size the window gets the stylesheet
and the body font at its size, and a property that painted widgets read through
:func:`bridge.ui.base.theme.scaled`.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QRect
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolTip, QWidget

from bridge.ui.base.settings import set_text_scale, text_scale
from bridge.ui.base.theme import (
    BODY_PX,
    SCALE_PROPERTY,
    body_font,
    stylesheet,
    window_scale,
)

__all__ = ["DEFAULT_KEYS", "LARGER_KEYS", "SMALLER_KEYS", "STEP", "TextSize", "take_text_size"]

STEP = 0.1
LARGER_KEYS = ("Ctrl+=", "Ctrl++")
SMALLER_KEYS = ("Ctrl+-",)
DEFAULT_KEYS = ("Ctrl+Alt+0",)
TEXT_SIZE_SAID_MS = 1200
"""How long the new text size is said over the window (it covers what the GM reads)."""
"""Back to 100% (the GM console's Ctrl+0 opens every station)."""
LOWEST, HIGHEST = 0.7, 2.5


def _apply(window: QWidget, scale: float) -> None:
    """Put ``window`` (a top-level window) at ``scale``: its property, font and, away
    from the application's size, its own stylesheet."""
    window.setProperty(SCALE_PROPERTY, float(scale))
    if scale == window_scale(None):  # the application's size: nothing of its own
        if window.styleSheet():
            window.setStyleSheet("")
        window.setFont(body_font(scale))
        return
    window.setFont(body_font(scale))
    # Under a style sheet a widget takes its font when it is polished, not from its
    # window later: the body text's size is a rule of the window's sheet too.
    body = f"QWidget {{ font-size: {round(BODY_PX * scale)}px; }}\n"
    window.setStyleSheet(body + stylesheet(scale))


def take_text_size(window: QWidget, owner: QWidget | None) -> None:
    """``window`` (a dialog) at the text size of ``owner``'s window."""
    if owner is None:
        return
    scale = window_scale(owner)
    if scale != window_scale(window):
        _apply(window, scale)


class TextSize:
    """A window's text size, from its preferences key (``None``: not remembered), with
    the actions that change it. ``changed`` is called after every change (windows fix
    the few sizes they set in pixels); ``followers`` gives the dialogs that follow it."""

    def __init__(
        self,
        window: QWidget,
        key: str | None,
        changed: Callable[[], None] | None = None,
        followers: Callable[[], list[QWidget]] | None = None,
    ) -> None:
        self.window = window
        self.key = key
        self._changed = changed
        self._followers = followers
        kept = text_scale(key) if key else None
        self.scale = window_scale(None) if kept is None else kept
        if self.scale != window_scale(None):
            _apply(window, self.scale)
        self.larger = self._action("&Larger text", LARGER_KEYS, lambda: self.step(STEP))
        self.smaller = self._action("&Smaller text", SMALLER_KEYS, lambda: self.step(-STEP))
        self.default = self._action("&Default text size (100%)", DEFAULT_KEYS, self.reset)
        self._name_size()

    def _action(self, text: str, keys: tuple[str, ...], slot: Callable[[], None]) -> QAction:
        act = QAction(text, self.window)
        act.setShortcuts([QKeySequence(k) for k in keys])
        act.triggered.connect(slot)
        self.window.addAction(act)  # the keys work without a menu too
        return act

    def _name_size(self) -> None:
        """The menu says the size the window's text is at now (its steps are 10%)."""
        now = f" (now {self.scale:.0%})"
        self.larger.setText("&Larger text" + now)
        self.smaller.setText("&Smaller text" + now)

    def actions(self) -> list[QAction]:
        """Larger, smaller, default: for a View menu."""
        return [self.larger, self.smaller, self.default]

    def step(self, by: float) -> None:
        self.set(self.scale + by)

    def reset(self) -> None:
        self.set(1.0)

    def set(self, scale: float) -> None:
        """Show the window's text at ``scale`` (within 70% and 250%) and remember it."""
        scale = round(min(max(scale, LOWEST), HIGHEST), 2)
        if self.key:
            set_text_scale(self.key, scale)
        if scale == self.scale:
            return
        self.scale = scale
        self._name_size()
        _apply(self.window, scale)
        for dialog in self._followers() if self._followers else []:
            take_text_size(dialog, self.window)
        if self._changed is not None:
            self._changed()
        if self.window.isVisible():  # said where the player looks, moving nothing
            place = self.window.mapToGlobal(self.window.rect().center())
            words = f"Text size {scale:.0%}"
            QToolTip.showText(place, words, self.window, QRect(), TEXT_SIZE_SAID_MS)
