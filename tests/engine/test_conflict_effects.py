"""Damage effects, weapon qualities, Aim and the personal Momentum spends, with given dice
(seed 003 DAMAGE EFFECTS, weapon qualities, COMMON CONFLICT MINOR ACTIONS, Momentum spends;
seed 001 COMBAT MOMENTUM (PERSONAL)).

Kell's phaser rifle rolls 4 + Security 5 = nine challenge dice."""

from __future__ import annotations

import pytest

from bridge.engine.conflict.commands import Aim, ConflictMinor, ConflictTask, ResistKnockdown
from bridge.engine.core.commands import SetValue
from bridge.engine.session import CommandRefused
from bridge.engine.state.spends import Spends
from bridge.model.npc import Npc
from bridge.rules.npc_abilities import NpcTier
from bridge.rules.personal_gear import PersonalEffect, PersonalQuality, PersonalWeapon
from tests.engine.conflict_table import B, Fight, log, npc

ONE_EFFECT = (5, 3, 3, 3, 3, 3, 3, 3, 3)
"""Nine challenge dice: 1 damage and one Effect."""
BLANKS = (3,) * 9


def sturdy(**kw: str | int) -> Npc:
    """A Notable NPC that takes damage without an Injury or a decision (Stress 20)."""
    return npc(stress=20, avoid_injury=False, **kw)  # type: ignore[arg-type]


def test_charge_after_prepare_adds_piercing_2() -> None:
    """Seed 003 CHARGE: "If the character performs a Preparation Minor Action before
    Attacking with this weapon, they may add ... Piercing 2"; PIERCING X: "ignores X points
    of the target's total Resistance for each Effect rolled"."""
    f = Fight(npcs=((sturdy(armour=2), B, 0, 1),))
    f.turn("kell")
    f.refused(
        ConflictTask(by="kell", action="attack", target="thug", charge=PersonalEffect.PIERCING),
        "Prepare",
    )
    f.minor("prepare")
    f.task("attack", target="thug", charge=PersonalEffect.PIERCING, d20=(3, 4))
    applied = f.resolve(d6=ONE_EFFECT)
    assert "2 ignored: 1 gets through" in log(applied)
    assert f.fig("thug").stress == 19


def test_vicious_adds_damage_per_effect() -> None:
    """Seed 003 VICIOUS X: "inflicts X additional damage for each Effect rolled" (Charge
    adds Vicious 1)."""
    f = Fight(npcs=((sturdy(), B, 0, 1),))
    f.turn("kell")
    f.minor("prepare")
    f.task("attack", target="thug", charge=PersonalEffect.VICIOUS, d20=(3, 4))
    applied = f.resolve(d6=(5, 6, *BLANKS[2:]))  # 2 damage, two Effects: +2
    assert "2 rolled +2 Vicious = 4 damage" in "\n".join(applied.entry.log)
    assert f.fig("thug").stress == 16


def test_area_strikes_everyone_within_reach_then_one_more_per_effect() -> None:
    """Seed 003 AREA: "automatically affects any character ... within Reach of the initial
    target, and then one additional target within Close range of the initial target for
    each Effect rolled"."""
    minor = npc(tier=NpcTier.MINOR)
    f = Fight(npcs=((minor, B, 1, 2), (npc(id="far", name="Far", tier=NpcTier.MINOR), B, 0, 2)))
    f.turn("kell")
    f.minor("prepare")
    f.task("attack", target="thug-1", charge=PersonalEffect.AREA, also=("far-2",), d20=(3, 4))
    applied = f.resolve(d6=ONE_EFFECT)
    text = log(applied)
    assert "Thug 2 (Area)" in text and "Far 2 (Area, an Effect)" in text
    injured = {fid for fid, f2 in f.conflict.figures.items() if f2.injury is not None}
    assert injured == {"thug-1", "thug-2", "far-2"}


def test_area_without_an_effect_strikes_only_those_within_reach() -> None:
    minor = npc(tier=NpcTier.MINOR)
    f = Fight(npcs=((minor, B, 1, 2), (npc(id="far", name="Far", tier=NpcTier.MINOR), B, 0, 1)))
    f.turn("kell")
    f.minor("prepare")
    f.task("attack", target="thug-1", charge=PersonalEffect.AREA, d20=(3, 4))
    f.resolve(d6=(1, *BLANKS[1:]))
    assert f.fig("thug-2").injury is not None and f.fig("far").injury is None


def test_knockdown_knocks_prone_unless_threat_resists_it() -> None:
    """Seed 003 KNOCKDOWN: "If one or more Effects are rolled on this Attack, then the
    target is knocked prone. The target may resist this effect by adding a number of points
    to Threat equal to the number of Effects rolled (for NPCs, spend points from Threat)"."""
    f = Fight(officers=(("kell", B, 1),), npcs=((sturdy(), B, 1, 2),))
    f.turn("kell")
    f.task("attack", target="thug-1", weapon="Unarmed Strike", d20=(2, 3, 15, 16))
    f.resolve(d6=(5, 6, 3, 3, 3, 3))  # two Effects
    decision = f.conflict.decisions[0]
    assert (decision.kind, decision.cost) == ("resist_knockdown", 2)
    threat = f.state.threat.value
    f.do(ResistKnockdown(figure="thug-1", resist=True))
    assert f.state.threat.value == threat - 2 and not f.fig("thug-1").prone
    f.end()
    f.idle("thug-1")
    f.idle("thug-2")
    f.turn("kell")
    f.task("attack", target="thug-2", weapon="Unarmed Strike", d20=(2, 3, 15, 16))
    f.resolve(d6=(5, 3, 3, 3, 3, 3))
    f.do(ResistKnockdown(figure="thug-2", resist=False))
    assert f.fig("thug-2").prone


def test_a_cumbersome_weapon_needs_prepare_that_turn() -> None:
    """Seed 003 CUMBERSOME: "cannot be used to Attack unless a Preparation Minor Action is
    performed during the same Turn"."""
    cannon = PersonalWeapon(
        name="Heavy Cannon",
        kind="Ranged",
        dice=5,
        size="2H",
        qualities=((PersonalQuality.CUMBERSOME, 0),),
    )
    f = Fight(npcs=((npc(weapons=(cannon,)), B, 0, 1),))
    f.idle("kell")
    f.turn("thug")
    f.refused(ConflictTask(action="attack", target="kell"), "Cumbersome")
    f.minor("prepare")
    f.task("attack", target="kell", d20=(17, 18))
    assert f.conflict.pending is not None


def test_aim_rerolls_one_d20_and_an_accurate_weapon_any_number() -> None:
    """Seed 003 AIM: "re-roll a single d20 made on an Attack"; ACCURATE: "any number of
    d20s may be re-rolled, instead of the normal benefits of aiming"."""
    f = Fight(npcs=((sturdy(), B, 0, 1),))
    f.turn("kell")
    f.minor("aim")
    f.task("attack", target="thug", d20=(17, 18))
    applied = f.do(Aim(by="kell", dice=(0, 1)), d20=(3, 4))
    assert "re-rolls 2 d20" in log(applied)
    pending = f.conflict.pending
    assert pending is not None and pending.result.success and pending.params.aimed
    f.refused(Aim(by="kell", dice=(0,)), "not Aimed")


def test_aim_with_a_plain_weapon_rerolls_one_die() -> None:
    f = Fight()
    f.do(SetValue(path="conflict.figures.kell.wielding", value="Phaser Type-2"))
    f.turn("kell")
    f.minor("aim")
    f.task("attack", target="thug", d20=(17, 18))
    f.refused(Aim(by="kell", dice=(0, 1)), "single d20")
    f.do(Aim(by="kell", dice=(0,)), d20=(3,))
    pending = f.conflict.pending
    assert pending is not None and [d.value for d in pending.result.dice] == [3, 18]


def test_an_inaccurate_weapon_gains_nothing_from_aim() -> None:
    """Seed 003 INACCURATE: "no benefit from the Aim Minor Action"."""
    sling = PersonalWeapon(
        name="Sling", kind="Ranged", dice=2, qualities=((PersonalQuality.INACCURATE, 0),)
    )
    f = Fight(npcs=((npc(weapons=(sling,)), B, 0, 1),))
    f.idle("kell")
    f.turn("thug")
    f.minor("aim")
    f.task("attack", target="kell", d20=(17, 18))
    f.refused(Aim(dice=(0,)), "Inaccurate")


def test_aim_lasts_until_the_start_of_the_characters_next_turn() -> None:
    """RULES-NOTES: "Aim lasts until the start of the character's next Turn" (seed 003)."""
    f = Fight()
    f.turn("kell")
    f.minor("aim")
    f.task("pass")
    f.end()
    assert f.fig("kell").aim
    f.idle("thug")
    f.turn("kell")
    assert not f.fig("kell").aim


def test_secondary_target_takes_half_the_damage_rounded_down() -> None:
    """Seed 001 Secondary Target (2): "A second target within Reach of the attack's target
    is also affected by the attack, and suffers half the attack's damage, rounding down"."""
    f = Fight(npcs=((sturdy(), B, 1, 2), (sturdy(id="far", name="Far"), B, 0, 1)))
    f.turn("kell")
    f.task("attack", target="thug-1", d20=(1, 1))  # 4 successes: 2 Momentum
    with pytest.raises(CommandRefused, match="not within Reach of the target"):
        f.resolve(Spends(secondary_target="far"), d6=(2, 2, 2, 1, *BLANKS[4:]))
    applied = f.resolve(Spends(secondary_target="thug-2"), d6=(2, 2, 2, 1, *BLANKS[4:]))
    assert "Thug 2 (Secondary Target)" in log(applied)
    assert f.fig("thug-1").stress == 20 - 7 and f.fig("thug-2").stress == 20 - 3


def test_disarm_drops_the_weapon_within_reach_and_draw_item_picks_it_up() -> None:
    """Seed 001 Disarm (2): "One weapon held by the target is knocked away and falls to the
    ground within Reach"; seed 003 DRAW ITEM: "pick up an item within Reach"."""
    f = Fight(officers=(("kell", B, 1),), npcs=((sturdy(), B, 1, 1),))
    f.turn("kell")
    f.task("attack", target="thug", weapon="Unarmed Strike", d20=(1, 1, 15, 16))
    f.resolve(Spends(disarm=True), d6=(3,) * 6)
    thug = f.fig("thug")
    assert thug.wielding is None and not thug.weapons
    assert [g.weapon.name for g in f.conflict.ground] == ["Disruptor Pistol"]
    f.end()
    f.turn("thug")
    f.do(ConflictMinor(action="draw_item", weapon="Disruptor Pistol", pick_up=True))
    assert f.fig("thug").wielding == "Disruptor Pistol" and not f.conflict.ground


def test_bonus_damage_and_penetration() -> None:
    """Seed 001: Bonus Damage "+1 damage" each; Penetration "ignores two Resistance for
    each Momentum spent"."""
    f = Fight(npcs=((sturdy(armour=2), B, 0, 1),))
    f.turn("kell")
    f.task("attack", target="thug", d20=(1, 1))  # 2 Momentum
    f.resolve(Spends(bonus_damage=1, penetration=1), d6=(2, *BLANKS[1:]))
    assert f.fig("thug").stress == 20 - 3


def test_reroll_damage_after_the_dice_are_seen() -> None:
    """Seed 001 Re-Roll Damage (1): "re-roll any number of [challenge dice] from the current
    Attack", once the damage dice are shown (the held-damage step, as starship attacks)."""
    f = Fight(npcs=((sturdy(), B, 0, 1),))
    f.turn("kell")
    f.task("attack", target="thug", d20=(1, 4))  # 3 successes: 1 Momentum
    applied = f.resolve(hold=True, d6=BLANKS)
    assert "Damage dice: [- - - - - - - - -] = 0 damage" in log(applied)
    pending = f.conflict.pending
    assert pending is not None and pending.damage is not None and pending.damage.momentum == 1
    assert f.fig("thug").stress == 20
    momentum = f.state.momentum.value
    applied = f.land(reroll=(0, 1), d6=(2, 2))
    assert "re-rolling 2 dice: [2 2 - - - - - - -] = 4 damage" in log(applied)
    assert f.fig("thug").stress == 16 and f.state.momentum.value == momentum


def test_create_opportunity_buys_dice_and_swift_task_a_second_task() -> None:
    """Seed 001: Create Opportunity 1 for +1d20; Swift Task 2: a second Task, +1."""
    from bridge.engine.core.commands import SpendMomentum

    f = Fight(npcs=((sturdy(), B, 0, 1),))
    momentum = f.state.momentum.value  # the demo starts with 2
    f.turn("kell")
    f.task("attack", target="thug", bought=("momentum",), d20=(17, 18, 3))
    assert f.state.momentum.value == momentum - 1
    f.resolve()
    f.do(SetValue(path="momentum.value", value=2))
    f.do(SpendMomentum(by="kell", spend="swift_task", where="conflict"))
    applied = f.task("attack", target="thug", d20=(17, 18))
    assert "Second Task this Turn +1" in log(applied)
