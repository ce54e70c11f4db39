"""Previewing a Task shows its Difficulty and dice without changing the battle."""

from __future__ import annotations

from bridge.engine.core.plan import TaskPlan
from bridge.engine.gate import preview_task
from bridge.engine.ship.commands import AttemptTask
from bridge.rules.odds import task_odds
from tests.engine.table import Table


def test_preview_itemises_the_difficulty_and_builds_the_dice() -> None:
    t = Table()
    t.turn("kell")
    before = t.state
    plan = preview_task(
        t.state,
        AttemptTask(
            by="kell",
            action="fire_weapon",
            weapon="Phaser Arrays",
            target="vortak",
            focus=True,
            bought=("momentum",),
        ),
    )
    assert isinstance(plan, TaskPlan)
    assert plan.items == (("Base (energy weapon attack)", 2), ("Beyond Medium range", 1))
    assert plan.difficulty == 3 and plan.spec.lead.target == 16 and plan.spec.lead_dice == 3
    assert plan.assist_names == ("USS Resolute (Weapons + Security)",)
    assert 0 < task_odds(plan.spec).p_success < 1
    assert t.state is before and t.session.journal[-1].command.type == "start_turn"


def test_preview_gives_the_reason_when_illegal() -> None:
    t = Table()
    t.turn("kell")
    reason = preview_task(t.state, AttemptTask(by="kell", action="evasive_action"))
    assert isinstance(reason, str) and "use Override" in reason


def test_why_not_reasons() -> None:
    from bridge.engine.core.commands import SetValue
    from bridge.engine.gate import why_not
    from bridge.engine.ship.commands import MinorAction
    from bridge.engine.state.cards import Station

    t = Table()

    def fire(by: str) -> str | None:
        return why_not(t.state, AttemptTask(by=by, action="fire_weapon", station=Station.TACTICAL))

    assert fire("kell") == "Tasks are attempted during a Turn: start one first."
    t.turn("kell")
    assert fire("kell") is None
    assert fire("tovan") == "It is Lt. Cmdr. Kell's Turn, not yours."
    t.do(SetValue(path="ships.resolute.damage.weapons.breaches", value=5))
    assert fire("kell") == "Weapons is disabled."
    t.minor("interact")
    reason = why_not(t.state, MinorAction(by="kell", action="prepare"))
    assert reason is not None and "Extra Minor Action" in reason
