"""A Task before its roll, one answer for every card and every client: the station
window's task dialog, the Conflict card, a thin client's form (the host sends it as
``task_preview``) and the autopilot read the same itemised Difficulty and exact odds."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from bridge.engine.core.plan import TaskPlan
from bridge.rules.odds import TaskOdds, task_odds
from bridge.rules.personal_odds import AttackOdds
from bridge.rules.task import PurchaseCost

__all__ = ["TaskPreview", "planned_preview", "preview_lines", "preview_summary"]


class TaskPreview(BaseModel):
    """A Task before its roll, any card's: the itemised Difficulty, how it is rolled,
    what it costs (hit or miss), and its exact odds (an attack on foot with the opposing
    roll, and its damage as a range); or why it would be refused."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    reason: str | None = Field(default=None, description="Why it would be refused (then empty)")
    difficulty: int | None = None
    items: tuple[tuple[str, int], ...] = ()
    complication_range: int = 1
    complication_why: tuple[str, ...] = ()
    roll: str = Field(default="", description="Who rolls, and with what target number")
    dice: int = Field(default=0, description="The d20s the roller rolls (not the assists')")
    assists: tuple[str, ...] = ()
    cost: PurchaseCost | None = Field(default=None, description="What the bought dice cost")
    power: int = Field(default=0, description="The Power a station Task spends")
    costs: tuple[str, ...] = Field(
        default=(),
        description="Everything the attempt costs, hit or miss, in words, item by item",
    )
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


def preview_lines(preview: TaskPreview) -> tuple[str, ...]:
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


def preview_summary(preview: TaskPreview) -> str:
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


def planned_preview(plan: TaskPlan[Any], odds: bool = True, **more: Any) -> TaskPreview:
    """A planned Task before its roll, in words too: its itemised Difficulty, how it is
    rolled, what it costs and (``odds``) its exact odds; ``more``: what its card adds (a
    station's Power, an attack's odds and damage, a note)."""
    spec = plan.spec
    preview = TaskPreview(
        difficulty=spec.difficulty,
        items=plan.items,
        complication_range=spec.complication_range,
        complication_why=plan.complication_why,
        roll=plan.who,
        dice=spec.lead_dice,
        assists=plan.assist_names,
        cost=spec.cost,
        costs=tuple(c.describe() for c in plan.costs),
        odds=task_odds(spec) if odds else None,
        **more,
    )
    return preview.model_copy(update={"lines": preview_lines(preview)})
