"""A personal conflict for engine tests: the demo crew and NPCs of the test's choosing on a
three-zone map, with named helpers; every dice-rolling call names its dice."""

from __future__ import annotations

from typing import Any

import pytest

from bridge.engine.commands import Command
from bridge.engine.conflict.commands import (
    ConflictMinor,
    ConflictTask,
    NpcPlacement,
    OfficerPlacement,
    StartConflict,
)
from bridge.engine.core.commands import ApplyDamage, EndTurn, ResolveTask, StartTurn
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Applied, CommandRefused, Session
from bridge.engine.state.conflict import Conflict, Figure
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.spends import Spends
from bridge.engine.state.zones import ZoneMap
from bridge.model.character import Attributes, Disciplines
from bridge.model.house_rules import HouseRules
from bridge.model.npc import Npc, NpcAbility
from bridge.rules.dice import GivenDice
from bridge.rules.hidden import reveal
from bridge.rules.npc_abilities import NpcTier
from bridge.rules.personal_gear import PersonalWeapon, personal_weapon

A, B, C = "Bridge", "Corridor", "Cargo Bay"
MAP = ZoneMap(zones=(A, B, C), links=((A, B), (B, C)))
"""Three zones in a row: Bridge - Corridor - Cargo Bay."""
MISS = (20, 20)
"""Two d20s that score nothing (and show two Complications at any range)."""
CLEAN_MISS = (19, 18)
"""Two d20s that score nothing for a target number of 17 or less, no Complication."""


def npc(
    id: str = "thug",
    name: str = "Thug",
    tier: NpcTier = NpcTier.NOTABLE,
    weapons: tuple[PersonalWeapon, ...] = (),
    abilities: tuple[NpcAbility, ...] = (),
    **kw: Any,
) -> Npc:
    """An NPC: Control 9, Daring 9, Fitness 9; Security 2 (Stress 11 if Notable)."""
    return Npc(
        id=id,
        name=name,
        tier=tier,
        attributes=kw.pop(
            "attributes",
            Attributes(control=9, daring=9, fitness=9, insight=8, presence=8, reason=8),
        ),
        disciplines=kw.pop(
            "disciplines",
            Disciplines(command=1, conn=1, engineering=1, security=2, science=1, medicine=1),
        ),
        weapons=weapons or (personal_weapon("Disruptor Pistol"),),
        abilities=abilities,
        **kw,
    )


class Fight:
    """A Session on the demo battle with a personal conflict started by the GM."""

    def __init__(
        self,
        officers: tuple[tuple[str, str, int], ...] = (("kell", B, 0),),
        npcs: tuple[tuple[Npc, str, int, int], ...] = ((npc(), B, 0, 1),),
        cover: dict[str, int] | None = None,
        darkness: dict[str, int] | None = None,
        house: HouseRules | None = None,
        encounter: Encounter | None = None,
        **start: Any,
    ) -> None:
        base = encounter or demo_encounter()
        if house is not None:
            base = base.model_copy(update={"house_rules": house})
        self.session = Session(base, GivenDice())
        self.start = StartConflict(
            zones=MAP,
            cover=cover or {},
            darkness=darkness or {},
            officers=tuple(OfficerPlacement(character=c, zone=z, huddle=h) for c, z, h in officers),
            npcs=tuple(NpcPlacement(npc=n, zone=z, huddle=h, count=k) for n, z, h, k in npcs),
            **start,
        )
        self.started = self.do(self.start)

    # -- reading ------------------------------------------------------------------------
    @property
    def state(self) -> Encounter:
        return self.session.state

    @property
    def conflict(self) -> Conflict:
        assert self.state.conflict is not None
        return self.state.conflict

    def fig(self, fid: str) -> Figure:
        return self.conflict.figures[fid]

    # -- writing ------------------------------------------------------------------------
    def do(self, command: Command, d20: tuple[int, ...] = (), d6: tuple[int, ...] = ()) -> Applied:
        return self.session.apply(command, GivenDice(d20=d20, d6=d6))

    def refused(self, command: Command, match: str) -> None:
        before = self.state
        with pytest.raises(CommandRefused, match=match):
            self.do(command, d20=(10,) * 12, d6=(3,) * 30)
        assert self.state is before

    def by(self, fid: str) -> str:
        return self.fig(fid).character or "gm"

    def turn(self, fid: str) -> Applied:
        return self.do(StartTurn(by=self.by(fid), actor=fid, where="conflict"))

    def end(self, **kw: Any) -> Applied:
        actor = self.conflict.turn.actor
        assert actor is not None
        return self.do(EndTurn(by=self.by(actor), **kw, where="conflict"))

    def idle(self, fid: str) -> None:
        """A Turn that does nothing but Interact and Pass (so it counts as a Turn)."""
        self.turn(fid)
        self.minor("interact")
        self.task("pass")
        self.end()

    def minor(self, action: str, **kw: Any) -> Applied:
        actor = self.conflict.turn.actor
        assert actor is not None
        return self.do(ConflictMinor(by=self.by(actor), action=action, **kw))

    def task(
        self, action: str, d20: tuple[int, ...] = (), d6: tuple[int, ...] = (), **kw: Any
    ) -> Applied:
        turn = self.conflict.turn
        actor = turn.interrupt or turn.actor
        assert actor is not None
        return self.do(ConflictTask(by=self.by(actor), action=action, **kw), d20=d20, d6=d6)

    def resolve(
        self,
        spends: Spends | None = None,
        d20: tuple[int, ...] = (),
        d6: tuple[int, ...] = (),
        hold: bool = False,
    ) -> Applied:
        pending = self.conflict.pending
        assert pending is not None
        return self.do(
            ResolveTask(
                by=self.by(pending.actor),
                spends=spends or Spends(),
                hold_damage=hold,
                where="conflict",
            ),
            d20=d20,
            d6=d6,
        )

    def land(self, reroll: tuple[int, ...] = (), d6: tuple[int, ...] = ()) -> Applied:
        pending = self.conflict.pending
        assert pending is not None
        return self.do(
            ApplyDamage(by=self.by(pending.actor), reroll=reroll, where="conflict"), d6=d6
        )


def log(applied: Applied) -> str:
    """The Command's log as the GM reads it (every hidden span's words)."""
    return "\n".join(reveal(line) for line in applied.entry.log)


def form(state: Encounter, figure: str, key: str) -> dict[str, Any]:
    """The Conflict card entry's fields for ``figure``, by the Command field each fills."""
    from bridge.engine import entry_info

    return {p.name: p for p in entry_info(state, figure, key).params}


def offered(param: Any, **chosen: Any) -> list[Any]:
    """The values of ``param``'s choices that hold with the values ``chosen`` (a choice
    offered only with another field's value: ``only_with``)."""
    return [
        c.value
        for c in param.choices
        if all(chosen.get(field) in values for field, values in c.only_with.items())
    ]


def entry_command(
    state: Encounter, figure: str, key: str, by: str, **chosen: Any
) -> ConflictTask | ConflictMinor:
    """The entry's Command as its form starts (each field at its default or its first
    legal choice) with the values ``chosen``, as a window or a web page builds it."""
    from bridge.engine import entry_info, filled

    info = entry_info(state, figure, key)
    fields = {**filled(info), **chosen, "by": by}
    if info.kind == "minor":
        return ConflictMinor.model_validate(fields)
    return ConflictTask.model_validate(fields)
