"""The Conflict card's Minor Actions and Tasks, with given dice (seed 001 COMBAT ACTIONS,
MINOR ACTIONS, COMBAT TASKS; seed 003 COMMON CONFLICT MINOR ACTIONS and TASKS;
RULES-NOTES "Personal conflict": where seed 001 and 003 differ, seed 003 stands)."""

from __future__ import annotations

from bridge.engine.conflict.commands import ConflictMinor, ConflictTask
from bridge.engine.core.commands import (
    EndTurn,
    ResolveTask,
    SetValue,
    SpendDetermination,
    SpendMomentum,
    TriggerReady,
)
from bridge.engine.state.spends import Spends
from bridge.rules.npc_abilities import NpcTier
from tests.engine.conflict_table import A, B, C, Fight, log, npc


def test_movement_reaches_medium_range_but_not_with_an_enemy_within_reach() -> None:
    """Seed 003 MOVEMENT: "moves to any point within Medium range ... If there are one or
    more enemies within Reach of the character, this action cannot be performed"."""
    f = Fight(officers=(("kell", A, 0),), npcs=((npc(), B, 0, 1),))
    f.turn("kell")
    f.refused(ConflictMinor(by="kell", action="movement", zone=C), "beyond Medium range")
    f.minor("movement", zone=B, beside="thug")
    assert f.conflict.zone_of("kell") == B and f.fig("kell").huddle == f.fig("thug").huddle
    f.task("pass")
    f.end()
    f.turn("thug")
    f.refused(ConflictMinor(action="movement", zone=C), "enemy is within Reach")


def test_movement_and_sprint_exclude_each_other_in_one_turn() -> None:
    """Seed 003 MOVEMENT: "cannot be taken if the character performs any movement-related
    Tasks"; SPRINT: "not at all if the character has performed the Movement Minor Action"."""
    f = Fight(officers=(("kell", A, 0),), npcs=((npc(), C, 0, 1),))
    f.turn("kell")
    f.minor("movement", zone=B)
    f.refused(ConflictTask(by="kell", action="sprint", zone=C), "Movement")
    g = Fight(officers=(("kell", A, 0),), npcs=((npc(), C, 0, 1),))
    g.turn("kell")
    g.task("sprint", zone=B, roll=False)
    g.resolve()
    g.refused(ConflictMinor(by="kell", action="movement", zone=C), "Sprint")


def test_sprint_moves_one_zone_and_one_more_per_momentum_once_a_round() -> None:
    """Seed 003 SPRINT: "Difficulty 0 Fitness + Security Task. Success means that the
    character moves one zone ... and one additional zone per Momentum spent (Repeatable).
    A character may not attempt this Task more than once per Round"."""
    f = Fight(officers=(("kell", A, 0),), npcs=((npc(), C, 0, 1),))
    f.turn("kell")
    applied = f.task("sprint", zone=C, d20=(3, 4))  # 2 successes vs 0: 2 Momentum
    assert "Fitness + Security (15), Difficulty 0." in log(applied)
    from bridge.engine.core.commands import ResolveTask

    f.refused(ResolveTask(by="kell", where="conflict"), "needs 1")
    f.resolve(Spends(extra=1))
    assert f.conflict.zone_of("kell") == C
    f.do(SetValue(path="momentum.value", value=2))
    f.do(SpendMomentum(by="kell", spend="swift_task", where="conflict"))
    f.refused(ConflictTask(by="kell", action="sprint", zone=B), "once per Round")


def test_sprint_succeeds_at_a_cost() -> None:
    """Seed 003 SPRINT: "the Task allows Success with Cost (that is, failure means a basic
    success with no Momentum, but also inflicts a single Complication)"."""
    f = Fight(officers=(("kell", A, 0),), npcs=((npc(), C, 0, 1),), darkness={A: 1})
    f.turn("kell")
    applied = f.task("sprint", zone=B, d20=(17, 18))
    assert "Darkness +1" in log(applied)
    applied = f.resolve()
    assert "succeeds at a cost" in log(applied) and f.conflict.zone_of("kell") == B
    assert any(t.kind == "complication" for t in f.state.traits)


def test_drop_prone_and_stand_not_in_the_same_turn() -> None:
    """Seed 001 STAND: "You may not stand and drop prone in the same Turn"."""
    f = Fight()
    f.turn("kell")
    f.refused(ConflictMinor(by="kell", action="stand"), "not prone")
    f.minor("drop_prone")
    f.do(SpendMomentum(by="kell", spend="extra_minor", where="conflict"))
    f.refused(ConflictMinor(by="kell", action="stand"), "same Turn")
    assert f.fig("kell").prone


def test_each_minor_action_once_a_turn_and_one_without_extra_minor() -> None:
    """Seed 001 COMBAT ACTIONS: "Each Minor Action can only be attempted once per Turn";
    Extra Minor Action (1 Momentum)."""
    f = Fight()
    momentum = f.state.momentum.value
    f.turn("kell")
    f.minor("interact", note="the door panel")
    f.refused(ConflictMinor(by="kell", action="prepare"), "Extra Minor Action")
    f.do(SpendMomentum(by="kell", spend="extra_minor", where="conflict"))
    assert f.state.momentum.value == momentum - 1
    f.refused(ConflictMinor(by="kell", action="interact"), "once per Turn")
    f.minor("prepare")
    assert f.conflict.turn.prepared


def test_draw_item_takes_a_carried_weapon_in_hand() -> None:
    """Seed 003 DRAW ITEM: "draw a weapon or other item carried on their person"."""
    f = Fight(drawn=False)
    assert f.fig("kell").wielding is None
    f.turn("kell")
    f.refused(ConflictMinor(by="kell", action="draw_item", weapon="Bat'leth"), "carries no")
    f.minor("draw_item", weapon="Phaser Type-2")
    assert f.fig("kell").wielding == "Phaser Type-2"
    f.task("attack", target="thug", d20=(17, 18))
    pending = f.conflict.pending
    assert pending is not None and pending.params.weapon is None  # (the one in hand)


def test_a_weapon_not_in_hand_must_be_drawn_first() -> None:
    f = Fight()
    f.turn("kell")
    f.refused(
        ConflictTask(by="kell", action="attack", target="thug", weapon="Phaser Type-2"),
        "draw it first",
    )


def test_guard_makes_attacks_harder_until_the_guarded_characters_next_turn() -> None:
    """Seed 003 GUARD: "Difficulty of 0, and success increases the difficulty of any
    Attacks made against the character by +1 until the start of that character's next
    Turn ... confer the benefits ... to an ally ... increases the Difficulty ... by one"."""
    from bridge.engine.conflict.card import conflict_preview

    f = Fight(officers=(("kell", B, 0), ("reyes", B, 0)))
    f.turn("kell")
    applied = f.task("guard", target="reyes", d20=(3, 17))
    assert "Difficulty 1" in log(applied)
    f.resolve()
    assert f.fig("reyes").guarded
    f.end()
    f.turn("thug")
    preview = conflict_preview(f.state, ConflictTask(action="attack", target="reyes"))
    assert ("Capt. Elena Reyes on Guard", 1) in preview.items
    f.minor("interact")
    f.task("pass")
    f.end()
    f.turn("reyes")
    assert not f.fig("reyes").guarded


def test_guard_may_be_conferred_on_an_ally_anywhere_as_the_seeds_say() -> None:
    """Seed 003 GUARD: "A character may attempt to confer the benefits of this Task to an
    ally instead of themselves" and seed 001's card: "or 1 to guard an ally". Neither
    asks the ally to be within Reach, so the card no longer says so: an ally in another
    zone is guarded at Difficulty 1."""
    from bridge.engine.conflict.card import conflict_preview
    from bridge.engine.conflict.catalog import CONFLICT_CARD

    assert "within Reach" not in CONFLICT_CARD["guard"].text
    f = Fight(officers=(("kell", B, 0), ("reyes", A, 0)))
    f.turn("kell")
    far = conflict_preview(f.state, ConflictTask(by="kell", action="guard", target="reyes"))
    assert far.reason is None and far.difficulty == 1
    assert ("Base (guard an ally)", 1) in far.items


def test_assist_gives_the_allys_next_task_a_die() -> None:
    """Seed 003 ASSIST: "During the nominated ally's Task, the character assists using the
    chosen Attribute, Discipline"."""
    f = Fight(officers=(("kell", B, 0), ("reyes", B, 0)))
    f.turn("kell")
    f.task("assist", target="reyes", attribute="control", discipline="security")
    f.end()
    f.idle("thug")
    f.turn("reyes")
    applied = f.task("attack", target="thug", d20=(3, 17, 5))
    assert "assisted by Lt. Cmdr. Kell" in log(applied)
    pending = f.conflict.pending
    assert pending is not None and pending.result.successes == 2


def test_direct_is_the_leaders_once_a_scene() -> None:
    """Seed 003 DIRECT: "available only to one character on each side in a position of
    authority ... may immediately attempt a single Task, assisted by the commanding
    character. The Direct Task may only be used once per Scene"."""
    f = Fight(officers=(("kell", B, 0), ("reyes", B, 0)), leader="reyes")
    f.turn("kell")
    f.refused(ConflictTask(by="kell", action="direct", target="reyes"), "Only the leader")
    f.task("pass")
    f.minor("interact")
    f.end()
    f.idle("thug")
    f.turn("reyes")
    applied = f.task("direct", target="kell")
    assert "directs Lt. Cmdr. Kell" in log(applied)
    assert f.conflict.turn.interrupt == "kell" and f.conflict.turn.direct_used
    applied = f.task("attack", target="thug", d20=(17, 18, 6))  # Reyes: Control + Command
    assert "assisted by Capt. Elena Reyes" in log(applied)
    f.resolve()
    assert f.conflict.turn.interrupt is None and f.conflict.turn.actor == "reyes"
    f.do(SpendMomentum(by="reyes", spend="swift_task", where="conflict"))
    f.refused(ConflictTask(by="reyes", action="direct", target="kell"), "already been used")


def test_ready_interrupts_when_the_trigger_comes_and_is_lost_at_the_next_turn() -> None:
    """Seed 003 READY: "the character with the readied Task temporarily interrupts the
    acting character's Turn ... If the triggering situation does not occur before the
    character's next Turn, the readied Task is lost"."""
    f = Fight()
    f.turn("kell")
    f.task("ready", readied="attack", note="when the thug moves")
    f.end()
    f.turn("thug")
    f.minor("movement", zone=C)
    f.do(TriggerReady(by="kell", actor="kell", where="conflict"))
    f.refused(ConflictTask(by="kell", action="guard"), "readied Attack")
    f.task("attack", target="thug", d20=(17, 18))
    f.resolve()
    assert f.conflict.turn.interrupt is None and f.fig("kell").readied is None
    f.task("pass")
    f.end()
    f.turn("kell")
    f.task("ready", readied="attack", note="the door opens")
    f.end()
    f.idle("thug")
    applied = f.turn("kell")
    assert "readied Task is lost" in log(applied)


def test_create_advantage_is_difficulty_2_or_removes_a_complication() -> None:
    """Seed 003 CREATE ADVANTAGE: "a Task with a Difficulty of 2"; seed 001: "Create an
    Advantage, or remove a Complication"."""
    from bridge.engine.core.commands import AddTrait

    f = Fight()
    f.do(AddTrait(name="Smoke", kind="complication"))
    f.turn("kell")
    applied = f.task(
        "create_advantage",
        attribute="insight",
        discipline="security",
        note="High ground",
        d20=(3, 4),
    )
    assert "Insight + Security (13), Difficulty 2." in log(applied)
    f.resolve()
    assert any(t.name == "High ground" and t.kind == "advantage" for t in f.state.traits)
    f.do(
        SpendDetermination(
            by="kell", value="Hesitation gets people killed", where="conflict", use="second_task"
        )
    )
    f.task("create_advantage", complication="Smoke", d20=(1, 4))  # +1: Difficulty 3
    f.resolve()
    assert not any(t.name == "Smoke" for t in f.state.traits)


def test_first_aid_stabilises_and_two_momentum_puts_the_patient_back() -> None:
    """Seed 003 FIRST AID: "Daring + Medicine Task with a Difficulty of 1; success means
    that the injured character is stabilized ... may spend 2 Momentum ... to get the
    patient back into the fighting right away"; DEBILITATING: +1."""
    f = Fight(officers=(("kell", B, 1), ("sorel", B, 1)))
    f.do(SetValue(path="conflict.figures.kell.injury", value="lethal"))
    f.do(SetValue(path="conflict.figures.kell.debilitated", value=True))
    f.turn("sorel")
    applied = f.task("first_aid", target="kell", d20=(1, 5, 6))
    text = log(applied)
    assert (
        "Daring + Medicine (10), Difficulty 2 (Base 1; Injured by a Debilitating weapon +1)" in text
    )
    f.resolve(Spends(revive=True))
    kell = f.fig("kell")
    assert kell.stabilised and kell.fighting_on and not kell.incapacitated


def test_first_aid_needs_an_injured_character_within_reach() -> None:
    f = Fight(officers=(("kell", B, 0), ("sorel", B, 0)))
    f.turn("sorel")
    f.refused(ConflictTask(by="sorel", action="first_aid", target="kell"), "No Injured")


def test_first_aids_patients_say_which_is_an_enemy() -> None:
    """Seed 001 FIRST AID stabilises "an Injured character" within Reach: a foe may be
    one, and its choice says so (its Momentum spend would put it back in the fight)."""
    from bridge.engine.conflict.commands import MoveFigure
    from bridge.engine.conflict.forms import entry_params

    f = Fight(officers=(("kell", B, 1), ("sorel", B, 1)))
    f.do(MoveFigure(figure="thug", zone=B, beside="sorel"))
    for fid in ("kell", "thug"):
        f.do(SetValue(path=f"conflict.figures.{fid}.injury", value="nonlethal"))
    patient = next(p for p in entry_params(f.state, "sorel", "first_aid") if p.name == "target")
    labels = [c.label for c in patient.choices]
    assert labels == ["Lt. Cmdr. Kell (Non-lethal Injury)", "Thug (Non-lethal Injury, an enemy)"]


def test_first_aid_on_an_enemy_stabilises_but_never_puts_it_back_in_the_fight() -> None:
    """Seed 003 FIRST AID: the 2-Momentum spend gets "the patient back into the fighting":
    the healer's side's Momentum brings an ally back, never a foe. RESOLVE does not offer
    it for an enemy patient, and the engine refuses it by name."""
    from bridge.engine.conflict.commands import MoveFigure
    from bridge.engine.conflict.controls import conflict_controls

    f = Fight(officers=(("kell", B, 1), ("sorel", B, 1)))
    f.do(MoveFigure(figure="thug", zone=B, beside="sorel"))
    f.do(SetValue(path="conflict.figures.thug.injury", value="nonlethal"))
    f.turn("sorel")
    f.task("first_aid", target="thug", d20=(1, 5, 6))
    offered = [s.name for s in conflict_controls(f.state, "sorel")["resolve"].spends]
    assert "revive" not in offered and "obtain_information" in offered
    f.refused(
        ResolveTask(by="sorel", spends=Spends(revive=True), where="conflict"),
        "Thug is an enemy: First Aid stabilises them, but does not put them back in the fight.",
    )
    f.resolve()
    thug = f.fig("thug")
    assert thug.stabilised and not thug.fighting_on and thug.incapacitated


def test_other_tasks_take_the_gms_difficulty() -> None:
    """Seed 001 OTHER TASKS: "At the discretion of the GM"."""
    f = Fight()
    f.turn("kell")
    f.refused(
        ConflictTask(by="kell", action="other_task", note="seal the door"), "sets the Difficulty"
    )
    applied = f.task(
        "other_task",
        attribute="control",
        discipline="engineering",
        difficulty_choice=3,
        note="seal the door",
        d20=(1, 2),
    )
    assert "Difficulty 3" in log(applied)
    applied = f.resolve()
    assert "seal the door" in log(applied)


def test_pass_without_a_minor_action_lets_the_character_act_later() -> None:
    """Seed 003 PASS: "If the character takes no Minor Actions this Turn, then the character
    does not count as having taken a Turn, and may act later in the Round instead"."""
    f = Fight(officers=(("kell", B, 0), ("reyes", B, 0)))
    f.turn("kell")
    f.task("pass")
    applied = f.end()
    assert "may act later" in log(applied) and "kell" not in f.conflict.turn.acted


def test_keep_the_initiative_and_create_problem() -> None:
    """Seed 001: Keep the Initiative (2) passes the action to an ally; Create Problem (2)
    raises an enemy's Task +1."""
    f = Fight(officers=(("kell", B, 0), ("reyes", B, 0)))
    f.turn("kell")
    f.do(SpendMomentum(by="kell", spend="create_problem", with_threat=True, where="conflict"))
    f.minor("interact")
    f.task("pass")
    f.do(EndTurn(by="kell", keep_initiative=True, with_threat=True, where="conflict"))
    assert f.conflict.turn.side == "player"
    f.idle("reyes")
    f.turn("thug")
    applied = f.task("attack", target="kell", d20=(17, 18))
    assert "Create Problem +1" in log(applied)


def test_npc_tiers_pay_and_gain_threat() -> None:
    """RULES-NOTES: "Momentum generated by an NPC becomes Threat; NPCs buy dice with
    Threat"; [default] a Major NPC "follows the player-character rules, paying with Threat"."""
    f = Fight(npcs=((npc(tier=NpcTier.MAJOR), B, 0, 1),))
    f.idle("kell")
    threat = f.state.threat.value
    f.turn("thug")
    f.task("attack", target="kell", bought=("threat",), d20=(1, 1, 1))
    assert f.state.threat.value == threat - 1
    f.resolve(d6=(3, 3, 3, 3, 3))
    assert f.state.threat.value == threat - 1 + 4  # 6 successes vs 2: 4 to Threat


def test_standing_then_dropping_prone_in_one_turn_is_refused_too() -> None:
    """Seed 001 STAND: "You may not stand and drop prone in the same Turn" (either way)."""
    f = Fight()
    f.do(SetValue(path="conflict.figures.kell.prone", value=True))
    f.turn("kell")
    f.minor("stand")
    f.do(SpendMomentum(by="kell", spend="extra_minor", where="conflict"))
    f.refused(ConflictMinor(by="kell", action="drop_prone"), "same Turn")


def test_a_successful_task_buys_information_and_an_advantage() -> None:
    """Seed 001 COMBAT MOMENTUM (PERSONAL): Obtain Information (1, R), Create Advantage (2)."""
    f = Fight()
    f.turn("kell")
    f.task("guard", d20=(1, 1))  # 4 successes vs 0: 4 Momentum
    applied = f.resolve(Spends(obtain_information=1, create_advantage="Cover fire"))
    assert "1 question(s) for the GM" in log(applied)
    assert any(t.name == "Cover fire" for t in f.state.traits)
    assert "Guard saves: +1 Momentum" in log(applied)
