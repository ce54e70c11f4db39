"""Dice sources: a seeded generator for play, given values for tests and replays.

Every rule takes a :class:`Dice` argument instead of calling :mod:`random`, so a
test can name the exact faces and a replay can feed back the recorded ones.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterable
from typing import Protocol, runtime_checkable

__all__ = ["Dice", "DiceExhausted", "GivenDice", "RecordingDice", "SeededDice"]


@runtime_checkable
class Dice(Protocol):
    """Anything that can roll a d20 and a d6."""

    def d20(self) -> int:
        """One twenty-sided die, 1..20."""
        ...

    def d6(self) -> int:
        """One six-sided die, 1..6 (the challenge die and ICON/OpenD6 dice)."""
        ...


class DiceExhausted(RuntimeError):
    """A :class:`GivenDice` was asked for more dice than it was given."""


class SeededDice:
    """Pseudo-random dice from :class:`random.Random`; the same seed rolls the same dice."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def d20(self) -> int:
        return self._rng.randint(1, 20)

    def d6(self) -> int:
        return self._rng.randint(1, 6)


def _checked(values: Iterable[int], sides: int) -> deque[int]:
    queue = deque(int(v) for v in values)
    for v in queue:
        if not 1 <= v <= sides:
            raise ValueError(f"a d{sides} cannot show {v}")
    return queue


class GivenDice:
    """Dice that show the given faces, in order, per kind of die."""

    def __init__(self, d20: Iterable[int] = (), d6: Iterable[int] = ()) -> None:
        self._d20 = _checked(d20, 20)
        self._d6 = _checked(d6, 6)

    def d20(self) -> int:
        if not self._d20:
            raise DiceExhausted("no d20 left among the given dice")
        return self._d20.popleft()

    def d6(self) -> int:
        if not self._d6:
            raise DiceExhausted("no d6 left among the given dice")
        return self._d6.popleft()

    @property
    def remaining(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The d20 and d6 faces not used yet."""
        return tuple(self._d20), tuple(self._d6)


class RecordingDice:
    """Wraps another source and records every face it rolls (for the journal)."""

    def __init__(self, inner: Dice) -> None:
        self._inner = inner
        self.d20s: list[int] = []
        self.d6s: list[int] = []

    def d20(self) -> int:
        value = self._inner.d20()
        self.d20s.append(value)
        return value

    def d6(self) -> int:
        value = self._inner.d6()
        self.d6s.append(value)
        return value
