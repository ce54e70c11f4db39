"""Which of a character's Focuses a Task's own words name (a starting choice, never a
ruling: the player and the GM decide whether a Focus applies, seed 001 RULES SUMMARY 1).

"Starship Weapons" suits Fire Weapon, "Evasive Maneuvers" Evasive Action: a Focus
whose word (of four letters or more, a plural's "s" aside) is one of the Task's."""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["suggested_focus"]

_COMMON = frozenset({"with", "from", "your", "their", "ship", "ships", "that", "this"})
"""Words too common to tie a Focus to a Task."""


def _stems(text: str) -> set[str]:
    words = (w.lower() for w in re.findall(r"[A-Za-z]+", text))
    return {w.removesuffix("s") for w in words if len(w) >= 4 and w not in _COMMON}


def suggested_focus(focuses: Iterable[str], task_words: str) -> str | None:
    """The first of ``focuses`` that shares a word with ``task_words`` (a Task's name),
    or None."""
    wanted = _stems(task_words)
    return next((f for f in focuses if _stems(f) & wanted), None)
