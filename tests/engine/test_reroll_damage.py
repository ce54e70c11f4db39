"""Re-Roll Damage after the damage is seen.

Seed 001, COMBAT MOMENTUM (STARSHIP): "Re-Roll Damage 1 The player may re-roll any
number of [challenge dice] from the current attack." The attack resolves with its spends,
its damage dice are rolled and held (``ResolveTask(hold_damage=True)``), the attacker
picks any of them to re-roll once for 1 Momentum (an NPC: 1 Threat), and
``ApplyDamage`` lands them.
"""

from __future__ import annotations

from bridge.engine.commands import parse_command
from bridge.engine.core.commands import AdjustPool, ApplyDamage, Inspiration, ResolveTask
from bridge.engine.session import Session
from bridge.engine.ship.commands import AttemptTask
from bridge.engine.state.spends import Spends
from bridge.rules.dice import GivenDice
from tests.engine.table import Table

BLANKS_AND_ONES = (3, 3, 3, 3, 1, 1, 2, 5)
"""Eight challenge dice: [- - - - 1 1 2 1E] = 5 damage, 1 Effect."""


def fired(d20: tuple[int, ...] = (1, 1, 12)) -> Table:
    """Kell has fired the Phaser Arrays (8 challenge dice) at the IKS Qoj; the roll waits."""
    t = Table()
    t.turn("kell")
    t.roll("fire_weapon", weapon="Phaser Arrays", target="qoj", d20=d20)
    return t


def held(t: Table, spends: Spends | None = None) -> None:
    t.do(ResolveTask(by="kell", spends=spends or Spends(), hold_damage=True), d6=BLANKS_AND_ONES)


def test_the_damage_dice_are_shown_before_they_land() -> None:
    """Seed 001 Re-Roll Damage: the dice "from the current attack" are seen first."""
    t = fired()  # 5 successes vs 2: 3 Momentum
    shields = t.state.ships["qoj"].shields
    momentum = t.state.momentum.value
    held(t)
    pending = t.state.pending
    assert pending is not None and pending.damage is not None
    assert [d.face for d in pending.damage.roll.dice] == list(BLANKS_AND_ONES)
    assert pending.damage.momentum == 3  # the attack's Momentum waits with its dice
    assert t.state.ships["qoj"].shields == shields  # nothing has landed
    assert t.state.momentum.value == momentum
    log = "\n".join(t.session.journal[-1].log)
    assert "Damage dice: [- - - - 1 1 2 1E] = 5 damage" in log


def test_the_player_picks_any_dice_to_reroll_not_only_blanks() -> None:
    """Seed 001: "re-roll any number of [challenge dice]": two blanks and a 1 here."""
    t = fired()
    held(t)
    applied = t.do(ApplyDamage(by="kell", reroll=(0, 1, 4)), d6=(2, 2, 2), d20=(12, 12))
    log = "\n".join(applied.entry.log)
    assert "re-rolling 3 dice: [2 2 - - 2 1 2 1E] = 10 damage" in log
    assert "Phaser Arrays against IKS Qoj: [2 2 - - 2 1 2 1E] = 10 damage" in log
    # 10 - Resistance 3 = 7: Shields 11 -> 4, then the Spread hit (4) takes them to 0.
    assert t.state.ships["qoj"].shields == 0
    # 2 in the pool + 3 generated - 1 Re-Roll Damage + Versatile 2 = 6 (the cap).
    assert t.state.momentum.value == 6
    assert t.state.pending is None


def test_applying_without_a_reroll_costs_nothing() -> None:
    t = fired()
    held(t)
    applied = t.do(ApplyDamage(by="kell"), d20=(12, 12))
    assert "Re-Roll Damage" not in "\n".join(applied.entry.log)
    # [- - - - 1 1 2 1E] = 5 - 3 = 2: Shields 11 -> 9, Spread 1 + 0 more: 9 -> 8.
    assert t.state.ships["qoj"].shields == 8
    log = "\n".join(applied.entry.log)
    assert "Fire Weapon saves: +3 Momentum (now 5)" in log  # all 3 of the attack's


def test_the_reroll_comes_from_the_pool_when_the_attack_made_no_momentum() -> None:
    """The attack's own Momentum pays first; without any, the group pool pays 1."""
    t = fired(d20=(1, 20, 20))  # 2 successes vs 2: no Momentum
    held(t)
    assert t.state.pending is not None and t.state.pending.damage is not None
    assert t.state.pending.damage.momentum == 0
    before = t.state.momentum.value
    t.do(ApplyDamage(by="kell", reroll=(7,)), d6=(2,), d20=(12, 12))
    assert t.state.momentum.value == before - 1 + 2  # Versatile 2 after the hit


def test_no_momentum_at_all_refuses_the_reroll_and_keeps_the_dice() -> None:
    t = fired(d20=(1, 20, 20))
    t.do(AdjustPool(pool="momentum", delta=-t.state.momentum.value))
    held(t)
    t.refused(ApplyDamage(by="kell", reroll=(0,)), "Not enough Momentum for Re-Roll Damage")
    assert t.state.pending is not None and t.state.pending.damage is not None


def test_a_die_named_twice_or_not_there_is_refused() -> None:
    t = fired()
    held(t)
    t.refused(ApplyDamage(by="kell", reroll=(0, 0)), "named twice")
    t.refused(ApplyDamage(by="kell", reroll=(8,)), "no challenge die number 9")


def test_other_commands_wait_for_the_damage() -> None:
    """While the dice wait, the roll cannot be re-rolled or resolved again, and no other
    Task starts; another player cannot land Kell's damage."""
    t = fired()
    held(t)
    t.refused(Inspiration(by="kell", value="anything"), "damage rolled")
    t.refused(ResolveTask(by="kell"), "apply the damage")
    t.refused(AttemptTask(by="kell", action="modulate_shields"), "damage dice are waiting")
    t.refused(ApplyDamage(by="sorel"), "Kell's to resolve")


def test_reroll_damage_cannot_be_chosen_before_the_dice_when_they_are_held() -> None:
    t = fired()
    t.refused(
        ResolveTask(by="kell", spends=Spends(reroll_damage=True), hold_damage=True),
        "chosen once the damage dice are seen",
    )


def test_spends_chosen_at_resolve_apply_with_the_held_dice() -> None:
    """Seed 001 Bonus Damage (+1 each) chosen at RESOLVE still counts when the dice land."""
    t = fired()
    held(t, Spends(bonus_damage=2))
    assert t.state.pending is not None and t.state.pending.damage is not None
    assert t.state.pending.damage.momentum == 1  # 3 generated, 2 spent
    applied = t.do(ApplyDamage(by="kell"), d20=(12, 12))
    assert "Bonus Damage (Momentum): +2." in applied.entry.log


def test_an_npc_pays_its_reroll_with_threat() -> None:
    """RULES-NOTES: NPCs spend Threat where players spend Momentum."""
    t = Table()
    t.turn("kell")
    t.task("pass")
    t.end()
    t.turn("qoj")
    t.roll("fire_weapon", weapon="Disruptor Cannons", target="resolute", d20=(1, 13, 20))
    t.do(ResolveTask(by="gm", hold_damage=True), d6=(3,) * 20)
    pending = t.state.pending
    assert pending is not None and pending.damage is not None
    threat = t.state.threat.value
    applied = t.do(ApplyDamage(by="gm", reroll=(0,)), d6=(2,), d20=(12,) * 4)
    assert t.state.threat.value == threat - 1
    assert "Re-Roll Damage: -1 Threat" in "\n".join(applied.entry.log)


def test_ramming_speed_moves_at_resolve_and_lands_after() -> None:
    """Seed 001 Helm card: Ramming Speed is an attack; the rammer closes with its target
    when it rolls, the hit and the recoil land with the (re-rolled) dice."""
    t = Table()
    t.turn("tovan")
    t.roll("ramming_speed", target="qoj", d20=(1, 1, 1, 1))
    t.refused(
        ResolveTask(by="tovan", spends=Spends(devastating=True), hold_damage=True),
        "already Devastating",
    )
    t.do(ResolveTask(by="tovan", hold_damage=True), d6=(3,) * 7)
    zones = t.state.zones.positions
    assert zones["resolute"] == zones["qoj"]
    qoj = t.state.ships["qoj"].shields
    t.do(ApplyDamage(by="tovan", reroll=(0, 1)), d6=(2, 2) + (3,) * 3, d20=(12,) * 6)
    assert t.state.ships["qoj"].shields < qoj


def test_the_held_damage_replays_exactly_and_undoes() -> None:
    """Dice are an input: a replay of the journal gives the same battle, and undo takes
    back the landing, then the held roll."""
    t = fired()
    before_resolve = t.state
    held(t)
    holding = t.state
    t.do(ApplyDamage(by="kell", reroll=(0, 1, 4)), d6=(2, 2, 2), d20=(12, 12))
    again = Session.replay(t.session.initial, t.session.journal)
    assert again.state == t.state
    t.session.undo()
    assert t.state == holding
    t.session.undo()
    assert t.state == before_resolve


def test_the_commands_travel_as_json() -> None:
    """The network and the journal carry them: both parse back to the same Command."""
    for command in (
        ResolveTask(by="kell", hold_damage=True),
        ApplyDamage(by="kell", reroll=(0, 3)),
    ):
        assert parse_command(command.model_dump_json()) == command


def test_a_resolve_saved_before_the_damage_step_lands_at_once() -> None:
    """A ResolveTask written before the damage step (no ``hold_damage``) keeps its meaning,
    its blank dice re-rolled before the damage lands, so an old journal replays."""
    t = fired()
    old = parse_command('{"type": "resolve", "by": "kell", "spends": {"reroll_damage": true}}')
    applied = t.session.apply(old, GivenDice(d6=(*BLANKS_AND_ONES, 2, 2, 2, 2), d20=(12, 12)))
    assert t.state.pending is None
    assert "re-rolling 4 blank(s)" in "\n".join(applied.entry.log)


def test_the_autopilot_lands_held_damage() -> None:
    """A held roll waits for ApplyDamage: the autopilot (and the bot) lands it as rolled."""
    from bridge.engine.ship.autopilot import suggest

    t = fired()
    held(t)
    command = suggest(t.state, t.session.check)
    assert isinstance(command, ApplyDamage) and command.reroll == ()
    t.do(command, d20=(12, 12))
    assert t.state.pending is None
