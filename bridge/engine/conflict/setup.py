"""The GM's Commands of a personal conflict: start it (the map, the officers there, the
NPCs), end it and return to the ship, bring figures in and out, move them, set a zone's
Cover and darkness, reveal an NPC, and the word on the next Task."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from pydantic import ValidationError

from bridge.engine.conflict.commands import (
    AddFigure,
    EndConflict,
    MoveFigure,
    NpcPlacement,
    OfficerPlacement,
    RevealFigure,
    SetZoneTerrain,
    StartConflict,
    WithdrawFigure,
)
from bridge.engine.conflict.figures import for_crew
from bridge.engine.conflict.ops import conflict, figure, place, set_conflict
from bridge.engine.conflict.turns import begin_round, check_outcome, scene_end_for_figures
from bridge.engine.core.context import Ctx, refuse
from bridge.engine.state.cards import Station
from bridge.engine.state.conflict import Conflict, Figure
from bridge.engine.state.zones import ZoneMap
from bridge.model.validation import describe_validation_error
from bridge.rules.npc_abilities import NpcAbilityKind

__all__ = [
    "add_figure",
    "end_conflict",
    "move_figure",
    "reveal_figure",
    "start_conflict",
    "withdraw_figure",
    "zone_terrain",
]


def _officer(ctx: Ctx, placement: OfficerPlacement, drawn: bool) -> Figure:
    character = ctx.character(placement.character)
    return Figure(
        id=character.id,
        name=character.name,
        side="player",
        character=character.id,
        stress=character.stress_max,
        weapons=character.weapons,
        wielding=character.weapons[0].name if drawn and character.weapons else None,
    )


def _npcs(ctx: Ctx, placement: NpcPlacement, drawn: bool, taken: set[str]) -> list[Figure]:
    """The figures of one NPC placement, numbered when there are several."""
    npc = placement.npc
    out = []
    for n in range(1, placement.count + 1):
        fid, k = npc.id if placement.count == 1 else f"{npc.id}-{n}", 2
        base = fid
        while fid in taken:
            fid, k = f"{base}-{k}", k + 1
        taken.add(fid)
        name = npc.name if placement.count == 1 else f"{npc.name} {n}"
        out.append(_npc_figure(npc_id=fid, name=name, placement=placement, drawn=drawn))
    return out


def _reinforcements(
    placement: NpcPlacement, drawn: bool, present: Mapping[str, Figure]
) -> list[Figure]:
    """NPCs joining a running fight: numbered on from the figures of their template
    already there ("Klingon Bekk 4" after three), so no two figures share a name; the
    first of a template not yet there is numbered only when several come at once. (A
    fight's start keeps :func:`_npcs`' numbering: saved battles replay to the same ids.)"""
    npc = placement.npc
    before = sum(1 for f in present.values() if f.npc is not None and f.npc.id == npc.id)
    if before == 0 and placement.count == 1 and npc.id not in present:
        return [_npc_figure(npc.id, npc.name, placement, drawn)]
    names = {f.name for f in present.values()}
    out: list[Figure] = []
    k = before
    while len(out) < placement.count:
        k += 1
        fid, name = f"{npc.id}-{k}", f"{npc.name} {k}"
        if fid not in present and name not in names:
            out.append(_npc_figure(fid, name, placement, drawn))
    return out


def _npc_figure(npc_id: str, name: str, placement: NpcPlacement, drawn: bool) -> Figure:
    npc = placement.npc
    return Figure(
        id=npc_id,
        name=name[:80],
        side=placement.side,
        npc=npc,
        stress=npc.stress_max,
        weapons=npc.weapons,
        wielding=npc.weapons[0].name if drawn and npc.weapons else None,
        own_threat=npc.rating(NpcAbilityKind.THREATENING),
    )


def _menacing(ctx: Ctx, figures: list[Figure]) -> None:
    """Seed 003 MENACING: "When a creature with this rule enters a scene, immediately add
    a point to the Threat pool"."""
    for fig in figures:
        if fig.npc is not None and fig.npc.has(NpcAbilityKind.MENACING):
            why = for_crew(ctx.state, fig, f"{fig.name} is Menacing", f"{fig.name} arrives")
            ctx.add_threat(1, why)


def _conflict_of(ctx: Ctx, data: Mapping[str, object]) -> Conflict:
    try:
        return Conflict.model_validate(data)
    except ValidationError as exc:
        refuse(f"The personal conflict cannot be set up so: {describe_validation_error(exc)}")


def start_conflict(ctx: Ctx, cmd: StartConflict, end_scene: Callable[[Ctx], None]) -> None:
    """The GM begins a personal conflict in this battle (RULES-NOTES "Personal conflict");
    as a scene of its own, the battle's scene ends first (``end_scene``)."""
    if ctx.state.conflict is not None:
        refuse("A personal conflict is already running: end it first.")
    if cmd.own_scene:
        end_scene(ctx)
    taken: set[str] = set()
    figures: list[Figure] = []
    positions: dict[str, str] = {}
    huddles: dict[str, int] = {}
    for officer in cmd.officers:
        if officer.character in taken:
            refuse(f"{ctx.character(officer.character).name} is placed twice.")
        fig = _officer(ctx, officer, cmd.drawn)
        taken.add(fig.id)
        figures.append(fig)
        positions[fig.id] = officer.zone
        huddles[fig.id] = officer.huddle
    npc_leader = None
    for group in cmd.npcs:
        made = _npcs(ctx, group, cmd.drawn, taken)
        for fig in made:
            positions[fig.id] = group.zone
            huddles[fig.id] = group.huddle
        if group.leader and npc_leader is None and made:
            npc_leader = made[0].id
        figures.extend(made)
    leader = cmd.leader
    if leader is None:
        command = [c for c in ctx.state.crew_at(Station.COMMAND) if c in positions]
        officers = [f.id for f in figures if f.character is not None]
        leader = command[0] if command else (officers[0] if officers else None)
    elif leader not in positions:
        refuse(f"{leader} is not in the personal conflict: the leader must be there.")
    zones = ZoneMap(zones=cmd.zones.zones, links=cmd.zones.links, positions={})
    data = {
        "name": cmd.name,
        "zones": {**zones.model_dump(), "positions": positions},
        "cover": {z: n for z, n in cmd.cover.items() if n},
        "darkness": {z: n for z, n in cmd.darkness.items() if n},
        "figures": {
            f.id: f.model_copy(update={"huddle": huddles[f.id]}).model_dump() for f in figures
        },
        "leader": leader,
        "npc_leader": npc_leader,
        "pause_ship": cmd.pause_ship,
        "own_scene": cmd.own_scene,
    }
    ctx.set(conflict=_conflict_of(ctx, data))
    where = "a scene of its own" if cmd.own_scene else "this battle"
    paused = "the ship battle waits" if cmd.pause_ship else "the ship battle goes on beside it"
    ctx.say(f"A personal conflict begins in {where}: {cmd.name}; {paused}.")
    for fig in figures:
        ctx.say(
            f"{fig.name} ({'the away team' if fig.side == 'player' else 'NPC'}) in "
            f"{positions[fig.id]}."
        )
    _menacing(ctx, figures)
    begin_round(ctx, 1)


def end_conflict(ctx: Ctx, cmd: EndConflict, end_scene: Callable[[Ctx], None]) -> None:
    """The GM ends the personal conflict and the battle returns to the ship: its scene
    ends (the lethally Injured who were not stabilised die; RULES-NOTES), and as a scene
    of its own the battle's scene too (``end_scene``)."""
    now = conflict(ctx)
    if now.pending is not None and not now.ended:
        refuse("Resolve the rolled Task in the personal conflict first.")
    scene_end_for_figures(ctx)
    ctx.say(f"The personal conflict ends{': ' + now.outcome if now.outcome else ''}.")
    ctx.set(conflict=None)
    if now.own_scene:
        end_scene(ctx)
    else:
        ctx.say("Back to the ship.")


def add_figure(ctx: Ctx, cmd: AddFigure) -> None:
    now = conflict(ctx)
    added: list[tuple[Figure, str, int]] = []
    if cmd.officer is not None:
        if now.figure_of(cmd.officer.character) is not None:
            refuse(f"{ctx.character(cmd.officer.character).name} is already in the fight.")
        fig = _officer(ctx, cmd.officer, cmd.drawn)
        if fig.id in now.figures:
            refuse(f"There is already a figure '{fig.id}'.")
        added.append((fig, cmd.officer.zone, cmd.officer.huddle))
    if cmd.npcs is not None:
        present = {**now.figures, **{f.id: f for f, _z, _h in added}}
        for fig in _reinforcements(cmd.npcs, cmd.drawn, present):
            added.append((fig, cmd.npcs.zone, cmd.npcs.huddle))
    if not added:
        refuse("Name an officer or NPCs to bring in.")
    data = now.model_dump()
    for fig, zone, huddle in added:
        data["figures"][fig.id] = fig.model_copy(update={"huddle": huddle}).model_dump()
        data["zones"]["positions"][fig.id] = zone
    reopened = now.outcome is not None
    data["outcome"] = None
    ctx.set(conflict=_conflict_of(ctx, data))
    if reopened:
        ctx.say("The personal conflict goes on: new figures join it.")
    for fig, zone, _ in added:
        ctx.say(f"{fig.name} joins the personal conflict in {zone}.")
    _menacing(ctx, [f for f, _, _ in added])
    check_outcome(ctx)


def withdraw_figure(ctx: Ctx, cmd: WithdrawFigure) -> None:
    """The figure leaves the fight (the gate has judged when it may: conflict_gate)."""
    now = conflict(ctx)
    fig = figure(ctx, cmd.figure)
    set_conflict(ctx, figures={**now.figures, fig.id: fig.model_copy(update={"withdrawn": True})})
    ctx.say(f"{fig.name} leaves the fight.")
    check_outcome(ctx)


def move_figure(ctx: Ctx, cmd: MoveFigure) -> None:
    """The GM moves a figure on the map (as ships are moved)."""
    fig = figure(ctx, cmd.figure)
    place(ctx, fig.id, cmd.zone, cmd.beside)
    beside = f", within Reach of {figure(ctx, cmd.beside).name}" if cmd.beside else ""
    ctx.say(f"GM moves {fig.name} to {cmd.zone}{beside}.")


def zone_terrain(ctx: Ctx, cmd: SetZoneTerrain) -> None:
    """RULES-NOTES: "the GM sets how many [Cover dice] a zone's cover gives, 1-4"."""
    now = conflict(ctx)
    if cmd.zone not in now.zones.zones:
        refuse(f"There is no zone '{cmd.zone}' on the map.")
    cover = {z: n for z, n in now.cover.items() if z != cmd.zone}
    dark = {z: n for z, n in now.darkness.items() if z != cmd.zone}
    if cmd.cover:
        cover[cmd.zone] = cmd.cover
    if cmd.darkness:
        dark[cmd.zone] = cmd.darkness
    set_conflict(ctx, cover=cover, darkness=dark)
    ctx.say(f"GM: {cmd.zone} gives {cmd.cover} Cover dice, darkness +{cmd.darkness}.")


def reveal_figure(ctx: Ctx, cmd: RevealFigure) -> None:
    """[house rule] An NPC's Stress and abilities are the GM's until revealed."""
    fig = figure(ctx, cmd.figure)
    if fig.npc is None:
        refuse(f"{fig.name} is an officer of the crew: the players see them already.")
    set_conflict(
        ctx,
        figures={
            **conflict(ctx).figures,
            fig.id: fig.model_copy(update={"revealed": cmd.revealed}),
        },
    )
    if cmd.revealed:
        abilities = ", ".join(a.describe() for a in fig.npc.abilities) or "no special abilities"
        ctx.say(f"GM reveals {fig.name}: Stress {fig.stress} of {fig.npc.stress_max}; {abilities}.")
    else:
        ctx.say(f"GM hides {fig.name}'s Stress and abilities again.")
