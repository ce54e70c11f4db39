"""What is in play is recorded in the battle: a Complication a roll brings is a trait."""

from __future__ import annotations

from bridge.engine.core.commands import AdjustPool, RemoveTrait
from bridge.engine.state.spends import Spends
from tests.engine.table import Table


def test_a_complication_rolled_is_recorded_in_play() -> None:
    """Seed 001 RULES SUMMARY 3C: "Each die that rolls a 20 causes a Complication"."""
    t = Table()
    t.turn("mbeki")
    t.task("damage_report", d20=(1, 20, 20), spends=Spends())  # two 20s: two Complications
    names = [x.name for x in t.state.traits if x.kind == "complication"]
    assert names == [
        "Damage Report (Lt. Amara Mbeki), Round 1",
        "Damage Report (Lt. Amara Mbeki), Round 1 #2",
    ]
    t.do(RemoveTrait(name=names[1]))  # the GM settles one
    assert [x.name for x in t.state.traits] == names[:1]


def test_a_roll_without_complications_records_none() -> None:
    t = Table()
    t.turn("mbeki")
    t.task("damage_report", d20=(1, 1, 1))
    assert t.state.traits == ()


def test_the_session_names_what_redo_would_apply() -> None:
    t = Table()
    assert t.session.redo_entry is None
    command = AdjustPool(pool="threat", delta=2)
    t.do(command)
    t.session.undo()
    entry = t.session.redo_entry
    assert entry is not None and entry.command == command
    t.session.redo()
    assert t.session.redo_entry is None


def test_a_rolled_complication_ends_with_the_scene_and_a_named_one_stays() -> None:
    """Bridge's reading (the seeds do not say how long a rolled Complication lasts): to
    the end of the scene. One the GM names stays until removed. So an evening of 20s
    never fills the battle's list of what is in play."""
    from bridge.engine.core.commands import AddTrait
    from bridge.engine.ship.commands import EndScene

    t = Table()
    t.do(AddTrait(name="Hull breach on deck 4", kind="complication"))
    t.turn("mbeki")
    t.task("damage_report", d20=(1, 20, 1), spends=Spends())
    assert [x.rolled for x in t.state.traits] == [False, True]
    t.do(EndScene())
    assert [x.name for x in t.state.traits] == ["Hull breach on deck 4"]
