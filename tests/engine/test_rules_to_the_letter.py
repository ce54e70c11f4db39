"""Starship rules read to the letter (issue 25), each played through Commands with given
dice and named by its seed line or RULES-NOTES item."""

from __future__ import annotations

import pytest

from bridge.engine.core.commands import (
    AddTrait,
    AdjustPool,
    EndRound,
    SetHouseRules,
    SetValue,
    SpendMomentum,
)
from bridge.engine.core.needs import Need
from bridge.engine.gate import preview_task, why_not
from bridge.engine.session import CommandRefused
from bridge.engine.ship.autopilot import AutopilotTurn, play_npc_turn, suggest
from bridge.engine.ship.cards import task_needs
from bridge.engine.ship.catalog import MOMENTUM_SPENDS
from bridge.engine.ship.commands import AttemptTask, MinorAction, MoveShip
from bridge.engine.ship.ledger import REPEATED_ROLE_PENALTY, npc_ledger, role_penalty
from bridge.engine.ship.whose_turn import acting, seat_line, turn_text
from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import DurationKind
from bridge.engine.state.spends import Spends
from bridge.rules.dice import SeededDice
from tests.engine.table import Table

MISS = (20, 20, 20)  # three failures (and complications)


def _log(applied: object) -> str:
    return "\n".join(applied.entry.log)  # type: ignore[attr-defined]


# -- Threat pays only Immediate spends --------------------------------------------------


@pytest.mark.parametrize(
    ("spend", "name"),
    [
        ("obtain_information", "Obtain Information"),
        ("create_advantage", "Create Advantage"),
        ("swift_task", "Swift Task"),
    ],
)
def test_threat_pays_only_immediate_spends(spend: str, name: str) -> None:
    """Seed 001 card back: "Immediate uses can be used outside of a successful Task paid
    for out of the Group Pool or by adding to Threat"; the STARSHIP table marks Obtain
    Information (R), Create Advantage and Swift Task without an I."""
    t = Table()
    t.turn("kell")
    command = SpendMomentum(by="kell", spend=spend, name="High ground", with_threat=True)  # type: ignore[arg-type]
    reason = why_not(t.state, command)
    assert reason is not None and reason.startswith(f"{name} is not an Immediate spend")
    assert "adding to Threat" in reason
    t.refused(command, "not an Immediate spend")
    assert not MOMENTUM_SPENDS.is_immediate(spend, t.state.house_rules)


def test_swift_task_paid_in_threat_is_a_house_rule_off_by_default() -> None:
    """Seed 001 COMBAT MOMENTUM (STARSHIP): "Swift Task 2" carries no I. Disputed, so a
    house rule may read it as Immediate; the default follows the card."""
    t = Table()
    assert t.state.house_rules.swift_task_immediate is False
    rules = t.state.house_rules.model_copy(update={"swift_task_immediate": True})
    t.do(SetHouseRules(rules=rules))
    t.do(AdjustPool(pool="momentum", delta=-t.state.momentum.value))
    t.turn("kell")
    threat = t.state.threat.value
    t.do(SpendMomentum(by="kell", spend="swift_task", with_threat=True))
    assert t.state.turn.task_allowance == 2
    assert t.state.threat.value == threat + 2
    assert MOMENTUM_SPENDS["swift_task"].marks(t.state.house_rules) == "I"
    assert MOMENTUM_SPENDS["swift_task"].marks() == ""


def test_the_spends_table_follows_the_card_back() -> None:
    """Seed 001 COMBAT MOMENTUM (STARSHIP): the I and R of every spend, in card order."""
    marks = {s.name: s.marks() for s in MOMENTUM_SPENDS}
    assert marks == {
        "Create Opportunity": "I, R",
        "Create Problem": "I, R",
        "Obtain Information": "R",
        "Create Advantage": "",
        "Keep the Initiative": "I",
        "Extra Minor Action": "I, R",
        "Bonus Damage": "R",
        "Penetration": "R",
        "Re-Roll Damage": "",
        "Devastating Attack": "",
        "Swift Task": "",
        "Power Loss": "R",
    }


def test_immediate_spends_still_pay_in_threat() -> None:
    """Seed 001: Create Problem 2 (I,R) may be paid by adding to Threat."""
    t = Table()
    t.turn("kell")
    threat = t.state.threat.value
    t.do(SpendMomentum(by="kell", spend="create_problem", with_threat=True))
    assert t.state.threat.value == threat + 2


# -- Create Advantage removes a Complication --------------------------------------------


def test_create_advantage_removes_a_complication_outside_a_task() -> None:
    """Seed 001 COMBAT MOMENTUM (STARSHIP): Create Advantage 2, "Establish an Advantage in
    the scene, or remove a Complication"."""
    t = Table()
    t.do(AdjustPool(pool="momentum", delta=4 - t.state.momentum.value))
    t.turn("kell")
    spend = SpendMomentum(by="kell", spend="create_advantage", remove_complication=True)
    assert why_not(t.state, spend) == "No Complication is in play to remove."
    t.do(AddTrait(name="Coolant leak", kind="complication"))
    t.do(AddTrait(name="Coolant leak", kind="advantage"))  # same name, other kind: kept
    assert why_not(t.state, spend) is None
    t.refused(spend.model_copy(update={"name": "Hull breach"}), "no Complication 'Hull breach'")
    applied = t.do(spend.model_copy(update={"name": "Coolant leak"}))
    assert [(x.name, x.kind) for x in t.state.traits] == [("Coolant leak", "advantage")]
    assert t.state.momentum.value == 2
    assert "removes the Complication: Coolant leak" in _log(applied)


def test_create_advantage_removes_a_complication_from_a_tasks_momentum() -> None:
    """Seed 003 COMMON MOMENTUM SPENDS, Create Advantage: "Advantages created with this
    spend may alternatively be used to remove a Complication currently in play"; one spend,
    so not both at once."""
    t = Table()
    t.do(AddTrait(name="Sensor ghost", kind="complication"))
    t.turn("sorel")
    t.roll("sensor_sweep", d20=(1, 1, 1))  # 6 successes at Difficulty 0: 6 Momentum
    both = Spends(create_advantage="Clear picture", remove_complication="Sensor ghost")
    before = t.state
    with pytest.raises(CommandRefused, match="not both"):
        t.resolve(both)
    assert t.state is before
    t.resolve(Spends(remove_complication="Sensor ghost"))
    assert not [x for x in t.state.traits if x.kind == "complication"]


# -- Plot Course ------------------------------------------------------------------------


def test_plot_course_is_used_by_the_helmsmans_next_task_an_assist_included() -> None:
    """Seed 001 Helm card, Plot Course: "the next Task the helmsman attempts reduces in
    Difficulty by 1"; seed 003 ASSIST is a Task. The engine already ends Evasive Action
    on an Assist, so both rules now agree."""
    t = Table()
    t.turn("tovan")
    t.task("plot_course", d20=(1, 1, 1))
    assert t.state.durations_of(DurationKind.PLOT_COURSE, "resolute")
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("tovan")
    applied = t.task("assist", target="kell")
    assert not t.state.durations_of(DurationKind.PLOT_COURSE, "resolute")
    assert "Plot Course" in _log(applied)


def test_plot_course_survives_a_pass() -> None:
    """Seed 003 PASS: "chooses not to attempt a Task": it does not use the course."""
    t = Table()
    t.turn("tovan")
    t.task("plot_course", d20=(1, 1, 1))
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("tovan")
    t.task("pass")
    assert t.state.durations_of(DurationKind.PLOT_COURSE, "resolute")


# -- Torpedoes --------------------------------------------------------------------------


def _npc_turn(t: Table, ship: str = "qoj") -> None:
    t.turn("kell")
    t.minor("interact")
    t.end()
    t.turn(ship)


def test_an_npc_torpedo_spends_its_threat_on_a_miss_and_shows_it_first() -> None:
    """RULES-NOTES "Ship statistics": "Each torpedo attack adds 1 Threat (NPC: spends 1);
    a salvo costs 3 in all": paid when the attack is made, hit or miss, and shown in the
    plan before the roll."""
    t = Table()
    _npc_turn(t)
    fire = AttemptTask(action="fire_weapon", weapon="Photon Torpedoes", target="resolute")
    plan = preview_task(t.state, fire)
    assert not isinstance(plan, str)
    assert [c.describe() for c in plan.costs] == ["1 Threat spent (torpedo attack)"]
    salvo = preview_task(t.state, fire.model_copy(update={"salvo": True}))
    assert not isinstance(salvo, str)
    assert [c.describe() for c in salvo.costs] == ["3 Threat spent (torpedo salvo)"]
    threat = t.state.threat.value
    t.roll("fire_weapon", weapon="Photon Torpedoes", target="resolute", d20=MISS)
    assert t.state.threat.value == threat - 1  # before the result is even resolved
    t.resolve()
    assert t.state.threat.value == threat - 1 + 0  # a miss: nothing back, nothing more


def test_a_player_torpedo_adds_threat_when_fired_even_on_a_miss() -> None:
    """RULES-NOTES: "Each torpedo attack adds 1 Threat" (the player's side)."""
    t = Table()
    t.turn("kell")
    threat = t.state.threat.value
    fire = AttemptTask(by="kell", action="fire_weapon", weapon="Photon Torpedoes", target="qoj")
    plan = preview_task(t.state, fire)
    assert not isinstance(plan, str)
    assert "+1 Threat to the GM (torpedo attack)" in [c.describe() for c in plan.costs]
    t.roll("fire_weapon", weapon="Photon Torpedoes", target="qoj", d20=(20,) * 5)
    assert t.state.threat.value == threat + 1
    t.resolve()
    assert t.state.threat.value == threat + 1


def test_salvo_and_area_are_offered_only_where_they_apply() -> None:
    """RULES-NOTES: a torpedo salvo (+1 die, Spread); arrays pick Area or Spread; extra
    Power adds damage to energy weapons only. Elsewhere the dialog does not offer them and
    the engine refuses them before anything is paid."""
    t = Table()
    _npc_turn(t)
    state, base = t.state, AttemptTask(action="fire_weapon", target="resolute")

    def needs(weapon: str) -> set[Need]:
        cmd = base.model_copy(update={"weapon": weapon})
        return set(task_needs("fire_weapon", state, "qoj", cmd))

    assert not {Need.SALVO, Need.AREA} & needs("Disruptor Cannons")
    assert Need.EXTRA_POWER in needs("Disruptor Cannons")
    assert Need.SALVO in needs("Photon Torpedoes")
    assert not {Need.AREA, Need.EXTRA_POWER} & needs("Photon Torpedoes")
    player = set(
        task_needs(
            "fire_weapon", state, "resolute", base.model_copy(update={"weapon": "Phaser Arrays"})
        )
    )
    assert Need.AREA in player and Need.SALVO not in player
    t.refused(
        base.model_copy(update={"weapon": "Disruptor Cannons", "salvo": True}),
        "Only torpedoes are fired as a salvo",
    )
    t.refused(
        base.model_copy(update={"weapon": "Disruptor Cannons", "array_mode": "area"}),
        "Only arrays pick Area",
    )
    t.refused(
        base.model_copy(update={"weapon": "Photon Torpedoes", "extra_power": 1}),
        "energy weapons",
    )


# -- Direct -----------------------------------------------------------------------------


def test_direct_whose_turn_who_acts_and_what_each_seat_reads_are_one_thing() -> None:
    """Seed 001 Command card, DIRECT: "that officer attempts a single Task, determined by
    the CO. The CO assists this Task"; seed 003: "the nominated character may immediately
    attempt a single Task". The CO's Turn, Kell's Task, and the windows say so."""
    t = Table()
    t.turn("reyes")
    t.task("direct", target="kell")
    state = t.state
    a = acting(state)
    assert (a.owner, a.now, a.kind, a.directed_by) == ("reyes", "kell", "directed", "reyes")
    kell_line, kell_signal = seat_line(state, "kell")
    reyes_line, reyes_signal = seat_line(state, "reyes")
    assert kell_signal and kell_line == "▶ YOUR TASK, DIRECTED BY CAPT. ELENA REYES"
    assert not reyes_signal and "YOUR TURN" in reyes_line and "▶" not in reyes_line
    assert "LT. CMDR. KELL ACTS ON YOUR ORDER" in reyes_line
    assert seat_line(state, "tovan")[0] == ("TURN: LT. CMDR. KELL (DIRECTED BY CAPT. ELENA REYES)")
    assert turn_text(state) == "Lt. Cmdr. Kell (directed by Capt. Elena Reyes)"
    # The engine agrees: Kell's Task is Kell's; the Turn's Minor Actions stay the CO's.
    fire = AttemptTask(by="kell", action="fire_weapon")
    assert why_not(state, fire) is None
    assert why_not(state, AttemptTask(by="reyes", action="rally")) == (
        "Lt. Cmdr. Kell is attempting the Task you directed: wait for it."
    )
    minor = why_not(state, MinorAction(by="kell", action="interact"))
    assert minor is not None and minor.startswith("Capt. Elena Reyes directed you to one Task")
    assert why_not(state, MinorAction(by="reyes", action="interact")) is None
    assert "not yours" in str(why_not(state, AttemptTask(by="tovan", action="pass")))
    # Kell's Task done, the Turn is the CO's again, and says so.
    # Kell's two dice, the ship's and the CO's assists, then the system hit.
    t.task("fire_weapon", weapon="Phaser Arrays", target="qoj", d20=(1, 1, 1, 1, 12), d6=(3,) * 12)
    after = acting(t.state)
    assert (after.owner, after.now, after.kind) == ("reyes", "reyes", "turn")
    assert seat_line(t.state, "reyes") == ("▶ YOUR TURN: CAPT. ELENA REYES", True)
    assert seat_line(t.state, "kell") == ("TURN: CAPT. ELENA REYES", False)


def test_a_readied_task_interrupts_and_the_windows_say_whose_turn_it_stays() -> None:
    """Seed 003 READY: "the character with the readied Task temporarily interrupts the
    acting character's Turn"."""
    from bridge.engine.core.commands import TriggerReady

    t = Table()
    t.turn("kell")
    t.task("ready", readied="fire_weapon", note="the Qoj fires")
    t.end()
    t.turn("qoj")
    t.do(TriggerReady(actor="kell"))
    a = acting(t.state)
    assert (a.owner, a.now, a.kind) == ("qoj", "kell", "readied")
    assert seat_line(t.state, "kell") == ("▶ YOUR READIED TASK: LT. CMDR. KELL", True)
    assert turn_text(t.state) == "Lt. Cmdr. Kell (readied Task, in IKS Qoj's Turn)"


# -- The NPC ledger ---------------------------------------------------------------------


def test_the_npc_ledger_counts_turns_and_roles_and_resets_each_round() -> None:
    """RULES-NOTES "Turn order" [known]: "An NPC ship has one Turn per point of Scale;
    each Task after the first from the same bridge role in a Round is +1 Difficulty"."""
    t = Table()
    first = {x.ship: x for x in npc_ledger(t.state)}
    assert (first["qoj"].turns_taken, first["qoj"].turns_allowed) == (0, 3)
    assert (first["vortak"].turns_taken, first["vortak"].turns_allowed) == (0, 4)
    _npc_turn(t)
    t.task("sensor_sweep", station=Station.SCIENCE, d20=(1, 1, 1))
    ledger = {x.ship: x for x in npc_ledger(t.state)}["qoj"]
    assert ledger.acting and ledger.turns_taken == 0
    science = next(r for r in ledger.roles if r.station is Station.SCIENCE)
    assert (science.uses, science.next_extra) == (1, REPEATED_ROLE_PENALTY)
    assert all(r.next_extra == 0 for r in ledger.roles if r.station is not Station.SCIENCE)
    assert ledger.describe() == ("IKS Qoj: Turns 0 of 3 (acting); Sensors and Science 1 (next +1)")
    t.end()
    assert {x.ship: x for x in npc_ledger(t.state)}["qoj"].turns_taken == 1
    # The Difficulty the engine gives the next Science Task is the ledger's figure.
    t.turn("tovan")
    t.minor("interact")
    t.end()
    t.turn("qoj")
    plan = preview_task(t.state, AttemptTask(action="sensor_sweep", station=Station.SCIENCE))
    assert not isinstance(plan, str)
    assert ("Sensors and Science already acted this Round", 1) in plan.items
    assert role_penalty(t.state, "qoj", Station.SCIENCE) == 1
    t.end()
    t.do(EndRound())
    fresh = {x.ship: x for x in npc_ledger(t.state)}["qoj"]
    assert fresh.turns_taken == 0 and not fresh.used


# -- The autopilot ----------------------------------------------------------------------


def test_one_autopilot_press_plays_a_whole_npc_turn_and_says_what_it_did() -> None:
    """Issue 27: one press plays one whole NPC Turn (start, Task, resolve, end)."""
    t = Table()
    t.turn("kell")
    t.minor("interact")
    t.end()
    assert t.state.turn.side == "npc" and t.state.turn.actor is None
    dice = SeededDice(4)
    played = play_npc_turn(
        t.state,
        t.session.check,
        lambda c: t.session.apply(c, dice).state,  # type: ignore[arg-type]
    )
    assert isinstance(played, AutopilotTurn)
    assert played.steps[-1] == "ends its Turn"
    assert t.state.turn.actor is None and t.state.turn.side == "player"
    assert played.describe().startswith(f"Autopilot, {played.name}: ")
    assert len(played.steps) >= 2  # its Task, then the end of its Turn
    assert sum(1 for x in npc_ledger(t.state) if x.turns_taken == 1) == 1


def test_the_autopilot_closes_to_range_rather_than_rallying() -> None:
    """Issue 27: out of its weapons' range the autopilot kept choosing Rally. RULES-NOTES
    Ranges: Maneuver moves one zone, Impulse two; cannons reach Close, torpedoes Long."""
    t = Table()
    t.do(MoveShip(ship="resolute", zone="Planetary Orbit"))
    t.do(MoveShip(ship="vortak", zone="Nebula Edge"))  # three zones: beyond every weapon
    t.do(MoveShip(ship="qoj", zone="Nebula Edge"))
    t.turn("kell")
    t.minor("interact")
    t.end()
    t.turn("qoj")
    choice = suggest(t.state, t.session.check)
    assert isinstance(choice, AttemptTask)
    assert choice.action in ("maneuver", "impulse") and choice.zone is not None
    # Maneuver one zone is enough: the enemy at Long range, within the torpedoes' reach
    # (and it costs no Power, so it comes before Impulse).
    assert (choice.action, choice.zone) == ("maneuver", "Asteroid Field")
    t.do(choice, d20=(1, 1, 1))
    t.resolve()
    t.end()
    assert t.state.zones.ship_distance("qoj", "resolute") == 2


def test_the_autopilot_closes_in_when_only_a_shorter_move_is_left() -> None:
    """RULES-NOTES Ranges: with no weapon it can fire at Long range (no Threat for the
    torpedoes), the ship closes to the cannons' Close range."""
    t = Table()
    t.do(AdjustPool(pool="threat", delta=-t.state.threat.value))
    t.turn("kell")
    t.minor("interact")
    t.end()
    t.turn("vortak")  # Nebula Edge, two zones from the Resolute; banks reach Medium
    choice = suggest(t.state, t.session.check)
    assert isinstance(choice, AttemptTask)
    assert choice.action == "maneuver" and choice.zone == "Asteroid Field"


def test_the_autopilot_closes_in_when_the_house_rules_refuse_attacks_beyond_range() -> None:
    """[default] house rule range_penalty_per_band 0: an attack beyond a weapon's range is
    refused, not penalised; the autopilot still closes to range (RULES-NOTES Ranges)."""
    t = Table()
    rules = t.state.house_rules.model_copy(update={"range_penalty_per_band": 0})
    t.do(SetHouseRules(rules=rules))
    t.do(AdjustPool(pool="threat", delta=-t.state.threat.value))  # no torpedoes
    t.turn("kell")
    t.minor("interact")
    t.end()
    t.turn("vortak")  # banks reach Medium; the Resolute is two zones off
    assert t.session.check(
        AttemptTask(action="fire_weapon", weapon="Disruptor Banks", target="resolute")
    )
    choice = suggest(t.state, t.session.check)
    assert isinstance(choice, AttemptTask)
    assert (choice.action, choice.zone) == ("maneuver", "Asteroid Field")


def test_a_tasks_power_cost_names_the_task_as_the_card_prints_it() -> None:
    """Seed 001, Helm and Navigation: Attack Pattern, "Power requirement 1". The cost read
    "1 Power (attack Pattern)": a Task's name is written as the card prints it."""
    t = Table()
    t.turn("tovan")
    plan = preview_task(t.state, AttemptTask(by="tovan", action="attack_pattern"))
    assert not isinstance(plan, str)
    assert "1 Power (Attack Pattern)" in [c.describe() for c in plan.costs]


def test_an_npc_ships_damage_spends_are_named_as_paid_in_threat() -> None:
    """Seed 001 COMBAT MOMENTUM (STARSHIP), spent by an NPC from Threat (RULES-NOTES: the
    GM spends Threat as players spend Momentum). The log said "Bonus Damage (Momentum)"."""
    t = Table()
    _npc_turn(t)
    t.roll("fire_weapon", weapon="Photon Torpedoes", target="resolute")
    applied = t.resolve(Spends(bonus_damage=1, penetration=1), d20=(20,) * 6, d6=(1,) * 8)
    log = " ".join(applied.entry.log)
    assert "Bonus Damage (Threat): +1." in log
    assert "Penetration (Threat) ignores 2" in log
    assert "(Momentum)" not in log


def test_a_preview_says_when_the_pool_cannot_pay_for_the_dice_bought() -> None:
    """RULES-NOTES: Momentum buys 1/2/3 (cumulative 1, 3, 6). A phone's preview read
    "Paid on the roll: 3 Momentum" with 1 in the pool; the refusal came after ROLL. The
    preview now refuses in the roll's own words."""
    t = Table()
    t.do(SetValue(path="momentum.value", value=1))
    t.turn("kell")
    two = AttemptTask(
        by="kell",
        action="fire_weapon",
        weapon="Phaser Arrays",
        target="qoj",
        bought=("momentum", "momentum"),
    )
    assert preview_task(t.state, two) == "Not enough Momentum: 3 needed, 1 in the pool."
    t.refused(two, "Not enough Momentum: 3 needed, 1 in the pool.")
    one = two.model_copy(update={"bought": ("momentum",)})
    assert not isinstance(preview_task(t.state, one), str)
    added = two.model_copy(update={"bought": ("threat", "threat")})  # adds to Threat instead
    assert not isinstance(preview_task(t.state, added), str)
