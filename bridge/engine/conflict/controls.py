"""What a figure may do off the Conflict card's face, each with the Command it takes, the
fields the player fills and their legal choices, or why not now.

The card's back (seed 001 COMBAT MOMENTUM (PERSONAL); seed 003 Momentum spends, Aim,
DETERMINATION, READY): the Turn's controls every battle shares
(:func:`bridge.engine.core.controls.turn_controls`) with the spends a success of the
figure's roll allows (:func:`resolve_spends`), and the conflict's own Aim. Every client
builds these controls from here, the desktop's windows and the web page alike.
"""

from __future__ import annotations

from bridge.engine.conflict.commands import Aim
from bridge.engine.conflict.figures import issuer
from bridge.engine.conflict.forms import card_spend, entry_spends
from bridge.engine.conflict.gate import conflict_gate
from bridge.engine.conflict.rolls import aim_room, revive_refusal, roll_succeeds, secondary_refusal
from bridge.engine.conflict.theatre import CONFLICT
from bridge.engine.core.controls import TURN_CONTROL_KEYS, Controls, turn_controls
from bridge.engine.core.forms import ActionInfo, Choice, ParamInfo, SpendInfo
from bridge.engine.state.conflict import Conflict, ConflictPending, Figure
from bridge.engine.state.encounter import Encounter

__all__ = ["CONTROL_KEYS", "conflict_controls", "resolve_spends"]

CONTROL_KEYS = tuple(
    k for key in TURN_CONTROL_KEYS for k in ((key, "aim") if key == "apply_damage" else (key,))
)
"""The controls, in the order a card shows them."""


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
    out: list[SpendInfo] = []
    for spend in entry_spends(pending.action):
        if spend.name == "revive" and revive_refusal(state, pending) is not None:
            continue  # (an enemy patient is not put back in the fight)
        out.append(spend)
        if spend.name == "disarm":
            others = _secondaries(state, now, pending)
            if others:  # (no one within Reach of the target: no Secondary Target)
                out.append(card_spend("secondary_target", "choice", 2, choices=others))
    return tuple(out)


def _secondaries(state: Encounter, now: Conflict, pending: ConflictPending) -> tuple[Choice, ...]:
    """The figures the attack's Secondary Target may be (house rule: within Reach of the
    target, or within Close range)."""
    return tuple(
        Choice(value=fid, label=f.name)
        for fid, f in now.figures.items()
        if secondary_refusal(state, pending, fid) is None
    )


def conflict_controls(state: Encounter, figure: str) -> Controls:
    """Each control of :data:`CONTROL_KEYS` for ``figure``, judged for its own issuer
    (its officer's player, or the GM for an NPC): the Turn's controls every battle shares
    and the conflict's own Aim."""
    now = state.conflict
    if now is None or figure not in now.figures:
        return {}
    shared = turn_controls(state, CONFLICT, figure, conflict_gate, resolve_spends(state, figure))
    pending = now.pending
    mine = pending is not None and pending.actor == figure
    shared["aim"] = _aim(state, now.figures[figure], mine, pending)
    return {key: shared[key] for key in CONTROL_KEYS}


def _aim(state: Encounter, fig: Figure, mine: bool, pending: ConflictPending | None) -> ActionInfo:
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
    return ActionInfo(
        name="Aim: re-roll",
        kind="turn",
        reason=reason,
        command={"type": aim.type},
        params=(dice,) if reason is None else (),
    )
