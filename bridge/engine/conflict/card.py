"""What the Conflict card shows for one figure, as data: its status (Stress, Injury, Avoid
Injury, weapons, where it stands), every entry of the card with the gate's reason, what
each needs and the legal choices for it, the card back's spends, what waits, and a
Task's itemised Difficulty and exact odds before the roll.

The Conflict card window, the GM console and a network seat all read these functions, so
none of them holds a rule. Each answer is a pydantic model and goes over the wire as is.
"""

from __future__ import annotations

from typing import Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from bridge.engine.conflict.attack import attack_weapon, blow_effects, counter_weapon
from bridge.engine.conflict.catalog import CONFLICT_CARD, CONFLICT_SPENDS
from bridge.engine.conflict.commands import ConflictMinor, ConflictTask
from bridge.engine.conflict.controls import conflict_controls
from bridge.engine.conflict.figures import hidden_from_players, issuer, reach_of, stats
from bridge.engine.conflict.gate import conflict_gate, decision_text
from bridge.engine.conflict.roll_needs import (
    ROLL_NEED_LABELS,
    ROLL_NEEDS,
    roll_choices,
    roll_needs,
    roll_update,
)
from bridge.engine.conflict.rolls import melee_outcome
from bridge.engine.conflict.rule import Choice
from bridge.engine.conflict.rules import CONFLICT_RULES
from bridge.engine.conflict.tasks import ConflictPlan, preview_conflict_task
from bridge.engine.core.commands import EndTurn, StartTurn
from bridge.engine.core.forms import ActionInfo
from bridge.engine.core.needs import Need
from bridge.engine.state.conflict import Conflict, Figure
from bridge.engine.state.encounter import Encounter
from bridge.model.npc import Npc
from bridge.rules.odds import TaskOdds, task_odds
from bridge.rules.personal_gear import PersonalEffect
from bridge.rules.personal_odds import AttackOdds, attack_odds, damage_range

__all__ = [
    "MINOR_NEEDS",
    "NEED_LABELS",
    "OPTIONAL",
    "CardEntry",
    "ConflictCardView",
    "ConflictPreview",
    "DecisionView",
    "FigureView",
    "SpendEntry",
    "conflict_card",
    "conflict_choices",
    "conflict_figures",
    "conflict_needs",
    "conflict_preview",
    "hidden_from_players",
    "injury_text",
    "preview_lines",
    "preview_summary",
    "redact_conflict",
    "status_lines",
    "stress_text",
    "with_choice",
]

MINOR_NEEDS: dict[str, tuple[Need, ...]] = {
    "draw_item": (Need.DRAW,),
    "movement": (Need.ZONE, Need.BESIDE),
    "interact": (Need.NOTE,),
}
"""What the Conflict card's Minor Actions need (``ConflictMinor``: ``weapon`` and
``pick_up`` for DRAW, ``zone`` and ``beside`` for Movement, ``note`` for Interact)."""
GROUND = "ground:"
"""A DRAW choice's value for a weapon on the ground: ``ground:<name>`` (``pick_up``)."""
Viewer = str
"""``"gm"`` or a character id: whose eyes the answer is for."""


class _View(BaseModel):
    model_config = ConfigDict(frozen=True)


class FigureView(_View):
    """One figure as the viewer may see it (an unrevealed NPC's Stress and abilities are
    ``None`` for the players, a house rule)."""

    id: str
    name: str
    side: Literal["player", "npc"]
    officer: str | None = Field(
        default=None, description="The character id of an officer of the crew"
    )
    tier: str | None = Field(default=None, description="Minor, Notable or Major, for an NPC")
    zone: str
    within_reach: tuple[str, ...] = Field(
        description="The names of the figures within Reach, those out of the fight marked"
    )
    cover: int = Field(description="Cover dice the figure's zone gives")
    darkness: int
    stress: int | None = None
    stress_max: int | None = None
    injury: Literal["lethal", "nonlethal"] | None = None
    stabilised: bool
    fighting_on: bool
    dead: bool
    withdrawn: bool
    incapacitated: bool
    prone: bool
    avoid_injury: bool | None = Field(
        default=None, description="May still Avoid an Injury this scene"
    )
    weapons: tuple[str, ...]
    wielding: str | None = None
    aim: bool
    guarded: bool
    staggered: bool
    readied: str | None = None
    abilities: tuple[str, ...] | None = None
    hidden: bool = Field(description="Stress and abilities are the GM's (not revealed)")
    stress_words: str = Field(default="", description="Its Stress in words (or hidden)")
    injury_words: str = Field(default="", description="Its Injury in words")


class CardEntry(_View):
    """One entry of the Conflict card, enabled when ``why_not`` is None."""

    key: str
    name: str
    kind: Literal["minor", "task"]
    group: str
    text: str
    roll: str
    difficulty: str
    momentum: str
    why_not: str | None = None
    needs: tuple[Need, ...]
    choices: dict[Need, tuple[Choice, ...]]
    preview: ConflictPreview | None = Field(
        default=None, description="A rolled Task's Difficulty and odds for its first choices"
    )


class SpendEntry(_View):
    """A personal Momentum spend of the card's back."""

    key: str
    name: str
    cost: str
    marks: str
    effect: str


class DecisionView(_View):
    """A decision waiting for this figure's side (Avoid Injury, resist a Knockdown)."""

    kind: str
    text: str
    cost: int
    options: tuple[Choice, ...] = ()


class ConflictPreview(_View):
    """A Conflict card Task before its roll: the itemised Difficulty, what it costs, and
    its exact odds (an attack's with the opposition, and its damage as a range)."""

    reason: str | None = Field(default=None, description="Why it would be refused (then empty)")
    difficulty: int | None = None
    items: tuple[tuple[str, int], ...] = ()
    complication_range: int = 1
    complication_why: tuple[str, ...] = ()
    roll: str = ""
    assists: tuple[str, ...] = ()
    costs: tuple[str, ...] = ()
    odds: TaskOdds | None = None
    attack: AttackOdds | None = None
    notes: tuple[str, ...] = Field(
        default=(), description="What the odds leave out (Aim's re-roll after the roll)"
    )
    lines: tuple[str, ...] = Field(
        default=(),
        description="The preview in words, a line each: the itemised Difficulty, the roll, "
        "the complication range, the costs, the exact odds and an attack's damage",
    )


class ConflictCardView(_View):
    """The Conflict card of one figure, front and back."""

    figure: FigureView
    acting: bool = Field(description="The figure is the one to act now")
    turn: str = Field(description="Whose Turn it is, in words")
    turn_left: str = Field(
        default="", description="The figure's own Turn: what is left of it, in words"
    )
    start_turn: str | None = None
    end_turn: str | None = None
    minors: tuple[CardEntry, ...]
    tasks: tuple[CardEntry, ...]
    spends: tuple[SpendEntry, ...]
    pending: str | None = Field(default=None, description="The rolled Task that waits, in words")
    decision: DecisionView | None = None
    stress_words: str = Field(default="", description="The figure's Stress, in words")
    injury_words: str = Field(default="", description="The figure's Injury, in words")
    status: tuple[str, ...] = Field(
        default=(), description="Where it stands, what it carries, Avoid Injury, its marks"
    )
    controls: dict[str, ActionInfo] = Field(
        default_factory=dict,
        description="The card's back, each with its Command, fields and why not: resolve "
        "(with the spends a success allows), apply_damage (Re-Roll Damage), aim, "
        "inspiration, extra_minor, swift_task, create_problem, create_advantage, "
        "obtain_information, second_task, trigger_ready",
    )


def _conflict(state: Encounter) -> Conflict:
    if state.conflict is None:
        raise ValueError("No personal conflict is running.")
    return state.conflict


def _figure_view(state: Encounter, fig: Figure, viewer: Viewer) -> FigureView:
    now = _conflict(state)
    zone = now.zone_of(fig.id)
    hide = viewer != "gm" and hidden_from_players(state, fig)
    own = stats(state, fig)
    avoid = own.may_avoid_injury and not fig.avoid_injury_used
    return FigureView(
        id=fig.id,
        name=fig.name,
        side=fig.side,
        officer=fig.character,
        tier=fig.npc.tier.label if fig.npc is not None else None,
        zone=zone,
        within_reach=tuple(
            now.figures[f].name + (" (down)" if now.figures[f].out else "")
            for f in reach_of(now, fig.id, active=False)
        ),
        cover=now.cover.get(zone, 0),
        darkness=now.darkness.get(zone, 0),
        stress=None if hide else fig.stress,
        stress_max=None if hide else own.stress_max,
        injury=fig.injury,
        stabilised=fig.stabilised,
        fighting_on=fig.fighting_on,
        dead=fig.dead,
        withdrawn=fig.withdrawn,
        incapacitated=fig.incapacitated,
        prone=fig.prone,
        avoid_injury=None if hide else avoid,
        weapons=tuple(w.name for w in fig.weapons),
        wielding=fig.wielding,
        aim=fig.aim,
        guarded=fig.guarded,
        staggered=fig.staggered,
        readied=fig.readied_note or None,
        abilities=None
        if hide
        else (tuple(a.describe() for a in fig.npc.abilities) if fig.npc is not None else ()),
        hidden=hide,
    )


def conflict_figures(state: Encounter, viewer: Viewer = "gm") -> tuple[FigureView, ...]:
    """Every figure as ``viewer`` may see it (the viewscreen shows the players' view),
    its Stress and Injury in words."""
    now = _conflict(state)
    views = (_figure_view(state, f, viewer) for f in now.figures.values())
    return tuple(
        v.model_copy(update={"stress_words": stress_text(v), "injury_words": injury_text(v)})
        for v in views
    )


# -- needs and legal choices --------------------------------------------------------------
def conflict_needs(
    state: Encounter, figure: str, key: str, cmd: ConflictTask | ConflictMinor | None = None
) -> tuple[Need, ...]:
    """What the card entry ``key`` needs from the figure (the dialog's fields): given the
    parameters chosen so far, only those offered for them (a Charge only for a Charge
    weapon after Prepare; the further targets only for an Area attack)."""
    if key in MINOR_NEEDS:
        return MINOR_NEEDS[key]
    rule = CONFLICT_RULES.get(key)
    if rule is None:
        return ()
    task = cmd if isinstance(cmd, ConflictTask) else ConflictTask(action=key)
    own = rule.needs_for(state, figure, task)
    if rule.immediate is not None:  # not rolled: nothing to roll with
        return own
    return (*own, *roll_needs(state, _conflict(state).figures[figure]))


def conflict_choices(
    state: Encounter, figure: str, key: str, cmd: ConflictTask | ConflictMinor | None = None
) -> dict[Need, tuple[Choice, ...]]:
    """The legal values of each need, given the parameters chosen so far. A need with no
    list here (a free note, a trigger) takes text."""
    now = _conflict(state)
    if key in MINOR_NEEDS:
        minor = cmd if isinstance(cmd, ConflictMinor) else ConflictMinor(action=key)
        return _minor_choices(now, figure, key, minor)
    rule = CONFLICT_RULES.get(key)
    if rule is None:
        return {}
    task = cmd if isinstance(cmd, ConflictTask) else ConflictTask(action=key)
    own = {
        need: rule.choices[need](state, figure, task)
        for need in rule.needs_for(state, figure, task)
        if need in rule.choices and need not in TEXT_NEEDS
    }
    if rule.immediate is not None:
        return own
    return {**own, **roll_choices(state, now.figures[figure], task)}


def _minor_choices(
    now: Conflict, figure: str, key: str, cmd: ConflictMinor
) -> dict[Need, tuple[Choice, ...]]:
    fig = now.figures[figure]
    here = now.zone_of(figure)
    if key == "draw_item":
        carried = [
            Choice(value=w.name, label=w.describe()) for w in fig.weapons if w.name != fig.wielding
        ]
        ground = [
            Choice(value=f"{GROUND}{g.weapon.name}", label=f"{g.weapon.name} (on the ground)")
            for g in now.ground
            if g.zone == here and g.huddle == fig.huddle
        ]
        return {Need.DRAW: (*carried, *ground)}
    if key == "movement":
        zones = tuple(
            Choice(value=z, label=z + (" (here)" if z == here else ""))
            for z in now.zones.zones
            if now.zones.distance(here, z) <= 1
        )
        zone = cmd.zone or here
        beside = tuple(
            Choice(value=fid, label=f.name)
            for fid, f in now.figures.items()
            if fid != figure and not f.withdrawn and now.zone_of(fid) == zone
        )
        return {Need.ZONE: zones, Need.BESIDE: beside}
    return {}


Chosen = TypeVar("Chosen", ConflictTask, ConflictMinor)
_FIELD: dict[Need, str] = {
    Need.TARGET: "target",
    Need.PATIENT: "target",
    Need.ALLY: "target",
    Need.GUARDED: "target",
    Need.PERSONAL_WEAPON: "weapon",
    Need.CHARGE: "charge",
    Need.ZONE: "zone",
    Need.BESIDE: "beside",
    Need.COMPLICATION: "complication",
    Need.READIED: "readied",
    Need.NOTE: "note",
    Need.TRIGGER: "note",
}


def with_choice(cmd: Chosen, need: Need, value: str) -> Chosen:
    """``cmd`` with the value of one need set, as a Choice's ``value`` (or a typed note)
    gives it: the one place that knows which field a need fills, so a window or a web page
    builds the Command without knowing the rules. ``ALSO`` adds a further target."""
    update: dict[str, object]
    match need:
        case Need.LETHAL | Need.WEAKNESS:
            update = {need.value: value == "true"}
        case Need.ROLL:
            attribute, _, discipline = value.partition("+")
            update = {"attribute": attribute, "discipline": discipline}
        case Need.DIFFICULTY:
            update = {"difficulty_choice": int(value)}
        case Need.DRAW:
            ground = value.startswith(GROUND)
            update = {"weapon": value.removeprefix(GROUND), "pick_up": ground}
        case Need.ALSO:
            update = {"also": (*getattr(cmd, "also", ()), value)}
        case Need.FOCUS | Need.DICE | Need.DETERMINATION:
            if not isinstance(cmd, ConflictTask):
                raise ValueError(f"a Minor Action is not rolled: no {need.value}")
            update = roll_update(cmd, need, value)
        case _:
            update = {_FIELD[need]: value}
    return type(cmd).model_validate({**cmd.model_dump(), **update})


# -- the preview --------------------------------------------------------------------------
def preview_lines(preview: ConflictPreview) -> tuple[str, ...]:
    """A Task before its roll: the itemised Difficulty, the roll, costs and exact odds."""
    if preview.reason is not None:
        return (preview.reason,)
    lines = []
    if preview.difficulty is not None:
        items = " ".join(f"{'+' if n >= 0 else ''}{n} {why}" for why, n in preview.items)
        lines.append(f"Difficulty {preview.difficulty}" + (f" ({items})" if items else ""))
    if preview.roll:
        lines.append(f"Roll: {preview.roll}")
    if preview.assists:
        lines.append("Assisted by " + ", ".join(preview.assists))
    if preview.complication_range > 1:
        why = "; ".join(preview.complication_why)
        lines.append(
            f"Complication range {preview.complication_range}" + (f" ({why})" if why else "")
        )
    lines.extend(preview.costs)
    attack = preview.attack
    if attack is not None:
        if attack.kind == "melee":
            lines.append(
                f"Hit {attack.p_hit:.0%} · the target hits you {attack.p_countered:.0%} · "
                f"neither {attack.p_miss:.0%} (exact, with the opposing roll)"
            )
        else:
            lines.append(f"Hit {attack.p_hit:.0%} (exact)")
        damage = attack.damage.describe()
        lines.append(f"Damage: {damage}")
        lines.extend(n.replace(f": {damage}", "") for n in attack.notes)
    elif preview.odds is not None:
        odds = preview.odds
        lines.append(
            f"Success {odds.p_success:.0%} · Momentum expected {odds.expected_momentum:.1f} · "
            f"Complication {odds.p_complication:.0%} (exact)"
        )
    lines.extend(preview.notes)
    return tuple(lines)


def preview_summary(preview: ConflictPreview) -> str:
    """A Task's preview on one short line of the card: Difficulty, roll, the chance."""
    if preview.reason is not None:
        return preview.reason
    parts = []
    if preview.difficulty is not None:
        parts.append(f"Difficulty {preview.difficulty}")
    if preview.roll:
        parts.append(preview.roll)
    if preview.attack is not None:
        parts.append(f"hit {preview.attack.p_hit:.0%}")
    elif preview.odds is not None:
        parts.append(f"success {preview.odds.p_success:.0%}")
    return " · ".join(parts)


def conflict_preview(state: Encounter, cmd: ConflictTask) -> ConflictPreview:
    """The Task ``cmd`` before its roll, or why it would be refused: its itemised
    Difficulty, its costs, and its exact odds (a melee attack's against the target's
    opposing roll; the damage as a range). A Task that is not rolled (Pass, Ready,
    Assist, Direct) has no roll to preview: only the gate's reason, if any."""
    rule = CONFLICT_RULES.get(cmd.action)
    if rule is not None and rule.immediate is not None:
        return ConflictPreview(reason=conflict_gate(state, cmd))
    plan = preview_conflict_task(state, cmd)
    if isinstance(plan, str):
        return ConflictPreview(reason=plan)
    preview = _preview_of(state, cmd, plan)
    return preview.model_copy(update={"lines": preview_lines(preview)})


def _preview_of(state: Encounter, cmd: ConflictTask, plan: ConflictPlan) -> ConflictPreview:
    spec = plan.spec
    bought = spec.cost
    costs = [
        f"{bought.determination} Determination" if bought.determination else "",
        f"{bought.momentum} Momentum (bought dice)" if bought.momentum else "",
        f"+{bought.threat_added} Threat to the GM (bought dice)" if bought.threat_added else "",
        f"{bought.threat_spent} Threat spent (bought dice)" if bought.threat_spent else "",
    ]
    what, threat = plan.threat
    if threat:
        costs.append(
            f"{threat} Threat spent ({what})" if plan.frame.npc else f"+{threat} Threat ({what})"
        )
    attack = None
    if CONFLICT_RULES[cmd.action].attack:
        now = _conflict(state)
        me = now.figures[plan.frame.actor]
        weapon = attack_weapon(state, me.id, cmd)
        effects = dict(blow_effects(weapon, cmd.charge))
        dice = weapon.dice + plan.frame.stats.disciplines.security
        damage = damage_range(dice, effects.get(PersonalEffect.VICIOUS, 0))
        counter = None
        if plan.reactive is not None and cmd.target in now.figures:
            them = now.figures[cmd.target]
            back = counter_weapon(them)
            counter = damage_range(
                back.dice + stats(state, them).disciplines.security,
                back.effect(PersonalEffect.VICIOUS) or 0,
            )
        attack = attack_odds(spec, damage, reactive=plan.reactive, counter=counter)
    aiming = attack is not None and _conflict(state).figures[plan.frame.actor].aim
    notes = ("Aiming: after the roll you may re-roll a d20; these odds are before it.",)
    return ConflictPreview(
        difficulty=spec.difficulty,
        items=plan.items,
        complication_range=spec.complication_range,
        complication_why=plan.complication_why,
        roll=plan.who,
        assists=plan.assist_names,
        costs=tuple(c for c in costs if c),
        odds=task_odds(spec) if spec.difficulty or cmd.roll else None,
        attack=attack,
        notes=notes if aiming else (),
    )


# -- the card -----------------------------------------------------------------------------
OPTIONAL = frozenset(
    {Need.GUARDED, Need.ALSO, Need.BESIDE, Need.CHARGE, Need.COMPLICATION, Need.ROLL, *ROLL_NEEDS}
)
"""Needs a Task goes without unless chosen (Guard guards oneself, the card's roll, a
Focus, dice bought, the Determination die)."""
PLACEHOLDER = "…"
TEXT_NEEDS = frozenset({Need.NOTE, Need.TRIGGER})
"""Needs filled with the player's own words: they have no list of choices."""


def _default_task(state: Encounter, figure: str, key: str, by: str) -> ConflictTask:
    """The Task with the first legal choice of each need it cannot go without, a note
    left blank (the entry's preview)."""
    cmd = ConflictTask(by=by, action=key)
    for need in conflict_needs(state, figure, key, cmd):
        if need in OPTIONAL:
            continue
        choices = conflict_choices(state, figure, key, cmd).get(need)
        if choices:
            cmd = with_choice(cmd, need, choices[0].value)
        elif need in (Need.NOTE, Need.TRIGGER):
            cmd = with_choice(cmd, need, PLACEHOLDER)
    return cmd


def _entry(state: Encounter, fig: Figure, key: str, by: str) -> CardEntry:
    a = CONFLICT_CARD[key]
    if a.kind == "minor":
        command: ConflictMinor | ConflictTask = ConflictMinor(by=by, action=key)
    else:
        command = ConflictTask(by=by, action=key)
    reason = conflict_gate(state, command)
    preview = None
    if a.kind == "task" and reason is None and CONFLICT_RULES[key].immediate is None:
        cmd = _default_task(state, fig.id, key, by)
        plan = preview_conflict_task(state, cmd)
        preview = (
            ConflictPreview(reason=plan) if isinstance(plan, str) else _preview_of(state, cmd, plan)
        )
    return CardEntry(
        key=key,
        name=a.name,
        kind=a.kind,
        group=a.group,
        text=a.text,
        roll=a.roll_text if len(a.attributes) < 6 else "Any Attribute + Discipline that fits",
        difficulty=a.difficulty_text,
        momentum=a.momentum,
        why_not=reason,
        needs=conflict_needs(state, fig.id, key, command),
        choices=conflict_choices(state, fig.id, key, command),
        preview=preview,
    )


def _turn_left(now: Conflict) -> str:
    """What is left of the acting figure's Turn: its Minor Actions and its Task."""
    turn = now.turn
    minors = len(turn.minors_used) < turn.minor_allowance
    task = len(turn.tasks_used) < turn.task_allowance
    if minors and task:
        return "Your Turn: a Minor Action and a Task"
    if task:
        return "Your Turn: a Task left"
    if minors:
        return "Your Turn: a Minor Action left"
    return "Your Turn: both taken, END TURN when ready"


def _turn_words(now: Conflict) -> str:
    turn = now.turn
    if now.ended:
        return str(now.outcome)
    if turn.actor is None:
        return "THE PLAYERS TO ACT" if turn.side == "player" else "THE NPCS TO ACT"
    name = now.figures[turn.actor].name
    if turn.interrupt is not None:
        return f"{now.figures[turn.interrupt].name} (interrupting {name}'s Turn)"
    return name


def _pending_words(state: Encounter, now: Conflict) -> str | None:
    pending = now.pending
    if pending is None:
        return None
    name = now.figures[pending.actor].name
    a = CONFLICT_CARD[pending.action]
    if pending.damage is not None:
        return f"{name}'s {a.name}: the damage dice wait ({pending.damage.roll.describe()})."
    opposed = melee_outcome(pending)
    if opposed is not None:
        return f"{name}'s {a.name}: {opposed.explanation}"
    return f"{name}'s {a.name}: {pending.result.describe()}"


def _decision(state: Encounter, now: Conflict, fig: Figure, viewer: Viewer) -> DecisionView | None:
    if not now.decisions:
        return None
    front = now.decisions[0]
    mine = front.figure == fig.id or (front.kind == "stray_hit" and viewer == "gm")
    if not mine:
        return None
    options = tuple(
        Choice(value=o, label=now.figures[o].name) for o in front.options if o in now.figures
    )
    return DecisionView(
        kind=front.kind, text=decision_text(now, front), cost=front.cost, options=options
    )


def conflict_card(state: Encounter, figure: str, viewer: Viewer = "gm") -> ConflictCardView:
    """The Conflict card of ``figure`` as ``viewer`` sees it: every entry judged by the
    engine's gate for the figure's own issuer (its officer's player, or the GM)."""
    now = _conflict(state)
    fig = now.figures[figure]
    by = issuer(fig)
    acting = (now.turn.interrupt or now.turn.actor) == figure
    minors = tuple(
        _entry(state, fig, a.key, by) for a in CONFLICT_CARD.values() if a.kind == "minor"
    )
    tasks = tuple(_entry(state, fig, a.key, by) for a in CONFLICT_CARD.values() if a.kind == "task")
    spends = tuple(
        SpendEntry(
            key=s.key,
            name=s.name,
            cost=s.cost,
            marks=", ".join(
                (["I"] if CONFLICT_SPENDS.is_immediate(s.key, state.house_rules) else [])
                + (["R"] if s.repeatable else [])
            ),
            effect=s.effect,
        )
        for s in CONFLICT_SPENDS
    )
    view = _figure_view(state, fig, viewer)
    return ConflictCardView(
        figure=view,
        stress_words=stress_text(view),
        injury_words=injury_text(view),
        status=status_lines(view),
        acting=acting,
        turn=_turn_words(now),
        turn_left=_turn_left(now) if acting else "",
        start_turn=(
            "Your Turn is under way: END TURN ends it."
            if now.turn.actor == figure
            else conflict_gate(state, StartTurn(by=by, actor=figure, where="conflict"))
        ),
        end_turn=conflict_gate(state, EndTurn(by=by, where="conflict")),
        minors=minors,
        tasks=tasks,
        spends=spends,
        pending=_pending_words(state, now),
        decision=_decision(state, now, fig, viewer),
        controls=conflict_controls(state, figure),
    )


# -- what the players may see -------------------------------------------------------------
def _redacted_npc(npc: Npc) -> Npc:
    """An NPC as the players see it before the GM reveals it: its name, tier, weapons and
    description; no statistics from which its Stress follows, and no abilities."""
    return Npc(
        id=npc.id,
        name=npc.name,
        species=npc.species,
        tier=npc.tier,
        weapons=npc.weapons,
        description=npc.description,
        stress=0,
        avoid_injury=False,
    )


def redact_conflict(state: Encounter) -> Conflict | None:
    """The personal conflict as the players receive it ([house rule]: an unrevealed NPC's
    Stress and special abilities are the GM's): such figures keep where they stand, their
    Injuries and weapons, but show Stress 0 and no statistics or abilities. ``None`` when no
    conflict runs; the same object when nothing is hidden."""
    now = state.conflict
    if now is None:
        return None
    hidden = {
        fid: f.model_copy(update={"npc": _redacted_npc(f.npc), "stress": 0, "own_threat": 0})
        for fid, f in now.figures.items()
        if f.npc is not None and hidden_from_players(state, f)
    }
    if not hidden:
        return now
    return now.model_copy(update={"figures": {**now.figures, **hidden}})


# -- the words of the card (one home for the desktop's card, the GM's map, the web) ------
NEED_LABELS: dict[Need, str] = {
    Need.TARGET: "Target",
    Need.PATIENT: "Patient",
    Need.ALLY: "Ally",
    Need.GUARDED: "Guard whom (none: yourself)",
    Need.PERSONAL_WEAPON: "Weapon",
    Need.LETHAL: "Lethal or not",
    Need.CHARGE: "Charge (after Prepare)",
    Need.ALSO: "Further target (Area)",
    Need.WEAKNESS: "Its Specific Weakness",
    Need.ZONE: "Zone",
    Need.BESIDE: "End within Reach of",
    Need.ROLL: "Attribute + Discipline",
    Need.COMPLICATION: "Remove a Complication instead",
    Need.DRAW: "Item",
    Need.READIED: "Task to ready",
    Need.NOTE: "Note",
    Need.TRIGGER: "Trigger",
    Need.DIFFICULTY: "Difficulty",
    **ROLL_NEED_LABELS,
}
"""What a form calls each need of a Conflict card entry."""


def stress_text(fig: FigureView) -> str:
    """``Stress 7/12``, or ``Stress hidden`` for an NPC the GM has not revealed."""
    if fig.stress is None or fig.stress_max is None:
        return "Stress hidden"
    if fig.stress_max == 0:
        return "no Stress"  # a Minor NPC: any Injury takes it out (RULES-NOTES)
    return f"Stress {fig.stress}/{fig.stress_max}"


def _says_prone(fig: FigureView) -> bool:
    return fig.prone and fig.injury is None and not fig.dead and not fig.withdrawn


def injury_text(fig: FigureView) -> str:
    """The figure's Injury state in words (seed 003 INJURIES)."""
    if fig.dead:
        return "Dead"
    if fig.withdrawn:
        return "Withdrawn from the fight"
    if fig.injury is None:
        return "Unhurt, prone" if _says_prone(fig) else "Unhurt"
    kind = "Lethal" if fig.injury == "lethal" else "Non-lethal"
    state = (
        "fighting on (First Aid)"
        if fig.fighting_on
        else "stabilised"
        if fig.stabilised
        else "incapacitated"
    )
    return f"{kind} Injury: {state}"


def status_lines(fig: FigureView) -> tuple[str, ...]:
    """The card's status block: where the figure stands, what it carries, Avoid Injury,
    its marks (Prone only where :func:`injury_text` does not say it already)."""
    reach = ", ".join(fig.within_reach) or "no one"
    terrain = []
    if fig.cover:
        terrain.append(f"Cover {fig.cover}")
    if fig.darkness:
        terrain.append(f"darkness +{fig.darkness}")
    where = f"{fig.zone}" + (f" ({', '.join(terrain)})" if terrain else "")
    carried = [f"{w} (in hand)" if w == fig.wielding else w for w in fig.weapons]
    marks = [
        word
        for flag, word in (
            (fig.prone and not _says_prone(fig), "Prone"),
            (fig.aim, "Aiming"),
            (fig.guarded, "Guarded"),
            (fig.staggered, "Staggered"),
        )
        if flag
    ]
    if fig.readied:
        marks.append(f"Readied: {fig.readied}")
    avoid = {
        True: "Avoid Injury: available (2 Momentum or a Complication)",
        False: "Avoid Injury: used this scene (Recover restores it)",
        None: "Avoid Injury: hidden",
    }[fig.avoid_injury]
    lines = [
        f"Zone: {where} · within Reach: {reach}",
        "Weapons: " + (", ".join(carried) or "none"),
        avoid,
    ]
    if marks:
        lines.append(" · ".join(marks))
    return tuple(lines)
