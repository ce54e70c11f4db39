"""Personal attacks on the Conflict card, with given dice: ranged and melee, damage and
Resistance, Injuries and Avoid Injury, Lethal and Non-lethal (seed 001 Conflict card;
seed 003 MAKING AN ATTACK, INJURIES; RULES-NOTES "Personal conflict").

Lt. Cmdr. Kell: Control 11, Daring 10, Fitness 10, Security 5, Resolute (Stress 18), a
phaser rifle (4▲ Accurate, Charge) in hand. The Thug: a Notable NPC, Control 9, Daring 9,
Fitness 9, Security 2 (Stress 11), a disruptor pistol (3▲ Vicious 1).
"""

from __future__ import annotations

from bridge.engine.conflict.commands import AvoidInjury, ConflictTask, StrayHit
from bridge.engine.core.commands import SetValue
from bridge.engine.state.spends import Spends
from bridge.model.house_rules import HouseRules
from bridge.rules.npc_abilities import NpcTier
from bridge.rules.personal_gear import personal_weapon
from tests.engine.conflict_table import B, Fight, log, npc

NINE_BLANKS = (3,) * 9
"""Nine challenge dice that deal nothing: Kell's phaser rifle (4) + his Security (5)."""


def test_a_ranged_attack_is_control_plus_security_at_difficulty_2() -> None:
    """Seed 003 4b: "Control + Security Task with a Difficulty of 2"."""
    f = Fight()
    f.turn("kell")
    applied = f.task("attack", target="thug", d20=(3, 17))  # 1 success of 2
    assert "Control + Security (16), Difficulty 2." in log(applied)
    pending = f.conflict.pending
    assert pending is not None and not pending.result.success
    f.resolve()
    assert f.fig("thug").stress == 11


def test_damage_is_the_weapons_dice_plus_security_and_removes_stress() -> None:
    """RULES-NOTES [known]: "the weapon's challenge dice plus the attacker's Security";
    "Damage after Resistance removes that much Stress"."""
    f = Fight()
    f.turn("kell")
    f.task("attack", target="thug", d20=(3, 4))
    applied = f.resolve(d6=(1, 2, 1, 3, 3, 3, 3, 3, 3))  # nine dice: 4 damage
    assert "[1 2 1 - - - - - -] = 4 damage" in log(applied)
    assert f.fig("thug").stress == 11 - 4 and f.fig("thug").injury is None


def test_resistance_is_armour_plus_the_zones_cover_dice() -> None:
    """Seed 001: roll the target's Cover dice "and add to any static Resistance";
    RULES-NOTES: the GM sets a zone's Cover dice."""
    f = Fight(npcs=((npc(armour=1), B, 0, 1),), cover={B: 2})
    f.turn("kell")
    f.task("attack", target="thug", d20=(3, 4))
    applied = f.resolve(d6=(2, 2, 1, 3, 3, 3, 3, 3, 3, 2, 3))  # 5 damage; Cover [2 -]
    line = log(applied)
    assert "Resistance 3 (1 armour, Cover [2 -] 2)" in "\n".join(applied.entry.log)
    assert "[GM]" in line  # an unrevealed NPC's Resistance and Stress are the GM's lines
    assert f.fig("thug").stress == 11 - 2


def test_an_enemy_within_reach_makes_a_ranged_attack_harder() -> None:
    """Seed 003 4b: "increases by +1 if there is an enemy within Reach of the attacker"."""
    f = Fight(officers=(("kell", B, 1),), npcs=((npc(), B, 1, 1),))
    f.turn("kell")
    applied = f.task("attack", target="thug", d20=(3, 4, 5), bought=("momentum",))
    assert "An enemy within Reach of you (ranged) +1" in log(applied)
    pending = f.conflict.pending
    assert pending is not None and pending.result.spec.difficulty == 3


def test_creatures_within_reach_of_the_target_widen_the_complication_range() -> None:
    """Seed 003 4b: "The Complication Range of the Attack increases by 1 if there are
    creatures within Reach of the target; a Complication may indicate that one of those
    other creatures are struck by the attack as well"."""
    f = Fight(npcs=((npc(), B, 1, 2),))
    f.turn("kell")
    applied = f.task("attack", target="thug-1", d20=(3, 4, 19), bought=("momentum",))
    assert "complication range 2 (Others within Reach of the target +1)" in log(applied)
    applied = f.resolve(d6=(1, 1, 3, 3, 3, 3, 3, 3, 3))  # 2 damage
    decision = f.conflict.decisions[0]
    assert decision.kind == "stray_hit" and decision.options == ("thug-2",)
    assert decision.damage == 2
    f.refused(ConflictTask(action="pass"), "stray shot")
    f.refused(StrayHit(by="kell", figure="thug-2"), "Only the GM")
    applied = f.do(StrayHit(figure="thug-2"))
    assert "strikes Thug 2 as well" in log(applied)
    assert f.fig("thug-2").stress == 11 - 2 and not f.conflict.decisions


def test_a_melee_attack_is_opposed_and_needs_reach() -> None:
    """Seed 003 4a: "Daring + Security Task with a Difficulty of 1, opposed by the target's
    Daring + Security (also Difficulty 1)"; 2: "A melee weapon attack must be within Reach"."""
    apart = Fight()
    apart.turn("kell")
    apart.refused(
        ConflictTask(by="kell", action="attack", target="thug", weapon="Unarmed Strike"),
        "not within Reach",
    )
    f = Fight(officers=(("kell", B, 1),), npcs=((npc(), B, 1, 1),))
    f.turn("kell")
    applied = f.task("attack", target="thug", weapon="Unarmed Strike", d20=(2, 3, 15, 16))
    text = log(applied)
    assert "Daring + Security (15), Difficulty 1." in text
    assert "Thug opposes with Daring + Security: [15, 16] 0 successes" in text
    assert "The active character succeeds, the reactive one fails" in text
    applied = f.resolve(d6=(2, 2, 3, 3, 3, 3))  # Unarmed 1 + Security 5: six dice, 4
    assert "Kell hits Thug with Unarmed Strike (Non-lethal)" in log(applied)
    assert f.fig("thug").stress == 7


def test_a_target_that_wins_a_melee_attack_hits_the_attacker_instead() -> None:
    """Seed 003 4a: "If the target wins the Opposed Task, then they are considered to have
    made a successful Attack instead" (the Thug, a disruptor in hand, strikes unarmed:
    1 + Security 2 dice)."""
    f = Fight(officers=(("kell", B, 1),), npcs=((npc(), B, 1, 1),))
    f.turn("kell")
    applied = f.task("attack", target="thug", weapon="Unarmed Strike", d20=(18, 19, 2, 3))
    assert "The active character fails, the reactive one succeeds" in log(applied)
    threat = f.state.threat.value
    applied = f.resolve(d6=(2, 2, 1))
    text = log(applied)
    assert "Thug wins and strikes back at Lt. Cmdr. Kell with Unarmed Strike" in text
    assert f.fig("kell").stress == 18 - 5 and f.fig("thug").stress == 11
    assert f.state.threat.value == threat + 1  # the Thug's kept Momentum goes to Threat


def test_five_damage_at_once_is_an_injury_and_a_minor_npc_has_no_stress() -> None:
    """Seed 003 INJURIES: "five or more damage from a single attack"; RULES-NOTES
    [default]: a Minor NPC has no Stress (any damage Injures) and cannot Avoid Injury."""
    f = Fight(npcs=((npc(tier=NpcTier.MINOR), B, 0, 1),))
    assert f.fig("thug").stress == 0
    f.turn("kell")
    f.task("attack", target="thug", d20=(3, 4))
    applied = f.resolve(d6=(1, 3, 3, 3, 3, 3, 3, 3, 3))
    assert "damaged with no Stress left" in log(applied)
    thug = f.fig("thug")
    assert thug.injury == "nonlethal" and thug.incapacitated and not f.conflict.decisions
    assert f.conflict.outcome == "The away team wins: no NPC is left in the fight."


def test_an_injury_from_five_damage_at_once_waits_for_avoid_injury() -> None:
    """Seed 003 INJURIES and Avoid Injury (2, Immediate): a Notable NPC pays Threat
    (RULES-NOTES [default])."""
    f = Fight()
    f.turn("kell")
    f.task("attack", target="thug", d20=(3, 4))
    applied = f.resolve(d6=(2, 2, 1, 3, 3, 3, 3, 3, 3))
    assert "Thug would be Injured (5 damage at once (5 or more))" in log(applied)
    assert f.fig("thug").stress == 6 and f.fig("thug").injury is None
    decision = f.conflict.decisions[0]
    assert (decision.kind, decision.figure, decision.cost) == ("avoid_injury", "thug", 2)
    f.refused(ConflictTask(by="kell", action="pass"), "Avoid the Injury")
    threat = f.state.threat.value
    f.do(AvoidInjury(figure="thug", pay="momentum"))
    assert f.state.threat.value == threat - 2 and f.fig("thug").injury is None
    assert f.fig("thug").avoid_injury_used


def test_avoid_injury_is_once_a_scene_and_a_complication_may_pay_it() -> None:
    """Seed 003: "The cost may be paid by suffering a Complication instead ... May only be
    used once per scene"."""
    f = Fight()
    f.turn("kell")
    f.task("attack", target="thug", d20=(3, 4))
    f.resolve(d6=(2, 2, 1, 3, 3, 3, 3, 3, 3))
    f.do(AvoidInjury(figure="thug", pay="complication"))
    assert any(t.kind == "complication" and "Thug avoids" in t.name for t in f.state.traits)
    f.end()
    f.idle("thug")
    f.turn("kell")
    f.task("attack", target="thug", d20=(3, 4))
    applied = f.resolve(d6=(1, 3, 3, 3, 3, 3, 3, 3, 3))  # 1 more: 6 -> 5, no Injury
    assert f.fig("thug").stress == 5
    f.end()
    f.idle("thug")
    f.turn("kell")
    f.task("attack", target="thug", d20=(3, 4))
    applied = f.resolve(d6=(2, 2, 1, 3, 3, 3, 3, 3, 3))  # 5: an Injury, no second Avoid
    assert "suffers a Non-lethal Injury" in log(applied) and not f.conflict.decisions


def test_a_player_pays_avoid_injury_in_momentum_or_threat() -> None:
    """Seed 003 Avoid Injury is Immediate: Momentum, or added to Threat (seed 001 card
    back: Immediate spends "paid for out of the Group Pool or by adding to Threat")."""
    f = Fight(officers=(("kell", B, 0),), npcs=((npc(), B, 0, 1),))
    f.idle("kell")
    f.turn("thug")
    f.task("attack", target="kell", lethal=True, d20=(3, 4))
    f.resolve(d6=(2, 2, 1, 3, 3))  # 5 damage (Vicious adds nothing: no Effect)
    assert f.fig("kell").stress == 13 and f.conflict.decisions[0].figure == "kell"
    f.refused(AvoidInjury(by="reyes", figure="kell"), "Only Lt. Cmdr. Kell's own player")
    threat = f.state.threat.value
    f.do(AvoidInjury(by="kell", figure="kell", pay="threat"))
    assert f.state.threat.value == threat + 2 and f.fig("kell").injury is None


def test_an_intense_weapon_raises_the_cost_of_avoiding_its_injury() -> None:
    """Seed 003 INTENSE: "The Cost to Avoid an Injury caused by an Intense weapon increases
    by one for each Effect rolled" (an Andorian plasma rifle: 4▲ Intense)."""
    rifle = personal_weapon("Andorian Plasma Rifle")
    f = Fight(npcs=((npc(weapons=(rifle,)), B, 0, 1),))
    f.idle("kell")
    f.turn("thug")
    f.task("attack", target="kell", lethal=True, d20=(3, 4))  # Deadly: Lethal is +0
    f.resolve(d6=(2, 2, 5, 6, 3, 3))  # 6 damage, two Effects
    assert f.fig("kell").stress == 12
    assert f.conflict.decisions[0].cost == 2 + 2


def test_a_lethal_attack_adds_threat_for_a_player_and_spends_it_for_an_npc() -> None:
    """Seed 003 MAKING AN ATTACK 3: "If the attack is Lethal, add a single point to the
    Threat pool"; RULES-NOTES: an NPC spends 1 (no attack is Lethal without it)."""
    f = Fight()
    threat = f.state.threat.value
    f.turn("kell")
    applied = f.task("attack", target="thug", lethal=True, d20=(17, 18))
    assert "Lethal attack: +1 Threat" in log(applied)
    assert f.state.threat.value == threat + 1
    f.resolve()
    f.end()
    f.turn("thug")
    applied = f.task("attack", target="kell", lethal=True, d20=(17, 18))
    assert f.state.threat.value == threat
    f.resolve()
    f.end()
    f.do(SetValue(path="threat.value", value=0))
    f.idle("kell")
    f.turn("thug")
    f.refused(
        ConflictTask(action="attack", target="kell", lethal=True),
        "Lethal attack spends 1 Threat",
    )


def test_a_lethal_injury_kills_at_the_end_of_the_scene_unless_stabilised() -> None:
    """RULES-NOTES [known]: "An Injury from a Lethal attack kills at the end of the scene
    unless stabilised (First Aid); from a Non-Lethal attack the character is unconscious
    until the scene ends"."""
    from bridge.engine.conflict.commands import EndConflict

    f = Fight(npcs=((npc(tier=NpcTier.MINOR), B, 0, 3),))
    f.turn("kell")
    f.task("attack", target="thug-1", lethal=True, d20=(3, 4))
    f.resolve(d6=(1, *NINE_BLANKS[1:]))
    assert f.fig("thug-1").injury == "lethal"
    f.do(SetValue(path="conflict.figures.thug-2.injury", value="nonlethal"))
    f.do(SetValue(path="conflict.figures.thug-3.injury", value="lethal"))
    f.do(SetValue(path="conflict.figures.thug-3.stabilised", value=True))
    f.end()
    applied = f.do(EndConflict())
    text = log(applied)
    assert "Thug 1 was not stabilised and dies" in text
    assert "Thug 2 comes round" in text and "Thug 3" not in text
    assert f.state.conflict is None


def test_deadly_and_non_lethal_qualities_change_the_difficulty() -> None:
    """Seed 003 DEADLY: "Increase the Difficulty of Non-Lethal Attacks made with this
    weapon by 1"; NON-LETHAL: "Increase the Difficulty of Lethal Attacks ... by 1"."""
    from bridge.engine.conflict.card import conflict_preview

    knife = personal_weapon("Knife/Dagger")
    f = Fight(officers=(("kell", B, 1),), npcs=((npc(weapons=(knife,)), B, 1, 1),))
    f.idle("kell")
    f.turn("thug")
    soft = conflict_preview(f.state, ConflictTask(action="attack", target="kell"))
    assert ("Deadly weapon, Non-lethal attack", 1) in soft.items and soft.difficulty == 2
    hard = conflict_preview(f.state, ConflictTask(action="attack", target="kell", lethal=True))
    assert hard.difficulty == 1
    fist = conflict_preview(
        f.state,
        ConflictTask(action="attack", target="kell", weapon="Unarmed Strike", lethal=True),
    )
    assert ("Non-lethal weapon, Lethal attack", 1) in fist.items and fist.difficulty == 2


def test_the_prone_house_rules_change_ranged_and_melee_attacks() -> None:
    """RULES-NOTES [default]: ranged attacks against a prone character +1, melee -1
    (minimum 0); the GM may change both."""
    from bridge.engine.conflict.card import conflict_preview

    f = Fight(officers=(("kell", B, 1),), npcs=((npc(), B, 1, 1),))
    f.do(SetValue(path="conflict.figures.thug.prone", value=True))
    f.turn("kell")
    melee = conflict_preview(
        f.state, ConflictTask(by="kell", action="attack", target="thug", weapon="Unarmed Strike")
    )
    assert ("Thug prone (melee)", -1) in melee.items and melee.difficulty == 0
    ranged = conflict_preview(f.state, ConflictTask(by="kell", action="attack", target="thug"))
    assert ("Thug prone (ranged)", 1) in ranged.items and ranged.difficulty == 2 + 1 + 1
    house = HouseRules(prone_ranged_difficulty=2)
    g = Fight(officers=(("kell", B, 1),), npcs=((npc(), B, 1, 1),), house=house)
    g.do(SetValue(path="conflict.figures.thug.prone", value=True))
    g.turn("kell")
    again = conflict_preview(g.state, ConflictTask(by="kell", action="attack", target="thug"))
    assert ("Thug prone (ranged)", 2) in again.items


def test_recover_restores_avoid_injury_and_stress() -> None:
    """Seed 003 RECOVER: "Difficulty 2 Fitness + Command Task (reduce the Difficulty by 1
    if the character is in Cover) ... regains their ability to Avoid an Injury ... may
    regain 2 Stress per Momentum spent"."""
    f = Fight(cover={B: 1})
    f.do(SetValue(path="conflict.figures.kell.stress", value=10))
    f.do(SetValue(path="conflict.figures.kell.avoid_injury_used", value=True))
    f.turn("kell")
    applied = f.task("recover", d20=(1, 5))  # 3 successes vs 1: 2 Momentum
    assert "Fitness + Command (13), Difficulty 1 (Base 2; In Cover -1)." in log(applied)
    f.resolve(Spends(extra=2))
    kell = f.fig("kell")
    assert kell.stress == 14 and not kell.avoid_injury_used and kell.recover_cover
