"""``bridge odds`` and ``bridge roll`` for the ICON and OpenD6 systems (``--system``).

Every flag belongs to one system (or to all): a flag given for a system that has no use
for it is refused with a reason, never accepted and ignored.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules load when a subcommand runs: the parser alone needs none
    from bridge.rules.icon import IconTest
    from bridge.rules.opend6 import D6Roll

__all__ = [
    "SYSTEM_FLAGS",
    "add_system_arguments",
    "refuse_foreign_flags",
    "system_odds",
    "system_roll",
]

SYSTEM_FLAGS: dict[str, dict[str, str]] = {
    "sta": {
        "target": "--target",
        "focus": "--focus",
        "dice": "--dice",
        "determination": "--determination",
        "complication_range": "--complication-range",
        "assist": "--assist",
        "npc": "--npc",
    },
    "icon": {
        "attribute": "--attribute",
        "skill": "--skill",
        "edge": "--edge",
        "courage": "--courage",
        "actions": "--actions",
        "dodge": "--dodge",
    },
    "d6": {
        "code": "--code",
        "critical": "--critical",
        "untrained": "--untrained",
        "prepare": "--prepare",
        "rush": "--rush",
        "action_dice": "--action-dice",
    },
}
"""The flags of each system, by their argparse name: the others are refused."""

_SYSTEM_NAMES = {"sta": "sta (STA 2d20)", "icon": "icon", "d6": "d6 (OpenD6)"}


def add_system_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--system",
        choices=("sta", "icon", "d6"),
        default="sta",
        help="which dice: STA 2d20 (default), ICON or OpenD6",
    )
    icon = p.add_argument_group("ICON (--system icon)")
    icon.add_argument("--attribute", type=int, help="Attribute: the number of dice")
    icon.add_argument("--skill", type=int, help="skill level (default 0: attribute test)")
    icon.add_argument("--edge", type=int, help="+/- dice from an edge (default 0)")
    icon.add_argument(
        "--courage",
        type=int,
        help="courage points at hand, 0..4: spent after the roll only to turn a failure "
        "into a success",
    )
    icon.add_argument("--actions", type=int, help="actions declared this round (default 1)")
    icon.add_argument(
        "--dodge",
        action="store_true",
        help="a dodge or parry: the multiple action penalty comes off the result",
    )
    d6 = p.add_argument_group("OpenD6 (--system d6)")
    d6.add_argument("--code", help="die code, e.g. 3D+2")
    d6.add_argument(
        "--critical",
        choices=("cancel_highest", "complication"),
        help="what a Wild Die 1 does (default cancel_highest)",
    )
    d6.add_argument("--untrained", action="store_true", help="default to the attribute (+5)")
    d6.add_argument("--prepare", type=int, help="+1D per preparing/aiming step, 0..3")
    d6.add_argument("--rush", type=int, help="25%% steps of time cut, 0..3 (+5 each)")
    d6.add_argument("--action-dice", type=int, help="action dice added after the roll, 0..10")


def refuse_foreign_flags(args: argparse.Namespace) -> None:
    """Refuse every flag of another system than ``--system``'s (a reason, never silence)."""
    from bridge.rules.errors import RuleViolation

    for system, flags in SYSTEM_FLAGS.items():
        if system == args.system:
            continue
        for name, flag in flags.items():
            value = getattr(args, name, None)
            if value is not None and value is not False and value != []:
                raise RuleViolation(
                    f"{flag} is for --system {_SYSTEM_NAMES[system]}, not --system "
                    f"{args.system}: it would change nothing here"
                )


def _or(value: int | None, default: int) -> int:
    return default if value is None else value


def _icon(args: argparse.Namespace) -> IconTest:
    from bridge.rules.errors import RuleViolation
    from bridge.rules.icon import COURAGE_PER_ROUND, IconTest

    if args.attribute is None:
        raise RuleViolation("--system icon needs --attribute (the number of dice)")
    courage = _or(args.courage, 0)
    if not 0 <= courage <= COURAGE_PER_ROUND:
        raise RuleViolation(f"--courage must be 0..{COURAGE_PER_ROUND} (got {courage})")
    return IconTest(
        attribute=args.attribute,
        skill=_or(args.skill, 0),
        edge=_or(args.edge, 0),
        difficulty=7 if args.difficulty is None else args.difficulty,
        actions=_or(args.actions, 1),
        reaction=args.dodge,
    )


def _d6(args: argparse.Namespace) -> D6Roll:
    from bridge.rules.errors import RuleViolation
    from bridge.rules.opend6 import MAX_ACTION_DICE, D6Roll, DieCode

    if not args.code:
        raise RuleViolation("--system d6 needs --code (a die code like 3D+2)")
    action = _or(args.action_dice, 0)
    if not 0 <= action <= MAX_ACTION_DICE:
        raise RuleViolation(f"--action-dice must be 0..{MAX_ACTION_DICE} (got {action})")
    return D6Roll(
        code=DieCode.parse(args.code),
        difficulty=11 if args.difficulty is None else args.difficulty,
        untrained=args.untrained,
        preparation=_or(args.prepare, 0),
        rushing=_or(args.rush, 0),
        critical=args.critical or "cancel_highest",
    )


def system_odds(args: argparse.Namespace) -> int:
    from bridge.rules.icon import icon_odds
    from bridge.rules.opend6 import d6_odds

    data: dict[str, object]
    if args.system == "icon":
        test = _icon(args)
        courage = _or(args.courage, 0)
        odds = icon_odds(test, courage)
        data = {
            "system": "icon",
            "dice": test.dice,
            "skill": test.skill,
            "difficulty": test.target,
            "courage": courage,
            "result_penalty": test.penalty,
            "p_success": odds.p_success,
            "p_dramatic_success": odds.p_dramatic_success,
            "p_dramatic_failure": odds.p_dramatic_failure,
            "distribution": {str(k): v for k, v in odds.distribution.items()},
        }
    else:
        roll = _d6(args)
        action = _or(args.action_dice, 0)
        dodds = d6_odds(roll, action)
        data = {
            "system": "d6",
            "code": str(roll.pool),
            "difficulty": roll.target,
            "action_dice": action,
            "p_success": dodds.p_success,
            "p_critical_failure": dodds.p_critical_failure,
            "p_complication": dodds.p_complication,
        }
    if args.json:
        print(json.dumps(data, indent=2))
        return 0
    for key, value in data.items():
        if key == "distribution":
            continue
        shown = f"{value:7.2%}" if isinstance(value, float) else str(value)
        print(f"  {key.replace('_', ' '):22s}{shown}")
    return 0


def system_roll(args: argparse.Namespace) -> int:
    from bridge.rules.dice import SeededDice
    from bridge.rules.icon import courage_needed, roll_icon, spend_courage
    from bridge.rules.opend6 import add_action_dice, roll_d6

    dice = SeededDice(args.seed)
    data: dict[str, object]
    if args.system == "icon":
        result = roll_icon(_icon(args), dice)
        spent = courage_needed(result, _or(args.courage, 0))
        if spent:
            result = spend_courage(result, spent)
        text = result.describe()
        data = {
            "drama": result.drama,
            "others": list(result.others),
            "courage_spent": spent,
            "total": result.total,
            "outcome": result.outcome,
        }
    else:
        d6 = roll_d6(_d6(args), dice)
        action = _or(args.action_dice, 0)
        if action:
            d6 = add_action_dice(d6, action, dice)
        text = d6.describe()
        data = {
            "normal": list(d6.normal),
            "wild": list(d6.wild),
            "action": list(d6.action),
            "total": d6.total,
            "success": d6.succeeded,
        }
    print(json.dumps(data, indent=2) if args.json else text)
    return 0
