"""What a card entry asks of the person using it: its parameters, their legal choices now,
and the Momentum spends a successful roll allows.

One answer for every window and client: the task dialog builds its fields from it, and
the host sends it to a thin client, so neither holds a rule. Each parameter is a field of
the Command the entry takes (:class:`~bridge.engine.commands.AttemptTask` or
:class:`~bridge.engine.commands.MinorAction`); each choice says why it cannot be taken
now, when the rules already refuse it on its own (a destination too far for Maneuver, a
system with nothing to repair). A combination of choices may still be refused when the
Command is sent (a target beyond the chosen weapon's range), with the reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from bridge.rules.challenge import ChallengeDie
from bridge.rules.task import MAX_BOUGHT_DICE
from bridge.rules.text import TITLE_MAX

__all__ = [
    "ADVANTAGE_NAME",
    "AMOUNT",
    "WITH_THREAT",
    "ActionInfo",
    "Choice",
    "ParamInfo",
    "SpendInfo",
    "filled",
    "purchase_params",
    "reroll_damage_param",
    "unusable",
]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Choice(_Frozen):
    """One value a parameter may take, with its label and, if the rules refuse it now
    whatever else is chosen, why."""

    value: JsonValue = Field(description="The value to put in the Command's field")
    label: str
    reason: str | None = Field(
        default=None, description="Why it cannot be chosen now (null: it can)"
    )
    only_with: dict[str, tuple[JsonValue, ...]] = Field(
        default_factory=dict,
        description="Offered only while each named field holds one of these values (a "
        "figure to stand beside, in the zone chosen); otherwise it is not a choice now",
    )


class ParamInfo(_Frozen):
    """One field of the Command a card entry takes, as a form shows it."""

    name: str = Field(description="The Command's field it fills")
    label: str
    kind: Literal["choice", "number", "flag", "text", "dice", "list"] = Field(
        description="choice: one of `choices`; number: an integer from `minimum` to "
        "`maximum`; flag: true or false; text: up to `max_length` characters; dice: a list "
        "of up to `maximum` of the `choices`, each may come again (bought dice); list: up "
        "to `maximum` different `choices` (further targets)"
    )
    required: bool = Field(default=False, description="The Command is refused without it")
    choices: tuple[Choice, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    max_length: int | None = None
    default: JsonValue = Field(default=None, description="The value when it is left out")
    help: str = ""
    only_with: dict[str, tuple[JsonValue, ...]] = Field(
        default_factory=dict,
        description="Offered only while each named field holds one of these values (Salvo "
        "only with a torpedo as the weapon); otherwise leave it out of the Command",
    )
    empty: str = Field(
        default="", description="Why the entry cannot be used when no choice may be taken"
    )
    group: Literal["task", "roll"] = Field(
        default="task",
        description="task: what the Task itself asks (a target, a weapon...); roll: how the "
        "character rolls it (Attribute, Discipline, Focus, bought dice...)",
    )


class SpendInfo(_Frozen):
    """One Momentum spend a successful roll allows (a field of ``spends`` in ResolveTask)."""

    name: str = Field(description="The field of `spends` it fills")
    label: str
    kind: Literal["number", "flag", "text", "choice"] = Field(
        description="number: units up to `maximum`; flag: taken or not; text: a name up to "
        "`max_length` characters; choice: one of `choices` (or none)"
    )
    cost: int = Field(
        description="Momentum (an NPC: Threat) per unit, or for the flag, text or choice"
    )
    maximum: int | None = None
    max_length: int | None = None
    choices: tuple[Choice, ...] = Field(default=(), description="A choice's legal values")
    help: str = Field(default="", description="What it does, in the card's words")


class ActionInfo(BaseModel):
    """One thing the character (or an NPC, for the GM) may do: its Command and what it
    needs, or why not now. Every card's entry and every control of a Turn, in either
    battle, is one of these; a form is built from ``params`` alone."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str
    kind: Literal["task", "minor", "turn", "spend", "determination", "value"]
    reason: str | None = Field(default=None, description="Why it cannot be used now (null: it can)")
    command: dict[str, JsonValue] = Field(
        description="The Command's fixed fields: send them with the parameters' values"
    )
    rolled: bool = Field(
        default=False,
        description="A rolled Task: the roll waits in `state.pending` until a `resolve`",
    )
    params: tuple[ParamInfo, ...] = Field(
        default=(), description="The fields the person fills (only while it may be used)"
    )
    spends: tuple[SpendInfo, ...] = Field(
        default=(), description="A rolled Task: what a success lets the `resolve` spend"
    )


WITH_THREAT = ParamInfo(
    name="with_threat",
    label="Pay by adding to Threat",
    kind="flag",
    default=False,
    help="The card back: a player may add 1 Threat for each Momentum instead",
)
"""A spend paid by adding to Threat instead (an Immediate one, a player's)."""


AMOUNT = ParamInfo(name="amount", label="How many", kind="number", minimum=1, maximum=3, default=1)
"""How many of a repeatable spend (Create Problem, Obtain Information...)."""


ADVANTAGE_NAME = ParamInfo(
    name="name", label="The Advantage", kind="text", required=True, max_length=TITLE_MAX
)
"""Create Advantage's (or Make It So's) Advantage, named."""


_FACE_WORDS = {"1": "1 damage", "2": "2 damage", "-": "blank", "1E": "1 damage and an Effect"}
"""A challenge die's face in words (its ``symbol``: 1, 2, blank, 1 and an Effect)."""


def reroll_damage_param(dice: Sequence[ChallengeDie]) -> ParamInfo:
    """Re-Roll Damage (seed 001, 1 Momentum): which of an attack's damage dice, seen
    before they land, to roll again."""
    return ParamInfo(
        name="reroll",
        label="Re-Roll Damage: the dice to roll again (1 Momentum)",
        kind="dice",
        maximum=len(dice),
        default=[],
        choices=tuple(
            Choice(value=i, label=f"Die {i + 1}: {_FACE_WORDS[die.symbol]}")
            for i, die in enumerate(dice)
        ),
    )


def unusable(params: tuple[ParamInfo, ...]) -> str | None:
    """Why an entry the gate allows cannot be used after all: a parameter it needs has
    no choice that may be taken now (nothing to repair, no system to restore)."""
    for param in params:
        legal = any(c.reason is None for c in param.choices)
        if param.required and param.kind == "choice" and param.empty and not legal:
            reasons = {c.reason for c in param.choices}
            if len(reasons) == 1 and param.choices:  # every choice refused for one reason
                return str(next(iter(reasons)))
            return param.empty
    return None


def purchase_params(
    *,
    focuses: Sequence[str],
    suggested: str | None,
    values: Sequence[str],
    determination: str | None,
    npc: bool,
) -> tuple[ParamInfo, ...]:
    """How a rolled Task is rolled, whichever card it is on: the Focus that applies, the
    dice bought, and the Value a Determination die cites (seed 001 RULES SUMMARY;
    RULES-NOTES: at most 3 bought dice, the n-th costing n Momentum, or Threat at the same
    price; the Determination die is the first bought, for 1 Determination and a Value).
    An NPC buys its dice with Threat. ``determination``: why the roller cannot spend
    Determination now (None: it can)."""
    out = []
    if focuses:
        out.append(
            ParamInfo(
                name="focus_name",
                label="Focus",
                kind="choice",
                group="roll",
                default=suggested,
                choices=(
                    Choice(value=None, label="No Focus"),
                    *(Choice(value=f, label=f) for f in focuses),
                ),
                help=f"“{suggested}” suits this Task" if suggested else "",
            )
        )
    dice: tuple[Choice, ...]
    if npc:
        dice = (Choice(value="threat", label="Threat (the n-th die costs n)"),)
    else:
        dice = (
            Choice(value="momentum", label="Momentum (the n-th die costs n)"),
            Choice(value="threat", label="Threat (add n to Threat for the n-th die)"),
            Choice(
                value="determination",
                label="Determination die (shows 1; first, citing a Value)",
                reason=determination,
            ),
        )
    out.append(
        ParamInfo(
            name="bought",
            label="Dice bought",
            kind="dice",
            group="roll",
            maximum=MAX_BOUGHT_DICE,
            default=[],
            choices=dice,
        )
    )
    if not npc:
        out.append(
            ParamInfo(
                name="value",
                label="Value",
                kind="choice",
                group="roll",
                choices=tuple(Choice(value=v, label=v) for v in values),
                help="The Value a Determination die cites",
            )
        )
    return tuple(out)


def filled(info: ActionInfo) -> dict[str, JsonValue]:
    """The Command ``info`` takes with each field at its default or, when it must be
    chosen, its first legal choice that holds with the others (what a form starts on; a
    card's preview of it)."""
    values: dict[str, JsonValue] = {p.name: p.default for p in info.params}
    for _ in range(len(info.params) + 1):  # (a choice may hold only with a later field)
        before = dict(values)
        for param in info.params:
            if param.kind != "choice" or not param.required:
                continue
            legal = [c for c in param.choices if c.reason is None and _holds(c.only_with, values)]
            if not any(c.value == values[param.name] for c in legal):
                values[param.name] = legal[0].value if legal else None
        if values == before:
            break
    command = dict(info.command)
    for param in info.params:
        if _holds(param.only_with, values) and values[param.name] is not None:
            command[param.name] = values[param.name]
    return command


def _holds(only_with: dict[str, tuple[JsonValue, ...]], values: dict[str, JsonValue]) -> bool:
    return all(values.get(field) in allowed for field, allowed in only_with.items())
