"""The back of every reference card: the rules summary and the Momentum spends (seed 001).

Worded afresh; the numbers follow the cards and RULES-NOTES. The spends, their costs and
which are Immediate come from the engine's own table (``bridge.engine.MOMENTUM_SPENDS``),
the one the engine refuses a Threat payment by, so the card and the rules agree.
"""

from __future__ import annotations

from bridge.engine import MOMENTUM_SPENDS, Station, actions_for
from bridge.model.house_rules import HouseRules

__all__ = ["RULES_SUMMARY", "card_back_html"]

RULES_SUMMARY = (
    "Pick one Attribute, one Discipline and, if it fits, one Focus. Attribute + "
    "Discipline is the target number.",
    "The GM sets the Difficulty (how many successes are needed).",
    "Roll 2d20 plus any bought dice. Each die at or under the target scores a success.",
    "With a Focus, each die at or under the Discipline scores two. Without one, a 1 scores two.",
    "Each die in the complication range (normally a 20) causes a Complication.",
    "Successes at or above the Difficulty: the Task succeeds; every success over it is Momentum.",
    "Buy up to three more dice: Momentum from the group pool (1, then 2, then 3), the "
    "same price added to Threat, or one Determination for a die already showing 1 "
    "(needs a Value; always the first die bought).",
    "Assists (an ally, the ship's System + Department) roll 1d20 each and add their "
    "successes if the lead scored at least one. They do not count toward the limit.",
    "Determination with a helpful Value: a die showing 1, re-roll your dice, an extra "
    "Task, or an Advantage. A hindering Value: take a Complication, regain 1 "
    "Determination; once a session, challenge it for 1 Determination and cross it out.",
)


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
        "<p>I = Immediate: may be used outside a successful Task, paid from the group pool "
        "or by adding the same to Threat. R = Repeatable. Only Immediate spends may be "
        "paid in Threat.</p>"
        "<table cellpadding=4 width=100%><tr><th align=left>SPEND</th><th>COST</th>"
        f"<th>USE</th><th align=left>EFFECT</th></tr>{rows}</table>"
        f"<h2>THIS CARD'S TASKS</h2><ul>{tasks}</ul>"
        "<h2>COMBAT ACTIONS</h2><p>On a Turn: one Minor Action and one Task. Each Minor "
        "Action at most once a Turn; at most two Tasks (Swift Task or Determination, "
        "+1 Difficulty).</p>"
    )
