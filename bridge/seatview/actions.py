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

from functools import lru_cache

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from bridge import engine
from bridge.engine import (
    CATALOG,
    ActionDef,
    ActionInfo,
    AttemptTask,
    Choice,
    ConflictCardView,
    Encounter,
    FigureView,
    MinorAction,
    ParamInfo,
    SpendInfo,
    Station,
    minor_params,
    roll_params,
    task_options,
    task_spends,
    unusable,
    why_not,
)
from bridge.seatview.picture import BattlePicture, battle_picture
from bridge.seatview.seat import CREW
from bridge.seatview.state import seat_view

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


@lru_cache(maxsize=4096)
def _minor(character: str, key: str) -> tuple[MinorAction, dict[str, JsonValue]]:
    """The Minor Action ``key`` by ``character`` that the gate is asked about, and the
    fields of it a client fills in (the host sets ``by``): made once, asked every state."""
    minor = MinorAction(by=character, action=key)
    return minor, {"type": minor.type, "action": key}


@lru_cache(maxsize=4096)
def _task(character: str, station: Station, key: str) -> tuple[AttemptTask, dict[str, JsonValue]]:
    """The Task ``key`` at ``station`` by ``character``, as :func:`_minor`."""
    task = AttemptTask(by=character, action=key, station=station)
    return task, {"type": task.type, "action": key, "station": station.value}


def _card_entry(state: Encounter, character: str, station: Station, a: ActionDef) -> ActionInfo:
    if a.kind == "minor":
        minor, fields = _minor(character, a.key)
        reason = why_not(state, minor)
        minor_form = minor_params(state, character, a) if reason is None else ()
        reason = reason or unusable(minor_form)
        return ActionInfo(
            name=a.name,
            kind="minor",
            reason=reason,
            command=fields,
            params=minor_form if reason is None else (),
        )
    task, fields = _task(character, station, a.key)
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
        command=fields,
        rolled=a.rolled,
        params=params,
        spends=task_spends(a) if reason is None else (),
    )


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
    """``character``'s Conflict card while a personal conflict runs with them in it,
    worked out on the battle as the crew sees it: its previews' odds hold no number of an
    unrevealed NPC (they would give it away)."""
    figure = figure_of(state, character)
    if figure is None:
        return None
    return engine.conflict_card(_crew_view(state), figure, character)


_LAST_VIEW: list[tuple[Encounter, Encounter]] = []
"""The crew's view of the last state: every seat's card of a state reads the same."""


def _crew_view(state: Encounter) -> Encounter:
    if _LAST_VIEW and _LAST_VIEW[0][0] is state:
        return _LAST_VIEW[0][1]
    seen = seat_view(state, CREW)
    _LAST_VIEW[:] = [(state, seen)]
    return seen


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
    controls = engine.ship_controls(state, character)
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
