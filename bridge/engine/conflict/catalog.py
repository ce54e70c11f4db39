"""The Conflict card (seed 001) as data: its Minor Actions and Tasks, and the personal
Momentum spends of its back (seed 001 COMBAT MOMENTUM (PERSONAL); seed 003).

The card is the sixth of seed 001, beside the five bridge stations but not one of them: its
entries live in their own table (:data:`CONFLICT_CARD`, keyed apart from the stations'
:data:`~bridge.engine.ship.catalog.CATALOG`), so the stations, their windows and their seats
are untouched. Where seed 001 and seed 003 word a rule differently, seed 003 stands
(RULES-NOTES "Personal conflict"). Card text is paraphrased.
"""

from __future__ import annotations

from typing import Literal

from bridge.engine.core.spend_table import SpendDef, SpendTable
from bridge.engine.state.cards import ActionDef
from bridge.rules.stats import Attribute, Department

__all__ = [
    "CONFLICT_CARD",
    "CONFLICT_CARD_NAME",
    "CONFLICT_SPENDS",
    "conflict_action",
    "conflict_actions",
]

CONFLICT_CARD_NAME = "Conflict"
"""The card's title (seed 001: CONFLICT REFERENCE)."""
A = Attribute
D = Department
ANY_ATTRIBUTE = tuple(Attribute)
ANY_DISCIPLINE = tuple(Department)


def _minor(key: str, name: str, text: str) -> ActionDef:
    return ActionDef(
        key=key, name=name, kind="minor", stations=(), text=text, rolled=False, group="Minor"
    )


def _task(key: str, name: str, text: str, **kw: object) -> ActionDef:
    return ActionDef.model_validate(
        {"key": key, "name": name, "kind": "task", "stations": (), "text": text, **kw}
    )


MINORS = (
    _minor(
        "aim",
        "Aim",
        "Re-roll one d20 of an attack made before the start of your next Turn (any number "
        "with an Accurate weapon; nothing with an Inaccurate one).",
    ),
    _minor(
        "draw_item",
        "Draw Item",
        "Draw a weapon or item you carry, or pick one up within Reach.",
    ),
    _minor(
        "drop_prone",
        "Drop Prone",
        "Drop to the ground: ranged attacks on you are harder, melee attacks easier.",
    ),
    _minor("interact", "Interact", "Interact with an object in the environment."),
    _minor(
        "movement",
        "Movement",
        "Move anywhere within Medium range. Not with an enemy within Reach, nor in a Turn "
        "with a movement Task (Sprint).",
    ),
    _minor("prepare", "Prepare", "Prepare for a Task: Charge and Cumbersome weapons need it."),
    _minor(
        "stand",
        "Stand",
        "Stand up from prone. Not in the same Turn as Drop Prone.",
    ),
)

TASKS = (
    _task(
        "attack",
        "Attack",
        "Attack an enemy: melee (Daring + Security, Difficulty 1, opposed by the target's "
        "Daring + Security; if the target wins it hits you instead) or ranged (Control + "
        "Security, Difficulty 2; +1 with an enemy within Reach of you; +1 complication "
        "range with others within Reach of the target). Damage: the weapon's dice plus your "
        "Security. Declare it Lethal (1 Threat) or Non-lethal.",
        group="Attacks",
        attributes=(A.DARING, A.CONTROL),
        disciplines=(D.SECURITY,),
        difficulty_note="1 melee (opposed), 2 ranged",
        momentum="Bonus Damage, Penetration, Disarm, Secondary Target, Re-Roll Damage.",
    ),
    _task(
        "assist",
        "Assist",
        "Nominate an ally you can talk to: your Attribute, Discipline and Focus assist "
        "their next Task.",
        group="Tasks",
        rolled=False,
    ),
    _task(
        "create_advantage",
        "Create Advantage",
        "Create an Advantage for your side, or remove a Complication (Attribute and "
        "Discipline as fits how).",
        group="Tasks",
        attributes=ANY_ATTRIBUTE,
        disciplines=ANY_DISCIPLINE,
        difficulty=2,
    ),
    _task(
        "direct",
        "Direct",
        "The leader only, once per scene: another character present attempts one Task at "
        "once, assisted by you.",
        group="Tasks",
        rolled=False,
    ),
    _task(
        "guard",
        "Guard",
        "Attacks on you are +1 Difficulty until the start of your next Turn (Difficulty 0); "
        "or guard an ally until the start of theirs (Difficulty 1).",
        group="Tasks",
        attributes=(A.INSIGHT, *[a for a in ANY_ATTRIBUTE if a is not A.INSIGHT]),
        disciplines=(D.SECURITY, *[d for d in ANY_DISCIPLINE if d is not D.SECURITY]),
        difficulty=0,
        difficulty_note="0, or 1 for an ally",
    ),
    _task(
        "pass",
        "Pass",
        "Attempt no Task. With no Minor Action taken either, you may act later this Round.",
        group="Tasks",
        rolled=False,
    ),
    _task(
        "ready",
        "Ready",
        "Name a trigger and a Task; when it happens you interrupt to attempt it. Lost at "
        "your next Turn.",
        group="Tasks",
        rolled=False,
    ),
    _task(
        "recover",
        "Recover",
        "Duck behind cover and catch your breath (Difficulty 2, -1 in Cover): +1 Resistance "
        "per Effect on your Cover dice until your next Turn, and you may Avoid an Injury "
        "again. Regain 2 Stress per Momentum.",
        group="Tasks",
        attributes=(A.FITNESS,),
        disciplines=(D.COMMAND,),
        difficulty=2,
        momentum="Regain 2 Stress per Momentum (Repeatable).",
        momentum_cost=1,
    ),
    _task(
        "sprint",
        "Sprint",
        "Move one zone, one more per Momentum. Once per Round; not after Movement. "
        "Succeeds at a cost.",
        group="Tasks",
        attributes=(A.FITNESS,),
        disciplines=(D.SECURITY,),
        difficulty=0,
        succeed_at_cost=True,
        momentum="One more zone per Momentum (Repeatable).",
        momentum_cost=1,
    ),
    _task(
        "first_aid",
        "First Aid",
        "Stabilise an Injured character within Reach: they will not die at the end of the "
        "scene, but stay down (+1 Difficulty against a Debilitating weapon's Injury). "
        "2 Momentum: they are back in the fight at once.",
        group="Tasks",
        attributes=(A.DARING,),
        disciplines=(D.MEDICINE,),
        difficulty=1,
        momentum="2 Momentum: the patient fights on.",
    ),
    _task(
        "other_task",
        "Other Tasks",
        "Anything else, at the GM's discretion: the GM sets its Difficulty and narrates it.",
        group="Tasks",
        attributes=ANY_ATTRIBUTE,
        disciplines=ANY_DISCIPLINE,
        difficulty_note="the GM's",
        narrative=True,
    ),
)

CONFLICT_CARD: dict[str, ActionDef] = {a.key: a for a in (*MINORS, *TASKS)}
"""Every entry of the Conflict card, Minor Actions first, in the card's order."""


def conflict_action(key: str) -> ActionDef:
    return CONFLICT_CARD[key]


def conflict_actions(kind: Literal["minor", "task"]) -> tuple[ActionDef, ...]:
    return tuple(a for a in CONFLICT_CARD.values() if a.kind == kind)


CONFLICT_SPENDS = SpendTable.of(
    "Conflict",
    (
        "create_opportunity",
        "create_problem",
        "obtain_information",
        "create_advantage",
        "keep_initiative",
        "extra_minor",
        "bonus_damage",
        SpendDef(
            key="disarm",
            name="Disarm",
            cost="2",
            effect="The target's weapon in hand falls to the ground within Reach.",
        ),
        "penetration",
        "reroll_damage",
        SpendDef(
            key="secondary_target",
            name="Secondary Target",
            cost="2",
            effect="A second target within Reach of the target takes half the damage, "
            "rounded down.",
        ),
        "swift_task",
        SpendDef(
            key="avoid_injury",
            name="Avoid Injury",
            cost="2",
            immediate=True,
            effect="Avoid one Injury, or take a Complication instead. Once per scene "
            "(Recover restores it); +1 per Effect of an Intense weapon.",
        ),
    ),
    resolved=frozenset({"bonus_damage", "penetration", "disarm", "secondary_target", "revive"}),
)
"""The personal Momentum spends: seed 001's card back, with seed 003's Avoid Injury."""
