"""Each station Task changes the state as its card says (seed 001; RULES-NOTES)."""

from __future__ import annotations

from bridge.engine.core.commands import (
    AdjustDifficulty,
    AdjustPool,
    EndRound,
    Inspiration,
    SetHouseRules,
    SetValue,
    SpendMomentum,
)
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask, MinorAction, MoveShip
from bridge.engine.ship.forms import task_spends
from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import DurationKind
from bridge.engine.state.spends import Spends
from bridge.model.house_rules import HouseRules
from bridge.rules.stats import Attribute, Department, System
from tests.engine.table import Table

MISS = (20, 20, 20)


def log(applied) -> str:  # type: ignore[no-untyped-def]
    return "\n".join(applied.entry.log)


def at_turn(actor: str, table: Table | None = None) -> Table:
    t = table or Table()
    t.turn(actor)
    return t


# -- Command --------------------------------------------------------------------------------
def test_rally_generates_momentum() -> None:
    """Seed 001 Command card: Rally, Presence + Command, Difficulty 0, to generate Momentum."""
    t = at_turn("reyes")
    t.task("rally", d20=(1, 4))  # Presence 12 + Command 5: 2 + 1 successes
    assert t.state.momentum.value == 2 + 3


def test_direct_lets_an_officer_act_at_once_with_the_co_assisting() -> None:
    """Seed 001 Command card / seed 003 DIRECT: once per scene; the CO assists with Command."""
    t = at_turn("reyes")
    t.task("direct", target="kell")
    assert t.state.turn.interrupt == "kell"
    applied = t.task(
        "fire_weapon", weapon="Phaser Arrays", target="qoj", d20=(20, 20, 20, 2, 12), d6=(3,) * 8
    )
    assert applied.state.pending is None
    assert "Capt. Elena Reyes" in log(applied)  # the CO's assist die is rolled
    assert t.state.turn.interrupt is None and t.state.turn.actor == "reyes"
    assert t.state.turn.tasks_taken == 1  # Direct was Reyes's Task; Kell's did not count
    t.end()
    t.npc_pass("qoj")
    t.turn("tovan")
    t.refused(
        AttemptTask(by="tovan", action="direct", target="kell", override=True),
        "Commanding Officer only",  # seed 001 Conflict card: "Commanding officers only"
    )


def test_assist_adds_a_die_to_the_allys_next_task() -> None:
    """Seed 001: Assist: nominate an ally; assist their Task with your own dice."""
    t = at_turn("sorel")
    t.task(
        "assist",
        target="kell",
        attribute=Attribute.REASON,
        discipline=Department.SCIENCE,
        focus=True,
    )
    t.end()
    t.npc_pass("qoj")
    t.turn("kell")
    applied = t.task("modulate_shields", d20=(17, 16, 20, 3))  # lead 1, ship 0, Sorel 2
    assert "assisted by USS Resolute (Structure + Engineering), Lt. Sorel" in log(applied)
    result_line = next(line for line in applied.entry.log if line.startswith("["))
    assert result_line.startswith("[17, 16, A20!, A3*] 3 successes")
    assert t.state.assists == ()


def test_override_adds_one_difficulty() -> None:
    """Seed 001: Override: attempt a Task from any other role, +1 Difficulty."""
    t = at_turn("reyes")
    t.refused(AttemptTask(by="reyes", action="sensor_sweep"), "use Override")
    t.refused(AttemptTask(by="reyes", action="sensor_sweep", station=Station.SCIENCE), "not yours")
    applied = t.task("sensor_sweep", override=True)
    assert "Override (another role's Task) +1" in log(applied)
    assert "(Override) from Sensors and Science" in log(applied)


# -- Helm -----------------------------------------------------------------------------------
def test_maneuver_impulse_warp_ranges_and_power() -> None:
    """Seed 001 Helm card; RULES-NOTES Ranges: Maneuver Medium, Impulse Long (1 Power),
    Warp 1 Power per zone, two or more zones."""
    t = at_turn("tovan")
    t.refused(AttemptTask(by="tovan", action="maneuver", zone="Nebula Edge"), "within Medium")
    t.task("maneuver", zone="Asteroid Field")
    assert t.state.zones.positions["resolute"] == "Asteroid Field"
    assert t.state.ships["resolute"].power == 10
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("tovan")
    t.refused(AttemptTask(by="tovan", action="warp", zone="Nebula Edge"), "two or more zones")
    t.task("impulse", zone="Planetary Orbit")
    assert t.state.ships["resolute"].power == 9
    t.do(SpendMomentum(by="tovan", spend="swift_task"))
    t.task("warp", zone="Nebula Edge", d20=(1, 1, 1))
    assert t.state.zones.positions["resolute"] == "Nebula Edge"
    assert t.state.ships["resolute"].power == 9 - 3


def test_attack_pattern_lowers_attacks_to_a_minimum_of_one() -> None:
    """Seed 001 Helm card: Attack Pattern -1 attack Difficulty (min 1; +1 Momentum at 1)."""
    t = at_turn("tovan")
    t.task("attack_pattern")
    t.end()
    t.npc_pass("qoj")
    t.turn("kell")
    t.minor("prepare")
    applied = t.task(
        "fire_weapon", weapon="Photon Torpedoes", target="qoj", d20=(1, 1, 1, 12), d6=(3, 3, 3)
    )
    assert "Attack Pattern -1" in log(applied) and "Difficulty 2" in log(applied)


def test_attack_pattern_at_minimum_gains_momentum() -> None:
    t = at_turn("tovan")
    t.task("attack_pattern")
    t.end()
    t.npc_pass("qoj")
    t.turn("kell")
    t.do(AdjustPool(pool="momentum", delta=-t.state.momentum.value))
    t.do(AdjustDifficulty(amount=-1, reason="point blank"))
    applied = t.task(
        "fire_weapon", weapon="Phaser Arrays", target="qoj", d20=(10, 20, 20, 12), d6=(3,) * 8
    )
    assert "Difficulty 1" in log(applied) and "Attack Pattern at minimum" in log(applied)
    assert t.state.momentum.value == 1 + 2  # the bonus Momentum, then Versatile 2


def test_ramming_speed_damages_both_ships() -> None:
    """Seed 001 Helm card: 2 + Scale ▲ to the target; Scale ▲ to the rammer; +1 per range
    beyond Close."""
    t = at_turn("tovan")
    applied = t.task(
        "ramming_speed", target="qoj", d20=(1, 1, 1, 12, 15, 12, 15), d6=(2,) * 7 + (3,) * 5
    )
    assert "Range beyond Close +1" in log(applied)
    assert t.state.zones.positions["resolute"] == "Asteroid Field"
    qoj = t.state.ships["qoj"]
    assert qoj.shields == 11 - (14 - 3)  # 7 dice of 2 = 14, Resistance 3
    assert t.state.ships["resolute"].power == 9  # Power requirement 1


def test_plot_course_lowers_the_helms_next_task() -> None:
    """Seed 001 Helm card: Plot Course: the next Task -1, -1 more per 2 Momentum."""
    t = at_turn("tovan")
    t.task("plot_course", spends=Spends(extra=1))
    plot = t.state.durations_of(DurationKind.PLOT_COURSE)[0]
    assert plot.value == 2
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("tovan")
    applied = t.task("chart_hazard", note="ion storm")
    assert "Plot Course -2" in log(applied)
    assert not t.state.durations_of(DurationKind.PLOT_COURSE)


def test_chart_hazard() -> None:
    """Seed 001 Helm card: Chart Hazard: nominate hazards; -2 Difficulty to avoid them."""
    t = at_turn("tovan")
    t.task("chart_hazard", spends=Spends(extra=1), note="asteroids")
    charted = t.state.durations_of(DurationKind.CHARTED_HAZARD)[0]
    assert charted.value == 2


# -- Tactical -------------------------------------------------------------------------------
def test_fire_weapon_costs_power_and_deals_damage() -> None:
    """RULES-NOTES: attacks are Control + Security assisted by Weapons + Security,
    Difficulty 2 energy; [default] an energy weapon costs 1 Power."""
    t = at_turn("kell")
    applied = t.task(
        "fire_weapon",
        weapon="Phaser Arrays",
        target="qoj",
        d20=(1, 1, 1, 12),
        d6=(2, 2, 2, 2, 3, 3, 3, 3),
    )
    assert t.state.ships["resolute"].power == 9
    assert t.state.ships["qoj"].shields == 11 - (8 - 3)
    assert "Difficulty 2" in log(applied)


def test_torpedoes_add_threat_and_need_calibration_for_quantum() -> None:
    """[known] Each torpedo attack adds 1 Threat; a salvo 3 in all, +1 die and Spread."""
    t = at_turn("kell")
    threat = t.state.threat.value
    applied = t.task(
        "fire_weapon",
        weapon="Photon Torpedoes",
        target="qoj",
        salvo=True,
        d20=(1, 1, 1, 12, 14),
        d6=(3, 3, 3, 3),
    )
    assert t.state.threat.value == threat + 3
    assert "Difficulty 3" in log(applied) and t.state.ships["resolute"].power == 10


def test_fire_weapon_refusals() -> None:
    t = at_turn("kell")
    t.refused(
        AttemptTask(by="kell", action="fire_weapon", weapon="Phasers", target="qoj"),
        "no weapon 'Phasers'",
    )
    t.refused(
        AttemptTask(by="kell", action="fire_weapon", weapon="Phaser Arrays", target="resolute"),
        "your own side",
    )
    t.do(SetValue(path="ships.resolute.damage.weapons.breaches", value=5))
    t.refused(
        AttemptTask(by="kell", action="fire_weapon", weapon="Phaser Arrays", target="qoj"),
        "Weapons is disabled",
    )


def test_not_enough_power_is_refused_or_a_complication() -> None:
    """[default] Spending more Power than the ship has: a Complication (or refused)."""
    t = at_turn("kell")
    t.do(SetValue(path="ships.resolute.power", value=0))
    applied = t.task("modulate_shields")
    assert "shortfall causes a Complication" in log(applied)
    t2 = at_turn("kell")
    t2.do(SetValue(path="ships.resolute.power", value=0))
    t2.do(SetHouseRules(rules=HouseRules(power_overdraw="refuse")))
    t2.refused(AttemptTask(by="kell", action="modulate_shields"), "Not enough Power")


def test_targeting_a_system_and_range() -> None:
    """[known] +1 to target a system; [default] +1 per range band beyond the weapon's."""
    t = at_turn("kell")
    applied = t.task(
        "fire_weapon",
        weapon="Phaser Arrays",
        target="vortak",
        system=System.WEAPONS,
        d20=(1, 1, 1),
        d6=(3,) * 8,
    )
    assert "Targeting Weapons +1" in log(applied)
    assert "Beyond Medium range +1" in log(applied)


def test_modulate_shields_until_damage() -> None:
    """Seed 001 Tactical card: +1 Resistance, +1 per Momentum, until damage."""
    t = at_turn("kell")
    t.task("modulate_shields", spends=Spends(extra=2))
    assert t.state.ships["resolute"].modulation_bonus == 3
    assert t.state.ships["resolute"].resistance == 6 + 3


def test_tractor_beam_holds_a_ship_at_close_range() -> None:
    """Seed 001 Tactical card: Tractor Beam only at Close range; the target is held."""
    t = at_turn("kell")
    t.refused(AttemptTask(by="kell", action="tractor_beam", target="qoj"), "Close range")
    t.do(MoveShip(ship="qoj", zone="Open Space"))
    t.task("tractor_beam", target="qoj")
    beam = t.state.durations_of(DurationKind.TRACTOR_BEAM)[0]
    assert beam.target == "qoj" and beam.value == 4  # Scale 5 - 1
    t.end()
    t.turn("qoj")
    t.refused(
        AttemptTask(action="maneuver", zone="Asteroid Field", station=Station.HELM),
        "held by a tractor beam",
    )


def test_deploy_security_is_narrative() -> None:
    """Seed 001: the team's result is the GM's to narrate, once the Opposed Task is won."""
    t = at_turn("kell")
    applied = t.task("deploy_security", note="deck 7", d20=(1, 1, 20, 20))
    assert "GM narrates" in log(applied) and "deck 7" in log(applied)


def test_raise_and_lower_shields_not_both_in_a_round() -> None:
    """Seed 001 Tactical card: shields to 0 when down, back to their score when raised,
    not raised and lowered in one Round."""
    t = at_turn("kell")
    t.minor("lower_shields")
    assert t.state.ships["resolute"].shields_now == 0
    t.do(SpendMomentum(by="kell", spend="extra_minor"))
    t.refused(MinorAction(by="kell", action="raise_shields"), "not both in one Round")
    t.refused(MinorAction(by="tovan", action="raise_shields"), "not yours")


# -- Operations -----------------------------------------------------------------------------
def test_hailing_and_transporters_are_logged() -> None:
    t = at_turn("mbeki")
    assert "GM narrates" in log(t.task("hailing_frequencies", target="qoj", note="surrender?"))
    t.do(SpendMomentum(by="mbeki", spend="swift_task"))
    assert "GM narrates" in log(t.task("transporters", d20=(1, 1, 1, 1)))


def test_respond_to_hail() -> None:
    t = at_turn("mbeki")
    assert "Respond to Hail succeeds" in log(t.task("respond_to_hail"))


def test_signals_jamming_difficulty_is_the_players_choice() -> None:
    """Seed 001 Ops card: Difficulty 1, 2 or 3, player chooses."""
    t = at_turn("mbeki")
    applied = t.task("signals_jamming", target="qoj", difficulty_choice=3, d20=(1, 1, 1))
    assert "Difficulty 3" in log(applied)
    jam = t.state.durations_of(DurationKind.JAMMED, "qoj")[0]
    assert jam.value == 3


def test_damage_report_and_damage_control() -> None:
    """Seed 001 Ops card: Damage Report -1 to a repair; RULES-NOTES: Damage Control,
    Presence + Engineering, 3 Damaged / 4 Disabled / 5 Disabled Engines or Structure;
    repairs lift the penalties, not the breaches."""
    t = at_turn("mbeki")
    t.do(SetValue(path="ships.resolute.damage.sensors.breaches", value=3))
    t.do(SetValue(path="ships.resolute.damage.sensors.impact", value=True))
    t.refused(
        AttemptTask(by="mbeki", action="damage_control", system=System.WEAPONS),
        "Weapons is Nominal",
    )
    t.task("damage_report")
    t.do(SpendMomentum(by="mbeki", spend="swift_task"))
    applied = t.task(
        "damage_control", system=System.SENSORS, attribute=Attribute.PRESENCE, d20=(1, 1)
    )
    text = log(applied)
    assert "Base (repair Damaged Sensors) 3" in text and "Damage Report -1" in text
    sensors = t.state.ships["resolute"].damage.sensors
    assert sensors.repaired and sensors.breaches == 3
    assert t.state.ships["resolute"].difficulty_penalty(System.SENSORS) == 0


def test_damage_control_difficulty_for_disabled_engines() -> None:
    t = at_turn("mbeki")
    t.do(SetValue(path="ships.resolute.damage.engines.breaches", value=5))
    t.roll("damage_control", system=System.ENGINES, d20=(1, 1))
    assert t.state.pending is not None
    assert t.state.pending.difficulty_items[0] == ("Base (repair Disabled Engines)", 5)


def test_power_management_succeeds_at_cost() -> None:
    """Seed 001 Ops card: +1 Power, +1 per Momentum; can Succeed at Cost."""
    t = at_turn("mbeki")
    t.do(SetValue(path="ships.resolute.power", value=4))
    t.task("power_management", spends=Spends(extra=2), attribute=Attribute.DARING)
    assert t.state.ships["resolute"].power == 7
    t2 = at_turn("mbeki")
    t2.do(SetValue(path="ships.resolute.power", value=4))
    applied = t2.task("power_management", d20=(20, 19))
    assert "succeeds at a cost" in log(applied) and t2.state.ships["resolute"].power == 5


def test_regenerate_shields() -> None:
    """Seed 001 Ops card: +2 Shields, +2 per Momentum; +1 Difficulty at 0 Shields."""
    t = at_turn("mbeki")
    t.do(SetValue(path="ships.resolute.shields", value=0))
    applied = t.task("regenerate_shields", spends=Spends(extra=1))
    assert "Shields are at 0 +1" in log(applied)
    assert t.state.ships["resolute"].shields == 4


# -- Science --------------------------------------------------------------------------------
def test_sensor_sweep_reveals_contacts() -> None:
    """Seed 001 Sensors card: Sensor Sweep's Momentum buys Obtain Information, the card
    back's general spend (offered once, not again as the Task's own effect)."""
    t = at_turn("sorel")
    applied = t.task("sensor_sweep", spends=Spends(obtain_information=2))
    assert set(t.state.scanned) == {"qoj", "vortak"}
    assert "Obtain Information: 2 question(s) for the GM." in log(applied)
    names = [s.name for s in task_spends(CATALOG["sensor_sweep"])]
    assert names.count("obtain_information") == 1 and "extra" not in names


def test_scan_for_weakness_gives_the_next_attack_piercing_two() -> None:
    """Seed 001 Sensors card: the next attack gains Piercing 2."""
    t = at_turn("sorel")
    t.task("scan_for_weakness", target="qoj")
    t.end()
    t.npc_pass("qoj")
    t.turn("kell")
    applied = t.task(
        "fire_weapon",
        weapon="Phaser Arrays",
        target="qoj",
        d20=(1, 1, 1, 12, 15),
        d6=(5, 3, 3, 3, 3, 3, 3, 3),
    )
    assert "Scan for Weakness (Piercing 2) ignores 2" in log(applied)
    assert not t.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS)


def test_launch_probe_helps_sensor_sweeps() -> None:
    """Seed 001 Sensors card: Sensor Sweeps near the probe are -2 Difficulty."""
    t = at_turn("sorel")
    t.task("launch_probe", zone="Nebula Edge")
    assert t.state.durations_of(DurationKind.PROBE)[0].note == "in Nebula Edge"


def test_moment_of_inspiration_rerolls_the_pending_task() -> None:
    """Seed 003 USES FOR DETERMINATION: Moment of Inspiration re-rolls the dice."""
    t = at_turn("sorel")
    t.roll("scan_for_weakness", target="qoj", d20=(20, 20, 20))
    assert t.state.pending is not None and not t.state.pending.result.success
    t.do(Inspiration(by="sorel", value="Logic is the beginning of wisdom"), d20=(1, 2))
    assert t.state.pending.result.success
    assert t.state.characters["sorel"].determination.value == 0
