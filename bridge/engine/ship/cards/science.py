"""The Sensors and Science card (seed 001)."""

from __future__ import annotations

from bridge.engine.core.context import Ctx, need, refuse
from bridge.engine.core.needs import Need
from bridge.engine.ship.cards.rule import TaskRule
from bridge.engine.ship.cards.shared import check_enemy, duration
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.state.encounter import Duration, DurationKind, Encounter, Expiry, PendingTask
from bridge.engine.state.spends import Spends

__all__ = ["RULES"]


def _check_sweep(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    if cmd.zone is not None and cmd.zone not in ctx.state.zones.zones:
        refuse(f"There is no zone '{cmd.zone}' on the map.")


def _sweep_items(state: Encounter, frame: TaskFrame, cmd: AttemptTask) -> list[tuple[str, int]]:
    """Seed 001 Launch Probe: -2 to Sensor Sweeps "with regards to phenomena near the
    probe": the sweep names the zone of its phenomena; the probe's zone must match."""
    probes = state.durations_of(DurationKind.PROBE, frame.ship)
    if cmd.zone and any(p.target == cmd.zone for p in probes):
        return [(f"Probe in {cmd.zone}", -2)]
    return []


def _sweep(ctx: Ctx, frame: TaskFrame, pending: PendingTask, spends: Spends) -> None:
    contacts = tuple(
        s
        for s in ctx.state.ships
        if ctx.state.sides[s] != ctx.state.sides[frame.ship] and not ctx.ship(s).destroyed
    )
    ctx.set(scanned=tuple(sorted({*ctx.state.scanned, *contacts})))
    names = ", ".join(ctx.ship_name(s) for s in contacts) or "nothing"
    ctx.say(f"Sensor Sweep: contacts {names}.")


def _check_scan(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    check_enemy(ctx, frame, cmd.target)


def _launch_probe(ctx: Ctx, frame: TaskFrame, cmd: AttemptTask) -> None:
    """Seed 001 Launch Probe: the card gives it no roll and no Difficulty; the probe goes
    to the chosen zone and stays for the scene."""
    if cmd.zone is None or cmd.zone not in ctx.state.zones.zones:
        need("Launch Probe needs a zone on the map.")
    ctx.add_duration(
        Duration(
            kind=DurationKind.PROBE,
            ship=frame.ship,
            owner=frame.owner,
            expiry=Expiry.SCENE,
            set_in_turn=ctx.turn.turn_id,
            target=cmd.zone,
            note=f"in {cmd.zone}",
        )
    )
    ctx.say(
        f"{ctx.actor_name(frame.actor)} launches a probe into {cmd.zone}: Sensor Sweeps of "
        "phenomena there are -2 Difficulty, and their hazards hit the probe."
    )


RULES = (
    TaskRule(
        "sensor_sweep",
        needs=(Need.SWEEP_ZONE, Need.NOTE),
        check=_check_sweep,
        items=_sweep_items,
        effect=_sweep,
    ),
    TaskRule(
        "scan_for_weakness",
        needs=(Need.ENEMY_SHIP,),
        check=_check_scan,
        effect=duration(DurationKind.SCAN_FOR_WEAKNESS, Expiry.END_OF_NEXT_TURN),
    ),
    TaskRule(
        "launch_probe",
        needs=(Need.DESTINATION,),
        immediate=_launch_probe,
    ),
)
