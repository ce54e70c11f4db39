"""One answer to "why not" for the personal conflict: the engine refuses with it, the
Conflict card's entries are disabled with it (:func:`bridge.engine.gate.why_not` asks
here for every Command that plays on foot). What both battles share is judged once, by
:func:`bridge.engine.core.played.played_refusal`."""

from __future__ import annotations

from bridge.engine.conflict.catalog import CONFLICT_CARD
from bridge.engine.conflict.commands import (
    Aim,
    AvoidInjury,
    ConflictMinor,
    ConflictTask,
    ResistKnockdown,
    StartConflict,
    WithdrawFigure,
)
from bridge.engine.conflict.figures import can_act, enemies_of, reach_of, waiting_figures
from bridge.engine.conflict.rules import CONFLICT_RULES
from bridge.engine.conflict.theatre import CONFLICT
from bridge.engine.core.command import BaseCommand, player_refusal
from bridge.engine.core.commands import (
    ApplyDamage,
    EndRound,
    EndTurn,
    Inspiration,
    NpcActsFirst,
    ResolveTask,
    SpendDetermination,
    SpendMomentum,
    StartTurn,
    TriggerReady,
)
from bridge.engine.core.played import played_refusal
from bridge.engine.state.conflict import Conflict, Decision, Figure
from bridge.engine.state.encounter import Encounter

__all__ = [
    "conflict_gate",
    "conflict_issuer_refusal",
    "conflict_why_not",
    "decision_text",
    "unknown_reference",
]

SETUP = frozenset(
    {
        "end_conflict",
        "add_figure",
        "withdraw_figure",
        "move_figure",
        "zone_terrain",
        "reveal_figure",
    }
)
"""GM Commands that still work once the conflict is decided."""
DECISIONS = frozenset({"avoid_injury", "resist_knockdown", "stray_hit"})


def _withdraw(conflict: Conflict, figure: str) -> str | None:
    """Why the GM cannot take ``figure`` out of the fight now: not while it acts, nor
    while a decision waits for it (it would be asked after it had gone)."""
    fig = conflict.figures.get(figure)
    if fig is None:
        return f"There is no figure '{figure[:40]}' in the personal conflict."
    if fig.withdrawn:
        return f"{fig.name} has already left the fight."
    turn, pending = conflict.turn, conflict.pending
    if figure in (turn.actor, turn.interrupt) or (pending is not None and pending.actor == figure):
        return f"{fig.name} is acting: end their Turn first."
    waiting = next((d for d in conflict.decisions if d.figure == figure), None)
    if waiting is not None:
        return decision_text(conflict, waiting)
    return None


def decision_text(conflict: Conflict, decision: Decision) -> str:
    """What waits, in words."""
    who = conflict.figures[decision.figure].name if decision.figure in conflict.figures else ""
    if decision.kind == "avoid_injury":
        kind = "a Lethal" if decision.lethal else "a Non-lethal"
        actor = conflict.turn.interrupt or conflict.turn.actor
        hitter = conflict.figures.get(actor) if actor and actor != decision.figure else None
        by = f" ({kind} Injury from {hitter.name}'s attack)" if hitter else f" ({kind} Injury)"
        return f"{who} must first decide whether to Avoid the Injury{by}."
    if decision.kind == "resist_knockdown":
        return f"{who} must first decide whether to resist the Knockdown."
    return "The GM must first say whether the stray shot strikes anyone else."


def conflict_issuer_refusal(state: Encounter, command: BaseCommand) -> str | None:
    """Why a player (``command.by``, a character id) may not issue this personal conflict
    Command: they act only for their own officer's figure, on its Turn."""
    by = command.by
    conflict = state.conflict
    if conflict is None:
        return None
    mine = conflict.figure_of(by)

    def _name(fid: str | None) -> str:
        return conflict.figures[fid].name if fid in conflict.figures else "someone"

    match command:
        case StartTurn() | TriggerReady():
            fig = conflict.figures.get(command.actor)
            if fig is None or fig.character != by:
                return f"Only {_name(command.actor)}'s own player (or the GM) can do that."
        case AvoidInjury() | ResistKnockdown():
            fig = conflict.figures.get(command.figure)
            if fig is None or fig.character != by:
                return f"Only {_name(command.figure)}'s own player (or the GM) can do that."
        case EndTurn() | ConflictMinor() | SpendMomentum():
            actor = conflict.turn.actor
            if actor is not None and (mine is None or mine.id != actor):
                return f"It is {_name(actor)}'s Turn, not yours."
        case SpendDetermination():
            if command.character is not None and command.character != by:
                return "Only the officer's own player spends their Determination."
        case ConflictTask():
            now = conflict.turn.interrupt or conflict.turn.actor
            if now is not None and (mine is None or mine.id != now):
                return f"It is {_name(now)}'s Task now, not yours."
        case ResolveTask() | ApplyDamage() | Aim() | Inspiration():
            pending = conflict.pending
            if pending is not None and (mine is None or mine.id != pending.actor):
                return f"The rolled Task is {_name(pending.actor)}'s to resolve."
        case _:
            pass
    return None


def conflict_why_not(state: Encounter, command: BaseCommand) -> str | None:
    """Why a personal conflict Command is refused before its parameters are looked at."""
    kind = getattr(command, "type", "")
    conflict = state.conflict
    if isinstance(command, StartConflict):
        if conflict is not None:
            return "A personal conflict is already running: end it first."
        if command.own_scene and state.pending is not None:
            return "Resolve the ship's rolled Task first: a scene of its own ends this one."
        return None
    if conflict is None:
        return "No personal conflict is running."
    unknown = unknown_reference(conflict, command)
    if unknown is not None:
        return unknown
    if isinstance(command, WithdrawFigure):
        return _withdraw(conflict, command.figure)
    if kind in SETUP:
        return None
    if conflict.ended:
        return f"The personal conflict is over: {conflict.outcome}"
    if conflict.decisions:
        front = conflict.decisions[0]
        if kind not in DECISIONS:
            return decision_text(conflict, front)
        return _decision(conflict, front, command)
    if kind in DECISIONS:
        return "Nothing waits for a decision."
    match command:
        case StartTurn():
            return _start_turn(state, conflict, command.actor)
        case ConflictMinor():
            return _minor(state, conflict, command.action)
        case ConflictTask():
            return _task(state, conflict, command.action)
        case Aim():
            if conflict.pending is None:
                return "There is no rolled Task to re-roll."
            if conflict.pending.damage is not None:
                return (
                    "The Task is resolved and its damage rolled: its dice cannot be re-rolled now."
                )
            return None
        case (
            EndTurn()
            | SpendMomentum()
            | NpcActsFirst()
            | EndRound()
            | TriggerReady()
            | SpendDetermination()
            | ResolveTask()
            | ApplyDamage()
            | Inspiration()
        ):
            return played_refusal(state, CONFLICT, command)
        case _:
            return None


_FIGURE_FIELDS = ("figure", "target", "beside", "actor")
_ZONE_FIELDS = ("zone",)


def unknown_reference(conflict: Conflict, command: BaseCommand) -> str | None:
    """A figure or zone the Command names that is not in the fight, in words, or None:
    every reference is looked at before any rule reads it."""
    named: list[str] = [
        v for f in _FIGURE_FIELDS if isinstance(v := getattr(command, f, None), str)
    ]
    named += getattr(command, "also", ())
    spends = getattr(command, "spends", None)
    second = getattr(spends, "secondary_target", None)
    if isinstance(second, str):
        named.append(second)
    for fid in named:
        if fid not in conflict.figures:
            return f"There is no figure '{fid[:40]}' in the personal conflict."
    for f in _ZONE_FIELDS:
        zone = getattr(command, f, None)
        if isinstance(zone, str) and zone not in conflict.zones.zones:
            return f"There is no zone '{zone[:40]}' on the map."
    return None


def _decision(conflict: Conflict, front: Decision, command: BaseCommand) -> str | None:
    kind = getattr(command, "type", "")
    wanted = {"avoid_injury": "avoid_injury", "resist_knockdown": "resist_knockdown"}
    if front.kind == "stray_hit":
        return None if kind == "stray_hit" else decision_text(conflict, front)
    if wanted.get(kind) != front.kind or getattr(command, "figure", None) != front.figure:
        return decision_text(conflict, front)
    return None


def _start_turn(state: Encounter, conflict: Conflict, figure_id: str) -> str | None:
    turn = conflict.turn
    fig = conflict.figures.get(figure_id)
    if fig is None:
        return f"There is no figure '{figure_id}' in the personal conflict."
    if turn.actor is not None:
        return f"{conflict.figures[turn.actor].name} is still taking their Turn; end it first."
    if fig.side != turn.side and waiting_figures(state, turn.side):
        return "It is the NPCs' Turn." if turn.side == "npc" else "It is the players' Turn."
    if figure_id in turn.acted:
        return f"{fig.name} has already taken a Turn this Round."
    if not can_act(state, fig):
        return f"{fig.name} is out of the fight and takes no Turns."
    return None


def _acting(conflict: Conflict) -> tuple[Figure | None, str | None]:
    turn = conflict.turn
    if turn.actor is None:
        return None, "Start a Turn first."
    if conflict.pending is not None:
        return None, "Resolve the rolled Task first."
    fig = conflict.figures[turn.actor]
    if fig.out:
        return None, f"{fig.name} is out of the fight: end the Turn."
    return fig, None


def _minor(state: Encounter, conflict: Conflict, key: str) -> str | None:
    fig, reason = _acting(conflict)
    if fig is None:
        return reason
    turn = conflict.turn
    a = CONFLICT_CARD.get(key)
    if a is None or a.kind != "minor":
        return f"'{key}' is not a Minor Action of the Conflict card."
    if turn.stunned:
        return f"{fig.name} is Staggered: no Minor Action this Turn."
    if key in turn.minors_used:
        return f"{a.name} has already been taken this Turn: each Minor Action once per Turn."
    if len(turn.minors_used) >= turn.minor_allowance:
        return "Minor Action already used this Turn: spend 1 Momentum for an Extra Minor Action."
    if key == "movement":
        if any(f in enemies_of(conflict, fig.id) for f in reach_of(conflict, fig.id)):
            return "An enemy is within Reach: Movement cannot be taken."
        if any(CONFLICT_RULES[t].movement for t in turn.tasks_used if t in CONFLICT_RULES):
            return "Not in a Turn with a movement Task (Sprint)."
    elif key == "stand":
        if not fig.prone:
            return f"{fig.name} is not prone."
        if "drop_prone" in turn.minors_used:
            return "You may not stand and drop prone in the same Turn."
    elif key == "drop_prone":
        if fig.prone:
            return f"{fig.name} is already prone."
        if "stand" in turn.minors_used:
            return "You may not stand and drop prone in the same Turn."
    elif key == "draw_item":
        others = [w for w in fig.weapons if w.name != fig.wielding]
        ground = [
            g
            for g in conflict.ground
            if g.zone == conflict.zone_of(fig.id) and g.huddle == fig.huddle
        ]
        if not others and not ground:
            return "Nothing to draw: no other weapon carried, and nothing within Reach."
    return None


def _task(state: Encounter, conflict: Conflict, key: str) -> str | None:
    turn = conflict.turn
    actor = turn.interrupt or turn.actor
    if actor is None:
        return "Tasks are attempted during a Turn: start one first."
    if conflict.pending is not None:
        if conflict.pending.damage is not None:
            return "An attack's damage dice are waiting to land: apply the damage first."
        return "Another Task is waiting for its Momentum spends: resolve it first."
    a = CONFLICT_CARD.get(key)
    if a is None or a.kind != "task":
        return f"'{key}' is not a Task of the Conflict card."
    if conflict.figures[actor].out:
        return f"{conflict.figures[actor].name} is out of the fight: end the Turn."
    if turn.interrupt is None:
        if turn.stunned:
            return f"{conflict.figures[actor].name} is Staggered: no Task this Turn."
        if turn.tasks_taken >= turn.task_allowance:
            if turn.tasks_taken >= 2:
                return "At most two Tasks may be attempted in a Turn."
            return (
                "A Task has already been attempted this Turn: a Swift Task (2 Momentum) or "
                "Determination allows a second one."
            )
    rule = CONFLICT_RULES[key]
    return rule.why_not(state, actor) if rule.why_not is not None else None


def conflict_gate(state: Encounter, command: BaseCommand) -> str | None:
    """The whole gate for a personal conflict Command: the issuer's right (a player acts
    only for their own officer's figure), then the rules (:func:`conflict_why_not`)."""
    if command.by != "gm":
        reason = player_refusal(state, command) or conflict_issuer_refusal(state, command)
        if reason is not None:
            return reason
    return conflict_why_not(state, command)
