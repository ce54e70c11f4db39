"""Rules the engine used to get wrong, each played through Commands with given dice."""

from __future__ import annotations

from bridge.engine.core.commands import (
    AdjustPool,
    EndRound,
    EndTurn,
    ResolveTask,
    SetHouseRules,
    SetValue,
    SpendMomentum,
)
from bridge.engine.gate import why_not
from bridge.engine.ship.commands import AttemptTask, MoveShip
from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import DurationKind
from bridge.engine.state.spends import Spends
from tests.engine.table import Table


def _log(applied: object) -> str:
    return "\n".join(applied.entry.log)  # type: ignore[attr-defined]


def test_attack_pattern_bonus_only_for_an_attack_already_at_difficulty_1() -> None:
    """Seed 001 Helm card, Attack Pattern: "reduce attack Difficulty by 1 (Minimum 1,
    gain 1 Momentum if already at 1)": a Difficulty 2 attack lowered to 1 earns nothing."""
    t = Table()
    t.turn("tovan")
    t.task("attack_pattern")
    t.end()
    t.npc_pass("qoj")
    t.turn("kell")
    applied = t.task(
        "fire_weapon", weapon="Phaser Arrays", target="qoj", d20=(1, 1, 10, 12), d6=(3,) * 8
    )
    log = _log(applied)
    assert "Attack Pattern -1" in log
    assert "Attack Pattern at minimum Difficulty" not in log


def test_npc_repeated_role_is_a_flat_plus_one() -> None:
    """Seed 003 NPC starships: "each Task after the first ... is +1" (flat, not +1, +2)."""
    t = Table()
    for player in ("kell", "tovan", "mbeki"):
        t.turn(player)
        t.minor("interact")
        t.end()
        t.turn("qoj")
        applied = t.task("sensor_sweep", station=Station.SCIENCE, d20=(1, 1, 1))
        t.end()
    log = _log(applied)
    assert "Sensors and Science already acted this Round +1" in log
    assert "already acted this Round +2" not in log


def test_assist_ends_evasive_action() -> None:
    """Seed 001 Helm card: Evasive Action lasts "until the flight controller's next Task";
    Assist is a Task (seed 003 ASSIST)."""
    t = Table()
    t.turn("tovan")
    t.task("evasive_action")
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("tovan")
    assert t.state.durations_of(DurationKind.EVASIVE_ACTION, "resolute")
    t.task("assist", target="kell")
    assert not t.state.durations_of(DurationKind.EVASIVE_ACTION, "resolute")


def test_direct_is_for_the_commanding_officer_only() -> None:
    """Seed 001 Conflict card, Direct: "Commanding officers only" (not through Override)."""
    t = Table()
    t.turn("kell")
    command = AttemptTask(by="kell", action="direct", override=True, target="tovan")
    assert why_not(t.state, command) == "Direct is for the Commanding Officer only."
    t.refused(command, "Commanding Officer only")
    t.end()
    t.npc_pass("qoj")
    t.turn("reyes")
    t.task("direct", target="tovan")
    t.task("pass")
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("reyes")
    t.refused(AttemptTask(by="reyes", action="direct", target="kell"), "once per scene")


def test_disabled_communications_still_hail_at_close_range() -> None:
    """Seed 001 breach effects: Disabled Communications are "unusable beyond Close"."""
    t = Table()
    scale = t.state.ships["resolute"].scale
    t.do(SetValue(path="ships.resolute.damage.communications.breaches", value=scale))
    t.do(MoveShip(ship="qoj", zone="Open Space"))
    t.turn("mbeki")
    hail = AttemptTask(by="mbeki", action="hailing_frequencies", target="qoj", note="stand down")
    assert why_not(t.state, hail) is None
    assert "GM narrates" in _log(t.task("hailing_frequencies", target="qoj", note="stand down"))
    t.end()
    t.npc_pass("qoj")
    t.do(MoveShip(ship="qoj", zone="Asteroid Field"))
    t.turn("kell")
    t.refused(
        AttemptTask(by="kell", action="hailing_frequencies", target="qoj", override=True),
        "unusable beyond Close",
    )


def test_missed_attack_uses_up_scan_for_weakness_by_default() -> None:
    """[default] house rule: Scan for Weakness is for "the next attack" (seed 001 Sensors
    card), so a missed attack uses it up; the GM can switch the reading off."""
    for uses_up in (True, False):
        t = Table()
        rules = t.state.house_rules.model_copy(update={"missed_attack_uses_scan": uses_up})
        t.do(SetHouseRules(rules=rules))
        t.turn("sorel")
        t.task("scan_for_weakness", target="qoj")
        t.end()
        t.npc_pass("qoj")
        t.turn("kell")
        assert t.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, "resolute")
        t.task("fire_weapon", weapon="Phaser Arrays", target="qoj", d20=(19,) * 6)
        left = t.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, "resolute")
        assert bool(left) is not uses_up


def test_impacted_system_gives_no_assist_die_by_default() -> None:
    """[default] house rule: RULES-NOTES calls an Impacted system "unusable" until
    Restored, so it gives no assist die; the GM can allow it."""
    for blocks in (True, False):
        t = Table()
        rules = t.state.house_rules.model_copy(update={"impact_blocks_assist": blocks})
        t.do(SetHouseRules(rules=rules))
        t.do(SetValue(path="ships.resolute.damage.computers.impact", value=True))
        t.turn("tovan")
        log = _log(t.task("plot_course", d20=(1, 1, 1)))
        assert ("The ship cannot assist" in log) is blocks


def test_changing_the_npc_breach_rule_reaches_npc_ships_in_the_battle() -> None:
    """[default] house rule: the NPC breach rule also changes the NPC ships already here."""
    t = Table()
    assert t.state.ships["qoj"].breach_mode == "whole_ship"
    rules = t.state.house_rules.model_copy(update={"npc_whole_ship_breaches": False})
    t.do(SetHouseRules(rules=rules))
    assert t.state.ships["qoj"].breach_mode == "per_system"
    assert t.state.ships["resolute"].breach_mode == "per_system"
    keep = rules.model_copy(
        update={"npc_whole_ship_breaches": True, "npc_breach_rule_reaches_ships_in_battle": False}
    )
    t.do(SetHouseRules(rules=keep))
    assert t.state.ships["qoj"].breach_mode == "per_system"


RAM_D20 = (1, 1, 1, 12, 15, 12, 15)


def test_the_rammer_suffers_the_targets_scale_in_challenge_dice() -> None:
    """Seed 001 Helm card, Ramming Speed; public rules summaries: "the ship also suffers a
    number of damage equal to the target's Scale" (Qoj, Scale 3; not the Resolute's 5)."""
    t = Table()
    t.turn("tovan")
    applied = t.task("ramming_speed", target="qoj", d20=RAM_D20, d6=(2,) * 7 + (3,) * 3)
    assert "Ramming recoil against USS Resolute: [- - -] = 0 damage" in _log(applied)


def test_ramming_speed_is_an_attack() -> None:
    """Seed 001 Helm card: Ramming Speed "(Attack)": the target's Evasive Action, Attack
    Pattern and Scan for Weakness's Piercing 2 apply; a Devastating spend is refused."""
    t = Table()
    t.turn("sorel")
    t.task("scan_for_weakness", target="qoj")
    t.end()
    t.turn("qoj")
    t.task("evasive_action", station=Station.HELM, d20=(1, 1, 1))
    t.end()
    t.turn("tovan")
    t.task("attack_pattern")
    t.do(SpendMomentum(by="tovan", spend="swift_task"))
    rolled = t.roll("ramming_speed", target="qoj", d20=RAM_D20)
    t.refused(ResolveTask(by="tovan", spends=Spends(devastating=True)), "already Devastating")
    applied = t.resolve(d20=RAM_D20[3:], d6=(6,) + (2,) * 6 + (3,) * 3)  # one Effect
    log = _log(rolled) + "\n" + _log(applied)
    assert "Target's Evasive Action +1" in log
    assert "Attack Pattern -1" in log
    assert "Scan for Weakness (Piercing 2)" in log
    assert not t.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, "resolute")


def test_immediate_spends_can_be_paid_by_adding_to_threat() -> None:
    """Seed 001 card back: "Immediate uses can be used outside of a successful Task paid
    for out of the Group Pool or by adding to Threat" (Extra Minor Action 1 (I,R), Keep
    the Initiative 2 (I))."""
    t = Table()
    t.do(AdjustPool(pool="momentum", delta=-t.state.momentum.value))
    t.turn("kell")
    threat = t.state.threat.value
    extra = SpendMomentum(by="kell", spend="extra_minor")
    assert why_not(t.state, extra) == "Not enough Momentum: 1 needed, 0 in the pool."
    t.do(SpendMomentum(by="kell", spend="extra_minor", with_threat=True))
    assert t.state.turn.minor_allowance == 2
    assert t.state.threat.value == threat + 1 and t.state.momentum.value == 0
    t.do(EndTurn(by="kell", keep_initiative=True, with_threat=True))
    assert t.state.threat.value == threat + 1 + t.state.house_rules.keep_initiative_cost
    assert t.state.turn.side == "player"
