"""A station Task before its roll, as every card's Tasks are previewed
(:class:`~bridge.engine.core.preview.TaskPreview`): the itemised Difficulty, how it is
rolled, what it costs hit or miss (bought dice, a torpedo's Threat, its Power) and the
exact odds."""

from __future__ import annotations

from bridge.engine.core.preview import TaskPreview, planned_preview
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.tasks import preview_ship_task
from bridge.engine.state.encounter import Encounter

__all__ = ["ship_preview"]


def ship_preview(state: Encounter, cmd: AttemptTask) -> TaskPreview:
    """The station Task ``cmd`` before its roll, or why it would be refused."""
    plan = preview_ship_task(state, cmd)
    if isinstance(plan, str):
        return TaskPreview(reason=plan, lines=(plan,))
    return planned_preview(plan, power=plan.frame.power)
