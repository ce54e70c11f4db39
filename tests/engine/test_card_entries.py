"""Card entries that say what they need before the roll: no roll where the card gives
none, disabled (with the reason) where there is nothing to do, the Focus named."""

from __future__ import annotations

from bridge.engine.core.commands import AdjustDifficulty, EndTurn, SetValue
from bridge.engine.gate import why_not
from bridge.engine.ship.catalog import CATALOG
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.state.encounter import DurationKind
from bridge.engine.state.spends import Spends
from bridge.rules.stats import Attribute, Department, System
from tests.engine.table import Table


def at_turn(actor: str) -> Table:
    t = Table()
    t.turn(actor)
    return t


def test_launch_probe_takes_no_roll() -> None:
    """Seed 001 Sensors card: LAUNCH PROBE names no Attribute, Discipline or Difficulty:
    the probe is launched without a roll, and it is still the Turn's Task."""
    assert not CATALOG["launch_probe"].rolled
    t = at_turn("sorel")
    applied = t.task("launch_probe", zone="Nebula Edge", d20=())
    assert applied.entry.d20s == () and t.state.pending is None
    probe = t.state.durations_of(DurationKind.PROBE)[0]
    assert probe.target == "Nebula Edge"
    assert "launches a probe into Nebula Edge" in "\n".join(applied.entry.log)
    assert t.state.turn.tasks_taken == 1
    t.refused(AttemptTask(by="sorel", action="launch_probe"), "already been attempted")


def test_launch_probe_needs_a_zone_and_working_sensors() -> None:
    t = at_turn("sorel")
    t.refused(AttemptTask(by="sorel", action="launch_probe"), "needs a zone")
    t.do(SetValue(path="ships.resolute.damage.sensors.breaches", value=5))
    t.refused(
        AttemptTask(by="sorel", action="launch_probe", zone="Open Space"), "Sensors is disabled"
    )


def test_hailing_at_difficulty_zero_needs_no_roll() -> None:
    """Seed 001 Ops card gives Hailing Frequencies Open no roll; Difficulty 0 needs none
    (RULES-NOTES Task roll: "Difficulty 0 needs no roll unless the player wants
    Momentum")."""
    t = at_turn("mbeki")
    applied = t.task("hailing_frequencies", target="qoj", note="Stand down.", roll=False, d20=())
    assert applied.entry.d20s == ()
    assert "success without a roll" in "\n".join(applied.entry.log)


def test_a_hail_made_harder_must_be_rolled() -> None:
    """When the GM (or Signals Jamming) raises the hail's Difficulty above 0, it is
    rolled: a roll-less attempt is refused with the reason."""
    t = at_turn("mbeki")
    t.do(AdjustDifficulty(amount=1, reason="ion storm"))
    t.refused(
        AttemptTask(by="mbeki", action="hailing_frequencies", target="qoj", roll=False),
        "Difficulty 1 Task must be rolled",
    )


def test_damage_control_is_disabled_with_nothing_to_repair() -> None:
    """RULES-NOTES Damage Control repairs a Damaged or Disabled system: with none the
    card entry is disabled before the dialog opens, saying why."""
    t = at_turn("mbeki")
    entry = AttemptTask(by="mbeki", action="damage_control")
    assert why_not(t.state, entry) == (
        "Nothing to repair: no system is Damaged or Disabled (Restore clears an Impact)."
    )
    t.do(SetValue(path="ships.resolute.damage.sensors.breaches", value=1))  # Impact only
    assert why_not(t.state, entry) is not None
    t.do(SetValue(path="ships.resolute.damage.sensors.breaches", value=3))  # Damaged
    assert why_not(t.state, entry) is None
    t.task("damage_control", system=System.SENSORS, attribute=Attribute.PRESENCE, d20=(1, 1))
    assert t.state.ships["resolute"].damage.sensors.repaired
    # Repaired, Sensors count as Nominal again: the next officer has nothing to repair.
    t.do(EndTurn(by="mbeki"))
    t.npc_pass("qoj")
    t.turn("sorel")
    assert "Nothing to repair" in str(
        why_not(t.state, AttemptTask(by="sorel", action="damage_control"))
    )


def test_regenerate_shields_at_full_shields_says_so_before_the_roll() -> None:
    """Seed 001 Ops card: Regenerate Shields regains Shields; full shields have none to
    regain, so the entry is disabled with the reason (not "13 -> 13" after the roll)."""
    t = at_turn("mbeki")
    entry = AttemptTask(by="mbeki", action="regenerate_shields")
    full = t.state.ships["resolute"].shields_max
    assert (
        why_not(t.state, entry) == f"The shields are full ({full}/{full}): nothing to regenerate."
    )
    t.refused(entry, "shields are full")
    t.do(SetValue(path="ships.resolute.shields", value=full - 1))
    assert why_not(t.state, entry) is None
    t.task("regenerate_shields", spends=Spends(extra=1))
    assert t.state.ships["resolute"].shields == full


def test_the_focus_is_named_in_the_log_and_must_be_the_officers() -> None:
    """Seed 001 RULES SUMMARY 1: "Choose one Attribute and one Discipline, and one
    Focus": the Task names the Focus it uses."""
    t = at_turn("kell")
    applied = t.roll(
        "fire_weapon",
        weapon="Phaser Arrays",
        target="qoj",
        attribute=Attribute.CONTROL,
        discipline=Department.SECURITY,
        focus_name="Starship Weapons",
        d20=(4, 20, 20),  # 4 <= Security 5 with the Focus: 2 successes
    )
    assert "Focus: Starship Weapons" in applied.entry.log[0]
    assert t.state.pending is not None and t.state.pending.result.successes == 2
    t2 = at_turn("kell")
    t2.refused(
        AttemptTask(by="kell", action="evasive_action", override=True, focus_name="Knitting"),
        "no Focus “Knitting”",
    )
