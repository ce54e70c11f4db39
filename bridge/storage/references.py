"""References inside a saved battle: every id a state names must exist in it.

Pydantic checks each field's type; this checks what one field says about another (a
pending Task names a catalog Task, a duration names a ship in the battle...), so a file
that names something unknown is refused when it is opened, not at the next Command.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bridge.engine import CATALOG, CONFLICT_CARD, Encounter, figure_stats

if TYPE_CHECKING:
    from bridge.storage.formats import EncounterFile

__all__ = ["check_references", "encounter_problem"]


def _unknown(field: str, names: Iterable[str | None], known: Iterable[str]) -> str | None:
    pool = set(known)
    for name in names:
        if name is not None and name not in pool:
            shown = name if len(name) <= 40 else name[:39] + "…"
            return f"{field}: names '{shown}', which is not in this battle"
    return None


def encounter_problem(state: Encounter, where: str) -> str | None:
    """The first reference in ``state`` to something that does not exist, or ``None``."""
    ships = set(state.ships)
    actors = ships | set(state.characters)
    turn = state.turn
    checks: list[tuple[str, Iterable[str | None], Iterable[str]]] = [
        ("turn.actor", [turn.actor], actors),
        ("turn.actor_ship", [turn.actor_ship], ships),
        ("turn.npc_turns_left", turn.npc_turns_left, ships),
        ("turn.npc_turns_allowed", turn.npc_turns_allowed, ships),
        ("turn.npc_roles_used", turn.npc_roles_used, ships),
        ("turn.shields_toggled", turn.shields_toggled, ships),
        ("turn.interrupt", [turn.interrupt], actors),
        ("turn.directed_by", [turn.directed_by], actors),
        ("pending_seats", state.pending_seats, state.characters),
        ("retreated", state.retreated, ships),
        ("scanned", state.scanned, ships),
        ("zones.positions", state.zones.positions, ships),
        ("durations.ship", [d.ship for d in state.durations], ships),
        ("traits.ship", [t.ship for t in state.traits], ships),
        ("assists.assister", [a.assister for a in state.assists], actors),
        ("assists.target", [a.target for a in state.assists], actors),
    ]
    contact = next((sid for sid, ship in state.ships.items() if ship.contact), None)
    if contact is not None:
        return (
            f"{where}.ships.{contact}.contact: a sensor contact is how a player's screen "
            "shows an unscanned ship, never a ship in a battle file"
        )
    for part, rolled in (("pending", state.pending), ("last_roll", state.last_roll)):
        if rolled is not None:
            checks += [
                (f"{part}.action", [rolled.action], CATALOG),
                (f"{part}.actor", [rolled.actor], actors),
                (f"{part}.ship", [rolled.ship], ships),
            ]
    conflict = state.conflict
    if conflict is not None:
        figures = conflict.figures
        checks += [
            ("conflict.turn.acted", conflict.turn.acted, figures),
            ("conflict.assists.assister", [a.assister for a in conflict.assists], figures),
            ("conflict.assists.target", [a.target for a in conflict.assists], figures),
            ("conflict.decisions.figure", [d.figure for d in conflict.decisions], figures),
            (
                "conflict.decisions.options",
                [o for d in conflict.decisions for o in d.options],
                figures,
            ),
        ]
        tasks = {k for k, a in CONFLICT_CARD.items() if a.kind == "task"}
        minors = {k for k, a in CONFLICT_CARD.items() if a.kind == "minor"}
        checks += [
            ("conflict.figures.readied", [f.readied for f in figures.values()], tasks),
            ("conflict.turn.minors_used", conflict.turn.minors_used, minors),
            ("conflict.turn.tasks_used", conflict.turn.tasks_used, tasks),
        ]
        pending = conflict.pending
        if pending is not None:
            params = pending.params
            checks += [
                ("conflict.pending.action", [pending.action], tasks),
                ("conflict.pending.params.target", [params.target], figures),
                ("conflict.pending.params.beside", [params.beside], figures),
                ("conflict.pending.params.also", params.also, figures),
                ("conflict.pending.params.zone", [params.zone], conflict.zones.zones),
            ]
            spends = pending.damage.spends if pending.damage is not None else None
            if spends is not None:
                checks.append(
                    (
                        "conflict.pending.damage.spends.secondary_target",
                        [spends.secondary_target],
                        figures,
                    )
                )
    for field, names, known in checks:
        problem = _unknown(f"{where}.{field}", names, known)
        if problem:
            return problem
    return _figure_problem(state, where) if conflict is not None else None


def _figure_problem(state: Encounter, where: str) -> str | None:
    """A figure the fight cannot hold: its weapon in hand not carried, or its Stress above
    its maximum."""
    assert state.conflict is not None
    for fid, fig in state.conflict.figures.items():
        field = f"{where}.conflict.figures.{fid}"
        if fig.wielding is not None and fig.weapon(fig.wielding) is None:
            return f"{field}.wielding: '{fig.wielding[:40]}' is not one of its weapons"
        most = figure_stats(state, fig).stress_max
        if fig.stress > most:
            return f"{field}.stress: {fig.stress} is above its maximum of {most}"
    return None


def check_references(doc: EncounterFile) -> str | None:
    """The first broken reference in a battle file's start or current state."""
    return encounter_problem(doc.initial, "initial") or encounter_problem(doc.state, "state")
