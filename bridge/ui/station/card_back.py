"""The back of every reference card: the rules summary and the Momentum spends (seed 001).

The words are the engine's (``bridge.engine.RULES_SUMMARY``, shared with the web
station). The spends, their costs and which are Immediate come from the engine's own
table (``bridge.engine.MOMENTUM_SPENDS``), the one the engine refuses a Threat payment
by, so the card and the rules agree.
"""

from __future__ import annotations

from bridge.engine import (
    COMBAT_ACTIONS_NOTE,
    MOMENTUM_SPENDS,
    RULES_SUMMARY,
    SPENDS_NOTE,
    Station,
    actions_for,
)
from bridge.model.house_rules import HouseRules

__all__ = ["RULES_SUMMARY", "card_back_html"]


def card_back_html(station: Station, rules: HouseRules | None = None) -> str:
    """The card's back as HTML for a text browser (with the table's house rules: a spend
    a house rule makes Immediate is marked so)."""
    from html import escape  # the back is written when a card is first turned over

    steps = "".join(f"<li>{escape(s)}</li>" for s in RULES_SUMMARY)
    rows = "".join(
        f"<tr><td><b>{escape(s.name)}</b></td><td align=center>{s.cost}</td>"
        f"<td align=center>{s.marks(rules)}"
        + (" (house rule)" if s.house_rule and "I" in s.marks(rules) else "")
        + f"</td><td>{escape(s.effect)}</td></tr>"
        for s in MOMENTUM_SPENDS
    )
    tasks = "".join(
        f"<li><b>{escape(a.name)}</b>: {escape(a.text)}"
        + (f" <i>Momentum: {escape(a.momentum)}.</i>" if a.momentum else "")
        + "</li>"
        for a in actions_for(station, "task")
    )
    return (
        f"<h2>{escape(station.label.upper())}: RULES SUMMARY</h2><ol>{steps}</ol>"
        "<h2>MOMENTUM SPENDS (STARSHIP)</h2>"
        f"<p>{escape(SPENDS_NOTE)}</p>"
        "<table cellpadding=4 width=100%><tr><th align=left>SPEND</th><th>COST</th>"
        f"<th>USE</th><th align=left>EFFECT</th></tr>{rows}</table>"
        f"<h2>THIS CARD'S TASKS</h2><ul>{tasks}</ul>"
        f"<h2>COMBAT ACTIONS</h2><p>{escape(COMBAT_ACTIONS_NOTE)}</p>"
    )
