"""What the Conflict card shows for one figure, as data: its status (Stress, Injury, Avoid
Injury, weapons, where it stands), every entry of the card as the form types every card
shares (its Command, the fields it asks with their legal choices, the gate's reason, the
spends a success allows) with the card's words and a preview of its first choices, the
card back's spends, what waits (and the answers a decision takes), and a Task's itemised
Difficulty and exact odds before the roll.

The Conflict card window, the GM console and a network seat all read these functions, so
none of them holds a rule. Each answer is a pydantic model and goes over the wire as is.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, JsonValue

from bridge.engine.conflict.attack import attack_weapon, blow_effects, counter_weapon
from bridge.engine.conflict.catalog import CONFLICT_CARD, CONFLICT_SPENDS
from bridge.engine.conflict.commands import ConflictMinor, ConflictTask
from bridge.engine.conflict.controls import conflict_controls
from bridge.engine.conflict.figures import hidden_from_players, issuer, reach_of, stats
from bridge.engine.conflict.forms import entry_params, entry_spends
from bridge.engine.conflict.gate import conflict_gate, decision_text
from bridge.engine.conflict.rolls import melee_outcome
from bridge.engine.conflict.rule import FigureFrame
from bridge.engine.conflict.rules import CONFLICT_RULES
from bridge.engine.conflict.tasks import preview_conflict_task
from bridge.engine.core.forms import ActionInfo, filled, unusable
from bridge.engine.core.plan import TaskPlan
from bridge.engine.core.preview import TaskPreview, planned_preview
from bridge.engine.state.conflict import Conflict, Decision, Figure
from bridge.engine.state.encounter import Encounter
from bridge.rules.personal_gear import PersonalEffect
from bridge.rules.personal_odds import attack_odds, damage_range

__all__ = [
    "CardEntry",
    "ConflictCardView",
    "DecisionView",
    "FigureView",
    "SpendEntry",
    "conflict_card",
    "conflict_figures",
    "conflict_preview",
    "entry_info",
    "hidden_from_players",
    "injury_text",
    "status_lines",
    "stress_text",
]

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


class CardEntry(ActionInfo):
    """One entry of the Conflict card: what it takes and asks (as every card's entry), the
    card's words for it, and a rolled Task's preview for its first choices."""

    key: str
    group: str
    text: str
    roll: str = Field(description="What it rolls, in the card's words")
    difficulty: str
    momentum: str
    preview: TaskPreview | None = Field(
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
    """A decision waiting for this figure's side (Avoid Injury, resist a Knockdown, the
    GM's stray shot): in words, and each answer it takes as the Command to send."""

    kind: str
    text: str
    cost: int
    answers: tuple[ActionInfo, ...] = Field(
        default=(), description="Each answer: its words, its Command, and why not (if so)"
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


# -- the preview --------------------------------------------------------------------------


def conflict_preview(state: Encounter, cmd: ConflictTask) -> TaskPreview:
    """The Task ``cmd`` before its roll, or why it would be refused: its itemised
    Difficulty, its costs, and its exact odds (a melee attack's against the target's
    opposing roll; the damage as a range). A Task that is not rolled (Pass, Ready,
    Assist, Direct) has no roll to preview: only the gate's reason, if any."""
    rule = CONFLICT_RULES.get(cmd.action)
    if rule is not None and rule.immediate is not None:
        reason = conflict_gate(state, cmd)
        return TaskPreview(reason=reason, lines=(reason,) if reason else ())
    plan = preview_conflict_task(state, cmd)
    if isinstance(plan, str):
        return TaskPreview(reason=plan, lines=(plan,))
    return _preview_of(state, cmd, plan)


def _preview_of(state: Encounter, cmd: ConflictTask, plan: TaskPlan[FigureFrame]) -> TaskPreview:
    spec = plan.spec
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
    return planned_preview(
        plan,
        odds=bool(spec.difficulty or cmd.roll),
        attack=attack,
        notes=notes if aiming else (),
    )


# -- the card -----------------------------------------------------------------------------
def entry_info(state: Encounter, figure: str, key: str) -> CardEntry:
    """The Conflict card entry ``key`` for ``figure``, judged by the engine's gate for the
    figure's own issuer (its officer's player, or the GM): its Command, its fields and
    their choices now, the spends a success allows, and its preview."""
    fig = _conflict(state).figures[figure]
    by = issuer(fig)
    a = CONFLICT_CARD[key]
    command: ConflictMinor | ConflictTask
    if a.kind == "minor":
        command = ConflictMinor(by=by, action=key)
    else:
        command = ConflictTask(by=by, action=key)
    now = _conflict(state).turn.now
    reason: str | None = None
    if by == "gm" and now is not None and now != figure:
        # the GM's Commands act for whoever acts now: never offered for another figure
        reason = f"It is {_conflict(state).figures[now].name}'s Turn."
    reason = reason or conflict_gate(state, command)
    params = entry_params(state, figure, key) if reason is None else ()
    reason = reason or unusable(params)
    rolled = a.kind == "task" and CONFLICT_RULES[key].immediate is None
    fixed: dict[str, JsonValue] = {"type": command.type, "action": key}
    info = CardEntry(
        name=a.name,
        kind=a.kind,
        reason=reason,
        command=fixed,
        rolled=rolled,
        params=params if reason is None else (),
        spends=entry_spends(key) if reason is None else (),
        key=key,
        group=a.group,
        text=a.text,
        roll=a.roll_text if len(a.attributes) < 6 else "Any Attribute + Discipline that fits",
        difficulty=a.difficulty_text,
        momentum=a.momentum,
    )
    if not rolled or reason is not None:
        return info
    first = ConflictTask.model_validate({**filled(info), "by": by})
    return info.model_copy(update={"preview": conflict_preview(state, first)})


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
    return DecisionView(
        kind=front.kind,
        text=decision_text(now, front),
        cost=front.cost,
        answers=_answers(state, now, front),
    )


def _answer(name: str, command: dict[str, JsonValue], reason: str | None = None) -> ActionInfo:
    return ActionInfo(name=name, kind="turn", command=command, reason=reason)


def _answers(state: Encounter, now: Conflict, front: Decision) -> tuple[ActionInfo, ...]:
    """Each answer the decision takes (seed 003 Avoid Injury: pay its cost, or add it to
    Threat, or take a Complication, or take the Injury; KNOCKDOWN: resist for Threat or
    fall prone; a stray shot: the GM names whom it strikes, or no one)."""
    if front.kind == "stray_hit":
        strikes = tuple(
            _answer(f"STRIKES {now.figures[o].name.upper()}", {"type": "stray_hit", "figure": o})
            for o in front.options
            if o in now.figures
        )
        return (*strikes, _answer("STRIKES NO ONE", {"type": "stray_hit", "figure": None}))
    fig = now.figures[front.figure]
    npc = fig.npc is not None
    cost = front.cost
    if front.kind == "resist_knockdown":
        resist = f"RESIST: {cost} THREAT" if npc else f"RESIST: +{cost} THREAT"
        spent = npc and fig.own_threat + state.threat.value < cost
        return (
            _answer(
                resist if cost else "RESIST",
                {"type": "resist_knockdown", "figure": fig.id, "resist": True},
                f"Not enough Threat: {cost} needed." if spent else None,
            ),
            _answer("FALL PRONE", {"type": "resist_knockdown", "figure": fig.id, "resist": False}),
        )
    avoid: dict[str, JsonValue] = {"type": "avoid_injury", "figure": fig.id}
    pool = fig.own_threat + state.threat.value if npc else state.momentum.value
    word = "THREAT" if npc else "MOMENTUM"
    short = f"Not enough {word.capitalize()}: {cost} needed, {pool} in the pool."
    paid = [
        _answer(
            f"AVOID: {cost} {word}", avoid | {"pay": "momentum"}, short if pool < cost else None
        )
    ]
    if not npc:
        paid.append(_answer(f"AVOID: +{cost} THREAT", avoid | {"pay": "threat"}))
    return (
        *paid,
        _answer("AVOID: A COMPLICATION", avoid | {"pay": "complication"}),
        _answer("TAKE THE INJURY", avoid | {"pay": "none"}),
    )


def conflict_card(state: Encounter, figure: str, viewer: Viewer = "gm") -> ConflictCardView:
    """The Conflict card of ``figure`` as ``viewer`` sees it: every entry judged by the
    engine's gate for the figure's own issuer (its officer's player, or the GM)."""
    now = _conflict(state)
    fig = now.figures[figure]
    acting = (now.turn.interrupt or now.turn.actor) == figure
    controls = conflict_controls(state, figure)
    minors = tuple(
        entry_info(state, figure, a.key) for a in CONFLICT_CARD.values() if a.kind == "minor"
    )
    tasks = tuple(
        entry_info(state, figure, a.key) for a in CONFLICT_CARD.values() if a.kind == "task"
    )
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
        start_turn=controls["start_turn"].reason,
        end_turn=controls["end_turn"].reason,
        minors=minors,
        tasks=tasks,
        spends=spends,
        pending=_pending_words(state, now),
        decision=_decision(state, now, fig, viewer),
        controls=controls,
    )


# -- the words of the card (one home for the desktop's card, the GM's map, the web) ------


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
