"""How a figure rolls a Conflict card Task: a Focus, dice bought, the Determination die.

Every rolled Task of the card asks these beside its own needs, as the ship's Tasks do
(seed 001 RULES SUMMARY; RULES-NOTES: a lead rolls 2d20 plus at most 3 bought dice, the
n-th costing n Momentum, or Threat at the same price; the Determination die is the first
bought die, paid with one Determination and a Value). An NPC figure buys its dice with
Threat. Each is optional: a Task goes without unless one is chosen.
"""

from __future__ import annotations

from bridge.engine.conflict.commands import ConflictTask
from bridge.engine.conflict.figures import stats
from bridge.engine.conflict.rule import Choice
from bridge.engine.core.needs import Need
from bridge.engine.state.conflict import Figure
from bridge.engine.state.encounter import Encounter
from bridge.rules.task import BOUGHT_DIE_COSTS, MAX_BOUGHT_DICE

__all__ = ["ROLL_NEEDS", "ROLL_NEED_LABELS", "roll_choices", "roll_needs", "roll_update"]

ROLL_NEEDS = (Need.FOCUS, Need.DETERMINATION, Need.DICE)
"""The needs a rolled Task adds, in the form's order (the Determination die before the
dice bought: it takes the first place, and prices theirs)."""
ROLL_NEED_LABELS = {
    Need.FOCUS: "Focus",
    Need.DICE: "Dice bought",
    Need.DETERMINATION: "Determination die (for a Value)",
}
DETERMINATION = "determination"


def _values(state: Encounter, fig: Figure) -> tuple[str, ...]:
    """The Values an officer may spend Determination for now (none without a point)."""
    if fig.character is None:
        return ()
    character = state.characters[fig.character]
    if character.determination.value < 1:
        return ()
    return tuple(v.text for v in character.values if not v.challenged)


def roll_needs(state: Encounter, fig: Figure) -> tuple[Need, ...]:
    """The roll's needs this figure may fill: a Focus if it has any, dice, and the
    Determination die for an officer with a point of it and a Value."""
    out = [Need.FOCUS] if stats(state, fig).focuses else []
    if _values(state, fig):
        out.append(Need.DETERMINATION)
    out.append(Need.DICE)
    return tuple(out)


def _dice_choices(fig: Figure, cmd: ConflictTask) -> tuple[Choice, ...]:
    """1 to 3 dice (fewer after a Determination die, which is the first), priced by their
    places: an officer's for Momentum or added to Threat, an NPC's for Threat. All are
    offered, as a ship Task's are: one the pool cannot pay for is refused by the preview,
    in the roll's words, and a choice made is never dropped unsaid."""
    first = 1 if DETERMINATION in cmd.bought else 0
    out: list[Choice] = []
    for count in range(1, MAX_BOUGHT_DICE - first + 1):
        price = sum(BOUGHT_DIE_COSTS[first : first + count])
        dice = "1 die" if count == 1 else f"{count} dice"
        if fig.npc is not None:
            out.append(Choice(value=f"threat:{count}", label=f"{dice} for {price} Threat"))
            continue
        out.append(Choice(value=f"momentum:{count}", label=f"{dice} for {price} Momentum"))
        out.append(Choice(value=f"threat:{count}", label=f"{dice}, adding {price} Threat"))
    return tuple(out)


def roll_choices(
    state: Encounter, fig: Figure, cmd: ConflictTask
) -> dict[Need, tuple[Choice, ...]]:
    """The legal values of each of the roll's needs, given what is chosen so far."""
    return {
        Need.FOCUS: tuple(Choice(value=f, label=f) for f in stats(state, fig).focuses),
        Need.DICE: _dice_choices(fig, cmd),
        Need.DETERMINATION: tuple(Choice(value=v, label=f"For “{v}”") for v in _values(state, fig)),
    }


def roll_update(cmd: ConflictTask, need: Need, value: str) -> dict[str, object]:
    """The fields one of the roll's needs sets: the Focus; the dice bought (after a
    Determination die, if chosen); the Determination die and its Value (first, the dice
    bought after it kept within the limit)."""
    if need is Need.FOCUS:
        return {"focus_name": value}
    had = DETERMINATION in cmd.bought
    rest = tuple(b for b in cmd.bought if b != DETERMINATION)
    if need is Need.DICE:
        kind, _, count = value.partition(":")
        if kind not in ("momentum", "threat") or not count.isdigit():
            raise ValueError(f"not dice to buy: {value[:40]!r}")
        return {"bought": (*((DETERMINATION,) if had else ()), *(kind,) * int(count))}
    return {"value": value, "bought": (DETERMINATION, *rest[: MAX_BOUGHT_DICE - 1])}
