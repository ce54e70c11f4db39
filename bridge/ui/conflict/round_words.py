"""What the GM is told before ending a personal Round: who still has a Turn, or that the
Round has only just begun (the one before ended by itself once every figure had acted)."""

from __future__ import annotations

from bridge.engine import Encounter
from bridge.rules.npc_abilities import NpcAbilityKind

__all__ = ["figures_to_act", "round_just_begun"]

FAST_RECOVERY_THREAT = 2
"""Seed 003 FAST RECOVERY: the Threat an Injured NPC spends to shake its Injury off."""


def figures_to_act(state: Encounter) -> str:
    """Who still has a Turn this personal Round (they lose it if the Round ends now), by
    name: the figures still in the fight (an Injured one with Fast Recovery and the
    Threat to shake it off too) who have not acted."""
    conflict = state.conflict
    if conflict is None:
        return ""
    acted = set(conflict.turn.acted)
    names: dict[str, list[str]] = {"player": [], "npc": []}
    for fid, fig in conflict.figures.items():
        if fid in acted or fig.withdrawn or fig.dead:
            continue
        recovers = (
            fig.npc is not None
            and fig.npc.has(NpcAbilityKind.FAST_RECOVERY)
            and fig.own_threat + state.threat.value >= FAST_RECOVERY_THREAT
        )
        if not fig.incapacitated or recovers:
            names[fig.side].append(fig.name)
    if not names["player"] and not names["npc"]:
        return "Every figure has taken its Turn."
    sides = [
        f"{word}: {', '.join(names[side])}"
        for side, word in (("player", "the away team"), ("npc", "the NPCs"))
        if names[side]
    ]
    return f"Still to act, and losing their Turns this Round: {'; '.join(sides)}."


def round_just_begun(state: Encounter) -> str | None:
    """Why END ROUND has nothing to end on foot: the personal Round began a moment ago
    (the one before ended by itself once every figure had acted) and no one has acted."""
    conflict = state.conflict
    if conflict is None or conflict.turn.any_turn_this_round or conflict.turn.actor:
        return None
    return (
        f"Personal Round {conflict.turn.round} has just begun and no one has acted in it "
        "yet: there is nothing to end (a Round ends by itself once everyone has acted)."
    )
