"""What every step of the real-screen child works with."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtTest import QTest

from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.text_size import TextSize
from bridge.ui.conflict.conflict_window import ConflictWindow
from bridge.ui.console.gm_console import GmConsole

__all__ = ["SCALES", "Run"]

SCALES = (1.0, 1.2)
"""The text sizes a laptop's players use (no window may scroll or cut at either)."""


@dataclass
class Run:
    """The GM console and its model; ``seen``, what each check found; ``shot(name)``
    takes a picture of the screen (when asked for); ``placed(ready)`` lets events pass
    until ``ready()`` (bounded in time)."""

    console: GmConsole
    model: SharedModel
    shot: Callable[[str], None]
    placed: Callable[[Callable[[], bool]], bool]
    seen: dict[str, Any] = field(default_factory=dict)

    def card(self, character: str) -> ConflictWindow:
        """``character``'s Conflict card, opened from the GM console and placed."""
        card = self.console.open_conflict_card(character)
        self.placed(lambda: card.isVisible() and card.fit.settled)
        return card

    @staticmethod
    def at_each_size(text: TextSize | None, scales: tuple[float, ...] = SCALES) -> Iterator[str]:
        """A window's text at each of ``scales`` in turn, yielding its name ("120%"); at
        100% again after."""
        assert text is not None
        for scale in scales:
            text.set(scale)
            QTest.qWait(400)
            yield f"{scale:.0%}"
        text.set(1.0)
