"""What an actor may do off its card's face, one answer for both battles: each control of
a Turn with the Command it takes, the fields the person fills and their legal choices, or
why not now. START TURN, END TURN and KEEP THE INITIATIVE; the Immediate spends of a Turn
(a player may pay an Immediate one by adding to Threat, so one short of Momentum may
still pay it); RESOLVE with the spends a success allows; APPLY DAMAGE with Re-Roll
Damage; a Moment of Inspiration; Determination for a second Task or Make It So; a Value
that brings a Complication or is challenged; a readied Task's trigger.

Every client builds these controls from here: a station window, a Conflict card, the GM's
hand on an NPC, a web page. A battle adds only what its rules add (the conflict's Aim)
and says which spends its rolls allow.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Literal, TypeVar, cast

from pydantic import JsonValue

from bridge.engine.core.command import BaseCommand
from bridge.engine.core.commands import (
    ApplyDamage,
    EndTurn,
    Inspiration,
    ResolveTask,
    SpendDetermination,
    SpendMomentum,
    StartTurn,
    TriggerReady,
    ValueComplication,
)
from bridge.engine.core.forms import (
    ADVANTAGE_NAME,
    AMOUNT,
    WITH_THREAT,
    ActionInfo,
    Choice,
    ParamInfo,
    SpendInfo,
    reroll_damage_param,
)
from bridge.engine.core.theatre import Theatre
from bridge.engine.state.encounter import Encounter

__all__ = [
    "TURN_CONTROL_KEYS",
    "Controls",
    "Gate",
    "officer_refusal",
    "turn_controls",
    "value_param",
]

TURN_CONTROL_KEYS = (
    "start_turn",
    "end_turn",
    "keep_initiative",
    "resolve",
    "apply_damage",
    "inspiration",
    "extra_minor",
    "swift_task",
    "create_problem",
    "create_advantage",
    "obtain_information",
    "second_task",
    "make_it_so",
    "value_complication",
    "challenge_value",
    "trigger_ready",
)
"""The controls every Turn has, in the order a card shows them."""

Gate = Callable[[Encounter, BaseCommand], str | None]
"""A battle's whole gate (the issuer's right, then its rules)."""
Kind = Literal["turn", "spend", "determination", "value"]
Controls = dict[str, ActionInfo]
THREAT_PAYS = WITH_THREAT.model_copy(update={"default": True})
"""WITH_THREAT ticked: the pool cannot pay the spend now, adding to Threat may."""

_SPENDS: tuple[tuple[str, str, tuple[ParamInfo, ...], dict[str, JsonValue]], ...] = (
    ("extra_minor", "Extra Minor Action (1 each)", (AMOUNT,), {}),
    ("swift_task", "Swift Task: a second Task (2)", (), {}),
    ("create_problem", "Create Problem: +1 Difficulty (2 each)", (AMOUNT,), {}),
    ("create_advantage", "Create Advantage (2)", (ADVANTAGE_NAME,), {"name": "probe"}),
    ("obtain_information", "Obtain Information (1 each)", (AMOUNT,), {}),
)
"""The Immediate spends of a Turn: key, name, fields, and what a probe needs to be judged."""


def value_param(state: Encounter, officer: str | None) -> ParamInfo:
    """The Value an officer cites to spend Determination (those not challenged)."""
    values = state.characters[officer].values if officer in state.characters else ()
    return _value_param(tuple(v.text for v in values if not v.challenged))


@lru_cache(maxsize=256)
def _value_param(values: tuple[str, ...]) -> ParamInfo:
    return ParamInfo(
        name="value",
        label="Value",
        kind="choice",
        required=True,
        choices=tuple(Choice(value=v, label=v) for v in values),
    )


InfoFields = tuple[
    str,
    Kind,
    str | None,
    tuple[tuple[str, JsonValue], ...],
    tuple[ParamInfo, ...],
    tuple[SpendInfo, ...],
]
"""A control's name, kind, reason, Command fields, parameters and spends."""


def _made_info(fields: InfoFields) -> ActionInfo:
    name, kind, reason, command, params, spends = fields
    return ActionInfo(
        name=name, kind=kind, reason=reason, command=dict(command), params=params, spends=spends
    )


_INFOS: dict[tuple[object, ...], tuple[ActionInfo, InfoFields]] = {}
"""The controls made so far, by their words and fields, their parameters and spends by
identity (each kept with its entry, so no identity is reused while the entry stands)."""
_INFOS_MAX = 4096


def _info(fields: InfoFields) -> ActionInfo:
    """A control as one :class:`ActionInfo` (the same one again for the same words and
    fields: they are frozen, and a window asks for every control after every Command)."""
    name, kind, reason, command, params, spends = fields
    key = (name, kind, reason, command, *map(id, params), None, *map(id, spends))
    try:
        found = _INFOS.get(key)
    except TypeError:  # a field whose values cannot be hashed (a list): made anew
        return _made_info(fields)
    if found is None:
        if len(_INFOS) >= _INFOS_MAX:
            _INFOS.clear()
        found = _INFOS[key] = (_made_info(fields), fields)
    return found[0]


M = TypeVar("M", bound=BaseCommand)


@lru_cache(maxsize=1024)
def _probe_of(kind: type[BaseCommand], fields: tuple[tuple[str, JsonValue], ...]) -> BaseCommand:
    return kind.model_validate(dict(fields))


def _probe(kind: type[M], **fields: JsonValue) -> M:
    """The Command a control is judged by (Commands are frozen: one made for each set of
    fields, as a window asks for every control after every Command)."""
    return cast(M, _probe_of(kind, tuple(fields.items())))


def officer_refusal(state: Encounter, officer: str | None) -> str | None:
    """Why ``officer`` cannot spend Determination citing a Value now, or None."""
    character = state.characters.get(officer) if officer is not None else None
    if character is None:
        return "Only an officer of the crew has Determination."
    if character.determination.value <= 0:
        return f"{character.name} has no Determination left."
    if not any(not v.challenged for v in character.values):
        return f"{character.name} has no unchallenged Value."
    return None


def turn_controls(
    state: Encounter,
    theatre: Theatre,
    actor: str,
    gate: Gate,
    resolve_spends: Sequence[SpendInfo],
) -> Controls:
    """Every control a Turn shares for ``actor`` in ``theatre``, judged by its battle's
    ``gate`` for the actor's own issuer (its officer's player, or the GM for an NPC);
    ``resolve_spends``: what a success of the actor's rolled Task lets RESOLVE spend."""
    by = theatre.issuer(state, actor)
    where: dict[str, JsonValue] = {"where": "conflict"} if theatre.where == "conflict" else {}
    out: Controls = {}

    def add(
        key: str,
        name: str,
        kind: Kind,
        command: BaseCommand,
        fixed: dict[str, JsonValue],
        reason: str | None,
        params: Sequence[ParamInfo] = (),
        spends: Sequence[SpendInfo] = (),
    ) -> None:
        battle = where if "where" in command.__dict__ else {}  # (its own fields)
        made = {"type": getattr(command, "type", key), **battle, **fixed}
        shown = (tuple(params), tuple(spends)) if reason is None else ((), ())
        out[key] = _info((name, kind, reason, tuple(made.items()), *shown))

    def judged(
        command: BaseCommand, threat_pays: bool = False
    ) -> tuple[str | None, tuple[ParamInfo, ...]]:
        """The gate's word, and for a player's spend its WITH_THREAT field: ticked at first
        when the pool cannot pay and adding to Threat instead may (then it is allowed)."""
        reason = gate(state, command)
        if not threat_pays:
            return reason, ()
        if reason is not None:
            paid = command.model_copy(update={"with_threat": True})
            if gate(state, paid) is None:
                return None, (THREAT_PAYS,)
        return reason, (WITH_THREAT,)

    turn = theatre.turn(state)
    player = not theatre.pays_threat(state, actor)
    name = theatre.name(state, actor)
    start = _probe(StartTurn, by=by, actor=actor, where=theatre.where)
    under_way = "Your Turn is under way: END TURN ends it." if turn.actor == actor else None
    add(
        "start_turn", "START TURN", "turn", start, {"actor": actor}, under_way or gate(state, start)
    )
    # the GM's Turn Commands act for whoever's Turn runs: never offered for another actor
    other = (
        f"It is {theatre.name(state, turn.actor)}'s Turn."
        if by == "gm" and turn.actor is not None and turn.actor != actor
        else None
    )
    end = _probe(EndTurn, by=by, where=theatre.where)
    add("end_turn", "END TURN", "turn", end, {}, other or gate(state, end))
    keep = _probe(EndTurn, by=by, keep_initiative=True, where=theatre.where)
    add(
        "keep_initiative",
        f"KEEP THE INITIATIVE ({state.house_rules.keep_initiative_cost})",
        "turn",
        keep,
        {"keep_initiative": True},
        *((other, ()) if other else judged(keep, player)),
    )
    own = None if turn.actor == actor else f"Spend Momentum during {name}'s own Turn."
    for key, label, fields, probe in _SPENDS:
        spend = _probe(SpendMomentum, by=by, spend=key, where=theatre.where, **probe)
        threat_pays = player and theatre.spends.is_immediate(key, state.house_rules)
        reason, threat = (
            (own, (WITH_THREAT,) if threat_pays else ()) if own else judged(spend, threat_pays)
        )
        add(key, label, "spend", spend, {"spend": key}, reason, (*fields, *threat))
    _roll_controls(state, theatre, actor, by, gate, resolve_spends, add)
    _officer_controls(state, theatre, actor, by, gate, add)
    trigger = _probe(TriggerReady, by=by, actor=actor, where=theatre.where)
    note = theatre.readied(state, actor)
    add(
        "trigger_ready",
        f"Trigger the readied Task ({note})" if note else "Trigger the readied Task",
        "turn",
        trigger,
        {"actor": actor},
        gate(state, trigger),
    )
    return out


Add = Callable[..., None]


def _officer_controls(
    state: Encounter, theatre: Theatre, actor: str, by: str, gate: Gate, add: Add
) -> None:
    """What the actor's officer's Determination and Values do (seed 003 USES FOR
    DETERMINATION; VALUES): a second Task this Turn, Make It So, a Value that brings a
    Complication (+1 Determination), a Value challenged (+1, crossed out)."""
    officer = theatre.officer(state, actor)
    value = value_param(state, officer)
    who: dict[str, JsonValue] = {"character": officer} if officer is not None else {}
    spender = officer_refusal(state, officer)
    name = theatre.name(state, actor)
    own = None if theatre.turn(state).actor == actor else f"during {name}'s own Turn."
    at = theatre.where

    def determination(use: str) -> SpendDetermination:
        return _probe(SpendDetermination, by=by, character=officer, use=use, value="-", where=at)

    second = determination("second_task")
    add(
        "second_task",
        "A second Task this Turn (1 Determination)",
        "determination",
        second,
        {"use": "second_task", **who},
        gate(state, second)  # (a decision waiting first, as for every control)
        or (own and f"A second Task is taken {own}")
        or spender,
        (value,),
    )
    make = determination("make_it_so")
    add(
        "make_it_so",
        "Make It So: an Advantage (1 Determination)",
        "determination",
        make,
        {"use": "make_it_so", **who},
        spender or gate(state, make),
        (value, ADVANTAGE_NAME),
    )
    for key, challenge, label in (
        ("value_complication", False, "A Value brings a Complication (+1 Determination)"),
        ("challenge_value", True, "Challenge a Value (+1 Determination, crossed out)"),
    ):
        cited = _probe(
            ValueComplication, by=by, character=officer or "-", value="-", challenge=challenge
        )
        reason = (
            "Only an officer of the crew has Values."
            if officer is None
            else None
            if value.choices
            else f"{state.characters[officer].name} has no unchallenged Value."
        )
        add(
            key,
            label,
            "value",
            cited,
            {**who, "challenge": challenge},
            reason or gate(state, cited),
            (value,),
        )


def _roll_controls(
    state: Encounter,
    theatre: Theatre,
    actor: str,
    by: str,
    gate: Gate,
    resolve_spends: Sequence[SpendInfo],
    add: Add,
) -> None:
    """RESOLVE, APPLY DAMAGE and a Moment of Inspiration: what the actor's rolled Task
    takes while it waits."""
    pending = theatre.pending(state)
    mine = pending is not None and pending.actor == actor
    waiting = None if mine else "No rolled Task of yours is waiting for its spends."
    held = pending.damage if mine and pending is not None else None
    attack = mine and pending is not None and theatre.attack(pending)
    resolve = _probe(ResolveTask, by=by, hold_damage=attack, where=theatre.where)
    add(
        "resolve",
        "RESOLVE",
        "turn",
        resolve,
        {"hold_damage": True} if attack else {},
        waiting or gate(state, resolve),
        spends=resolve_spends,
    )
    # Re-Roll Damage costs 1, from the attack's own Momentum first: offered only if paid
    rerolls = held is not None and held.momentum + theatre.pool(state, actor) >= 1
    apply = _probe(ApplyDamage, by=by, where=theatre.where)
    add(
        "apply_damage",
        "APPLY DAMAGE",
        "turn",
        apply,
        {},
        gate(state, apply),
        (reroll_damage_param(held.roll.dice),) if held is not None and rerolls else (),
    )
    unrolled = (
        "There are no dice to re-roll: the Task was taken without a roll."
        if mine and pending is not None and not pending.result.rolled
        else None
    )
    officer = theatre.officer(state, actor)
    inspire = _probe(Inspiration, by=by, value="-", where=theatre.where)
    add(
        "inspiration",
        "Moment of Inspiration: re-roll all your dice (1 Determination)",
        "determination",
        inspire,
        {},
        waiting or unrolled or officer_refusal(state, officer) or gate(state, inspire),
        (value_param(state, officer),),
    )
