"""Rules that had no way in, played through Commands with given dice (issue 9)."""

from __future__ import annotations

from bridge.engine.core.commands import AdjustDifficulty, BeginSession, EndRound, SetValue
from bridge.engine.gate import why_not
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.state.cards import Station
from bridge.engine.state.encounter import DurationKind
from tests.engine.table import Table


def _log(applied: object) -> str:
    return "\n".join(applied.entry.log)  # type: ignore[attr-defined]


def test_the_gm_widens_the_next_tasks_complication_range() -> None:
    """Seed 003 (Complications): the GM may increase a Task's complication range; it
    applies to the next Task only. A 19 is a complication at range 2, not at range 1."""
    t = Table()
    applied = t.do(AdjustDifficulty(complication_range=2, reason="ion storm"))
    assert "complication range 2 (19-20)" in _log(applied)
    t.turn("kell")
    t.roll("fire_weapon", weapon="Phaser Arrays", target="qoj", d20=(19, 5, 5))
    pending = t.state.pending
    assert pending is not None and pending.result.spec.complication_range == 2
    assert pending.result.complications == 1
    assert t.state.turn.gm_complication == 0  # used up by this Task
    t.resolve(d20=(10, 10, 10), d6=(3,) * 8)
    t.end()
    t.turn("qoj")
    t.roll("sensor_sweep", d20=(19, 5, 5))
    pending = t.state.pending
    assert pending is not None and pending.result.spec.complication_range == 1
    assert pending.result.complications == 0


def test_a_player_cannot_set_the_complication_range() -> None:
    t = Table()
    t.refused(AdjustDifficulty(by="kell", complication_range=3), "Only the GM")
    assert why_not(t.state, AdjustDifficulty(by="kell", complication_range=3)) == (
        "Only the GM can do that."
    )


def test_chart_hazard_makes_avoiding_that_hazard_2_easier() -> None:
    """Seed 001 Chart Hazard: "the Difficulty of any Task to avoid that hazard is reduced
    by 2". Before any hazard is charted, claiming it is refused."""
    t = Table()
    t.turn("tovan")
    t.refused(
        AttemptTask(by="tovan", action="maneuver", zone="Asteroid Field", avoid_hazard=True),
        "No hazard has been charted",
    )
    t.task("chart_hazard", note="the asteroid field's drift", d20=(1, 1, 1))
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("tovan")
    applied = t.task("maneuver", zone="Asteroid Field", avoid_hazard=True, d20=(1, 1, 1))
    assert "Avoiding a charted hazard -2" in _log(applied)


def test_launch_probe_helps_only_sweeps_of_phenomena_near_the_probe() -> None:
    """Seed 001 Launch Probe: "Reduces the Difficulty of Tasks to make a Sensor Sweep with
    regards to phenomena near the probe by 2"; it used to apply everywhere."""
    t = Table()
    t.turn("sorel")
    t.task("launch_probe", zone="Nebula Edge", d20=(1, 1, 1))
    probe = t.state.durations[-1]
    assert probe.target == "Nebula Edge"
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("sorel")
    far = t.roll("sensor_sweep", zone="Open Space", d20=(1, 1, 1))
    assert "Probe in" not in _log(far)
    t.resolve()
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    t.turn("sorel")
    near = t.roll("sensor_sweep", zone="Nebula Edge", d20=(1, 1, 1))
    assert "Probe in Nebula Edge -2" in _log(near)


def test_a_session_begins_with_2_threat_per_player_character() -> None:
    """RULES-NOTES [known]: "GM starts each session with 2 per player character"; seed 003:
    Determination starts each session at 1."""
    t = Table()
    t.do(SetValue(path="threat.value", value=17))
    t.do(SetValue(path="characters.kell.determination.value", value=3))
    applied = t.do(BeginSession())
    players = len(t.state.characters)
    assert t.state.threat.value == 2 * players == 10
    assert all(c.determination.value == 1 for c in t.state.characters.values())
    assert "Threat 10" in _log(applied)
    t.turn("kell")
    t.refused(BeginSession(), "between Turns")
    t.refused(BeginSession(by="kell"), "Only the GM")


def test_an_npc_attack_pattern_lasts_until_its_helm_role_acts_again() -> None:
    """Seed 001 Helm card: Attack Pattern lasts "until your next Turn"; for an NPC ship the
    flight controller's next Turn is the next one its helm role takes. It used to end at
    the ship's next Turn whatever role took it, so it never helped the ship's attack."""
    t = Table()
    t.turn("kell")
    t.minor("interact")
    t.end()
    t.turn("qoj")
    t.task("attack_pattern", station=Station.HELM, d20=(1, 1, 1))
    t.end()
    assert t.state.durations_of(DurationKind.ATTACK_PATTERN, "qoj")
    t.turn("tovan")
    t.minor("interact")
    t.end()
    t.turn("qoj")  # the next Turn: the tactical role attacks, helped by the pattern
    applied = t.roll(
        "fire_weapon",
        station=Station.TACTICAL,
        weapon="Disruptor Cannons",
        target="resolute",
        d20=(1, 1, 1),
    )
    assert "Attack Pattern -1" in _log(applied)
    t.resolve(d20=(10, 10, 10), d6=(3,) * 12)
    t.end()
    t.turn("mbeki")
    t.minor("interact")
    t.end()
    t.turn("qoj")  # the helm role acts again: its pattern is over
    t.task("evasive_action", station=Station.HELM, d20=(1, 1, 1))
    assert not t.state.durations_of(DurationKind.ATTACK_PATTERN, "qoj")


def test_an_npc_ship_may_direct_once_a_scene() -> None:
    """Seed 003 DIRECT: "available only to one character on each side in a position of
    authority ... The Direct Task may only be used once per Scene." NPC ships could never
    Direct; now the ship's commander directs one more Task at once, assisted."""
    t = Table()
    t.turn("kell")
    t.minor("interact")
    t.end()
    t.turn("qoj")
    t.task("direct", station=Station.COMMAND)
    assert t.state.turn.interrupt == "qoj" and t.state.turn.npc_direct_used
    applied = t.roll(
        "fire_weapon",
        station=Station.TACTICAL,
        weapon="Disruptor Cannons",
        target="resolute",
        d20=(1, 1, 20, 20),  # two crew dice, the ship's assist die, the commander's
    )
    log = _log(applied)
    assert "commander" in log and "Second Task" not in log
    pending = t.state.pending
    assert pending is not None
    owners = [d.owner for d in pending.result.dice if d.kind == "assist"]
    assert "IKS Qoj's commander" in owners  # (the crew's quality is not in its name)
    commander = next(a for a in pending.result.spec.assists if a.name == "IKS Qoj's commander")
    assert commander.roller.target == 13  # Talented: Attribute 10 + Discipline 3
    t.resolve(d20=(10, 10, 10), d6=(3,) * 12)
    assert t.state.turn.interrupt is None
    t.end()
    t.turn("tovan")
    t.minor("interact")
    t.end()
    t.turn("vortak")  # the NPC side's Direct is spent for this scene
    assert (
        why_not(t.state, AttemptTask(by="gm", action="direct", station=Station.COMMAND))
        == "The NPCs have used their Direct this scene."
    )


def test_deploy_security_is_an_opposed_task_against_the_intruders() -> None:
    """Seed 001 Deploy Security: "a Presence + Security Opposed Task, normally Difficulty 1,
    opposed by the intruders"; seed 003 OPPOSED TASK OUTCOMES decide who wins."""
    t = Table()
    t.turn("kell")
    # Kell succeeds (two criticals); Proficient intruders (9 + 2, Focus) fail on 18, 19.
    applied = t.roll("deploy_security", station=Station.TACTICAL, d20=(1, 1, 18, 19))
    log = _log(applied)
    assert "The intruders (Proficient) oppose" in log
    assert "The active character succeeds, the reactive one fails" in log
    pending = t.state.pending
    assert pending is not None and pending.result.success
    t.resolve()
    t.end()
    t.npc_pass("qoj")
    t.do(EndRound())
    if t.state.turn.side == "npc":
        t.npc_pass("qoj")
    t.turn("kell")
    threat = t.state.threat.value
    # Both succeed; the intruders generate more Momentum (3 vs 0): they win, and the
    # Momentum they keep (3) goes to Threat; Kell's Task fails.
    applied = t.roll(
        "deploy_security",
        station=Station.TACTICAL,
        opposition_difficulty=0,
        d20=(10, 19, 1, 1),
    )
    log = _log(applied)
    assert "The reactive character keeps" in log
    pending = t.state.pending
    assert pending is not None and not pending.result.success
    assert t.state.threat.value > threat
