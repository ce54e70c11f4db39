"""What a figure may do off the Conflict card's face, each with the Command it takes, the
fields the player fills and their legal choices, or why not now.

The card's back (seed 001 COMBAT MOMENTUM (PERSONAL); seed 003 Momentum spends, Aim,
DETERMINATION, READY): RESOLVE with the spends a success allows, APPLY DAMAGE with
Re-Roll Damage, Aim's re-roll, a Moment of Inspiration, the Immediate spends of a Turn,
a second Task for Determination and a readied Task's trigger. Every client builds these
controls from here, the desktop's windows and the web page alike.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from pydantic import JsonValue

from bridge.engine.conflict.catalog import CONFLICT_CARD, CONFLICT_SPENDS
from bridge.engine.conflict.commands import Aim
from bridge.engine.conflict.figures import issuer
from bridge.engine.conflict.gate import conflict_gate
from bridge.engine.conflict.ops import pays_threat
from bridge.engine.conflict.rolls import aim_room, roll_succeeds, secondary_refusal
from bridge.engine.conflict.rules import CONFLICT_RULES
from bridge.engine.core.commands import (
    ApplyDamage,
    Inspiration,
    ResolveTask,
    SpendDetermination,
    SpendMomentum,
    TriggerReady,
)
from bridge.engine.core.forms import (
    ADVANTAGE_NAME,
    AMOUNT,
    WITH_THREAT,
    ActionInfo,
    Choice,
    ParamInfo,
    SpendInfo,
    reroll_damage_param,
)
from bridge.engine.state.conflict import Conflict, ConflictPending, Figure
from bridge.engine.state.encounter import Encounter
from bridge.rules.text import TITLE_MAX

__all__ = ["CONTROL_KEYS", "conflict_controls", "resolve_spends"]

CONTROL_KEYS = (
    "resolve",
    "apply_damage",
    "aim",
    "inspiration",
    "extra_minor",
    "swift_task",
    "create_problem",
    "create_advantage",
    "obtain_information",
    "second_task",
    "trigger_ready",
)
"""The controls, in the order a card shows them."""

_NAMED = {s.key: s for s in CONFLICT_SPENDS}

_Add = Callable[..., None]
"""Adds one control: key, name, kind, the Command's fixed fields, why not, its fields."""


def _spend(name: str, kind: str, cost: int, **more: object) -> SpendInfo:
    """A spend priced and explained by the card's back (its name and effect)."""
    card = _NAMED.get(name)
    label = card.name if card is not None else str(more.pop("label", name))
    return SpendInfo.model_validate(
        {"name": name, "label": label, "kind": kind, "cost": cost}
        | {"help": card.effect if card is not None else ""}
        | more
    )


def resolve_spends(state: Encounter, figure: str) -> tuple[SpendInfo, ...]:
    """The Momentum spends RESOLVE may make on ``figure``'s rolled Task: none unless it
    succeeds; its own repeatable effect, an attack's damage spends (with the figures a
    Secondary Target may be), First Aid's revival, and the spends any success allows."""
    now = state.conflict
    pending = now.pending if now is not None else None
    if now is None or pending is None or pending.actor != figure or pending.damage is not None:
        return ()
    if not roll_succeeds(pending):
        return ()
    rule = CONFLICT_RULES[pending.action]
    entry = CONFLICT_CARD[pending.action]
    out: list[SpendInfo] = []
    if "extra" in rule.spends and entry.momentum_cost:
        out.append(
            _spend(
                "extra",
                "number",
                entry.momentum_cost,
                label=entry.momentum.rstrip(".") or "Its repeatable effect",
                maximum=12,
            )
        )
    if "damage" in rule.spends:
        out += [
            _spend("bonus_damage", "number", 1, maximum=12),
            _spend("penetration", "number", 1, maximum=12),
            _spend("disarm", "flag", 2),
        ]
        others = _secondaries(state, now, pending)
        if others:  # (no one within Reach of the target: no Secondary Target)
            out.append(_spend("secondary_target", "choice", 2, choices=others))
    if "revive" in rule.spends:
        out.append(
            _spend(
                "revive",
                "flag",
                2,
                label="Back in the fight at once",
                help="First Aid: the patient is back in the fight at once",
            )
        )
    out += [
        _spend("obtain_information", "number", 1, maximum=12),
        _spend("create_advantage", "text", 2, max_length=TITLE_MAX),
    ]
    return tuple(out)


def _secondaries(state: Encounter, now: Conflict, pending: ConflictPending) -> tuple[Choice, ...]:
    """The figures the attack's Secondary Target may be (house rule: within Reach of the
    target, or within Close range)."""
    return tuple(
        Choice(value=fid, label=f.name)
        for fid, f in now.figures.items()
        if secondary_refusal(state, pending, fid) is None
    )


def conflict_controls(state: Encounter, figure: str) -> dict[str, ActionInfo]:
    """Each control of :data:`CONTROL_KEYS` for ``figure``, judged for its own issuer
    (its officer's player, or the GM for an NPC)."""
    now = state.conflict
    if now is None or figure not in now.figures:
        return {}
    fig = now.figures[figure]
    by = issuer(fig)
    pending = now.pending
    mine = pending is not None and pending.actor == figure
    out: dict[str, ActionInfo] = {}

    def add(
        key: str,
        name: str,
        kind: str,
        fixed: dict[str, JsonValue],
        reason: str | None,
        params: Sequence[ParamInfo] = (),
        spends: Sequence[SpendInfo] = (),
    ) -> None:
        out[key] = ActionInfo.model_validate(
            {
                "name": name,
                "kind": kind,
                "reason": reason,
                "command": fixed,
                "params": tuple(params) if reason is None else (),
                "spends": tuple(spends) if reason is None else (),
            }
        )

    waiting = None if mine else "No rolled Task of yours is waiting."
    attack = mine and pending is not None and pending.action == "attack"
    resolve = ResolveTask(by=by, hold_damage=attack, where="conflict")
    add(
        "resolve",
        "RESOLVE",
        "turn",
        {"type": resolve.type, "where": "conflict", "hold_damage": attack},
        waiting or conflict_gate(state, resolve),
        spends=resolve_spends(state, figure),
    )
    held = pending.damage if mine and pending is not None else None
    dice = held.roll.dice if held is not None else ()
    pool = fig.own_threat + state.threat.value if pays_threat(fig) else state.momentum.value
    # Re-Roll Damage costs 1, from the attack's own Momentum first: offered only if paid
    rerolls = held is None or held.momentum + pool >= 1
    apply = ApplyDamage(by=by, where="conflict")
    add(
        "apply_damage",
        "APPLY DAMAGE",
        "turn",
        {"type": apply.type, "where": "conflict"},
        conflict_gate(state, apply),
        (reroll_damage_param(dice),) if rerolls else (),
    )
    _aim(add, state, fig, mine, pending)
    values = _values(state, fig)
    value = ParamInfo(name="value", label="Value", kind="choice", required=True, choices=values)
    officer = _officer_refusal(state, fig, values)
    inspire = Inspiration(by=by, value="-", where="conflict")
    add(
        "inspiration",
        "Moment of Inspiration: re-roll all your dice (1 Determination)",
        "determination",
        {"type": inspire.type, "where": "conflict"},
        waiting or officer or conflict_gate(state, inspire),
        (value,),
    )
    _turn_spends(add, state, fig, by)
    second = SpendDetermination(by=by, value="-", where="conflict", use="second_task")
    turn = now.turn
    add(
        "second_task",
        "A second Task this Turn (1 Determination)",
        "determination",
        {"type": second.type, "where": "conflict", "use": "second_task"},
        conflict_gate(state, second)  # (a decision waiting first, as for every control)
        or (
            None
            if turn.actor == figure
            else f"A second Task is taken during {fig.name}'s own Turn."
        )
        or officer
        or ("At most two Tasks may be attempted in a Turn." if turn.task_allowance >= 2 else None),
        (value,),
    )
    trigger = TriggerReady(by=by, actor=figure, where="conflict")
    readied = f" ({fig.readied_note})" if fig.readied_note else ""
    add(
        "trigger_ready",
        f"Trigger the readied Task{readied}",
        "turn",
        {"type": trigger.type, "where": "conflict", "actor": figure},
        conflict_gate(state, trigger),
    )
    return out


def _aim(
    add: _Add, state: Encounter, fig: Figure, mine: bool, pending: ConflictPending | None
) -> None:
    """Aim's re-roll of the attack's d20s (one; any number with an Accurate weapon)."""
    reason, most = aim_room(state) if mine else ("No rolled attack of yours is waiting.", 0)
    rolled = pending.result.dice if mine and pending is not None else ()
    dice = ParamInfo(
        name="dice",
        label="The d20s to roll again" if most > 1 else "The d20 to roll again",
        kind="dice",
        minimum=1,
        maximum=most,
        default=[],
        required=True,
        choices=tuple(
            Choice(value=i, label=f"d20 {i + 1}: {d.value}") for i, d in enumerate(rolled)
        ),
    )
    aim = Aim(by=issuer(fig))
    add("aim", "Aim: re-roll", "turn", {"type": aim.type}, reason, (dice,))


def _values(state: Encounter, fig: Figure) -> tuple[Choice, ...]:
    if fig.character is None or fig.character not in state.characters:
        return ()
    values = state.characters[fig.character].values
    return tuple(Choice(value=v.text, label=v.text) for v in values if not v.challenged)


def _officer_refusal(state: Encounter, fig: Figure, values: tuple[Choice, ...]) -> str | None:
    """Why ``fig`` cannot spend Determination citing a Value, or None."""
    if fig.character is None or fig.character not in state.characters:
        return "Only an officer of the crew has Determination."
    officer = state.characters[fig.character]
    if officer.determination.value <= 0:
        return f"{officer.name} has no Determination left."
    if not values:
        return f"{officer.name} has no unchallenged Value to cite."
    return None


def _turn_spends(add: _Add, state: Encounter, fig: Figure, by: str) -> None:
    """The spends of a Turn (the card's back: a player may pay an Immediate one by adding
    to Threat, so one short of Momentum may still pay it; an NPC pays Threat)."""
    player = fig.npc is None
    now = state.conflict
    acting = now is not None and now.turn.actor == fig.id
    own = None if acting else f"Spend Momentum during {fig.name}'s own Turn."
    threat, amount, advantage = WITH_THREAT, AMOUNT, ADVANTAGE_NAME
    spends: tuple[tuple[str, str, tuple[ParamInfo, ...], dict[str, JsonValue]], ...] = (
        ("extra_minor", "Extra Minor Action (1 each)", (amount,), {}),
        ("swift_task", "Swift Task: a second Task (2)", (), {}),
        ("create_problem", "Create Problem: +1 Difficulty (2 each)", (amount,), {}),
        ("create_advantage", "Create Advantage (2)", (advantage,), {"name": "probe"}),
        ("obtain_information", "Obtain Information (1 each)", (amount,), {}),
    )
    for key, name, fields, probe in spends:
        command = SpendMomentum.model_validate(
            {"by": by, "spend": key, "where": "conflict"} | probe
        )
        reason = own or conflict_gate(state, command)
        threat_pays = player and CONFLICT_SPENDS.is_immediate(key, state.house_rules)
        if reason is not None and own is None and threat_pays:
            paid = command.model_copy(update={"with_threat": True})
            reason = reason if conflict_gate(state, paid) is not None else None
        params = (*fields, threat) if threat_pays else fields
        add(
            key,
            name,
            "spend",
            {"type": command.type, "where": "conflict", "spend": key},
            reason,
            params,
        )
