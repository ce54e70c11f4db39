"""Task rules by card: each station Task is one :class:`TaskRule` in its card's module.

Adding a Task: its card entry in ``bridge.engine.ship.catalog`` (stations, roll, assist,
Difficulty, Power, Momentum text) and one ``TaskRule`` in the card's module here, naming
what it needs and holding its checks, Difficulty items, Power and effect. The engine's
generic steps and the task dialog's fields read the rule.
"""

from __future__ import annotations

from bridge.engine.core.needs import Need
from bridge.engine.core.rule import registry
from bridge.engine.ship.cards import command, common, helm, operations, science, tactical
from bridge.engine.ship.cards.rule import TaskRule
from bridge.engine.ship.cards.shared import narrative
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.state.encounter import Encounter

__all__ = [
    "RULES",
    "Need",
    "TaskRule",
    "rule_of",
    "task_needs",
]


RULES: dict[str, TaskRule] = registry(
    (
        rule
        for card in (common, command, helm, tactical, operations, science)
        for rule in card.RULES
    ),
    CATALOG,
    "station cards",
)
"""Every station Task's rule, by key (the catalog's Override is a flag, not a Task)."""


def rule_of(key: str) -> TaskRule:
    """The rule of Task ``key`` (a Task the catalog narrates logs its outcome)."""
    rule = RULES.get(key) or TaskRule(key)
    if rule.effect is None and rule.immediate is None and CATALOG[key].narrative:
        return TaskRule(**{**rule.__dict__, "effect": narrative})
    return rule


def task_needs(
    key: str,
    state: Encounter | None = None,
    ship: str | None = None,
    cmd: AttemptTask | None = None,
) -> tuple[Need, ...]:
    """What Task ``key`` needs from the person attempting it (the task dialog's fields).

    Given the battle, the acting ship and the parameters chosen so far, only the needs
    offered for them (a torpedo's Salvo, an array's Area): the engine refuses the others
    for the same reason (:func:`bridge.engine.ship.effects.check_params`).
    """
    rule = RULES.get(key)
    if rule is None:
        return ()
    if state is None or ship is None or cmd is None:
        return rule.needs
    return rule.needs_for(state, ship, cmd)
