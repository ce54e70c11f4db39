"""The Communications and Internal Systems card (seed 001; RULES-NOTES for repairs)."""

from __future__ import annotations

from bridge.engine.core.context import Ctx, need, refuse
from bridge.engine.core.needs import Need
from bridge.engine.ship.cards.rule import TaskRule
from bridge.engine.ship.cards.shared import at_close, check_enemy, duration
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.state.encounter import DurationKind, Encounter, Expiry, PendingTask
from bridge.engine.state.spends import Spends
from bridge.model.ship import Ship
from bridge.rules.breaches import SystemState
from bridge.rules.hidden import secret
from bridge.rules.stats import System

__all__ = ["RULES"]


def _check_hail(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    """RULES-NOTES: Disabled Communications are "unusable beyond Close"."""
    if cmd.target not in ctx.state.ships:
        return
    comms = ctx.ship(frame.ship).system_state(System.COMMUNICATIONS)
    if comms is SystemState.DISABLED and not at_close(ctx.state, frame.ship, str(cmd.target)):
        refuse("Communications are Disabled: unusable beyond Close range.")


def _check_jamming(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    check_enemy(ctx, frame, cmd.target)


def _jamming_base(state: Encounter, frame: TaskFrame, cmd: AttemptTask) -> tuple[str, int]:
    return "Base (chosen by the player)", cmd.difficulty_choice or 1


def _jam_strength(ctx: Ctx, frame: TaskFrame, pending: PendingTask) -> int:
    """The jammed ship's Communications Tasks are harder by the Difficulty beaten."""
    return pending.result.spec.difficulty


def _power_management(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    gain = 1 + spends.extra
    ship = ctx.ship(frame.ship)
    after = min(ship.power_now + gain, ship.power_capacity)
    ctx.update_ship(frame.ship, power=after)
    power = secret(frame.ship, f"Power {ship.power_now} -> {after}", "diverts Power")
    ctx.say(f"Power Management: {ship.name} {power}.")


def _regenerate_items(
    state: Encounter, frame: TaskFrame, cmd: AttemptTask
) -> list[tuple[str, int]]:
    return [("Shields are at 0", 1)] if state.ships[frame.ship].shields_now == 0 else []


def _shields_full(state: Encounter, actor: str, ship: Ship) -> str | None:
    """Seed 001 Regenerate Shields restores Shields: at their maximum there is nothing to
    regenerate, and the card says so before the roll."""
    now = ship.shields if ship.shields is not None else ship.shields_max
    if now >= ship.shields_max:
        return f"The shields are full ({now}/{ship.shields_max}): nothing to regenerate."
    return None


def _regenerate(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    gain = 2 + 2 * spends.extra
    ship = ctx.ship(frame.ship)
    before = ship.shields if ship.shields is not None else ship.shields_max
    after = min(before + gain, ship.shields_max)
    ctx.update_ship(frame.ship, shields=after)
    ctx.say("Shields regenerated" + secret(frame.ship, f": {before} -> {after}") + ".")


_REPAIRABLE = (SystemState.DAMAGED, SystemState.DISABLED)


NOTHING_TO_REPAIR = (
    "Nothing to repair: no system is Damaged or Disabled (Restore clears an Impact)."
)
"""Why Damage Control cannot be taken, said at the card and in the Task's form alike."""


def _nothing_to_repair(state: Encounter, actor: str, ship: Ship) -> str | None:
    """RULES-NOTES: Damage Control repairs a Damaged or Disabled system; with none, the
    card entry is disabled and says why."""
    if any(ship.system_state(s) in _REPAIRABLE for s in System):
        return None
    if any(ship.system_state(s) is SystemState.DESTROYED for s in System):
        return "Nothing Damage Control can repair: no system is Damaged or Disabled."
    return NOTHING_TO_REPAIR


def _check_repair(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    if cmd.system is None:
        need("Damage Control needs the system to repair.")
    st = ctx.ship(frame.ship).system_state(cmd.system)
    if st is SystemState.DESTROYED:
        refuse(f"{cmd.system.label} is destroyed: Damage Control cannot repair it.")
    if st not in (SystemState.DAMAGED, SystemState.DISABLED):
        refuse(
            f"{cmd.system.label} is {st.label}: Damage Control repairs Damaged or "
            "Disabled systems (Restore clears an Impact)."
        )


def _repair_base(state: Encounter, frame: TaskFrame, cmd: AttemptTask) -> tuple[str, int]:
    """RULES-NOTES: repair a Damaged system at 3, a Disabled one at 4 (5 for Engines or
    Structure)."""
    if cmd.system is None:
        return "Base", frame.action.difficulty or 0
    st = state.ships[frame.ship].system_state(cmd.system)
    if st is SystemState.DISABLED:
        heavy = cmd.system in (System.ENGINES, System.STRUCTURE)
        return f"Base (repair Disabled {cmd.system.label})", 5 if heavy else 4
    return f"Base (repair {st.label} {cmd.system.label})", 3


def _repair_items(state: Encounter, frame: TaskFrame, cmd: AttemptTask) -> list[tuple[str, int]]:
    report = state.durations_of(DurationKind.DAMAGE_REPORT, frame.ship)
    return [("Damage Report", -1)] if report else []


def _damage_control(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    system = pending.params.system
    assert system is not None
    ship = ctx.ship(frame.ship)
    d = ship.damage[system].model_copy(update={"repaired": True, "impact": False})
    ctx.update_ship(frame.ship, damage=ship.damage.replace(system, d))
    ctx.say(
        f"Damage Control repairs {system.label}: its penalties are lifted "
        f"({d.breaches} breach(es) remain)."
    )


RULES = (
    TaskRule(
        "hailing_frequencies",
        needs=(Need.ENEMY_SHIP, Need.NOTE),
        check=_check_hail,
        close_when_disabled=True,
    ),
    TaskRule(
        "respond_to_hail",
        needs=(Need.ENEMY_SHIP, Need.NOTE),
        check=_check_hail,
        close_when_disabled=True,
    ),
    TaskRule(
        "signals_jamming",
        needs=(Need.ENEMY_SHIP, Need.DIFFICULTY),
        check=_check_jamming,
        base=_jamming_base,
        effect=duration(DurationKind.JAMMED, Expiry.SCENE, value_of=_jam_strength, on_target=True),
    ),
    TaskRule("damage_report", effect=duration(DurationKind.DAMAGE_REPORT, Expiry.USED, base=1)),
    TaskRule("power_management", effect=_power_management),
    TaskRule(
        "regenerate_shields",
        why_not=_shields_full,
        items=_regenerate_items,
        effect=_regenerate,
    ),
    TaskRule(
        "damage_control",
        needs=(Need.REPAIR,),
        why_not=_nothing_to_repair,
        check=_check_repair,
        base=_repair_base,
        items=_repair_items,
        uses_up=(DurationKind.DAMAGE_REPORT,),
        effect=_damage_control,
    ),
    TaskRule("transporters", needs=(Need.NOTE,)),
)
