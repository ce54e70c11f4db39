"""The back of every reference card: the rules summary and the Momentum spends (seed 001).

Worded afresh; the numbers follow the cards and RULES-NOTES.
"""

from __future__ import annotations

from bridge.engine import Station, actions_for

__all__ = ["MOMENTUM_SPENDS", "RULES_SUMMARY", "card_back_html"]

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

# (name, cost, immediate/repeatable, effect)
MOMENTUM_SPENDS = (
    ("Create Opportunity", "1/2/3", "I, R", "One more d20 per purchase (1, 3, 6 in all)."),
    ("Create Problem", "2", "I, R", "An enemy Task is +1 Difficulty (at most +3)."),
    ("Obtain Information", "1", "R", "Ask the GM one question; the answer is true."),
    ("Create Advantage", "2", "", "Establish an Advantage, or remove a Complication."),
    ("Keep the Initiative", "2", "I", "An ally acts next, not the enemy; not twice in a row."),
    ("Extra Minor Action", "1", "I, R", "Take one more Minor Action (each once a Turn)."),
    ("Bonus Damage", "1", "R", "+1 damage on a successful attack."),
    ("Penetration", "1", "R", "The attack ignores 2 Resistance."),
    ("Re-Roll Damage", "1", "", "Re-roll any challenge dice of the attack."),
    ("Devastating Attack", "2", "", "Another system takes half the damage, rounded up."),
    ("Swift Task", "2", "", "A second Task this Turn at +1 Difficulty."),
    ("Power Loss", "1", "R", "The target loses 1 Power."),
)


def card_back_html(station: Station) -> str:
    """The card's back as HTML for a text browser."""
    from html import escape  # the back is written when a card is first turned over

    steps = "".join(f"<li>{escape(s)}</li>" for s in RULES_SUMMARY)
    rows = "".join(
        f"<tr><td><b>{escape(n)}</b></td><td align=center>{c}</td><td align=center>{f}</td>"
        f"<td>{escape(e)}</td></tr>"
        for n, c, f, e in MOMENTUM_SPENDS
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
        "<p>I = immediate (may be paid from the pool or by adding Threat), "
        "R = repeatable.</p>"
        "<table cellpadding=4 width=100%><tr><th align=left>SPEND</th><th>COST</th>"
        f"<th>USE</th><th align=left>EFFECT</th></tr>{rows}</table>"
        f"<h2>THIS CARD'S TASKS</h2><ul>{tasks}</ul>"
        "<h2>COMBAT ACTIONS</h2><p>On a Turn: one Minor Action and one Task. Each Minor "
        "Action at most once a Turn; at most two Tasks (Swift Task or Determination, "
        "+1 Difficulty).</p>"
    )
