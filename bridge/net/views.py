"""What a seat may see: the battle redacted for the players, the log, the legal actions.

Players never receive an NPC ship's statistics before it is scanned (the ship goes out
as a silhouette: what the contact list shows, without systems, departments, weapons,
talents, crew, Power or Resistance), nor an unrevealed NPC figure's Stress, statistics and
abilities in a personal conflict (a house rule), nor what only the GM reads (the lines of
the GM's edits and private dice-tray rolls, and log lines marked for the GM).
"""

from __future__ import annotations

from bridge.engine import (
    CATALOG,
    GM_LINE,
    AttemptTask,
    Encounter,
    EndTurn,
    JournalEntry,
    MinorAction,
    Session,
    StartTurn,
    Station,
    redact_conflict,
    why_not,
)
from bridge.model.ship import Ship
from bridge.net.protocol import Availability, LogEntry

__all__ = ["availability", "log_entry", "player_view", "silhouette"]

_PUBLIC_GM_COMMANDS = frozenset(
    {
        "end_round",
        "end_scene",
        "adjust_pool",
        "npc_first",
        "withdraw",
        "move_ship",
        "add_trait",
        "remove_trait",
        "adjust_difficulty",
        "trigger_ready",
    }
)
"""GM Commands whose log lines the players read (they describe what the table sees)."""
GM_EDIT = "The GM edited the battle."


def silhouette(ship: Ship) -> Ship:
    """An unscanned ship as the players' sensors show it.

    What a station's contact list shows of any ship stays (name, class, Scale, shields,
    breaches and the systems' status); its statistics (systems, departments, weapons,
    talents, crew, Power, Resistance) are left at their defaults.
    """
    return Ship(
        id=ship.id,
        name=ship.name,
        ship_class=ship.ship_class,
        scale=ship.scale,
        small_craft=ship.small_craft,
        shields_max_override=ship.shields_max,
        shields=ship.shields,
        shields_up=ship.shields_up,
        damage=ship.damage,
        destroyed=ship.destroyed,
        out_of_turns=ship.out_of_turns,
    )


def player_view(state: Encounter, memo: dict[str, tuple[Ship, Ship]] | None = None) -> Encounter:
    """The battle as every player seat receives it.

    With ``memo`` (kept by the caller from one call to the next), an unchanged ship keeps
    the very same silhouette, so what changed can be told by identity.
    """
    hidden: dict[str, Ship] = {}
    for sid, ship in state.ships.items():
        if state.sides[sid] != "npc" or sid in state.scanned:
            continue
        known = memo.get(sid) if memo is not None else None
        if known is not None and known[0] is ship:
            hidden[sid] = known[1]
        else:
            hidden[sid] = silhouette(ship)
            if memo is not None:
                memo[sid] = (ship, hidden[sid])
    conflict = redact_conflict(state)
    update: dict[str, object] = {}
    if hidden:
        update["ships"] = {**state.ships, **hidden}
    if conflict is not state.conflict:
        update["conflict"] = conflict
    return state.model_copy(update=update) if update else state


def log_entry(entry: JournalEntry, *, gm: bool = False) -> LogEntry:
    """A journal entry as a seat reads it (the GM reads everything)."""
    command = entry.command
    private = command.by == "gm" and (
        (command.gm_only and command.type not in _PUBLIC_GM_COMMANDS) or command.type == "tray_roll"
    )
    lines = entry.log if gm or not private else (GM_EDIT,)
    if not gm:
        lines = tuple(line for line in lines if not line.startswith(GM_LINE))
    return LogEntry(round=entry.round, by=command.by, action=command.type, lines=lines)


def availability(session: Session, character: str | None) -> Availability:
    """Legal actions with their reasons for ``character`` (``None``: a watching seat).

    The answers are the engine's gate (:func:`bridge.engine.why_not`) on the host's full
    battle, so a thin client shows exactly what the host would accept.
    """
    if character is None or character not in session.state.characters:
        return Availability(character=None, turn="This seat only watches.")
    state = session.state
    actions: dict[str, str | None] = {}
    for station in state.stations_of(character) or tuple(Station):
        for action in CATALOG.values():
            if station in action.stations:
                command = (
                    MinorAction(by=character, action=action.key)
                    if action.kind == "minor"
                    else AttemptTask(by=character, action=action.key, station=station)
                )
                actions[f"{station.value}/{action.key}"] = why_not(state, command)
    end_turn = why_not(state, EndTurn(by=character))
    return Availability(
        character=character,
        turn=end_turn,
        start_turn=why_not(state, StartTurn(by=character, actor=character)),
        end_turn=end_turn,
        actions=actions,
    )
