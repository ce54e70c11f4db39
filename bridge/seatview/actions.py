"""What a seat's character may do now: every action with the Command it takes, the
parameters it needs and their legal choices, or why it cannot be used.

A client that knows no rules builds its whole card from this: each entry names the
fixed fields of its Command (``command``), the fields the person fills (``params``, from
:mod:`bridge.engine.core.forms`, with the legal choices now) and, for a rolled Task, the
Momentum spends a success allows (``spends``). The reasons are the engine's gate
(:func:`bridge.engine.why_not`) on the whole battle, so a control is enabled exactly when
the host would accept it. Parameters and choices are given only for what may be used now.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from bridge import engine
from bridge.engine import (
    ADVANTAGE_NAME,
    AMOUNT,
    CATALOG,
    WITH_THREAT,
    ActionDef,
    ActionInfo,
    AttemptTask,
    Choice,
    Command,
    ConflictCardView,
    Encounter,
    EndTurn,
    FigureView,
    Inspiration,
    MinorAction,
    ParamInfo,
    SpendDetermination,
    SpendInfo,
    SpendMomentum,
    StartTurn,
    Station,
    ValueComplication,
    minor_params,
    reroll_damage_param,
    roll_params,
    task_options,
    task_rule,
    task_spends,
    unusable,
    why_not,
)
from bridge.seatview.picture import BattlePicture, battle_picture

SpendKind = Literal[
    "extra_minor", "swift_task", "create_problem", "create_advantage", "obtain_information"
]
DeterminationUse = Literal["second_task", "make_it_so"]

__all__ = ["ActionInfo", "Availability", "Choice", "ParamInfo", "SpendInfo", "availability"]


class Availability(BaseModel):
    """What the seat's character may do now, with the reason when not (thin clients)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    character: str | None = None
    turn: str | None = Field(default=None, description="Why the character cannot act now")
    start_turn: str | None = Field(default=None, description="(as controls.start_turn.reason)")
    end_turn: str | None = Field(default=None, description="(as controls.end_turn.reason)")
    actions: dict[str, ActionInfo] = Field(
        default_factory=dict,
        description="Each card entry of the character's stations, by 'station/action key'",
    )
    controls: dict[str, ActionInfo] = Field(
        default_factory=dict,
        description="The Turn's controls and the rules off the card's face: start_turn, "
        "end_turn, keep_initiative, extra_minor, swift_task, resolve, inspiration, "
        "create_advantage, create_problem, obtain_information, second_task, make_it_so, "
        "value_complication, challenge_value",
    )
    conflict: ConflictCardView | None = Field(
        default=None,
        description="The character's Conflict card while a personal conflict runs with "
        "them in it (the engine's view on the whole battle, for the officer's eyes)",
    )
    figures: tuple[FigureView, ...] = Field(
        default=(),
        description="While a personal conflict runs: every figure as the crew may see it, "
        "its Stress and Injury in words (the viewscreen's picture of the fight)",
    )
    picture: BattlePicture = Field(
        default_factory=BattlePicture,
        description="The ship battle as the crew may see it beside a station's card: the "
        "ships (a contact as its silhouette), the zones, lasting effects, the crew's Turns",
    )


def _fields(command: Command, *keep: str) -> dict[str, JsonValue]:
    """``command``'s fixed fields: its type and ``keep`` (the host sets ``by``)."""
    data = command.model_dump(mode="json")
    return {k: data[k] for k in ("type", *keep)}


def _values(state: Encounter, character: str) -> tuple[Choice, ...]:
    return tuple(
        Choice(value=v.text, label=v.text)
        for v in state.characters[character].values
        if not v.challenged
    )


def _card_entry(state: Encounter, character: str, station: Station, a: ActionDef) -> ActionInfo:
    if a.kind == "minor":
        minor = MinorAction(by=character, action=a.key)
        reason = why_not(state, minor)
        minor_form = minor_params(state, character, a) if reason is None else ()
        reason = reason or unusable(minor_form)
        return ActionInfo(
            name=a.name,
            kind="minor",
            reason=reason,
            command=_fields(minor, "action"),
            params=minor_form if reason is None else (),
        )
    task = AttemptTask(by=character, action=a.key, station=station)
    reason = why_not(state, task)
    params: tuple[ParamInfo, ...] = ()
    if reason is None:
        params = task_options(state, character, station, a) + roll_params(
            state, character, station, a
        )
        reason = unusable(params)
        params = params if reason is None else ()
    return ActionInfo(
        name=a.name,
        kind="task",
        reason=reason,
        command=_fields(task, "action", "station"),
        rolled=a.rolled,
        params=params,
        spends=task_spends(a) if reason is None else (),
    )


def _controls(state: Encounter, character: str) -> dict[str, ActionInfo]:
    c = character
    out: dict[str, ActionInfo] = {}

    def add(
        key: str,
        name: str,
        kind: Literal["turn", "spend", "determination", "value"],
        command: Command,
        keep: tuple[str, ...],
        params: tuple[ParamInfo, ...] = (),
        reason: str | None = None,
    ) -> None:
        why = reason or why_not(state, command)
        out[key] = ActionInfo(
            name=name,
            kind=kind,
            reason=why,
            command=_fields(command, *keep),
            params=params if why is None else (),
        )

    under_way = "Your Turn is under way: END TURN ends it." if state.turn.actor == c else None
    start = StartTurn(by=c, actor=c)
    add("start_turn", "START TURN", "turn", start, ("actor",), reason=under_way)
    add("end_turn", "END TURN", "turn", EndTurn(by=c), ())
    add(
        "keep_initiative",
        f"KEEP THE INITIATIVE ({state.house_rules.keep_initiative_cost})",
        "turn",
        EndTurn(by=c, keep_initiative=True),
        ("keep_initiative",),
        (WITH_THREAT,),
    )
    turn_spends: tuple[tuple[SpendKind, str], ...] = (
        ("extra_minor", "EXTRA MINOR (1)"),
        ("swift_task", "SWIFT TASK (2)"),
    )
    for spend_key, label in turn_spends:
        probe_spend = SpendMomentum(by=c, spend=spend_key)
        add(spend_key, label, "spend", probe_spend, ("spend",), (WITH_THREAT,))
    pending = state.pending
    mine = pending is not None and pending.actor == c
    waiting = None if mine else "No rolled Task of yours is waiting for its spends."
    spends = task_spends(CATALOG[pending.action]) if mine and pending is not None else ()
    held = pending.damage if mine and pending is not None else None
    resolve_reason = waiting if held is None else "Land the damage dice first (APPLY DAMAGE)."
    attack = mine and pending is not None and task_rule(pending.action).attack
    out["resolve"] = ActionInfo(
        name="RESOLVE",
        kind="turn",
        reason=resolve_reason,
        # an attack's damage dice are held to be seen (and re-rolled) before they land
        command={"type": "resolve", "hold_damage": True} if attack else {"type": "resolve"},
        spends=spends if resolve_reason is None else (),
    )
    dice = held.roll.dice if held is not None else ()
    # Re-Roll Damage costs 1 Momentum, from the attack's own first: offered only if paid
    rerolls = held is not None and held.momentum + state.momentum.value >= 1
    out["apply_damage"] = ActionInfo(
        name="APPLY DAMAGE",
        kind="turn",
        reason=None if held is not None else "No attack's damage dice are waiting to land.",
        command={"type": "apply_damage"},
        params=(reroll_damage_param(dice),) if rerolls else (),
    )
    unrolled = (
        "There are no dice to re-roll: the Task was taken without a roll."
        if mine and pending is not None and not pending.result.rolled
        else None
    )
    values = _values(state, c)
    value = ParamInfo(name="value", label="Value", kind="choice", required=True, choices=values)
    first = str(values[0].value) if values else "-"
    det = state.characters[c].determination.value
    no_det = None if det > 0 else f"{state.characters[c].name} has no Determination left."
    no_values = None if values else f"{state.characters[c].name} has no unchallenged Value."
    add(
        "inspiration",
        "MOMENT OF INSPIRATION",
        "determination",
        Inspiration(by=c, value=first),
        (),
        (value,),
        waiting or unrolled or no_det or no_values,
    )
    advantage, amount = ADVANTAGE_NAME, AMOUNT
    spends_off_card: tuple[tuple[SpendKind, str, tuple[ParamInfo, ...]], ...] = (
        ("create_advantage", "Create Advantage (2)", (advantage, WITH_THREAT)),
        ("create_problem", "Create Problem (2 each)", (amount, WITH_THREAT)),
        ("obtain_information", "Obtain Information (1 each)", (amount, WITH_THREAT)),
    )
    for spend, label, params in spends_off_card:
        probe = SpendMomentum(by=c, spend=spend, name="probe")
        add(spend, label, "spend", probe, ("spend",), params)
    uses: tuple[tuple[DeterminationUse, str, tuple[ParamInfo, ...]], ...] = (
        ("second_task", "Surge of Activity: a second Task (1 Determination)", (value,)),
        ("make_it_so", "Make It So: an Advantage (1 Determination)", (value, advantage)),
    )
    for use, label, params in uses:
        probe_det = SpendDetermination(by=c, character=c, use=use, value=first)
        add(
            use,
            label,
            "determination",
            probe_det,
            ("character", "use"),
            params,
            no_det or no_values,
        )
    for key, challenge, label in (
        ("value_complication", False, "A Value brings a Complication (+1 Determination)"),
        ("challenge_value", True, "Challenge a Value (+1 Determination, crossed out)"),
    ):
        probe_value = ValueComplication(by=c, character=c, value=first, challenge=challenge)
        add(key, label, "value", probe_value, ("character", "challenge"), (value,), no_values)
    return out


def figure_of(state: Encounter, character: str) -> str | None:
    """The figure officer ``character`` plays in the running personal conflict, if any."""
    conflict = state.conflict
    if conflict is None:
        return None
    return next(
        (
            fid
            for fid, f in conflict.figures.items()
            if f.character == character and not f.withdrawn
        ),
        None,
    )


def conflict_card_of(state: Encounter, character: str) -> ConflictCardView | None:
    """``character``'s Conflict card while a personal conflict runs with them in it."""
    figure = figure_of(state, character)
    return None if figure is None else engine.conflict_card(state, figure, character)


_LAST_FIGURES: list[tuple[Encounter, tuple[FigureView, ...]]] = []
"""The crew's view of the last state's figures: every seat's availability of a state shows
the same (worked out once, not once a seat)."""


def _crew_figures(state: Encounter) -> tuple[FigureView, ...]:
    """Every figure of the running conflict as the crew may see it (none without one)."""
    if state.conflict is None:
        return ()
    if _LAST_FIGURES and _LAST_FIGURES[0][0] is state:
        return _LAST_FIGURES[0][1]
    figures = engine.conflict_figures(state, "crew")
    _LAST_FIGURES[:] = [(state, figures)]
    return figures


def availability(state: Encounter, character: str | None) -> Availability:
    """What ``character`` (``None``: a seat that only watches) may do in ``state``.

    The answers are the engine's gate on the whole battle (the host's, or the GM's
    laptop's), so a thin client shows exactly what would be accepted.
    """
    figures = _crew_figures(state)
    picture = battle_picture(state)
    if character is None or character not in state.characters:
        return Availability(
            character=None, turn="This seat only watches.", figures=figures, picture=picture
        )
    actions: dict[str, ActionInfo] = {}
    for station in state.stations_of(character) or tuple(Station):
        for a in CATALOG.values():
            if station in a.stations:
                actions[f"{station.value}/{a.key}"] = _card_entry(state, character, station, a)
    controls = _controls(state, character)
    return Availability(
        figures=figures,
        picture=picture,
        conflict=conflict_card_of(state, character),
        character=character,
        turn=controls["end_turn"].reason,
        start_turn=controls["start_turn"].reason,
        end_turn=controls["end_turn"].reason,
        actions=actions,
        controls=controls,
    )
