"""One answer to "why not": the engine refuses with it, the windows disable with it.

:func:`why_not` judges a Command without its parameters (who issues it, whose Turn it
is, what the Turn has used, the pools, the ship's systems, the figure's state). The
Session asks it before any handler runs, so a window that shows a control enabled
exactly when ``why_not`` is ``None`` never disagrees with the engine; a parameter the
user has not chosen yet (a target, a system) is the only later refusal, and it is a
:class:`~bridge.engine.core.context.MissingParameter`.

It hands the Command to its battle's gate, which checks the issuer's right and then the
rules: the personal conflict's, or the ship battle's (which waits while a personal
conflict pauses it).
"""

from __future__ import annotations

from bridge.engine.commands import Command
from bridge.engine.conflict.card import conflict_preview
from bridge.engine.conflict.commands import ConflictTask
from bridge.engine.conflict.gate import conflict_gate
from bridge.engine.core.plan import TaskPlan
from bridge.engine.core.preview import TaskPreview
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.ship.frame import TaskFrame
from bridge.engine.ship.gate import ship_gate
from bridge.engine.ship.preview import ship_preview
from bridge.engine.ship.tasks import preview_ship_task
from bridge.engine.state.encounter import Encounter

__all__ = ["preview", "preview_task", "why_not"]


def why_not(state: Encounter, command: Command) -> str | None:
    """Why ``command`` is refused before its parameters are looked at, or ``None``."""
    if command.on_foot:
        return conflict_gate(state, command)
    return ship_gate(state, command)


def preview_task(state: Encounter, cmd: AttemptTask) -> TaskPlan[TaskFrame] | str:
    """The plan for the station Task ``cmd`` in ``state``, or why the gate or the Task's
    rules would refuse it (its dice and its own Threat paid on a throwaway copy)."""
    reason = why_not(state, cmd)
    return reason if reason is not None else preview_ship_task(state, cmd)


def preview(state: Encounter, cmd: AttemptTask | ConflictTask) -> TaskPreview:
    """Any card's Task before its roll, one answer for every window and client: why the
    gate or the Task's rules would refuse it, or its itemised Difficulty, how it is
    rolled, what it costs and its exact odds."""
    reason = why_not(state, cmd)
    if reason is not None:
        return TaskPreview(reason=reason, lines=(reason,))
    if isinstance(cmd, ConflictTask):
        return conflict_preview(state, cmd)
    return ship_preview(state, cmd)
