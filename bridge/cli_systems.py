"""``bridge odds`` and ``bridge roll`` for the ICON and OpenD6 systems (``--system``)."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the rules load when a subcommand runs: the parser alone needs none
    from bridge.rules.icon import IconTest
    from bridge.rules.opend6 import D6Roll

__all__ = ["add_system_arguments", "system_odds", "system_roll"]


def add_system_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--system",
        choices=("sta", "icon", "d6"),
        default="sta",
        help="which dice: STA 2d20 (default), ICON or OpenD6",
    )
    icon = p.add_argument_group("ICON (--system icon)")
    icon.add_argument("--attribute", type=int, help="Attribute: the number of dice")
    icon.add_argument("--skill", type=int, default=0, help="skill level (0: attribute test)")
    icon.add_argument("--edge", type=int, default=0, help="+/- dice from an edge")
    icon.add_argument("--courage", type=int, default=0, help="courage points after the roll")
    icon.add_argument("--actions", type=int, default=1, help="actions declared this round")
    d6 = p.add_argument_group("OpenD6 (--system d6)")
    d6.add_argument("--code", help="die code, e.g. 3D+2")
    d6.add_argument(
        "--critical",
        choices=("cancel_highest", "complication"),
        default="cancel_highest",
        help="what a Wild Die 1 does",
    )
    d6.add_argument("--untrained", action="store_true", help="default to the attribute (+5)")
    d6.add_argument("--prepare", type=int, default=0, help="+1D per preparing/aiming step, 0..3")
    d6.add_argument("--rush", type=int, default=0, help="25%% steps of time cut, 0..3 (+5 each)")
    d6.add_argument("--action-dice", type=int, default=0, help="action dice added after")


def _icon(args: argparse.Namespace) -> IconTest:
    from bridge.rules.errors import RuleViolation
    from bridge.rules.icon import IconTest

    if args.attribute is None:
        raise RuleViolation("--system icon needs --attribute (the number of dice)")
    return IconTest(
        attribute=args.attribute,
        skill=args.skill,
        edge=args.edge,
        difficulty=7 if args.difficulty is None else args.difficulty,
        actions=args.actions,
    )


def _d6(args: argparse.Namespace) -> D6Roll:
    from bridge.rules.errors import RuleViolation
    from bridge.rules.opend6 import D6Roll, DieCode

    if not args.code:
        raise RuleViolation("--system d6 needs --code (a die code like 3D+2)")
    return D6Roll(
        code=DieCode.parse(args.code),
        difficulty=11 if args.difficulty is None else args.difficulty,
        untrained=args.untrained,
        preparation=args.prepare,
        rushing=args.rush,
        critical=args.critical,
    )


def system_odds(args: argparse.Namespace) -> int:
    from bridge.rules.icon import icon_odds
    from bridge.rules.opend6 import d6_odds

    if args.system == "icon":
        test = _icon(args)
        odds = icon_odds(test)
        data = {
            "system": "icon",
            "dice": test.dice,
            "skill": test.skill,
            "difficulty": test.target,
            "p_success": odds.p_success,
            "p_dramatic_success": odds.p_dramatic_success,
            "p_dramatic_failure": odds.p_dramatic_failure,
            "distribution": {str(k): v for k, v in odds.distribution.items()},
        }
    else:
        roll = _d6(args)
        dodds = d6_odds(roll)
        data = {
            "system": "d6",
            "code": str(roll.pool),
            "difficulty": roll.target,
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
    from bridge.rules.icon import roll_icon, spend_courage
    from bridge.rules.opend6 import add_action_dice, roll_d6

    dice = SeededDice(args.seed)
    if args.system == "icon":
        result = roll_icon(_icon(args), dice)
        if args.courage:
            result = spend_courage(result, args.courage)
        text = result.describe()
        data = {
            "drama": result.drama,
            "others": list(result.others),
            "total": result.total,
            "outcome": result.outcome,
        }
    else:
        d6 = roll_d6(_d6(args), dice)
        if args.action_dice:
            d6 = add_action_dice(d6, args.action_dice, dice)
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
