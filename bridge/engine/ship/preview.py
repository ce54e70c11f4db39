"""A station Task before its roll, as every card's Tasks are previewed
(:class:`~bridge.engine.core.preview.TaskPreview`): the itemised Difficulty, how it is
rolled, what it costs hit or miss (bought dice, a torpedo's Threat, its Power) and the
exact odds."""

from __future__ import annotations

from bridge.engine.core.preview import TaskPreview, preview_lines
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.tasks import preview_ship_task
from bridge.engine.state.encounter import Encounter
from bridge.rules.odds import task_odds

__all__ = ["ship_preview"]


def ship_preview(state: Encounter, cmd: AttemptTask) -> TaskPreview:
    """The station Task ``cmd`` before its roll, or why it would be refused."""
    plan = preview_ship_task(state, cmd)
    if isinstance(plan, str):
        return TaskPreview(reason=plan, lines=(plan,))
    preview = TaskPreview(
        difficulty=plan.difficulty,
        items=plan.items,
        complication_range=plan.spec.complication_range,
        complication_why=plan.complication_why,
        roll=plan.who,
        dice=plan.spec.lead_dice,
        assists=plan.assist_names,
        cost=plan.spec.cost,
        power=plan.frame.power,
        costs=tuple(c.describe() for c in plan.costs),
        odds=task_odds(plan.spec),
    )
    return preview.model_copy(update={"lines": preview_lines(preview)})
