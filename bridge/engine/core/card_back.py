"""The words on the back of every reference card (seed 001): the rules summary and the
notes beside the Momentum spends. Worded afresh; the numbers follow the cards and
RULES-NOTES. The spends themselves are :data:`bridge.engine.MOMENTUM_SPENDS`.

The desktop card back and the web station's both read these, so they say the same.
"""

from __future__ import annotations

__all__ = ["COMBAT_ACTIONS_NOTE", "RULES_SUMMARY", "SPENDS_NOTE"]

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

SPENDS_NOTE = (
    "I = Immediate: may be used outside a successful Task, paid from the group pool "
    "or by adding the same to Threat. R = Repeatable. Only Immediate spends may be "
    "paid in Threat."
)

COMBAT_ACTIONS_NOTE = (
    "On a Turn: one Minor Action and one Task. Each Minor Action at most once a Turn; "
    "at most two Tasks (Swift Task or Determination, +1 Difficulty)."
)
