"""The battle log as a Markdown recap for the session notes, Round by Round."""

from __future__ import annotations

from bridge.engine import Encounter, JournalEntry
from bridge.rules.hidden import reveal

__all__ = ["recap_markdown"]

_QUIET = ("start_turn", "end_turn")


def recap_markdown(initial: Encounter, journal: tuple[JournalEntry, ...], final: Encounter) -> str:
    """Who did what each Round, with the rolls, damage and breaches."""
    lines = [f"# {initial.name}", ""]
    sides = {"player": [], "npc": []}  # type: dict[str, list[str]]
    for sid, ship in initial.ships.items():
        sides[initial.sides[sid]].append(
            f"{ship.name} ({ship.ship_class or 'starship'}, Scale {ship.scale})"
        )
    lines.append(f"**Players:** {', '.join(sides['player'])}  ")
    lines.append(f"**Opposition:** {', '.join(sides['npc'])}")
    crew = [
        f"{c.name} ({', '.join(s.label for s in initial.stations_of(cid)) or 'unseated'})"
        for cid, c in initial.characters.items()
    ]
    if crew:
        lines.append(f"**Bridge crew:** {', '.join(crew)}")
    current = None
    for entry in journal:
        if entry.round != current:
            current = entry.round
            lines += ["", f"## Round {current}", ""]
        said = [reveal(line) for line in entry.log]  # (the GM's recap: every hidden word)
        if not said:
            continue
        if entry.command.type in _QUIET and len(said) == 1:
            lines.append(f"- *{said[0]}*")
            continue
        lines.append(f"- **{said[0]}**")
        lines.extend(f"  - {line.strip()}" for line in said[1:] if line.strip())
    lines += ["", "## Outcome", ""]
    lines.append(final.outcome or f"The battle stands at Round {final.turn.round}.")
    for ship in final.ships.values():
        hull = f"Shields {ship.shields_now}/{ship.shields_max}, {ship.total_breaches} breach(es)"
        state = (
            "destroyed" if ship.destroyed else ("withdrew" if ship.id in final.retreated else hull)
        )
        lines.append(f"- {ship.name}: {state}")
    lines.append(f"- Momentum {final.momentum.value}, Threat {final.threat.value}")
    return "\n".join(lines) + "\n"
