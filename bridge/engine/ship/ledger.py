"""The NPC ships' ledger: each ship's Turns this Round and the bridge roles it has used.

RULES-NOTES "Turn order" [known]: "An NPC ship has one Turn per point of Scale; each Task
after the first from the same bridge role in a Round is +1 Difficulty." The Difficulty a
Task is given (:mod:`bridge.engine.ship.difficulty`) and the ledger the GM reads take the same
figure from :func:`role_penalty`, so the two cannot disagree. Everything here resets
with the Round.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import Encounter

__all__ = ["REPEATED_ROLE_PENALTY", "NpcLedger", "RoleUse", "npc_ledger", "role_penalty"]

REPEATED_ROLE_PENALTY = 1
"""+1 Difficulty for each Task after the first from one bridge role in a Round (a flat
+1, not +1, +2...: seed 003 NPC starships, RULES-NOTES "Turn order")."""


def role_penalty(state: Encounter, ship: str, station: Station) -> int:
    """The Difficulty the next Task from ``station`` on NPC ship ``ship`` adds this Round."""
    used = state.turn.npc_roles_used.get(ship, ()).count(station.value)
    return REPEATED_ROLE_PENALTY if used else 0


@dataclass(frozen=True)
class RoleUse:
    """One bridge role of an NPC ship this Round."""

    station: Station
    uses: int
    next_extra: int


@dataclass(frozen=True)
class NpcLedger:
    """One NPC ship's Round so far."""

    ship: str
    name: str
    turns_taken: int
    turns_allowed: int
    acting: bool
    out_of_turns: bool
    roles: tuple[RoleUse, ...]

    @property
    def used(self) -> tuple[RoleUse, ...]:
        return tuple(r for r in self.roles if r.uses)

    def describe(self) -> str:
        """One line: "IKS Qoj: Turns 1 of 3 (acting); Tactical 1 (next +1)"."""
        turns = f"Turns {self.turns_taken} of {self.turns_allowed}"
        if self.acting:
            turns += " (acting)"
        if self.out_of_turns:
            turns += " (no more Turns this scene)"
        used = "; ".join(f"{r.station.label} {r.uses} (next +{r.next_extra})" for r in self.used)
        return f"{self.name}: {turns}; " + (used or "no role used yet")


def npc_ledger(state: Encounter) -> tuple[NpcLedger, ...]:
    """Every NPC ship still in the fight, with its Turns and roles this Round."""
    turn = state.turn
    out = []
    for sid in state.active_ships("npc"):
        ship = state.ships[sid]
        left = turn.npc_turns_left.get(sid, 0)
        allowed = turn.npc_turns_allowed.get(sid, max(left, ship.scale))
        roles = tuple(
            RoleUse(
                station=station,
                uses=turn.npc_roles_used.get(sid, ()).count(station.value),
                next_extra=role_penalty(state, sid, station),
            )
            for station in Station
        )
        out.append(
            NpcLedger(
                ship=sid,
                name=ship.name,
                turns_taken=max(allowed - left, 0),
                turns_allowed=allowed,
                acting=turn.actor == sid,
                out_of_turns=ship.out_of_turns,
                roles=roles,
            )
        )
    return tuple(out)
