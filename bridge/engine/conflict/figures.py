"""Questions about the figures of a personal conflict: their statistics (an officer's from
the crew, an NPC's from its stat block), who stands within Reach of whom, ranges, who may
still act, and who issues a figure's Commands."""

from __future__ import annotations

from dataclasses import dataclass

from bridge.engine.state.conflict import Conflict, Figure
from bridge.engine.state.encounter import Encounter
from bridge.engine.state.turn import Side
from bridge.model.character import Attributes, Character, Disciplines
from bridge.model.npc import Npc
from bridge.rules.hidden import GM_ONLY, secret
from bridge.rules.npc_abilities import NpcAbilityKind
from bridge.rules.personal_gear import UNARMED, PersonalWeapon
from bridge.rules.stats import Attribute, Department
from bridge.rules.task import Roller
from bridge.rules.weapons import Range

__all__ = [
    "REACH",
    "FigureStats",
    "can_act",
    "enemies_of",
    "figure_range",
    "hidden_from_players",
    "in_reach",
    "issuer",
    "reach_of",
    "stats",
    "waiting_figures",
    "weapon_of",
]


@dataclass(frozen=True)
class FigureStats:
    """What the rules read of a figure: its statistics, wherever they are kept."""

    name: str
    attributes: Attributes
    disciplines: Disciplines
    focuses: tuple[str, ...]
    armour: int
    resistance: int
    stress_max: int
    may_avoid_injury: bool
    npc: Npc | None
    character: Character | None

    def roller(self, attribute: Attribute, discipline: Department, focus: bool) -> Roller:
        return Roller.of(self.attributes[attribute], self.disciplines[discipline], focus)

    def automatic(self, attribute: Attribute) -> int:
        """Extraordinary Attribute X: automatic successes on Tasks using ``attribute``."""
        return self.npc.automatic_successes(attribute) if self.npc is not None else 0

    def has(self, kind: NpcAbilityKind) -> bool:
        return self.npc is not None and self.npc.has(kind)

    def rating(self, kind: NpcAbilityKind) -> int:
        return self.npc.rating(kind) if self.npc is not None else 0


def stats(state: Encounter, figure: Figure) -> FigureStats:
    """The figure's statistics: an officer's from the crew, an NPC's from its block."""
    if figure.npc is not None:
        npc = figure.npc
        return FigureStats(
            name=figure.name,
            attributes=npc.attributes,
            disciplines=npc.disciplines,
            focuses=npc.focuses,
            armour=npc.armour,
            resistance=npc.resistance,
            stress_max=npc.stress_max,
            may_avoid_injury=npc.may_avoid_injury,
            npc=npc,
            character=None,
        )
    character = state.characters[str(figure.character)]
    return FigureStats(
        name=figure.name,
        attributes=character.attributes,
        disciplines=character.disciplines,
        focuses=character.focuses,
        armour=character.armour,
        resistance=character.armour,
        stress_max=character.stress_max,
        may_avoid_injury=True,
        npc=None,
        character=character,
    )


REACH = "Reach"
"""RULES-NOTES [default]: Reach is touching distance within a zone; Close the same zone;
Medium the next; Long two zones; Extreme beyond."""
_RANGE_LABELS = {Range.CLOSE: "Close", Range.MEDIUM: "Medium", Range.LONG: "Long"}


def in_reach(conflict: Conflict, a: str, b: str) -> bool:
    """Whether figures ``a`` and ``b`` stand within Reach of each other."""
    if a == b:
        return False
    fa, fb = conflict.figures[a], conflict.figures[b]
    return bool(fa.huddle) and fa.huddle == fb.huddle and conflict.zone_of(a) == conflict.zone_of(b)


def reach_of(conflict: Conflict, figure: str, *, active: bool = True) -> tuple[str, ...]:
    """The figures within Reach of ``figure`` (only those still in the fight if ``active``)."""
    return tuple(
        fid
        for fid, f in conflict.figures.items()
        if in_reach(conflict, figure, fid) and not (active and f.out)
    )


def enemies_of(conflict: Conflict, figure: str) -> tuple[str, ...]:
    """The other side's figures still in the fight."""
    side = conflict.figures[figure].side
    return tuple(fid for fid, f in conflict.figures.items() if f.side != side and not f.out)


def figure_range(conflict: Conflict, a: str, b: str) -> tuple[int, str]:
    """The zones between two figures and the range's name (Reach, Close, Medium, Long,
    Extreme)."""
    distance = conflict.zones.distance(conflict.zone_of(a), conflict.zone_of(b))
    if distance == 0:
        return 0, REACH if in_reach(conflict, a, b) else "Close"
    return distance, _RANGE_LABELS.get(Range(min(distance, 3)), "Extreme")


def weapon_of(figure: Figure, name: str | None) -> PersonalWeapon | None:
    """A weapon the figure can attack with: one it carries, or its bare hands."""
    if name == UNARMED.name:
        return UNARMED
    return figure.weapon(name)


def can_act(state: Encounter, figure: Figure) -> bool:
    """Whether the figure may still take Turns: in the fight, or Injured with Fast Recovery
    and the 2 Threat it would spend to shake the Injury off (seed 003)."""
    if figure.withdrawn or figure.dead:
        return False
    if not figure.incapacitated:
        return True
    npc = figure.npc
    return (
        npc is not None
        and npc.has(NpcAbilityKind.FAST_RECOVERY)
        and figure.own_threat + state.threat.value >= 2
    )


def waiting_figures(state: Encounter, side: Side) -> tuple[str, ...]:
    """The figures of ``side`` that have not taken their Turn this Round and still can."""
    conflict = state.conflict
    if conflict is None or conflict.ended:
        return ()
    return tuple(
        fid
        for fid, f in conflict.figures.items()
        if f.side == side and fid not in conflict.turn.acted and can_act(state, f)
    )


def issuer(figure: Figure) -> str:
    """Who issues the figure's Commands: its officer's player, or the GM."""
    return figure.character or "gm"


def hidden_from_players(state: Encounter, fig: Figure) -> bool:
    """[house rule] Whether the players may not see this figure's Stress and abilities (an
    NPC the GM has not revealed)."""
    return fig.npc is not None and not fig.revealed and state.house_rules.npc_hidden_until_revealed


def for_crew(state: Encounter, fig: Figure, hidden: str, shown: str = "") -> str:
    """``hidden`` as the log writes it about ``fig``: while it is an NPC the GM has not
    revealed, a span the GM reads and a crew seat reads as ``shown`` (its numbers, its
    abilities' names are the GM's; what the crew sees happen is said in ``shown``)."""
    return secret(GM_ONLY, hidden, shown) if hidden_from_players(state, fig) else hidden
