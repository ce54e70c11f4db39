"""Station Tasks resolved with ICON or OpenD6 dice, through the house-rule conversion.

A conversion, not a rule of either game: STA Difficulty 0..5 maps to each system's
ladder (editable in the house rules); the success margin becomes Momentum at one per
``margin_per_momentum`` points. A character's Attribute 7..12 becomes 1..6 ICON dice
(skill = the Discipline, +1 with a Focus) or an OpenD6 code of (Attribute - 6 +
Discipline)D, +1 pip with a Focus. Bought dice add one die each. Assist dice do not
apply under these systems.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridge.model.house_rules import HouseRules
from bridge.rules.dice import Dice
from bridge.rules.icon import IconTest, roll_icon
from bridge.rules.opend6 import D6Roll, DieCode, roll_d6
from bridge.rules.task import TaskResult, TaskSpec

__all__ = ["Converted", "convert_difficulty", "resolve_converted"]


@dataclass(frozen=True)
class Converted:
    result: TaskResult
    description: str


def convert_difficulty(rules: HouseRules, difficulty: int) -> int:
    ladder = rules.icon_ladder if rules.resolution == "icon" else rules.d6_ladder
    return ladder[min(difficulty, 5)] + max(difficulty - 5, 0) * (ladder[5] - ladder[4])


def resolve_converted(spec: TaskSpec, rules: HouseRules, dice: Dice) -> Converted:
    """Roll ``spec`` with the house rules' system; report STA successes and Momentum."""
    lead = spec.lead
    if lead.discipline is not None:
        discipline = lead.discipline
    elif lead.focus is not None:
        discipline = lead.focus
    else:  # only the target is known: read it as an average Attribute of 9
        discipline = min(max(lead.target - 9, 0), 5)
    attribute = lead.target - discipline
    focus = 1 if lead.focus is not None else 0
    extra = len(spec.bought)
    target = convert_difficulty(rules, spec.difficulty)
    complications = 0
    if rules.resolution == "icon":
        test = IconTest(
            attribute=min(max(attribute - 6, 1), 12),
            skill=min(discipline + focus, 12),
            edge=min(extra, 6),
            difficulty=target,
        )
        rolled = roll_icon(test, dice)
        success, margin = rolled.succeeded, rolled.margin
        complications += rolled.outcome == "dramatic failure"
        per = rules.icon_margin_per_momentum
        description = rolled.describe()
    else:
        roll = D6Roll(
            code=DieCode(dice=max(attribute - 6 + discipline, 1) + extra, pips=focus),
            difficulty=target,
            critical=rules.d6_critical,
        )
        result = roll_d6(roll, dice)
        success, margin = result.succeeded, result.total - result.roll.target
        complications += result.complication
        per = rules.d6_margin_per_momentum
        description = result.describe()
    momentum = max(margin, 0) // per if success else 0
    successes = spec.difficulty + momentum if success else 0
    at_cost = not success and spec.succeed_at_cost
    return Converted(
        TaskResult(
            spec=spec,
            dice=(),
            lead_successes=successes,
            assist_successes=0,
            assists_count=False,
            successes=successes,
            complications=complications + (1 if at_cost else 0),
            success=success or at_cost,
            succeeded_at_cost=at_cost,
            momentum=momentum,
        ),
        f"{description} (conversion: STA Difficulty {spec.difficulty} -> {target}; "
        f"{momentum} {'Threat' if spec.side == 'npc' else 'Momentum'})",
    )
