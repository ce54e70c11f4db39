"""The damage resolver with given dice. Sources: seed 003 STARSHIP DAMAGE, seed 001
starship Momentum spends and ROLL DAMAGE, RULES-NOTES "Damage"."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge.combat.attacks import Attack, AttackSpends, hazard, ramming_attacks, weapon_attack
from bridge.combat.damage import BreachCause, resolve_damage
from bridge.model.house_rules import HouseRules
from bridge.model.ship import Ship, SystemDamage
from bridge.rules.breaches import SystemState, breach_state
from bridge.rules.dice import GivenDice
from bridge.rules.errors import RuleViolation
from bridge.rules.hidden import conceal, reveal
from bridge.rules.stats import System
from bridge.rules.weapons import Quality, QualityName
from tests.factories import DISRUPTOR_CANNONS, PHASER_ARRAYS, PHOTON, PLASMA, TRACTOR, ship

STRUCTURE_D20 = 12
ENGINES_D20 = 4
SENSORS_D20 = 8


def plain(dice: int, *qualities: Quality, **kw) -> Attack:
    return Attack(source="weapon", name="Test", dice=dice, qualities=qualities, **kw)


def q(name: str, rating: int = 0) -> Quality:
    return Quality(name=QualityName(name), rating=rating)


def hit(attack: Attack, target: Ship, d20=(SENSORS_D20,), d6=(), **kw):
    return resolve_damage(attack, target, GivenDice(d20=d20, d6=d6), **kw)


def with_breaches(s: Ship, system: System, n: int) -> Ship:
    return s.model_copy(update={"damage": s.damage.replace(system, SystemDamage(breaches=n))})


def test_damage_minus_resistance_comes_off_shields() -> None:
    """Seed 003/RULES-NOTES: total damage minus Resistance; the rest comes off Shields."""
    out = hit(plain(4), ship(), d6=[1, 2, 1, 3])  # 4 damage, Resistance 4
    assert out.report.after_resistance == 0 and out.ship.shields == 12
    out = hit(plain(4), ship(), d6=[2, 2, 2, 1])  # 7 damage -> 3 through
    assert out.report.after_resistance == 3 and out.ship.shields == 9
    assert out.report.breaches == 0
    assert out.ship.system_state(System.STRUCTURE) is SystemState.NOMINAL


def test_five_or_more_after_resistance_is_a_breach() -> None:
    """Seed 003: five or more damage after Resistance: the system hit suffers a Breach."""
    out = hit(plain(5), ship(), d6=[2, 2, 2, 2, 1])  # 9 - 4 = 5
    assert [h.breaches for h in out.report.hits] == [(BreachCause.FIVE_PLUS,)]
    assert out.ship.damage.sensors.breaches == 1 and out.ship.damage.sensors.impact


def test_reduced_to_zero_shields_is_a_breach() -> None:
    """Seed 003: reduced to 0 Shields by that attack: a Breach."""
    s = ship(shields=3)
    out = hit(plain(4), s, d6=[2, 2, 2, 1])  # 7 - 4 = 3
    assert out.report.hits[0].breaches == (BreachCause.SHIELDS_TO_ZERO,)
    assert out.ship.shields == 0


def test_both_conditions_make_two_breaches() -> None:
    """Seed 003: each condition is its own Breach."""
    out = hit(plain(6), ship(shields=4), d6=[2, 2, 2, 2, 2, 1])  # 11 - 4 = 7
    assert out.report.hits[0].breaches == (BreachCause.FIVE_PLUS, BreachCause.SHIELDS_TO_ZERO)
    assert out.ship.damage.sensors.breaches == 2


def test_shields_already_zero_and_any_damage_is_a_breach() -> None:
    """Seed 003: had 0 Shields and 1+ damage got through: a Breach."""
    out = hit(plain(3), ship(shields=0), d6=[2, 2, 1])  # 5 - 4 = 1
    assert out.report.hits[0].breaches == (BreachCause.SHIELDS_WERE_ZERO,)


def test_lowered_shields_count_as_zero_and_keep_their_value() -> None:
    """Seed 001 Tactical card: if the shields are down, the ship has Shields 0."""
    out = hit(plain(3), ship(shields_up=False), d6=[2, 2, 1])
    assert out.report.hits[0].breaches == (BreachCause.SHIELDS_WERE_ZERO,)
    assert out.ship.shields == 12 and out.ship.shields_now == 0


@pytest.mark.parametrize(
    ("d20", "system"),
    [
        (1, System.COMMUNICATIONS),
        (2, System.COMPUTERS),
        (3, System.ENGINES),
        (6, System.ENGINES),
        (7, System.SENSORS),
        (9, System.SENSORS),
        (10, System.STRUCTURE),
        (17, System.STRUCTURE),
        (18, System.WEAPONS),
        (20, System.WEAPONS),
    ],
)
def test_system_hit_table(d20: int, system: System) -> None:
    """Seed 003 STARSHIP DAMAGE d20 table."""
    out = hit(plain(5), ship(), d20=[d20], d6=[2, 2, 2, 2, 1, 3])  # last: Structure Impact
    assert out.report.hits[0].system is system and out.report.hits[0].d20 == d20


def test_targeted_system_needs_no_d20() -> None:
    """[known] Targeting a system (+1 Difficulty) picks it."""
    out = hit(plain(5, targeted_system=System.WEAPONS), ship(), d20=[], d6=[2, 2, 2, 2, 1])
    assert out.report.hits[0].system is System.WEAPONS and out.report.hits[0].d20 is None


@pytest.mark.parametrize(
    ("destroyed", "goes_to"),
    [
        (System.COMMUNICATIONS, System.COMPUTERS),
        (System.COMPUTERS, System.COMMUNICATIONS),
        (System.SENSORS, System.WEAPONS),
        (System.STRUCTURE, System.ENGINES),
        (System.WEAPONS, System.SENSORS),
    ],
)
def test_hits_to_destroyed_systems_are_redirected(destroyed: System, goes_to: System) -> None:
    """[known] per-system effects: Destroyed: later hits go to ..."""
    s = with_breaches(ship(), destroyed, 5)
    out = hit(plain(5, targeted_system=destroyed), s, d20=[], d6=[2, 2, 2, 2, 2, 1])
    assert out.report.hits[0].system is goes_to
    assert out.report.hits[0].redirected_from == (destroyed,)


def test_destroyed_engines_redirect_to_structure_by_house_rule() -> None:
    """[default] The rules name no target for destroyed Engines: Structure by default."""
    s = with_breaches(ship(power=0), System.ENGINES, 5)
    out = hit(plain(5, targeted_system=System.ENGINES), s, d20=[], d6=[2, 2, 2, 2, 1, 3])
    assert out.report.hits[0].system is System.STRUCTURE
    off = HouseRules(engines_destroyed_redirect_to_structure=False)
    out = hit(plain(5, targeted_system=System.ENGINES), s, d20=[], d6=[2, 2, 2, 2, 1], house=off)
    assert out.report.hits[0].system is System.ENGINES


def test_vicious_adds_per_effect() -> None:
    """[known] Vicious X: +X damage per Effect."""
    out = hit(plain(3, q("vicious", 1)), ship(), d6=[5, 6, 2])
    assert (out.report.vicious, out.report.total) == (2, 6)


def test_piercing_ignores_resistance_per_effect() -> None:
    """Seed 003 DAMAGE EFFECTS: Piercing X ignores X Resistance per Effect."""
    out = hit(plain(3, q("piercing", 2)), ship(), d6=[5, 2, 2])  # 5 damage, ignore 2
    assert out.report.effective_resistance == 2 and out.report.after_resistance == 3


def test_scan_for_weakness_gives_piercing_two() -> None:
    """Seed 001 Sensors card: Scan for Weakness: the next attack gains Piercing 2."""
    out = hit(plain(3, scan_for_weakness=True), ship(), d6=[5, 2, 2])
    assert ("Scan for Weakness (Piercing 2)", 2) in out.report.ignored
    assert out.report.after_resistance == 3


def test_penetration_ignores_two_per_momentum() -> None:
    """Seed 001 starship Momentum: Penetration ignores two Resistance per Momentum."""
    out = hit(plain(3, spends=AttackSpends(penetration=2)), ship(), d6=[2, 2, 1])
    assert out.report.effective_resistance == 0 and out.report.after_resistance == 5


def test_bonus_damage_and_extra_power() -> None:
    """Seed 001: Bonus Damage +1 per Momentum; [default] extra Power +1 damage each."""
    out = hit(plain(2, spends=AttackSpends(bonus_damage=2), extra_power=1), ship(), d6=[2, 2])
    assert out.report.total == 7


def test_modulated_shields_add_resistance_until_damage() -> None:
    """Seed 001 Tactical card: Modulate Shields +Resistance until the ship next suffers damage."""
    s = ship(modulation_bonus=2)
    blocked = hit(plain(3), s, d6=[2, 2, 2])  # 6 vs 6
    assert blocked.report.after_resistance == 0 and blocked.ship.modulation_bonus == 2
    through = hit(plain(4), s, d6=[2, 2, 2, 2])
    assert through.report.after_resistance == 2 and through.ship.modulation_bonus == 0
    assert through.report.modulation_cleared


def test_high_yield_adds_a_breach_only_when_one_is_caused() -> None:
    """[known] High Yield: a hit that causes any breach causes one more."""
    none = hit(plain(3, q("high_yield")), ship(), d6=[2, 2, 2])
    assert none.report.breaches == 0
    one = hit(plain(5, q("high_yield")), ship(), d6=[2, 2, 2, 2, 1])
    assert one.report.hits[0].breaches == (BreachCause.FIVE_PLUS, BreachCause.HIGH_YIELD)
    assert one.ship.damage.sensors.breaches == 2


def test_spread_second_hit_half_rounded_up_plus_one_per_further_effect() -> None:
    """[known] Spread: any Effect: a second random system takes half the damage rounded
    up, +1 per further Effect, resolved separately."""
    out = hit(
        plain(5, q("spread")), ship(), d20=[STRUCTURE_D20, ENGINES_D20], d6=[2, 2, 2, 5, 6]
    )  # 8 damage, 2 Effects -> 4 through
    main, spread = out.report.hits
    assert (main.damage, spread.kind, spread.system, spread.damage) == (
        4,
        "spread",
        System.ENGINES,
        2 + 1,
    )
    assert out.ship.shields == 12 - 4 - 3


def test_devastating_attack_hits_a_second_system_for_half() -> None:
    """Seed 001 starship Momentum: Devastating Attack (2): another system takes half, up."""
    attack = plain(4, spends=AttackSpends(devastating=True))
    out = hit(attack, ship(), d20=[STRUCTURE_D20, 19], d6=[2, 2, 2, 1])  # 3 through
    assert [(h.kind, h.system, h.damage) for h in out.report.hits] == [
        ("main", System.STRUCTURE, 3),
        ("devastating", System.WEAPONS, 2),
    ]
    assert attack.spends.momentum == 2


def test_second_hit_can_breach_on_its_own() -> None:
    """Spread / Devastating hits are resolved separately: shields reaching 0 breach."""
    out = hit(
        plain(4, spends=AttackSpends(devastating=True)),
        ship(shields=4),
        d20=[STRUCTURE_D20, 19],
        d6=[2, 2, 2, 1],
    )  # 3 through, then 2 more
    assert out.report.hits[1].breaches == (BreachCause.SHIELDS_TO_ZERO,)
    assert out.ship.damage.weapons.breaches == 1


def test_power_loss_and_dampening() -> None:
    """Seed 001: Power Loss (1 R) removes 1 Power; [known] Dampening -1 Power per Effect."""
    attack = plain(3, q("dampening"), spends=AttackSpends(power_loss=2))
    out = hit(attack, ship(), d6=[5, 6, 3])
    assert out.report.power_before == 10 and out.ship.power == 10 - 2 - 2


def test_power_never_goes_negative() -> None:
    out = hit(plain(1, spends=AttackSpends(power_loss=5)), ship(power=2), d6=[3])
    assert out.ship.power == 0


def test_persistent_damage_is_queued() -> None:
    """[known] Persistent X: damage queued for the end of the coming Rounds."""
    attack = weapon_attack(ship(), PLASMA)
    out = hit(attack, ship(), d6=[5, 2, 2])
    assert out.report.persistent_queued is not None
    assert (out.report.persistent_queued.amount, out.report.persistent_queued.rounds) == (4, 1)
    assert out.ship.persistent == (out.report.persistent_queued,)


def test_engines_impact_costs_two_power() -> None:
    """[known] Engines Impact: -2 Power at once."""
    out = hit(plain(5), ship(), d20=[ENGINES_D20], d6=[2, 2, 2, 2, 1])
    assert out.ship.power == 8 and out.ship.system_state(System.ENGINES) is SystemState.IMPACT


def test_engines_destroyed_start_containment_checks() -> None:
    """[known] Engines Destroyed: Power capacity 0, warp core containment checks begin."""
    s = with_breaches(ship(), System.ENGINES, 4)
    out = hit(plain(5), s, d20=[ENGINES_D20], d6=[2, 2, 2, 2, 1])
    assert out.ship.system_state(System.ENGINES) is SystemState.DESTROYED
    assert out.report.core_breach_started and out.ship.core_breach_checks == 1
    assert out.ship.power == 0 and out.ship.power_capacity == 0


def test_structure_impact_rolls_for_injury() -> None:
    """[known] Structure Impact: roll 1 Challenge Die; an Effect injures a crew member."""
    hurt = hit(plain(5), ship(), d20=[STRUCTURE_D20], d6=[2, 2, 2, 2, 1, 5])
    assert hurt.report.crew_injured
    fine = hit(plain(5), ship(), d20=[STRUCTURE_D20], d6=[2, 2, 2, 2, 1, 3])
    assert not fine.report.crew_injured


def test_npc_whole_ship_breaches() -> None:
    """[known] NPC whole ship: any breach costs a Turn next Round and 2 Power; >= half
    Scale: +2 Difficulty; = Scale: no more Turns; > Scale: destroyed."""
    s = ship(
        breach_mode="whole_ship",
        scale=3,
        systems={"structure": 6, "engines": 8},
        departments={"security": 2},
    )
    out = hit(plain(5), s, d6=[2, 2, 2, 2, 1])  # 9 - 3 = 6: 5+, shields 8 -> 2
    assert out.ship.lost_turns == 1 and out.ship.power == 6
    assert out.ship.whole_ship_state is SystemState.IMPACT or out.ship.total_breaches == 1
    out = hit(plain(5), out.ship, d6=[2, 2, 2, 2, 1])  # 6 more: 5+ and shields to 0
    assert out.ship.total_breaches == 3 and out.ship.out_of_turns
    assert out.ship.whole_ship_state is SystemState.DISABLED
    out = hit(plain(2), out.ship, d6=[2, 2])  # shields 0: one more
    assert out.ship.destroyed and out.report.destroyed
    assert "is DESTROYED" in out.report.text()


def test_ramming_hurts_both_ships() -> None:
    """Seed 001 Helm card Ramming Speed: 2 + Scale ▲ Spread, Vicious 1, Devastating;
    the ramming ship takes Scale ▲ with the same qualities."""
    rammer = ship(id="rammer", name="Rammer", scale=3)
    on_target, on_rammer = ramming_attacks(rammer)
    assert (on_target.dice, on_rammer.dice) == (5, 3)
    for a in (on_target, on_rammer):
        assert {x.name for x in a.qualities} == {
            QualityName.SPREAD,
            QualityName.VICIOUS,
            QualityName.DEVASTATING,
        }


def test_weapon_attack_builders() -> None:
    """[known] Arrays pick Area or Spread; a torpedo salvo: +1 die and Spread."""
    s = ship()
    area = weapon_attack(s, PHASER_ARRAYS, array_mode="area")
    assert area.has(QualityName.AREA) and not area.has(QualityName.SPREAD)
    salvo = weapon_attack(s, PHOTON, salvo=True)
    assert salvo.dice == 4 and salvo.has(QualityName.SPREAD)
    with pytest.raises(RuleViolation, match="tractor beam"):
        weapon_attack(s, TRACTOR)
    with pytest.raises(RuleViolation, match="only to energy weapons"):
        weapon_attack(s, PHOTON, extra_power=1)
    with pytest.raises(RuleViolation, match="salvo"):
        weapon_attack(s, DISRUPTOR_CANNONS, salvo=True)


def test_rerolled_challenge_dice_are_used() -> None:
    """Seed 001: Re-Roll Damage: re-roll any number of challenge dice."""
    from bridge.rules.challenge import roll_challenge

    first = roll_challenge(3, GivenDice(d6=[3, 4, 3]))
    better = first.reroll([0, 1, 2], GivenDice(d6=[2, 2, 2]))
    out = hit(plain(3), ship(), d6=[], challenge=better)
    assert out.report.total == 6


def test_area_reports_extra_targets() -> None:
    out = hit(plain(2, q("area")), ship(), d6=[5, 6])
    assert out.report.area_targets == 2


def test_hazard_builder() -> None:
    a = hazard("Asteroids", 3, q("piercing", 1), flat_damage=1)
    out = hit(a, ship(), d6=[2, 2, 5])
    assert out.report.total == 6


def test_report_lists_the_steps() -> None:
    attack = weapon_attack(ship(), DISRUPTOR_CANNONS, spends=AttackSpends(penetration=1))
    out = hit(attack, ship(shields=2), d6=[2, 2, 5, 6, 2, 2, 1, 3, 3], d20=[ENGINES_D20])
    text = out.report.text()
    for needle in (
        "Disruptor Cannons against Target",
        "Vicious 1: +2",
        "Penetration",
        "Damage after Resistance",
        "Breach to Engines",
        "Engines Impact",
    ):
        assert needle in text, needle


@settings(max_examples=150, deadline=None)
@given(
    dice=st.integers(0, 12),
    faces=st.lists(st.integers(1, 6), min_size=40, max_size=40),
    d20s=st.lists(st.integers(1, 20), min_size=10, max_size=10),
    qualities=st.sets(st.sampled_from(["spread", "high_yield", "dampening", "devastating"])),
    vicious=st.integers(0, 2),
    power_loss=st.integers(0, 5),
    shields=st.integers(0, 12),
    power=st.integers(0, 10),
    whole=st.booleans(),
    repeat=st.integers(1, 4),
)
def test_damage_never_breaks_invariants(
    dice: int,
    faces: list[int],
    d20s: list[int],
    qualities: set[str],
    vicious: int,
    power_loss: int,
    shields: int,
    power: int,
    whole: bool,
    repeat: int,
) -> None:
    """Invariants: Shields and Power never negative nor above their maxima, breach
    state consistent with the counts and the Scale."""
    quals = [q(n) for n in qualities] + ([q("vicious", vicious)] if vicious else [])
    attack = plain(dice, *quals, spends=AttackSpends(power_loss=power_loss))
    s = ship(shields=shields, power=power, breach_mode="whole_ship" if whole else "per_system")
    source = GivenDice(d20=d20s * repeat * 3, d6=faces * repeat)
    for _ in range(repeat):
        s = resolve_damage(attack, s, source).ship
        Ship.model_validate(s.model_dump())  # still a valid ship
        assert 0 <= s.shields_now <= s.shields_max
        assert 0 <= s.power_now <= max(s.power_capacity, 0)
        for system in System:
            d = s.damage[system]
            if s.per_system:
                expected = breach_state(d.breaches, s.scale, impact=d.impact, repaired=d.repaired)
                assert s.system_state(system) is expected
                assert d.impact == (d.breaches > 0)
        if whole:
            assert s.destroyed == (s.total_breaches > s.scale)


def test_report_ends_with_the_ship_as_it_stands() -> None:
    out = hit(plain(5), ship(), d20=[ENGINES_D20], d6=[2, 2, 2, 2, 1])
    assert reveal(out.report.steps[-1]) == "Target now: Shields 7/12, Power 8; Engines Impact."
    whole = hit(plain(5), ship(breach_mode="whole_ship"), d6=[2, 2, 2, 2, 1])
    assert reveal(whole.report.steps[-1]) == (
        "Target now: Shields 7/12, Power 8; 1 breach(es), Impact."
    )
    # A crew that has not scanned the target reads what it sees: the systems, not the
    # shields and Power (bridge.rules.hidden).
    assert conceal(out.report.steps[-1]) == "Target now: Engines Impact."


def test_a_crew_reads_the_damage_it_dealt_not_the_targets_statistics() -> None:
    """Issue 27: the damage report tells the crew what they see (damage dealt, systems
    hit, breaches) and keeps an unscanned target's Resistance, shields and Power hidden;
    an unscanned attacker's weapon is named by its kind."""
    attack = weapon_attack(ship(), DISRUPTOR_CANNONS, spends=AttackSpends(penetration=1))
    out = hit(attack, ship(shields=2), d6=[2, 2, 5, 6, 2, 2, 1, 3, 3], d20=[ENGINES_D20])
    crew = "\n".join(conceal(step) for step in out.report.steps)
    assert "Energy weapon against Target" in crew and "Disruptor" not in crew
    assert "Total damage" in crew and "Breach to Engines." in crew
    for hidden in ("Resistance", "Shields", "Power 8", "Vicious", "-> 0"):
        assert hidden not in crew, hidden
    assert "\ue000" not in crew and "\ue000" not in out.report.text()
