"""Seed 003's GM screen tables, as the data the engine plays by: each checked against the
seed's numbers, and against the rule that uses it."""

from __future__ import annotations

import pytest

from bridge.rules.breaches import SystemState, breach_state, breach_thresholds
from bridge.rules.dice import GivenDice
from bridge.rules.examples import DIFFICULTY_EXAMPLES, difficulty_examples
from bridge.rules.opposed import OPPOSED_OUTCOMES, resolve_opposed
from bridge.rules.personal import PERSONAL_WEAPONS, PersonalEffect, PersonalQuality
from bridge.rules.stats import SYSTEM_HIT_TABLE, CrewQuality, System, system_hit
from bridge.rules.task import (
    BOUGHT_DIE_COSTS,
    COMPLICATION_RANGE_MAX,
    DETERMINATION_DIE_FACE,
    Roller,
    TaskSpec,
    complication_faces,
    complication_from,
    purchase_cost,
    resolve_task,
    score_die,
)
from bridge.rules.weapons import QUALITY_TEXT, QualityName


def test_system_hit_table_is_seed_003s() -> None:
    """Seed 003 STARSHIP DAMAGE: 1 Communications, 2 Computers, 3-6 Engines, 7-9 Sensors,
    10-17 Structure, 18-20 Weapons; every face hits exactly one System."""
    assert [(lo, hi, s.label) for lo, hi, s in SYSTEM_HIT_TABLE] == [
        (1, 1, "Communications"),
        (2, 2, "Computers"),
        (3, 6, "Engines"),
        (7, 9, "Sensors"),
        (10, 17, "Structure"),
        (18, 20, "Weapons"),
    ]
    faces = [f for lo, hi, _ in SYSTEM_HIT_TABLE for f in range(lo, hi + 1)]
    assert faces == list(range(1, 21))
    for lo, hi, system in SYSTEM_HIT_TABLE:
        assert {system_hit(f) for f in range(lo, hi + 1)} == {system}
    with pytest.raises(ValueError, match="cannot show 21"):
        system_hit(21)


def test_breaches_by_scale_are_seed_003s_table() -> None:
    """Seed 003 SCALE / BREACHES TO... DAMAGE, DISABLE, DESTROY for Scale 1 to 7."""
    table = {scale: breach_thresholds(scale) for scale in range(1, 8)}
    assert table == {
        1: (None, 1, 2),
        2: (1, 2, 3),
        3: (2, 3, 4),
        4: (2, 4, 5),
        5: (3, 5, 6),
        6: (3, 6, 7),
        7: (4, 7, 8),
    }
    for scale, (damaged, disabled, destroyed) in table.items():  # the rule uses the table
        if damaged is not None:
            assert breach_state(damaged, scale) is SystemState.DAMAGED
        assert breach_state(disabled, scale) is SystemState.DISABLED
        assert breach_state(destroyed, scale) is SystemState.DESTROYED


def test_complication_range_table_is_seed_003s() -> None:
    """Seed 003 COMPLICATION RANGE TABLE: 1 -> 20, 2 -> 19-20 ... 5 -> 16-20; a die
    scores a Complication exactly on those faces."""
    assert [complication_faces(r) for r in range(1, COMPLICATION_RANGE_MAX + 1)] == [
        "20",
        "19-20",
        "18-20",
        "17-20",
        "16-20",
    ]
    roller = Roller(target=10)
    for rng in range(1, 6):
        hits = [f for f in range(1, 21) if score_die(f, roller, rng)[1]]
        assert hits == list(range(complication_from(rng), 21))
    with pytest.raises(ValueError, match=r"1\.\.5"):
        complication_from(6)


def test_improving_the_odds_is_seed_003s() -> None:
    """Seed 003 IMPROVING THE ODDS: dice cost 1, 2, 3 (Momentum, or the same added to
    Threat); a Determination die has already rolled a 1 (two successes)."""
    assert BOUGHT_DIE_COSTS == (1, 2, 3)
    assert purchase_cost(("momentum",) * 3).momentum == sum(BOUGHT_DIE_COSTS)
    assert purchase_cost(("threat",) * 2).threat_added == 1 + 2
    spec = TaskSpec(lead=Roller.of(9, 2), bought=("determination",), value="Duty")
    result = resolve_task(spec, GivenDice(d20=(20, 20)))
    die = next(d for d in result.dice if d.kind == "determination")
    assert die.value == DETERMINATION_DIE_FACE == 1 and die.successes == 2


def test_npc_crew_quality_is_seed_003s() -> None:
    """Seed 003 NPC STARSHIP CREW SCORES: Basic 8/1 ... Exceptional 11/4."""
    assert [(q.label, q.attribute, q.discipline) for q in CrewQuality] == [
        ("Basic", 8, 1),
        ("Proficient", 9, 2),
        ("Talented", 10, 3),
        ("Exceptional", 11, 4),
    ]


def test_opposed_outcomes_are_the_four_of_seed_003_and_explain_each_roll() -> None:
    """Seed 003 OPPOSED TASK OUTCOMES: four cases; the engine's explanation of a roll
    is the table's row."""
    assert [c.key for c in OPPOSED_OUTCOMES] == ["active", "reactive", "neither", "both"]
    win = resolve_task(TaskSpec(lead=Roller.of(10, 3), difficulty=1), GivenDice(d20=(2, 15)))
    lose = resolve_task(TaskSpec(lead=Roller.of(10, 3), difficulty=1), GivenDice(d20=(18, 19)))
    for (active, reactive), case in zip(
        ((win, lose), (lose, win), (lose, lose), (win, win)), OPPOSED_OUTCOMES, strict=True
    ):
        assert resolve_opposed(active, reactive).explanation.startswith(case.when)


def test_difficulty_examples_cover_0_to_5() -> None:
    """Seed 003 DIFFICULTY TABLE: three examples for each Difficulty 0-5."""
    assert sorted(DIFFICULTY_EXAMPLES) == [0, 1, 2, 3, 4, 5]
    assert all(len(v) == 3 for v in DIFFICULTY_EXAMPLES.values())
    assert difficulty_examples(7) == DIFFICULTY_EXAMPLES[5]
    assert "phaser or disruptor" in difficulty_examples(2)[1]


def test_personal_weapons_are_seed_003s_table() -> None:
    """Seed 003 personal weapons: sixteen rows, damage, size and qualities as printed."""
    rows = {w.name: (w.kind, w.damage(), w.size, w.quality_text()) for w in PERSONAL_WEAPONS}
    assert len(rows) == 16
    assert rows["Unarmed Strike"] == ("Melee", "1▲ Knockdown", "1H", "Non-lethal")
    assert rows["Knife/Dagger"] == ("Melee", "1▲ Vicious 1", "1H", "Deadly, Hidden 1")
    assert rows["Phaser Type-3 (phaser rifle)"] == ("Ranged", "4▲", "2H", "Accurate, Charge")
    assert rows["Pulse Grenade"][1] == "4▲ Area"
    assert rows["Andorian Plasma Rifle"][1] == "4▲ Intense"
    assert rows["Jem'Hadar Plasma Rifle"][3] == "Accurate, Debilitating"
    assert all(e.text for e in PersonalEffect) and all(q.text for q in PersonalQuality)


def test_every_starship_quality_is_described() -> None:
    """RULES-NOTES "Damage", Qualities: one line for each the damage resolver plays."""
    assert set(QUALITY_TEXT) == set(QualityName)
    assert System.ENGINES.label == "Engines"  # (the reference's labels are the engine's)
