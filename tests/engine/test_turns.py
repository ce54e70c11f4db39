"""The turn controller: RULES-NOTES "Turn order" and seed 001 COMBAT ACTIONS."""

from __future__ import annotations

from bridge.engine.core.commands import (
    AdjustPool,
    EndRound,
    EndTurn,
    NpcActsFirst,
    SetValue,
    SpendDetermination,
    SpendMomentum,
    StartTurn,
    TriggerReady,
)
from bridge.engine.ship.commands import AttemptTask, EndScene, MinorAction, MoveShip
from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import DurationKind
from bridge.model.ship import PersistentDamage, SystemDamage
from bridge.rules.stats import System
from tests.engine.table import Table


def all_players_pass_turns(t: Table) -> None:
    for c in ("reyes", "tovan", "kell", "mbeki", "sorel"):
        t.turn(c)
        t.minor("interact")
        t.end()
        if t.state.turn.side == "npc":
            ship = next(s for s in ("qoj", "vortak") if t.state.turn.npc_turns_left.get(s))
            t.npc_pass(ship)


def test_npc_ships_get_one_turn_per_point_of_scale() -> None:
    """[known] An NPC ship has one Turn per point of Scale."""
    t = Table()
    assert t.state.turn.npc_turns_left == {"qoj": 3, "vortak": 4}
    assert t.state.turn.side == "player" and t.state.turn.round == 1


def test_sides_alternate_after_each_turn() -> None:
    """[known] Sides alternate: a player character acts first; after each Turn the other side."""
    t = Table()
    t.refused(t_start("qoj"), "players' Turn")
    t.turn("kell")
    t.minor("interact")
    t.end()
    assert t.state.turn.side == "npc"
    t.refused(t_start("tovan", by="tovan"), "NPCs' Turn")
    t.npc_pass("qoj")
    assert t.state.turn.side == "player" and t.state.turn.npc_turns_left["qoj"] == 2


def t_start(actor: str, by: str = "gm") -> StartTurn:
    return StartTurn(actor=actor, by=by)


def test_one_turn_a_round_per_character() -> None:
    t = Table()
    t.turn("kell")
    t.minor("interact")
    t.end()
    t.npc_pass("qoj")
    t.refused(t_start("kell", by="kell"), "already taken a Turn this Round")


def test_only_your_own_turn() -> None:
    t = Table()
    t.refused(t_start("kell", by="tovan"), "own player")
    t.turn("kell")
    t.refused(t_start("tovan", by="tovan"), "still taking their Turn")


def test_round_ends_when_everyone_has_acted_and_npc_turns_refill() -> None:
    t = Table()
    all_players_pass_turns(t)
    while t.state.turn.round == 1:
        ship = next(s for s in ("qoj", "vortak") if t.state.turn.npc_turns_left.get(s))
        t.npc_pass(ship)
    assert t.state.turn.round == 2
    assert t.state.turn.npc_turns_left == {"qoj": 3, "vortak": 4}
    assert t.state.turn.acted == () and t.state.turn.side == "player"


def test_keep_the_initiative_costs_two_and_not_twice_in_a_row() -> None:
    """[known] Keep the Initiative: 2 Momentum, not twice in a row before the other side acts."""
    t = Table()
    momentum = t.state.momentum.value
    t.turn("kell")
    t.minor("interact")
    t.end(keep=True)
    assert t.state.turn.side == "player" and t.state.momentum.value == momentum - 2
    t.do(AdjustPool(pool="momentum", delta=4))
    t.turn("tovan")
    t.minor("interact")
    t.refused(EndTurn(by="tovan", keep_initiative=True), "twice in a row")
    t.end()
    assert t.state.turn.side == "npc"


def test_npc_keeps_the_initiative_with_threat() -> None:
    t = Table()
    threat = t.state.threat.value
    t.turn("kell")
    t.minor("interact")
    t.end()
    t.turn("qoj")
    t.minor("interact")
    t.end(keep=True)
    assert t.state.turn.side == "npc" and t.state.threat.value == threat - 2


def test_gm_pays_threat_to_act_first() -> None:
    """[default] The GM may spend 2 Threat to have an NPC act first."""
    t = Table()
    threat = t.state.threat.value
    t.do(NpcActsFirst())
    assert t.state.turn.side == "npc" and t.state.threat.value == threat - 2
    t.npc_pass("vortak")
    t.refused(NpcActsFirst(), "before anyone has acted")
    t.refused(NpcActsFirst(by="reyes"), "Only the GM")


def test_pass_without_minor_lets_the_character_act_later() -> None:
    """Seed 003 PASS: no Minor Actions taken: does not count as a Turn."""
    t = Table()
    t.turn("kell")
    t.task("pass")
    t.end()
    assert "kell" not in t.state.turn.acted
    t.npc_pass("qoj")
    t.turn("kell")
    t.minor("interact")
    t.task("pass")
    t.end()
    assert "kell" in t.state.turn.acted


def test_one_minor_and_one_task_a_turn_with_extra_minor_and_swift_task() -> None:
    """Seed 001 COMBAT ACTIONS: one Minor Action and one Task; Extra Minor Action (1),
    Swift Task (2, +1 Difficulty), each Minor Action once per Turn, two Tasks at most."""
    t = Table()
    t.do(AdjustPool(pool="momentum", delta=4))
    t.turn("sorel")
    t.minor("prepare")
    t.refused(MinorAction(by="sorel", action="interact"), "Extra Minor Action")
    t.do(SpendMomentum(by="sorel", spend="extra_minor"))
    t.refused(MinorAction(by="sorel", action="prepare"), "once per Turn")
    t.minor("interact")
    t.task("sensor_sweep")
    t.refused(AttemptTask(by="sorel", action="sensor_sweep"), "Swift Task")
    momentum = t.state.momentum.value
    t.do(SpendMomentum(by="sorel", spend="swift_task"))
    assert t.state.momentum.value == momentum - 2
    applied = t.task("scan_for_weakness", target="qoj")
    assert "Second Task this Turn +1" in "\n".join(applied.entry.log)
    t.refused(SpendMomentum(by="sorel", spend="swift_task"), "two Tasks")


def test_determination_second_task() -> None:
    """Seed 001 COMBAT ACTIONS: Determination, citing a Value, for a second Task (+1)."""
    t = Table()
    t.turn("sorel")
    t.task("sensor_sweep")
    t.do(
        SpendDetermination(
            by="sorel",
            character="sorel",
            use="second_task",
            value="Logic is the beginning of wisdom",
        )
    )
    assert t.state.characters["sorel"].determination.value == 0
    t.task("launch_probe", zone="Asteroid Field")
    assert t.state.turn.tasks_taken == 2


def test_repeated_npc_role_is_harder() -> None:
    """[known] Each Task after the first from the same bridge role in a Round is +1."""
    t = Table()
    t.turn("kell")
    t.minor("interact")
    t.end()
    t.turn("qoj")
    t.task("sensor_sweep", station=Station.SCIENCE, d20=(1, 1, 1))
    t.end()
    t.turn("tovan")
    t.minor("interact")
    t.end()
    t.turn("qoj")
    applied = t.task("sensor_sweep", d20=(1, 1, 1))
    assert "Sensors and Science already acted this Round +1" in "\n".join(applied.entry.log)


def test_breaches_cost_npc_turns_next_round() -> None:
    """[known] NPC whole ship: any breach costs a Turn next Round."""
    t = Table()
    qoj = t.state.ships["qoj"]
    t.do(SetValue(path="ships.qoj.lost_turns", value=1))
    assert t.state.ships["qoj"].lost_turns == 1 and qoj.lost_turns == 0
    t.do(EndRound())
    assert t.state.turn.npc_turns_left["qoj"] == 2 and t.state.ships["qoj"].lost_turns == 0


def test_end_of_round_engine_drain_and_persistent_damage() -> None:
    """[known] Engines Damaged -1 Power per Round; Persistent damage at the end of the Round."""
    t = Table()
    ship = t.state.ships["resolute"]
    ship = ship.model_copy(
        update={
            "damage": ship.damage.replace(System.ENGINES, SystemDamage(breaches=3)),
            "persistent": (PersistentDamage(amount=9, rounds=2, source="Plasma"),),
        }
    )
    t = Table(t.state.model_copy(update={"ships": {**t.state.ships, "resolute": ship}}))
    t.do(EndRound(), d20=(8,))
    after = t.state.ships["resolute"]
    assert after.power == 10 - 1
    assert after.shields == 13 - (9 - 6)
    assert after.persistent == (PersistentDamage(amount=9, rounds=1, source="Plasma"),)


def test_warp_core_containment_checks_and_explosion() -> None:
    """[known] Engines destroyed: 1, 2, 3... Challenge Dice on successive Rounds; an Effect
    explodes the ship: 3 + Scale ▲ Piercing 2 to every ship at Close range."""
    t = Table()
    t.do(SetValue(path="ships.qoj.core_breach_checks", value=1))
    t.do(MoveShip(ship="vortak", zone="Asteroid Field"))
    t.do(EndRound(), d6=(3,))
    assert t.state.ships["qoj"].core_breach_checks == 2 and not t.state.ships["qoj"].destroyed
    t.do(EndRound(), d20=(12,), d6=(2, 5, 2, 2, 2, 2, 2, 2))
    assert t.state.ships["qoj"].destroyed
    vortak = t.state.ships["vortak"]
    assert vortak.shields == 12 - (12 - 4)  # six 2s = 12 damage, Resistance 4, no Effect
    assert vortak.total_breaches == 1  # 5+ damage after Resistance


def test_scene_end_loses_momentum_and_refills_power() -> None:
    """[known] Scene end: Momentum -1, Power refills to capacity."""
    t = Table()
    t.do(SetValue(path="ships.resolute.power", value=2))
    momentum = t.state.momentum.value
    t.do(EndScene())
    assert t.state.momentum.value == momentum - 1
    assert t.state.ships["resolute"].power == 10 and t.state.turn.scene == 2


def test_evasive_action_lasts_until_the_helms_next_task() -> None:
    """Seed 001 Helm card: Evasive Action until the flight controller's next Task."""
    t = Table()
    t.turn("tovan")
    t.task("evasive_action")
    assert t.state.durations_of(DurationKind.EVASIVE_ACTION, "resolute")
    t.end()
    t.npc_pass("qoj")
    t.turn("kell")
    applied = t.task(
        "fire_weapon", weapon="Phaser Arrays", target="qoj", d20=(1, 1, 10, 12), d6=(3,) * 8
    )
    assert "Own Evasive Action +1" in "\n".join(applied.entry.log)
    t.end()
    t.npc_pass("qoj")
    assert t.state.durations_of(DurationKind.EVASIVE_ACTION, "resolute")
    t.do(EndRound())
    t.turn("tovan")
    assert t.state.durations_of(DurationKind.EVASIVE_ACTION, "resolute")  # a Turn is not a Task
    t.task("plot_course")
    assert not t.state.durations_of(DurationKind.EVASIVE_ACTION, "resolute")


def test_attack_pattern_lasts_until_the_helms_next_turn() -> None:
    """Seed 001 Helm card: Attack Pattern until the flight controller's next Turn."""
    t = Table()
    t.turn("tovan")
    t.task("attack_pattern")
    t.end()
    t.npc_pass("qoj")
    t.turn("kell")
    assert t.state.durations_of(DurationKind.ATTACK_PATTERN, "resolute")
    t.minor("interact")
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("tovan")
    assert not t.state.durations_of(DurationKind.ATTACK_PATTERN, "resolute")


def test_scan_for_weakness_ends_after_the_operators_next_turn() -> None:
    """Seed 001 Sensors card: before the end of the sensor operator's next Turn."""
    t = Table()
    t.turn("sorel")
    t.task("scan_for_weakness", target="qoj")
    t.end()
    assert t.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, "resolute")
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("sorel")
    t.minor("interact")
    assert t.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, "resolute")
    t.end()
    assert not t.state.durations_of(DurationKind.SCAN_FOR_WEAKNESS, "resolute")


def test_ready_interrupts_and_is_lost_at_the_next_turn() -> None:
    """Seed 003 READY: the readied Task interrupts when triggered; lost at the next Turn."""
    t = Table()
    t.turn("kell")
    t.task("ready", readied="fire_weapon", note="the Qoj decloaks")
    t.end()
    t.turn("qoj")
    t.do(TriggerReady(actor="kell"))
    t.refused(AttemptTask(by="kell", action="modulate_shields"), "readied Fire Weapon")
    t.task("fire_weapon", weapon="Phaser Arrays", target="qoj", d20=(1, 1, 10, 12), d6=(3,) * 8)
    assert t.state.turn.interrupt is None and t.state.turn.actor == "qoj"
    assert not t.state.durations_of(DurationKind.READY)
    t.end()
    # A Ready that is never triggered is lost at the actor's next Turn.
    t.turn("tovan")
    t.task("ready", readied="evasive_action", note="torpedoes")
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("tovan")
    assert not t.state.durations_of(DurationKind.READY)


def test_a_trigger_that_starts_with_when_does_not_read_when_when() -> None:
    """Seed 003 READY: the readied Task's note names the trigger once."""
    t = Table()
    t.turn("kell")
    t.task("ready", readied="fire_weapon", note="When the Qoj decloaks")
    (ready,) = t.state.durations_of(DurationKind.READY)
    assert ready.note == "Fire Weapon when the Qoj decloaks"
