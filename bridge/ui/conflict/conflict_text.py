"""The words a Conflict card window shows of a Task's preview and the card back's spends.
Pure functions of the engine's card view (no Qt), so the window, the viewscreen and the
tests read the same sentences (the figure's status is the engine's own:
:mod:`bridge.engine.conflict.card`)."""

from __future__ import annotations

from html import escape

from bridge.engine import ConflictCardView, preview_lines, preview_summary

__all__ = ["back_html", "preview_lines", "preview_summary"]


def back_html(card: ConflictCardView) -> str:
    """The card's back: the personal Momentum spends (seed 001 COMBAT MOMENTUM)."""
    rows = "".join(
        f"<tr><td><b>{escape(s.name)}</b></td><td>{escape(s.cost)}</td>"
        f"<td>{escape(s.marks)}</td><td>{escape(s.effect)}</td></tr>"
        for s in card.spends
    )
    return (
        "<h3>COMBAT MOMENTUM (PERSONAL)</h3>"
        "<p>I: Immediate, spent at once. R: Repeatable.</p>"
        "<table cellpadding='4'><tr><th align='left'>Spend</th><th align='left'>Cost</th>"
        f"<th></th><th align='left'>Effect</th></tr>{rows}</table>"
    )
