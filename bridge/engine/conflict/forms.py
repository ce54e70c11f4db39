"""What a Conflict card entry asks of the figure using it, in the form types every card
shares (:mod:`bridge.engine.core.forms`): each need of its rule as a field of its Command
with the legal choices now, how the figure rolls it (a Focus, dice bought, the
Determination die), and the spends a success allows.

A choice that holds only with another field's value says so (``only_with``: a figure to
stand beside, in the zone chosen; a target within Reach of a melee weapon), so a window or
a web page builds the whole Command from one answer, asking the host again only for the
odds (:func:`bridge.engine.conflict.card.conflict_preview`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from pydantic import JsonValue

from bridge.engine.conflict.catalog import CONFLICT_CARD, CONFLICT_SPENDS
from bridge.engine.conflict.commands import ConflictTask
from bridge.engine.conflict.figures import stats
from bridge.engine.conflict.rules import CONFLICT_CHOICES, CONFLICT_RULES
from bridge.engine.core.forms import (
    Choice,
    ParamInfo,
    SpendInfo,
    difficulty_param,
    purchase_params,
)
from bridge.engine.core.needs import Need
from bridge.engine.state.conflict import Conflict, Figure
from bridge.engine.state.encounter import Encounter
from bridge.rules.focus_match import suggested_focus
from bridge.rules.stats import Attribute, Department
from bridge.rules.text import LINE_MAX, TITLE_MAX

__all__ = ["entry_params", "entry_spends"]


@dataclass(frozen=True)
class _Field:
    """How a need is a field of the Command: its name, label, kind and what "none" is."""

    name: str
    label: str
    kind: str = "choice"
    required: bool = True
    none: str = ""
    """A choice's label for leaving it empty (an optional one)."""
    help: str = ""


_FIELDS: dict[Need, _Field] = {
    Need.TARGET: _Field("target", "Target"),
    Need.PATIENT: _Field("target", "Patient"),
    Need.ALLY: _Field("target", "Ally"),
    Need.GUARDED: _Field("target", "Guard whom", required=False, none="Yourself"),
    Need.PERSONAL_WEAPON: _Field("weapon", "Weapon"),
    Need.CHARGE: _Field(
        "charge",
        "Charge",
        required=False,
        none="No Charge",
        help="A Charge weapon after Prepare: the effect its charge adds to the blow",
    ),
    Need.ALSO: _Field(
        "also", "Further targets", kind="list", required=False, help="An Area attack: nearest first"
    ),
    Need.ZONE: _Field("zone", "Zone"),
    Need.BESIDE: _Field("beside", "End within Reach of", required=False, none="No one"),
    Need.COMPLICATION: _Field(
        "complication", "Remove a Complication instead", required=False, none="No: create one"
    ),
    Need.DRAW: _Field("weapon", "Item"),
    Need.READIED: _Field("readied", "Task to ready"),
}
"""The needs a choice fills, by the field of ``ConflictTask`` (or ``ConflictMinor``)."""
_DEPENDS: dict[Need, Need] = {
    Need.TARGET: Need.PERSONAL_WEAPON,  # a melee weapon reaches only those within Reach
    Need.ALSO: Need.TARGET,  # an Area's further targets stand in the target's zone
    Need.BESIDE: Need.ZONE,  # whom to stand beside, in the zone chosen
}
"""A need whose choices depend on another's value: each choice says which values it
holds with (``only_with``), so the form needs no second answer from the host."""
_WEAKNESS_HELP = (
    "Seed 003 SPECIFIC WEAKNESS: when the GM has named a weakness of this creature (a "
    "weapon, an element, a spot), an attack that uses it ignores the creature's "
    "Invulnerable and its Resistance. Leave it unticked otherwise."
)

ChoicesOf = Callable[[ConflictTask], tuple[Choice, ...]]


def _dependent(
    choices_of: ChoicesOf,
    blank: ConflictTask,
    depends: _Field,
    values: Sequence[JsonValue],
) -> tuple[Choice, ...]:
    """Every choice of a need for any value of the field it depends on, each saying
    which of those values it holds with (none, when it holds with all)."""
    holds: dict[str, list[JsonValue]] = {}
    found: dict[str, Choice] = {}
    for value in values:
        cmd = blank.model_copy(update={depends.name: value})
        for choice in choices_of(cmd):
            key = repr(choice.value)
            found.setdefault(key, choice)
            holds.setdefault(key, []).append(value)
    return tuple(
        choice
        if len(holds[key]) == len(values)
        else choice.model_copy(update={"only_with": {depends.name: tuple(holds[key])}})
        for key, choice in found.items()
    )


def _values(param: ParamInfo | None) -> list[JsonValue]:
    """The values a param may hold now (its legal choices)."""
    if param is None:
        return []
    return [c.value for c in param.choices if c.reason is None]


def _choice_param(field: _Field, choices: tuple[Choice, ...], default: JsonValue) -> ParamInfo:
    """A need filled with a choice (a list of them, for ``list``)."""
    if field.kind == "list":
        return ParamInfo(
            name=field.name,
            label=field.label,
            kind="list",
            maximum=len(choices),
            default=[],
            choices=choices,
            help=field.help,
        )
    if not field.required:
        choices = (Choice(value=None, label=field.none), *choices)
    return ParamInfo(
        name=field.name,
        label=field.label,
        kind="choice",
        required=field.required,
        default=default,
        choices=choices,
        help=field.help,
        empty=f"Nothing to choose for {field.label}." if field.required else "",
    )


def _task_params(state: Encounter, fig: Figure, key: str) -> tuple[ParamInfo, ...]:
    """A Conflict card Task's own fields (its rule's needs) with their choices now."""
    rule = CONFLICT_RULES[key]
    blank = ConflictTask(action=key)
    made: dict[Need, ParamInfo] = {}
    for need in sorted(rule.needs, key=_depth):  # (what a need depends on comes first)
        param = _need_param(state, fig, CONFLICT_CHOICES.get(need), need, blank, made)
        if param is None:
            continue
        offered = rule.offered.get(need)
        if offered is not None:
            weapons = _values(made.get(Need.PERSONAL_WEAPON)) or [None]
            holds = [
                w
                for w in weapons
                if offered(state, fig.id, blank.model_copy(update={"weapon": w})) is None
            ]
            if not holds:
                continue
            if len(holds) < len(weapons):
                param = param.model_copy(update={"only_with": {"weapon": tuple(holds)}})
        made[need] = param
    return tuple(p for need in rule.needs if need in made for p in _split(made[need]))


def _depth(need: Need) -> int:
    """How many needs stand before ``need``'s choices can be worked out (the weapon before
    the targets it reaches, the target before the Area's further ones)."""
    if need in (Need.CHARGE, Need.ALSO):  # (offered with some weapons only)
        return 1 + _depth(_DEPENDS.get(need, Need.PERSONAL_WEAPON))
    depends = _DEPENDS.get(need)
    return 0 if depends is None else 1 + _depth(depends)


def _split(param: ParamInfo) -> tuple[ParamInfo, ...]:
    """The roll of "any Attribute and Discipline that fits" is two fields."""
    if param.name != "roll":
        return (param,)
    return (
        ParamInfo(
            name="attribute",
            label="Attribute",
            kind="choice",
            group="roll",
            default=Attribute.CONTROL.value,
            choices=tuple(Choice(value=a.value, label=a.label) for a in Attribute),
            help="Whichever fits how the figure goes about it",
        ),
        ParamInfo(
            name="discipline",
            label="Discipline",
            kind="choice",
            group="roll",
            default=Department.COMMAND.value,
            choices=tuple(Choice(value=d.value, label=d.label) for d in Department),
        ),
    )


def _need_param(
    state: Encounter,
    fig: Figure,
    choices_of: Callable[[Encounter, str, ConflictTask], tuple[Choice, ...]] | None,
    need: Need,
    blank: ConflictTask,
    made: dict[Need, ParamInfo],
) -> ParamInfo | None:
    """One need as a field, its choices now (each saying what it holds with)."""
    if need is Need.LETHAL:
        cost = "spends 1 Threat" if fig.npc is not None else "+1 Threat to the GM"
        return ParamInfo(
            name="lethal",
            label=f"Lethal ({cost})",
            kind="flag",
            default=False,
            help="A Lethal attack's Injury kills at the end of the scene unless stabilised; "
            "unticked, the attack is Non-lethal",
        )
    if need is Need.WEAKNESS:
        return ParamInfo(
            name="weakness",
            label="Uses its Specific Weakness",
            kind="flag",
            default=False,
            help=_WEAKNESS_HELP,
        )
    if need in (Need.NOTE, Need.TRIGGER):
        return ParamInfo(
            name="note",
            label="Trigger" if need is Need.TRIGGER else "What",
            kind="text",
            required=need is Need.NOTE and blank.action == "other_task",
            max_length=LINE_MAX,
            default="",
            help="When it happens: the readied Task interrupts"
            if need is Need.TRIGGER
            else "What the figure does (the GM narrates it)",
        )
    if need is Need.DIFFICULTY:
        return difficulty_param("Difficulty (the GM's)", 0, 5)
    if need is Need.ROLL:
        return ParamInfo(name="roll", label="Roll", kind="choice")  # (split in two)
    if choices_of is None:
        return None
    field = _FIELDS[need]
    depends = _DEPENDS.get(need)
    source = made.get(depends) if depends is not None else None
    if depends is not None and source is not None:
        values = _values(source)
        choices = _dependent(
            lambda cmd: choices_of(state, fig.id, cmd), blank, _FIELDS[depends], values
        )
    else:
        choices = choices_of(state, fig.id, blank)
    default = next((c.value for c in choices if not c.only_with), None) if field.required else None
    return _choice_param(field, choices, default)


def _minor_params(now: Conflict, fig: Figure, key: str) -> tuple[ParamInfo, ...]:
    """What a Minor Action of the Conflict card asks: the item to draw (carried, or on the
    ground within Reach), where Movement goes and whom it ends beside, what is done."""
    here = now.zone_of(fig.id)
    if key == "draw_item":
        carried = [
            Choice(value=w.name, label=w.describe()) for w in fig.weapons if w.name != fig.wielding
        ]
        ground = [
            Choice(value=g.weapon.name, label=f"{g.weapon.name} (on the ground)")
            for g in now.ground
            if g.zone == here and g.huddle == fig.huddle
        ]
        return (_choice_param(_FIELDS[Need.DRAW], (*carried, *ground), None),)
    if key == "movement":
        zones = [z for z in now.zones.zones if now.zones.distance(here, z) <= 1]
        beside: dict[str, list[str]] = {}
        names: dict[str, str] = {}
        for zone in zones:
            for fid, other in now.figures.items():
                if fid != fig.id and not other.withdrawn and now.zone_of(fid) == zone:
                    beside.setdefault(fid, []).append(zone)
                    names[fid] = other.name
        return (
            ParamInfo(
                name="zone",
                label="Zone",
                kind="choice",
                required=True,
                choices=tuple(
                    Choice(value=z, label=z + (" (here)" if z == here else "")) for z in zones
                ),
            ),
            _choice_param(
                _FIELDS[Need.BESIDE],
                tuple(
                    Choice(
                        value=fid,
                        label=names[fid],
                        only_with={"zone": tuple(where)} if len(where) < len(zones) else {},
                    )
                    for fid, where in beside.items()
                ),
                None,
            ),
        )
    if key == "interact":
        return (
            ParamInfo(
                name="note", label="With", kind="text", max_length=LINE_MAX, default="", help=""
            ),
        )
    return ()


def _roll_params(state: Encounter, fig: Figure, key: str) -> tuple[ParamInfo, ...]:
    """How the figure rolls a rolled Task: a Focus, dice bought, the Determination die."""
    own = stats(state, fig)
    officer = state.characters.get(fig.character) if fig.character is not None else None
    values = [v.text for v in officer.values if not v.challenged] if officer is not None else []
    reason = None
    if officer is not None and officer.determination.value < 1:
        reason = f"{officer.name} has no Determination left."
    elif officer is not None and not values:
        reason = f"{officer.name} has no Value to cite."
    return purchase_params(
        focuses=own.focuses,
        suggested=suggested_focus(own.focuses, CONFLICT_CARD[key].name),
        values=values,
        determination=reason,
        npc=officer is None,
    )


def entry_params(state: Encounter, figure: str, key: str) -> tuple[ParamInfo, ...]:
    """Every field the Conflict card entry ``key`` asks of ``figure`` now: its own needs,
    then, for a rolled Task, how it is rolled."""
    now = state.conflict
    if now is None or figure not in now.figures:
        return ()
    fig = now.figures[figure]
    entry = CONFLICT_CARD[key]
    if entry.kind == "minor":
        return _minor_params(now, fig, key)
    rule = CONFLICT_RULES[key]
    own = _task_params(state, fig, key)
    if rule.immediate is not None:
        return own
    return (*own, *_roll_params(state, fig, key))


def entry_spends(key: str) -> tuple[SpendInfo, ...]:
    """The spends a success of the Conflict card Task ``key`` allows (the card's back:
    its own repeatable effect, an attack's damage spends, First Aid's revival, and what
    any success allows); a Secondary Target's choices come when the hit is rolled
    (:func:`bridge.engine.conflict.controls.resolve_spends`)."""
    rule = CONFLICT_RULES.get(key)
    entry = CONFLICT_CARD[key]
    if rule is None or rule.immediate is not None:
        return ()
    out: list[SpendInfo] = []
    if "extra" in rule.spends and entry.momentum_cost:
        label = entry.momentum.rstrip(".") or "Its repeatable effect"
        out.append(card_spend("extra", "number", entry.momentum_cost, label=label, maximum=12))
    if "damage" in rule.spends:
        out += [
            card_spend("bonus_damage", "number", 1, maximum=12),
            card_spend("penetration", "number", 1, maximum=12),
            card_spend("disarm", "flag", 2),
        ]
    if "revive" in rule.spends:
        out.append(
            card_spend(
                "revive",
                "flag",
                2,
                label="Back in the fight at once",
                help="First Aid: the patient is back in the fight at once",
            )
        )
    out += [
        card_spend("obtain_information", "number", 1, maximum=12),
        card_spend("create_advantage", "text", 2, max_length=TITLE_MAX),
    ]
    return tuple(out)


def card_spend(name: str, kind: str, cost: int, **more: object) -> SpendInfo:
    """A spend priced and explained by the card's back (its name and effect)."""
    try:
        card = CONFLICT_SPENDS[name]
        label, help_ = card.name, card.effect
    except KeyError:
        label, help_ = str(more.get("label", name)), ""
    fields: dict[str, object] = {"label": label, "help": help_} | more
    return SpendInfo.model_validate({"name": name, "kind": kind, "cost": cost} | fields)
