"""A whole battle played through Commands with given dice: USS Resolute against two Klingon
ships, to the destruction of one and the retreat of the other, touching every Task on the
five cards (seed 001) and checking the state after each step."""

from __future__ import annotations

from bridge.engine.core.commands import (
    EndRound,
    Inspiration,
    SpendDetermination,
    SpendMomentum,
    TriggerReady,
)
from bridge.engine.session import Session
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask, Withdraw
from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import DurationKind
from bridge.engine.state.spends import Spends
from bridge.rules.breaches import SystemState
from bridge.rules.stats import Attribute, Department, System
from tests.engine.table import Table

TWOS = (2,) * 12


def touched(session: Session) -> set[str]:
    keys = set()
    for entry in session.journal:
        cmd = entry.command
        if isinstance(cmd, AttemptTask):
            keys.add(cmd.action)
            if cmd.override:
                keys.add("override")
        if cmd.type == "minor":
            keys.add(cmd.action)  # type: ignore[union-attr]
    return keys


def test_a_whole_battle_touching_every_task() -> None:
    t = Table()
    s = lambda: t.state  # noqa: E731
    resolute = lambda: s().ships["resolute"]  # noqa: E731
    qoj = lambda: s().ships["qoj"]  # noqa: E731
    vortak = lambda: s().ships["vortak"]  # noqa: E731

    # ---- Round 1 ----------------------------------------------------------------------
    t.turn("sorel")
    t.task("sensor_sweep")  # Reason + Science, D0
    assert set(s().scanned) == {"qoj", "vortak"}
    t.minor("interact", note="taps the sensor display")
    t.end()

    t.turn("qoj")  # Disruptor Cannons: 3 + 2 + 3 = 8 dice, Medium range +1
    t.task(
        "fire_weapon",
        weapon="Disruptor Cannons",
        target="resolute",
        station=Station.TACTICAL,
        d20=(1, 1, 1, 8),
        d6=TWOS[:8],
    )
    # 16 damage - Resistance 6 = 10: Shields 13 -> 3, breach (5+) to Sensors
    assert resolute().shields == 3
    assert resolute().system_state(System.SENSORS) is SystemState.IMPACT
    t.end()

    t.turn("mbeki")
    t.minor("restore", system=System.SENSORS)
    assert resolute().system_state(System.SENSORS) is SystemState.NOMINAL
    t.task("regenerate_shields", spends=Spends(extra=1))
    assert resolute().shields == 3 + 4
    t.end()

    t.npc_pass("qoj")

    t.turn("tovan")
    t.task("attack_pattern")
    assert resolute().power == 9 and s().durations_of(DurationKind.ATTACK_PATTERN)
    t.end()

    t.npc_pass("vortak")

    t.turn("kell")
    t.minor("prepare")
    momentum = s().momentum.value
    applied = t.task(
        "fire_weapon", weapon="Phaser Arrays", target="qoj", d20=(1, 1, 1, 12), d6=TWOS[:8]
    )
    assert "Attack Pattern -1" in "\n".join(applied.entry.log)
    # 16 - 3 = 13: Shields 11 -> 0; 5+ and Shields to 0: two breaches (whole ship)
    assert qoj().shields == 0 and qoj().total_breaches == 2 and qoj().lost_turns == 2
    assert qoj().whole_ship_state is SystemState.DAMAGED
    assert qoj().power == 9 - 1 - 4  # its own shot, then 2 Power per breach
    assert s().momentum.value == min(momentum + 4 + 2, 6)  # 4 successes - 2, + Versatile 2
    t.end()

    t.npc_pass("vortak")

    t.turn("reyes")
    t.task("rally", d20=(5, 7))
    t.end()
    while s().turn.round == 1:
        t.npc_pass("vortak" if s().turn.npc_turns_left.get("vortak") else "qoj")

    # ---- Round 2: Qoj lost two Turns to breaches --------------------------------------
    assert s().turn.round == 2 and s().turn.npc_turns_left == {"qoj": 1, "vortak": 4}
    t.turn("reyes")
    t.task("direct", target="kell")
    threat = s().threat.value
    t.task(
        "fire_weapon", weapon="Photon Torpedoes", target="qoj", d20=(1, 1, 1, 1, 12), d6=(2, 2, 2)
    )
    # Shields already 0: breach, High Yield one more: 4 breaches > Scale 3
    assert qoj().destroyed and s().threat.value == threat + 1
    assert s().turn.actor == "reyes" and s().turn.interrupt is None
    t.end()

    t.turn("vortak")  # Disruptor Banks 4 + 1 + 3 = 8 dice, Long vs Medium: +1
    t.task(
        "fire_weapon",
        weapon="Disruptor Banks",
        target="resolute",
        system=System.WEAPONS,
        d20=(1, 1, 1),
        d6=(2, 2, 2, 2, 2, 2, 2, 1),
    )
    # 15 - 6 = 9 vs Shields 7: 5+ and Shields to 0 -> Weapons 2 breaches, Impact
    assert resolute().shields == 0 and resolute().damage.weapons.breaches == 2
    t.end()

    t.turn("kell")
    t.minor("restore", system=System.WEAPONS)
    t.task("modulate_shields", spends=Spends(extra=1))
    assert resolute().modulation_bonus == 2
    t.end()

    t.turn("vortak")  # Photon Torpedo: NPC spends 1 Threat; Long range, no penalty
    threat = s().threat.value
    t.task(
        "fire_weapon",
        weapon="Photon Torpedoes",
        target="resolute",
        system=System.WEAPONS,
        d20=(1, 1, 1),
        d6=(2, 2, 2),
    )
    # 6 - (6 + 2) = 0 through: modulation holds
    # Difficulty 3 + 1 targeting + 1 Tactical again this Round: 1 excess to Threat
    assert s().threat.value == threat + 1 - 1  # and the torpedo spends 1
    assert resolute().damage.weapons.breaches == 2
    assert resolute().modulation_bonus == 2
    t.end()

    t.turn("mbeki")
    t.task("damage_report")
    assert s().durations_of(DurationKind.DAMAGE_REPORT)
    t.end()

    t.turn("vortak")
    t.task(
        "fire_weapon",
        weapon="Disruptor Banks",
        target="resolute",
        system=System.WEAPONS,
        d20=(1, 1, 1),
        d6=(2, 2, 2, 2, 2, 2, 2, 2),
    )
    # 16 - 8 = 8 with Shields 0: 5+ and already 0: two more -> 4 breaches, Damaged at 3+
    assert resolute().damage.weapons.breaches == 4
    assert resolute().system_state(System.WEAPONS) is SystemState.DAMAGED
    assert resolute().modulation_bonus == 0
    t.end()

    t.turn("tovan")
    t.task("plot_course")
    t.end()
    t.turn("vortak")
    t.task(
        "signals_jamming",
        target="resolute",
        station=Station.OPERATIONS,
        difficulty_choice=2,
        d20=(1, 1, 1),
    )
    assert s().durations_of(DurationKind.JAMMED, "resolute")[0].value == 2
    t.end()

    t.turn("sorel")
    t.task("scan_for_weakness", target="vortak")
    t.end()
    assert s().turn.round == 3

    # ---- Round 3 ----------------------------------------------------------------------
    t.turn("mbeki")
    t.do(SpendMomentum(by="mbeki", spend="swift_task"))
    t.minor("restore", system=System.WEAPONS)
    applied = t.task("damage_control", system=System.WEAPONS, d20=(1, 1))
    assert "Damage Report -1" in "\n".join(applied.entry.log)
    assert resolute().system_state(System.WEAPONS) is SystemState.NOMINAL
    t.task("power_management", attribute=Attribute.CONTROL, d20=(20, 20))  # at cost
    t.end()

    t.turn("vortak")
    t.task("evasive_action", station=Station.HELM, d20=(1, 1, 1))
    t.end()

    t.turn("tovan")
    applied = t.task("warp", zone="Nebula Edge", d20=(1, 1, 1))
    assert "Plot Course -1" in "\n".join(applied.entry.log)
    assert s().zones.positions["resolute"] == "Nebula Edge"
    t.end()

    t.turn("vortak")
    t.task("launch_probe", station=Station.SCIENCE, zone="Open Space", d20=(1, 1, 1))
    t.end()

    t.turn("sorel")
    t.task("launch_probe", zone="Asteroid Field")
    t.end()

    t.turn("vortak")
    t.task("respond_to_hail", station=Station.OPERATIONS, d20=(1, 1, 1))
    t.end()

    t.turn("kell")
    t.task("tractor_beam", target="vortak")  # both in Nebula Edge now: Close
    assert s().durations_of(DurationKind.TRACTOR_BEAM)[0].target == "vortak"
    t.end()

    t.turn("vortak")
    t.task("chart_hazard", station=Station.HELM, d20=(1, 1, 1), note="nebula eddies")
    t.end()

    t.turn("reyes")
    t.task("hailing_frequencies", override=True, target="vortak", note="Stand down.")
    t.end()
    assert s().turn.round == 4

    # ---- Round 4 ----------------------------------------------------------------------
    t.turn("tovan")
    t.task("ramming_speed", target="vortak", d20=(1, 1, 1, 12, 14, 12, 14), d6=(3,) * 7 + (3,) * 5)
    assert "Target's Evasive Action" not in "\n".join(t.session.journal[-1].log)
    t.end()
    t.turn("vortak")
    t.task("deploy_security", station=Station.TACTICAL, d20=(1, 1, 20, 20))  # intruders fail
    t.end()
    t.turn("sorel")
    t.task("assist", target="kell", attribute=Attribute.REASON, discipline=Department.SCIENCE)
    t.end()
    t.turn("vortak")
    t.task("power_management", station=Station.OPERATIONS, d20=(1, 1))
    t.end()
    t.turn("kell")
    t.task("ready", readied="fire_weapon", note="the Vor'tak lowers its shields")
    t.end()
    t.turn("vortak")
    t.do(TriggerReady(actor="kell"))
    t.roll("fire_weapon", weapon="Phaser Arrays", target="vortak", d20=(20, 20, 20, 20))
    assert s().pending is not None and not s().pending.result.success
    t.do(Inspiration(by="kell", value="Hesitation gets people killed"), d20=(1, 1))
    t.resolve(Spends(bonus_damage=1), d20=(12,), d6=(2,) * 8)
    assert s().turn.actor == "vortak"
    # 16 + 1 Bonus Damage - Resistance 4 = 13 > Shields 12: 5+ and Shields to 0
    assert vortak().shields == 0 and vortak().total_breaches == 2
    t.task("transporters", station=Station.OPERATIONS, d20=(1, 1, 1))
    t.end()
    t.turn("mbeki")
    t.task("pass")
    t.minor("interact")
    t.end()
    t.turn("vortak")
    t.refused(
        AttemptTask(action="maneuver", station=Station.HELM, zone="Asteroid Field"),
        "held by a tractor beam",
    )
    t.minor("interact")
    t.end()
    t.turn("reyes")
    applied = t.task("impulse", override=True, zone="Open Space", d20=(1, 1, 1))
    assert "Override (another role's Task) +1" in "\n".join(applied.entry.log)
    t.do(
        SpendDetermination(
            by="reyes",
            character="reyes",
            use="second_task",
            value="The crew comes home, every one of them",
        )
    )
    applied = t.task("maneuver", override=True, zone="Asteroid Field", d20=(1, 1, 1))
    assert "Second Task this Turn +1" in "\n".join(applied.entry.log)
    assert s().zones.positions["resolute"] == "Asteroid Field"
    t.end()

    # ---- The Vor'tak breaks off -------------------------------------------------------
    t.do(Withdraw(ship="vortak"))
    assert s().outcome == "Victory: no NPC ship is left in the fight."
    t.refused(EndRound(), "The battle is over")

    tasks = {k for k, a in CATALOG.items() if a.kind == "task"}
    missing = tasks - touched(t.session)
    assert not missing, missing
    replayed = Session.replay(t.session.initial, t.session.journal)
    assert replayed.state == t.state
