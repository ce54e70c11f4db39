"""The benchmark's figures, each printed next to its goal with met or missed."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Figure", "format_figures", "median", "p99", "percentile"]


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q`` quantile (0 < q <= 1) of ``values``; NaN if empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = max(math.ceil(q * len(ordered)), 1)
    return ordered[min(rank, len(ordered)) - 1]


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else math.nan


def p99(values: Sequence[float]) -> float:
    return percentile(values, 0.99)


@dataclass(frozen=True)
class Figure:
    """One measured figure: what, its value (already formatted), the goal and whether
    it was met (``None``: no goal, or not measured)."""

    what: str
    value: str
    goal: str = ""
    met: bool | None = None
    note: str = ""

    @classmethod
    def at_most(
        cls, what: str, value: float, limit: float, unit: str, note: str = "", digits: int = 1
    ) -> Figure:
        """A figure whose goal is ``value <= limit`` (``unit`` follows both numbers)."""
        shown = f"{value:.{digits}f} {unit}".strip()
        goal = f"<= {limit:g} {unit}".strip()
        met = None if math.isnan(value) else value <= limit
        return cls(what, shown, goal, met, note)

    def verdict(self) -> str:
        if self.met is None:
            return ""
        return "met" if self.met else "MISSED"


def format_figures(title: str, figures: Sequence[Figure]) -> list[str]:
    """``title``, then one line per figure: what, value, goal, met or MISSED; a note
    goes on the line below, indented."""
    width = max((len(f.what) for f in figures), default=0)
    lines = [title]
    for f in figures:
        goal = f"goal {f.goal}" if f.goal else ""
        lines.append(f"  {f.what:<{width}}  {f.value:>14}  {goal:<20} {f.verdict()}".rstrip())
        if f.note:
            lines.append(f"      {f.note}")
    return lines
