"""The dice tray: a roll in STA, ICON or OpenD6, or challenge dice, with its odds, for the
battle log."""

from __future__ import annotations

from bridge.engine.core.commands import TrayRoll
from bridge.engine.core.context import Ctx, refuse
from bridge.rules.challenge import challenge_odds, roll_challenge
from bridge.rules.icon import courage_needed, icon_odds, roll_icon, spend_courage
from bridge.rules.odds import task_odds
from bridge.rules.opend6 import add_action_dice, d6_odds, roll_d6
from bridge.rules.task import resolve_task

__all__ = ["tray_roll"]


def tray_roll(ctx: Ctx, cmd: TrayRoll) -> None:
    """Roll with the Session's dice so the journal keeps (and a replay repeats) them."""
    who = ctx.state.name_of(cmd.by) if cmd.by != "gm" else "GM"
    label = f" ({cmd.label})" if cmd.label else ""
    if cmd.system == "sta":
        if cmd.sta is None:
            refuse("An STA tray roll needs the task to roll.")
        odds = task_odds(cmd.sta)
        result = resolve_task(cmd.sta, ctx.dice)
        ctx.say(f"Dice tray, {who}{label}: STA {result.describe()}")
        ctx.say(
            f"  odds were {odds.p_success:.0%} success, "
            f"{odds.expected_momentum:.2f} Momentum expected"
        )
    elif cmd.system == "icon":
        if cmd.icon is None:
            refuse("An ICON tray roll needs the test to roll.")
        iodds = icon_odds(cmd.icon, cmd.courage)
        rolled = roll_icon(cmd.icon, ctx.dice)
        spent = courage_needed(rolled, cmd.courage)
        if spent:
            rolled = spend_courage(rolled, spent)
        ctx.say(f"Dice tray, {who}{label}: {rolled.describe()}")
        courage = f" with up to {cmd.courage} courage" if cmd.courage else ""
        ctx.say(
            f"  odds were {iodds.p_success:.0%} success{courage}, "
            f"{iodds.p_dramatic_success:.0%} dramatic success, "
            f"{iodds.p_dramatic_failure:.0%} dramatic failure"
        )
    elif cmd.system == "challenge":
        if cmd.challenge is None:
            refuse("A challenge dice tray roll needs how many dice to roll.")
        roll = roll_challenge(cmd.challenge, ctx.dice)
        ctx.say(f"Dice tray, {who}{label}: challenge dice {roll.describe()}")
        expected, effect = challenge_odds(cmd.challenge)
        ctx.say(f"  {expected:.1f} damage expected, {effect:.0%} chance of an Effect")
    else:
        if cmd.d6 is None:
            refuse("An OpenD6 tray roll needs the roll.")
        dodds = d6_odds(cmd.d6, cmd.action_dice)
        d6 = roll_d6(cmd.d6, ctx.dice)
        if cmd.action_dice:
            d6 = add_action_dice(d6, cmd.action_dice, ctx.dice)
        ctx.say(f"Dice tray, {who}{label}: {d6.describe()}")
        action = f" with {cmd.action_dice} action dice" if cmd.action_dice else ""
        ctx.say(f"  odds were {dodds.p_success:.0%} success{action}")
