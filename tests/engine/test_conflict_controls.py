"""The Conflict card's back as controls (seed 001 COMBAT MOMENTUM (PERSONAL); seed 003
Momentum spends, AIM, DETERMINATION, READY): each with its Command, the fields the player
fills and the legal choices, or why not; every control sent as a client builds it is the
rule it names. Given dice throughout."""

from __future__ import annotations

from typing import Any

from bridge.engine import conflict_card
from bridge.engine.commands import Command, command_adapter
from bridge.engine.conflict.commands import ConflictMinor
from bridge.engine.conflict.controls import CONTROL_KEYS, conflict_controls, resolve_spends
from bridge.engine.core.commands import SetValue
from bridge.engine.core.forms import ActionInfo
from tests.engine.conflict_table import MISS, B, C, Fight, log, npc

NINE_BLANKS = (3,) * 9


def sturdy(**kw: Any) -> Any:
    return npc(stress=20, avoid_injury=False, **kw)


def built(info: ActionInfo, by: str, **values: object) -> Command:
    """The Command a client builds from a control: its fixed fields and the values."""
    assert info.reason is None, info.reason
    return command_adapter().validate_python({**info.command, "by": by, **values})


def test_every_control_is_there_and_says_why_not_outside_a_turn() -> None:
    f = Fight()
    controls = conflict_controls(f.state, "kell")
    assert tuple(controls) == CONTROL_KEYS
    assert controls["resolve"].reason == "No rolled Task of yours is waiting for its spends."
    assert controls["swift_task"].reason == "Spend Momentum during Lt. Cmdr. Kell's own Turn."
    assert all(c.params == () for c in controls.values() if c.reason is not None)
    assert conflict_card(f.state, "kell").controls == controls  # the card carries them


def test_a_hits_spends_name_the_secondary_targets_within_reach_of_the_target() -> None:
    """Seed 001 Secondary Target (2): "A second target within Reach of the attack's
    target"; Bonus Damage, Penetration and Disarm on the card's back."""
    f = Fight(npcs=((sturdy(), B, 1, 2), (sturdy(id="far", name="Far"), C, 0, 1)))
    f.turn("kell")
    f.task("attack", target="thug-1", d20=(1, 1))
    spends = {s.name: s for s in conflict_controls(f.state, "kell")["resolve"].spends}
    assert list(spends) == [
        "bonus_damage",
        "penetration",
        "disarm",
        "secondary_target",
        "obtain_information",
        "create_advantage",
    ]
    assert (spends["bonus_damage"].cost, spends["disarm"].cost) == (1, 2)
    assert [c.value for c in spends["secondary_target"].choices] == ["thug-2"]
    assert spends["disarm"].help  # the card's own words
    resolve = conflict_controls(f.state, "kell")["resolve"]
    assert resolve.command == {"type": "resolve", "where": "conflict", "hold_damage": True}
    sent = built(resolve, "kell", spends={"secondary_target": "thug-2"})
    f.do(sent, d6=(2, 2, 2, 1, *NINE_BLANKS[4:]))
    apply = conflict_controls(f.state, "kell")["apply_damage"]
    assert apply.reason is None and len(apply.params[0].choices) == 9
    applied = f.do(built(apply, "kell", reroll=[]))
    assert "Thug 2 (Secondary Target)" in log(applied)


def test_a_miss_offers_no_spends_and_recover_offers_its_repeatable_effect() -> None:
    """Seed 003 RECOVER: "regain 2 Stress per Momentum spent (Repeatable)"."""
    f = Fight()
    f.turn("kell")
    f.task("attack", target="thug", d20=MISS)
    assert resolve_spends(f.state, "kell") == ()
    f.resolve()
    f.end()
    f.idle("thug")
    f.do(SetValue(path="conflict.figures.kell.stress", value=3))
    f.turn("kell")
    f.task("recover", d20=(1, 1))
    extra = resolve_spends(f.state, "kell")[0]
    assert (extra.name, extra.kind, extra.cost) == ("extra", "number", 1)
    assert "2 Stress per Momentum" in extra.label


def test_aim_offers_one_d20_and_sends_the_rule() -> None:
    """Seed 003 AIM: "re-roll a single d20 made on an Attack"."""
    f = Fight(npcs=((sturdy(), B, 0, 1),))
    f.do(SetValue(path="conflict.figures.kell.wielding", value="Phaser Type-2"))
    f.turn("kell")
    assert conflict_controls(f.state, "kell")["aim"].reason is not None
    f.do(ConflictMinor(by="kell", action="aim"))
    f.task("attack", target="thug", d20=(17, 18))
    aim = conflict_controls(f.state, "kell")["aim"]
    dice = aim.params[0]
    assert (dice.maximum, [c.label for c in dice.choices]) == (1, ["d20 1: 17", "d20 2: 18"])
    f.do(built(aim, "kell", dice=[0]), d20=(3,))
    assert "not Aimed" in (conflict_controls(f.state, "kell")["aim"].reason or "")


def test_turn_spends_are_the_acting_figures_and_a_player_may_pay_an_immediate_one_with_threat() -> (
    None
):
    """The card's back: Extra Minor Action (1, Immediate), Swift Task (2); "a player may add
    1 Threat for each Momentum instead" for an Immediate spend (RULES-NOTES, seed 001)."""
    f = Fight()
    f.do(SetValue(path="momentum.value", value=0))
    f.turn("kell")
    controls = conflict_controls(f.state, "kell")
    extra = controls["extra_minor"]
    assert extra.reason is None  # no Momentum, but Threat may pay
    assert [p.name for p in extra.params] == ["amount", "with_threat"]
    swift = controls["swift_task"]  # not Immediate: Momentum only
    assert swift.reason is not None and "Not enough Momentum" in swift.reason
    threat = f.state.threat.value
    f.do(built(extra, "kell", amount=1, with_threat=True))
    assert f.state.threat.value == threat + 1
    f.do(SetValue(path="momentum.value", value=2))
    swift = conflict_controls(f.state, "kell")["swift_task"]
    f.do(built(swift, "kell"))
    assert f.conflict.turn.task_allowance == 2
    assert conflict_controls(f.state, "kell")["swift_task"].reason == (
        "At most two Tasks may be attempted in a Turn."
    )
    assert conflict_controls(f.state, "kell")["second_task"].reason == (
        "At most two Tasks may be attempted in a Turn."
    )


def test_a_second_task_for_determination_cites_a_value() -> None:
    """Seed 003 DETERMINATION: "spend one Determination to take a second Task during a
    Turn"."""
    f = Fight()
    f.turn("kell")
    second = conflict_controls(f.state, "kell")["second_task"]
    value = second.params[0]
    assert value.name == "value" and value.choices
    before = f.state.characters["kell"].determination.value
    f.do(built(second, "kell", value=value.choices[0].value))
    assert f.state.characters["kell"].determination.value == before - 1
    assert f.conflict.turn.task_allowance == 2


def test_a_figure_cannot_trigger_its_own_readied_task_in_its_own_turn() -> None:
    """Seed 003 READY: the readied Task interrupts another figure's Turn when its trigger
    happens; triggered in the figure's own Turn it gave a second Task for nothing."""
    from bridge.engine.core.commands import TriggerReady

    f = Fight()
    f.turn("kell")
    f.task("ready", readied="attack", note="the thug moves")
    trigger = conflict_controls(f.state, "kell")["trigger_ready"]
    assert trigger.reason is not None and "own Turn" in trigger.reason
    f.refused(TriggerReady(by="kell", actor="kell", where="conflict"), "own Turn")
    f.end()
    f.turn("thug")  # the thug's Turn: now Kell's trigger may happen
    trigger = conflict_controls(f.state, "kell")["trigger_ready"]
    assert trigger.reason is None
    f.do(built(trigger, "kell"))
    assert f.conflict.turn.interrupt == "kell"


def test_a_decision_waiting_is_every_controls_reason_a_second_task_too() -> None:
    """A second Task was offered while the thug's Avoid Injury waited; the engine then
    refused it."""
    f = Fight()
    f.turn("kell")
    f.task("attack", target="thug", d20=(3, 4))
    f.resolve(d6=(2, 2, 1, 3, 3, 3, 3, 3, 3))  # 5 damage at once: the thug may Avoid it
    assert f.conflict.decisions
    second = conflict_controls(f.state, "kell")["second_task"]
    assert second.reason is not None and "Avoid the Injury" in second.reason


def test_no_secondary_target_is_offered_with_no_one_within_reach_of_the_target() -> None:
    """Seed 001 Secondary Target: "a second target within Reach of the attack's target":
    with none, the spend is not listed (it showed a list of no one)."""
    f = Fight(npcs=((sturdy(), B, 0, 1),))
    f.turn("kell")
    f.task("attack", target="thug", d20=(1, 1))
    names = [s.name for s in resolve_spends(f.state, "kell")]
    assert "secondary_target" not in names and "bonus_damage" in names


def test_re_roll_damage_is_offered_only_when_its_momentum_can_be_paid() -> None:
    """Seed 001 Re-Roll Damage (1 Momentum; the attack's own Momentum first). A phone
    with none in the pool was invited to tap dice, and refused after."""
    f = Fight(npcs=((sturdy(), B, 0, 1),))
    f.do(SetValue(path="momentum.value", value=0))
    f.turn("kell")
    f.task("attack", target="thug", d20=(10, 10))  # 2 successes at Difficulty 2: none over
    rolled = f.resolve(hold=True, d6=NINE_BLANKS)
    assert "Re-Roll Damage" not in log(rolled)  # (the log offered it too)
    held = f.conflict.pending
    assert held is not None and held.damage is not None and held.damage.momentum == 0
    apply = conflict_controls(f.state, "kell")["apply_damage"]
    assert apply.reason is None and apply.params == ()  # nothing to pay with: no dice to tap
    f.do(SetValue(path="momentum.value", value=1))
    apply = conflict_controls(f.state, "kell")["apply_damage"]
    assert [p.name for p in apply.params] == ["reroll"]
