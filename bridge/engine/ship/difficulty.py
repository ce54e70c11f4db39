"""Itemised Difficulty and complication range of a station Task.

Each item names its source so the task dialog can show the GM and the player why the
Difficulty is what it is.
"""

from __future__ import annotations

from bridge.engine.ship.cards import rule_of
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.ship.ledger import role_penalty
from bridge.engine.state.encounter import DurationKind, Encounter
from bridge.engine.state.turn import Side
from bridge.rules.breaches import SystemState
from bridge.rules.stats import System
from bridge.rules.task import COMPLICATION_RANGE_MAX

__all__ = [
    "TaskFrame",
    "attack_pattern_applies",
    "complication_range",
    "difficulty_items",
    "total_difficulty",
]


def _base(state: Encounter, frame: TaskFrame, cmd: AttemptTask) -> tuple[str, int]:
    rule = rule_of(frame.action.key)
    if rule.base is not None:
        return rule.base(state, frame, cmd)
    return "Base", frame.action.difficulty or 0


def difficulty_items(state: Encounter, frame: TaskFrame, cmd: AttemptTask) -> list[tuple[str, int]]:
    """Every modifier on this Task's Difficulty, base first."""
    items = [_base(state, frame, cmd)]
    ship = state.ships[frame.ship]
    a = frame.action
    turn = state.turn

    if frame.override:
        items.append(("Override (another role's Task)", 1))
    if frame.npc:
        extra = role_penalty(state, frame.ship, frame.station)  # the GM's ledger's figure
        if extra:  # seed 003 NPC starships: "each Task after the first ... is +1" (flat)
            items.append((f"{frame.station.label} already acted this Round", extra))
    if frame.second_task:
        items.append(("Second Task this Turn", 1))
    side: Side = "npc" if frame.npc else "player"
    problem = turn.create_problem.get(side, 0)
    if problem:
        items.append(("Create Problem", problem))
    if turn.gm_difficulty:
        items.append(("GM adjustment", turn.gm_difficulty))

    systems = {s for s in (a.uses, a.assist[0] if a.assist and cmd.ship_assist else None) if s}
    if not ship.per_system:
        pen = ship.difficulty_penalty(None)
        if pen:
            items.append(("Breaches at half the Scale", pen))
    else:
        for s in sorted(systems):
            pen = ship.difficulty_penalty(s)
            if pen:
                items.append((f"{s.label} Damaged", pen))
        if (frame.power or a.power or a.power_note) and ship.system_state(
            System.ENGINES
        ) is SystemState.IMPACT:
            items.append(("Engines Impact (Power Task)", 1))

    if cmd.avoid_hazard and state.durations_of(DurationKind.CHARTED_HAZARD, frame.ship):
        items.append(("Avoiding a charted hazard", -2))  # seed 001 Chart Hazard
    jam = state.durations_of(DurationKind.JAMMED, frame.ship)
    if jam and a.uses is System.COMMUNICATIONS:
        items.append(("Communications jammed", max(d.value for d in jam)))
    for plot in state.durations_of(DurationKind.PLOT_COURSE, frame.ship):
        if plot.owner == frame.owner:
            items.append(("Plot Course", -plot.value))
    rule = rule_of(a.key)
    if rule.items is not None:  # the Task's own modifiers (bridge.engine.ship.cards)
        items.extend(rule.items(state, frame, cmd))
    if attack_pattern_applies(state, frame) and total_difficulty(items) > 1:
        items.append(("Attack Pattern", -1))
    return items


def attack_pattern_applies(state: Encounter, frame: TaskFrame) -> bool:
    """Seed 001 Helm card: Attack Pattern lowers the ship's attack Difficulty by 1."""
    return rule_of(frame.action.key).attack and bool(
        state.durations_of(DurationKind.ATTACK_PATTERN, frame.ship)
    )


def total_difficulty(items: list[tuple[str, int]]) -> int:
    return max(sum(n for _, n in items), 0)


def complication_range(
    state: Encounter, frame: TaskFrame, ship_assisted: bool
) -> tuple[int, list[str]]:
    """[known] Computers: Impact +2 to ship-assisted Tasks, Damaged +1, Disabled +3;
    Engines Impact +1 to Tasks with a Power requirement. At most 5."""
    ship = state.ships[frame.ship]
    rng, why = 1, []
    if ship.per_system and ship_assisted:
        comp = ship.system_state(System.COMPUTERS)
        add = {
            SystemState.IMPACT: 2,
            SystemState.DAMAGED: 1,
            SystemState.DISABLED: 3,
            SystemState.DESTROYED: 3,
        }.get(comp, 0)
        if add:
            rng += add
            why.append(f"Computers {comp.label} +{add}")
    if ship.per_system and frame.power and ship.system_state(System.ENGINES) is SystemState.IMPACT:
        rng += 1
        why.append("Engines Impact +1")
    gm = state.turn.gm_complication
    if gm > min(rng, COMPLICATION_RANGE_MAX):
        rng = gm
        why.append(f"the GM set {gm}")
    return min(rng, COMPLICATION_RANGE_MAX), why
