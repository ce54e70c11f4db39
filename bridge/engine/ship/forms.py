"""What a station card entry asks of the officer (or the NPC ship) using it: a Task's own
parameters with their legal choices now, how a player character rolls it, a Minor
Action's parameters, and the Momentum spends a success allows.

Each parameter is a field of the Command the entry takes (:class:`AttemptTask` or
:class:`MinorAction`), in the form types every card shares
(:mod:`bridge.engine.core.forms`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from pydantic import JsonValue

from bridge.engine.core.context import Ctx, MissingParameter
from bridge.engine.core.forms import Choice, ParamInfo, SpendInfo, purchase_params
from bridge.engine.core.needs import Need
from bridge.engine.ship.cards import rule_of
from bridge.engine.ship.cards.operations import NOTHING_TO_REPAIR
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.tasks import frame_for
from bridge.engine.state.cards import ActionDef, Station
from bridge.engine.state.encounter import DurationKind, Encounter
from bridge.rules.dice import GivenDice
from bridge.rules.errors import RuleViolation
from bridge.rules.focus_match import suggested_focus
from bridge.rules.stats import Attribute, CrewQuality, Department, System
from bridge.rules.text import LINE_MAX, TITLE_MAX
from bridge.rules.weapons import WeaponKind

__all__ = ["minor_params", "roll_params", "task_options", "task_spends"]


def _check_one(
    state: Encounter, actor: str, station: Station, action: str
) -> Callable[..., str | None]:
    """A function giving why the rules refuse one parameter's value on its own (None
    when they do not, or when only another missing parameter is missing)."""
    check = rule_of(action).check

    def refused(**value: object) -> str | None:
        if check is None:
            return None
        ctx = Ctx(state, GivenDice())
        command = AttemptTask(by=actor, action=action, station=station, **value)
        try:
            check(ctx, frame_for(ctx, actor, command), command)
        except MissingParameter:
            return None
        except RuleViolation as exc:
            return exc.reason
        return None

    return refused


def _zones_away(zone: str, distance: int) -> str:
    """A zone with how far it is: "Zone B (1 zone away)", "(here)"."""
    if distance == 0:
        return f"{zone} (here)"
    return f"{zone} ({distance} {'zone' if distance == 1 else 'zones'} away)"


_WEAPON_OPTIONS: dict[Need, ParamInfo] = {
    Need.SALVO: ParamInfo(
        name="salvo",
        label="Salvo (+1 die, Spread, 3 Threat)",
        kind="flag",
        default=False,
        help="Torpedoes only",
    ),
    Need.AREA: ParamInfo(
        name="array_mode",
        label="Arrays fire",
        kind="choice",
        default="spread",
        choices=(Choice(value="spread", label="Spread"), Choice(value="area", label="Area")),
        help="Energy weapon arrays only",
    ),
    Need.EXTRA_POWER: ParamInfo(
        name="extra_power",
        label="Extra Power",
        kind="number",
        minimum=0,
        maximum=5,
        default=0,
        help="Extra Power on an energy weapon: +1 damage each",
    ),
}
"""The options that go with some weapons only; the rule's ``offered`` says which."""


def _offered_with(
    state: Encounter, actor: str, station: Station, action: ActionDef, ship: str, need: Need
) -> dict[str, tuple[JsonValue, ...]]:
    """The weapons with which the rule offers ``need`` (none: the option is left out)."""
    rule = rule_of(action.key)
    offered = rule.offered.get(need)
    names = [w.name for w in state.ships[ship].weapons if w.kind is not WeaponKind.TRACTOR]
    by = "gm" if actor not in state.characters else actor
    if offered is not None:
        names = [
            n
            for n in names
            if offered(
                state, ship, AttemptTask(by=by, action=action.key, station=station, weapon=n)
            )
            is None
        ]
    return {"weapon": tuple(names)} if names else {}


def task_options(
    state: Encounter, actor: str, station: Station, action: ActionDef
) -> tuple[ParamInfo, ...]:
    """The Task's own parameters (what its rule needs) with their choices now."""
    npc = actor not in state.characters
    ship_id = actor if npc else state.player_ship
    ship = state.ships[ship_id]
    refused = _check_one(state, actor, station, action.key)
    out: list[ParamInfo] = []
    for need in rule_of(action.key).needs:
        if need is Need.ENEMY_SHIP:
            own = state.sides[ship_id]
            targets = state.active_ships("npc" if own == "player" else "player")
            out.append(
                ParamInfo(
                    name="target",
                    label="Target",
                    empty="No enemy ship is in the fight.",
                    kind="choice",
                    required=True,
                    choices=tuple(
                        Choice(
                            value=sid,
                            label=f"{state.ships[sid].name} "
                            f"({state.zones.range_between(ship_id, sid).label})",
                            reason=refused(target=sid),
                        )
                        for sid in targets
                    ),
                )
            )
        elif need is Need.ALLY:
            out.append(
                ParamInfo(
                    name="target",
                    label="Ally",
                    empty="No other officer is on the bridge.",
                    kind="choice",
                    required=True,
                    choices=tuple(
                        Choice(value=cid, label=state.characters[cid].name)
                        for cid in state.seated_characters()
                        if cid != actor
                    ),
                )
            )
        elif need is Need.WEAPON:
            scale, security = ship.scale, ship.departments.security
            out.append(
                ParamInfo(
                    name="weapon",
                    label="Weapon",
                    empty="The ship has no weapon to fire.",
                    kind="choice",
                    required=True,
                    choices=tuple(
                        Choice(value=w.name, label=w.describe(scale, security))
                        for w in ship.weapons
                        if w.kind is not WeaponKind.TRACTOR
                    ),
                )
            )
        elif need is Need.AIM:
            out.append(_AIM)
        elif need in (Need.SALVO, Need.AREA, Need.EXTRA_POWER):
            weapons = _offered_with(state, actor, station, action, ship_id, need)
            if weapons:
                out.append(_WEAPON_OPTIONS[need].model_copy(update={"only_with": weapons}))
        elif need is Need.REPAIR:
            out.append(
                ParamInfo(
                    name="system",
                    label="Repair",
                    empty=NOTHING_TO_REPAIR,
                    kind="choice",
                    required=True,
                    choices=tuple(
                        Choice(
                            value=s.value,
                            label=f"{s.label}: {ship.system_state(s).label}",
                            reason=refused(system=s),
                        )
                        for s in System
                    ),
                )
            )
        elif need is Need.DESTINATION:
            zones = state.zones
            here = zones.positions[ship_id]
            out.append(
                ParamInfo(
                    name="zone",
                    label="Destination",
                    empty="No zone is within reach.",
                    kind="choice",
                    required=True,
                    choices=tuple(
                        Choice(
                            value=z,
                            label=_zones_away(z, zones.distance(here, z)),
                            reason=refused(zone=z),
                        )
                        for z in zones.zones
                        if z != here
                    ),
                )
            )
        elif need is Need.SWEEP_ZONE:
            out.append(
                ParamInfo(
                    name="zone",
                    label="Phenomena in",
                    kind="choice",
                    choices=(
                        Choice(value=None, label="Anywhere"),
                        *(Choice(value=z, label=z) for z in state.zones.zones),
                    ),
                    help="Where the phenomena are: near a launched probe it is -2",
                )
            )
        elif need is Need.DIFFICULTY:
            out.append(
                ParamInfo(
                    name="difficulty_choice",
                    label="Difficulty",
                    kind="number",
                    required=True,
                    minimum=1,
                    maximum=3,
                    default=1,
                    help="The player chooses 1-3: a higher Difficulty jams harder",
                )
            )
        elif need is Need.READIED:
            out.append(
                ParamInfo(
                    name="readied",
                    label="Readied Task",
                    kind="choice",
                    required=True,
                    choices=tuple(
                        Choice(value=a.key, label=a.name)
                        for a in CATALOG.values()
                        if a.kind == "task" and a.rolled
                    ),
                )
            )
        elif need in (Need.NOTE, Need.TRIGGER):
            if not any(p.name == "note" for p in out):  # one note, even if needed twice
                out.append(
                    ParamInfo(
                        name="note",
                        label="Note",
                        kind="text",
                        max_length=LINE_MAX,
                        default="",
                        help="trigger" if need is Need.TRIGGER else "what, where, who",
                    )
                )
        elif need is Need.ASSIST_ROLL:
            out += _ASSIST_ROLL
        elif need is Need.OPPOSITION:
            out += _OPPOSITION
    charted = [d for d in state.durations_of(DurationKind.CHARTED_HAZARD, ship_id) if action.rolled]
    if charted:
        out.append(
            ParamInfo(
                name="avoid_hazard",
                label="Avoids the charted hazard (-2 Difficulty)",
                kind="flag",
                default=False,
                help="Chart Hazard: " + "; ".join(d.note for d in charted),
            )
        )
    return tuple(out)


_AIM = ParamInfo(
    name="system",
    label="Aim at",
    kind="choice",
    choices=(
        Choice(value=None, label="Random (d20)"),
        *(Choice(value=s.value, label=f"{s.label} (+1 Difficulty)") for s in System),
    ),
)


_ASSIST_ROLL = (
    # An assisting character picks any Attribute and Discipline (seed 001).
    ParamInfo(
        name="attribute",
        label="Assist with",
        kind="choice",
        default=Attribute.CONTROL.value,
        choices=tuple(Choice(value=a.value, label=a.label) for a in Attribute),
    ),
    ParamInfo(
        name="discipline",
        label="Discipline",
        kind="choice",
        default=Department.COMMAND.value,
        choices=tuple(Choice(value=d.value, label=d.label) for d in Department),
    ),
    ParamInfo(name="focus", label="Focus applies", kind="flag", default=False),
)


_OPPOSITION = (
    ParamInfo(
        name="opposition",
        label="Opposed by",
        kind="choice",
        default=CrewQuality.PROFICIENT.value,
        choices=tuple(Choice(value=q.value, label=f"{q.label} intruders") for q in CrewQuality),
        help="The intruders roll too (seed 003 Opposed Tasks)",
    ),
    ParamInfo(
        name="opposition_difficulty",
        label="Their Difficulty",
        kind="number",
        minimum=0,
        maximum=5,
        default=1,
    ),
)
"""(Parameters that do not change with the battle, made once.)"""


def roll_params(
    state: Encounter, actor: str, station: Station, action: ActionDef
) -> tuple[ParamInfo, ...]:
    """How a player character rolls the Task: Attribute, Discipline, the ship's assist,
    then as every card's Task (the Focus, dice bought, the Value cited for Determination:
    :func:`~bridge.engine.core.forms.purchase_params`), and Override when the Task is on a
    card the character does not sit at. (Nothing for an unrolled Task.)"""
    character = state.characters.get(actor)
    if character is None or not action.rolled:
        return ()
    suited = suggested_focus(character.focuses, action.name)
    out = [
        ParamInfo(
            name="attribute",
            label="Attribute",
            kind="choice",
            group="roll",
            default=action.attributes[0].value if action.attributes else None,
            choices=tuple(Choice(value=a.value, label=a.label) for a in action.attributes),
        ),
        ParamInfo(
            name="discipline",
            label="Discipline",
            kind="choice",
            group="roll",
            default=action.disciplines[0].value if action.disciplines else None,
            choices=tuple(Choice(value=d.value, label=d.label) for d in action.disciplines),
        ),
    ]
    if action.assist is not None:
        out.append(
            ParamInfo(
                name="ship_assist",
                label=f"Ship assists ({action.assist_text})",
                kind="flag",
                group="roll",
                default=True,
            )
        )
    values = [v.text for v in character.values if not v.challenged]
    determination = character.determination.value > 0 and values
    out += purchase_params(
        focuses=character.focuses,
        suggested=suited,  # a Focus the Task's name names: a starting choice
        values=values,
        determination=None
        if determination
        else f"{character.name} has no Determination or no Value to cite.",
        npc=False,
    )
    if station not in state.stations_of(actor):
        out.append(
            ParamInfo(
                name="override",
                label="Override (+1 Difficulty)",
                kind="flag",
                group="roll",
                required=True,
                default=True,
                help=f"{character.name} does not sit at {station.label}",
            )
        )
    return tuple(out)


def minor_params(state: Encounter, actor: str, action: ActionDef) -> tuple[ParamInfo, ...]:
    """What a Minor Action asks for: the system to Restore, the station to move to."""
    if action.key == "restore":
        ship = state.ships[state.player_ship]
        return (
            ParamInfo(
                name="system",
                label="Restore",
                empty="No system has an Impact to clear.",
                kind="choice",
                required=True,
                choices=tuple(
                    Choice(
                        value=s.value,
                        label=s.label,
                        reason=None if ship.damage[s].impact else f"{s.label} has no Impact.",
                    )
                    for s in System
                ),
            ),
        )
    if action.key == "change_position":
        here = state.stations_of(actor)
        return (
            ParamInfo(
                name="station",
                label="Move to",
                kind="choice",
                required=True,
                choices=tuple(
                    Choice(
                        value=s.value,
                        label=s.label,
                        reason=f"Already at {s.label}." if s in here else None,
                    )
                    for s in Station
                ),
            ),
        )
    if action.key == "interact":
        return (ParamInfo(name="note", label="With", kind="text", max_length=LINE_MAX, default=""),)
    return ()


def task_spends(action: ActionDef) -> tuple[SpendInfo, ...]:
    """The spends a success of ``action`` allows (seed 001 card backs; the engine's
    :func:`~bridge.engine.ship.effects.spend_cost` prices them)."""
    return _spends(action.key)


@cache
def _spends(key: str) -> tuple[SpendInfo, ...]:
    action = CATALOG[key]
    out: list[SpendInfo] = []
    if not action.rolled:
        return ()
    if action.momentum_cost:
        out.append(
            SpendInfo(
                name="extra",
                label=action.momentum,
                kind="number",
                cost=action.momentum_cost,
                maximum=12,
            )
        )
    if rule_of(action.key).attack:
        out += [
            SpendInfo(name="bonus_damage", label="Bonus Damage", kind="number", cost=1, maximum=12),
            SpendInfo(
                name="penetration",
                label="Penetration (ignore 2)",
                kind="number",
                cost=1,
                maximum=12,
            ),
            SpendInfo(name="devastating", label="Devastating Attack", kind="flag", cost=2),
            SpendInfo(name="power_loss", label="Power Loss", kind="number", cost=1, maximum=12),
            SpendInfo(
                name="reroll_damage", label="Re-Roll Damage (the blank dice)", kind="flag", cost=1
            ),
        ]
    out += [
        SpendInfo(
            name="obtain_information", label="Obtain Information", kind="number", cost=1, maximum=12
        ),
        SpendInfo(
            name="create_advantage",
            label="Create Advantage (its name)",
            kind="text",
            cost=2,
            max_length=TITLE_MAX,
        ),
    ]
    return tuple(out)
