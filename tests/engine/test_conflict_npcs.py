"""NPC special abilities and tiers in play, with given dice (seed 003 NPC SPECIAL
ABILITIES; RULES-NOTES "Personal conflict" [default] tiers, changed per NPC by the GM)."""

from __future__ import annotations

from bridge.engine.conflict.commands import AddFigure, ConflictMinor, ConflictTask, NpcPlacement
from bridge.engine.core.commands import SetValue
from bridge.model.npc import NpcAbility
from bridge.rules.npc_abilities import NpcAbilityKind as K
from bridge.rules.npc_abilities import NpcTier
from bridge.rules.stats import Attribute
from tests.engine.conflict_table import B, C, Fight, log, npc

BIG_HIT = (2, 2, 1, 3, 3, 3, 3, 3, 3)
"""Kell's nine challenge dice for 5 damage: an Injury at once."""


def kell_hits(f: Fight, target: str = "thug", **kw: object) -> str:
    f.turn("kell")
    f.task("attack", target=target, d20=(3, 4), **kw)
    return log(f.resolve(d6=BIG_HIT))


def test_extraordinary_attribute_adds_automatic_successes() -> None:
    """Seed 003 EXTRAORDINARY ATTRIBUTE X: "automatic successes on Tasks using that
    attribute"."""
    gifted = npc(
        abilities=(
            NpcAbility(kind=K.EXTRAORDINARY_ATTRIBUTE, attribute=Attribute.CONTROL, rating=1),
        )
    )
    f = Fight(npcs=((gifted, B, 0, 1),))
    f.idle("kell")
    f.turn("thug")
    applied = f.task("attack", target="kell", d20=(5, 19))
    assert "+1 automatic" in log(applied)
    pending = f.conflict.pending
    assert pending is not None and pending.result.successes == 2 and pending.result.success


def test_fast_recovery_regains_stress_or_shakes_off_an_injury_for_2_threat() -> None:
    """Seed 003 FAST RECOVERY X: "At the start of each of its Turns, the creature regains X
    Stress ... If the creature is Injured at the start of its turn, it may instead spend two
    Threat to remove that Injury"."""
    troll = npc(abilities=(NpcAbility(kind=K.FAST_RECOVERY, rating=2),))
    f = Fight(npcs=((troll, B, 0, 1),))
    f.do(SetValue(path="conflict.figures.thug.stress", value=5))
    f.idle("kell")
    f.turn("thug")
    assert f.fig("thug").stress == 7
    f.minor("interact")
    f.task("pass")
    f.end()
    f.do(SetValue(path="conflict.figures.thug.injury", value="lethal"))
    f.idle("kell")
    threat = f.state.threat.value
    applied = f.turn("thug")
    assert "shakes off its Injury" in log(applied)
    assert f.fig("thug").injury is None and f.state.threat.value == threat - 2


def test_immune_to_knockdown_and_to_non_lethal_attacks() -> None:
    """Seed 003 IMMUNE TO X: "unperturbed by conditions and effects indicated"."""
    rock = npc(abilities=(NpcAbility(kind=K.IMMUNE, note="Knockdown, Non-lethal"),))
    f = Fight(officers=(("kell", B, 1),), npcs=((rock, B, 1, 1),))
    f.turn("kell")
    f.task("attack", target="thug", weapon="Unarmed Strike", d20=(2, 3, 15, 16))
    applied = f.resolve(d6=(5, 6, 2, 2, 3, 3))
    assert "shrugs off the Non-lethal attack" in log(applied)
    assert f.fig("thug").stress == 11 and not f.conflict.decisions


def test_invulnerable_cannot_be_injured_unless_its_weakness_is_used() -> None:
    """Seed 003 INVULNERABLE: "cannot be Injured in any way; Attacks can be attempted and
    damage is rolled as normal, and the creature has a Stress track"; SPECIFIC WEAKNESS:
    "a specific weakness which can overcome its invulnerability"."""
    golem = npc(
        abilities=(
            NpcAbility(kind=K.INVULNERABLE),
            NpcAbility(kind=K.SPECIFIC_WEAKNESS, note="its power core"),
        ),
        avoid_injury=False,
    )
    f = Fight(npcs=((golem, B, 0, 1),))
    text = kell_hits(f)
    assert "cannot be Injured (Invulnerable)" in text
    assert f.fig("thug").stress == 6 and f.fig("thug").injury is None
    f.end()
    f.idle("thug")
    kell_hits(f, weakness=True)
    assert f.fig("thug").injury == "nonlethal"


def test_staggered_loses_its_next_turn_instead_of_an_injury() -> None:
    """Seed 003 STAGGERED: "If the creature would ever suffer an Injury, it instead loses
    the ability to perform any Tasks or Minor Actions on its next Turn"."""
    ox = npc(abilities=(NpcAbility(kind=K.STAGGERED),))
    f = Fight(npcs=((ox, B, 0, 1),))
    text = kell_hits(f)
    assert "Staggered instead of Injured" in text and f.fig("thug").injury is None
    f.end()
    f.turn("thug")
    f.refused(ConflictMinor(action="interact"), "Staggered")
    f.refused(ConflictTask(action="pass"), "Staggered")
    f.end()
    f.idle("kell")
    f.turn("thug")
    f.minor("interact")


def test_wrathful_adds_two_threat_instead_of_an_injury() -> None:
    """Seed 003 WRATHFUL: "if the creature would ever suffer an Injury, it instead adds 2
    to Threat"."""
    brute = npc(abilities=(NpcAbility(kind=K.WRATHFUL),), avoid_injury=False)
    f = Fight(npcs=((brute, B, 0, 1),))
    threat = f.state.threat.value
    kell_hits(f)
    assert f.state.threat.value == threat + 2 and f.fig("thug").injury is None


def test_machine_x_gives_resistance_x() -> None:
    """Seed 003 MACHINE X: "the machine's sturdy construction grants it Resistance equal
    to X"."""
    drone = npc(abilities=(NpcAbility(kind=K.MACHINE, rating=2),), armour=1)
    f = Fight(npcs=((drone, B, 0, 1),))
    kell_hits(f)
    assert f.fig("thug").stress == 11 - (5 - 3)


def test_menacing_adds_threat_when_it_enters() -> None:
    """Seed 003 MENACING: "When a creature with this rule enters a scene, immediately add
    a point to the Threat pool"."""
    dread = npc(id="dread", name="Dread", abilities=(NpcAbility(kind=K.MENACING),))
    f = Fight(npcs=((dread, B, 0, 2),))
    assert "Dread 1 is Menacing: +1 Threat" in log(f.started)
    threat = f.state.threat.value
    f.do(AddFigure(npcs=NpcPlacement(npc=dread, zone=C)))
    assert f.state.threat.value == threat + 1


def test_night_vision_ignores_darkness() -> None:
    """Seed 003 NIGHT VISION: "Tasks the creature attempts do not increase in Difficulty
    because of darkness"."""
    from bridge.engine.conflict.card import conflict_preview

    owl = npc(id="owl", name="Owl", abilities=(NpcAbility(kind=K.NIGHT_VISION),))
    f = Fight(npcs=((npc(), B, 0, 1), (owl, B, 0, 1)), darkness={B: 1})
    f.idle("kell")
    f.turn("thug")
    plain = conflict_preview(f.state, ConflictTask(action="attack", target="kell"))
    assert ("Darkness", 1) in plain.items
    f.minor("interact")
    f.task("pass")
    f.end()
    f.turn("owl")
    seeing = conflict_preview(f.state, ConflictTask(action="attack", target="kell"))
    assert not any(what == "Darkness" for what, _ in seeing.items)


def test_threatening_x_spends_its_own_threat_first() -> None:
    """Seed 003 THREATENING X: "begins each scene with X Threat, that may only be used to
    benefit itself, and which are not drawn from the general Threat pool"."""
    boss = npc(abilities=(NpcAbility(kind=K.THREATENING, rating=2),))
    f = Fight(npcs=((boss, B, 0, 1),))
    assert f.fig("thug").own_threat == 2
    threat = f.state.threat.value
    f.idle("kell")
    f.turn("thug")
    applied = f.task("attack", target="kell", lethal=True, bought=("threat",), d20=(17, 18, 19))
    assert "of Thug's own Threat" in log(applied)
    assert f.fig("thug").own_threat == 0 and f.state.threat.value == threat


def test_the_gm_changes_an_npcs_avoid_injury_and_stress() -> None:
    """RULES-NOTES [default]: "The GM can change each per NPC"."""
    f = Fight(npcs=((npc(avoid_injury=False), B, 0, 1),))
    kell_hits(f)
    assert f.fig("thug").injury is not None and not f.conflict.decisions
    g = Fight(npcs=((npc(tier=NpcTier.MINOR, stress=6, avoid_injury=True), B, 0, 1),))
    assert g.fig("thug").stress == 6
    kell_hits(g)
    assert g.conflict.decisions[0].kind == "avoid_injury"
