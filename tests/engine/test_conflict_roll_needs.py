"""A Conflict card Task is rolled as a ship's Task is: with a Focus, dice bought and the
Determination die, asked by the card's form (a GM's play-through: the Attack's form had
Target, Weapon, Lethal and Weakness only, so a 2d20 roll could not be improved). Given
dice throughout."""

from __future__ import annotations

from bridge.engine import conflict_choices, conflict_needs, conflict_preview, with_choice
from bridge.engine.conflict.card import OPTIONAL
from bridge.engine.conflict.commands import ConflictTask
from bridge.engine.core.commands import SetValue
from bridge.engine.core.needs import Need
from tests.engine.conflict_table import MISS, B, Fight, npc

ATTACK = ConflictTask(by="kell", action="attack", target="thug")


def _values(choices: dict[Need, tuple[object, ...]], need: Need) -> list[str]:
    return [c.value for c in choices[need]]  # type: ignore[attr-defined]


def test_every_rolled_task_asks_focus_dice_and_determination_and_none_is_required() -> None:
    f = Fight()
    f.turn("kell")
    needs = conflict_needs(f.state, "kell", "attack", ATTACK)
    assert needs[-3:] == (Need.FOCUS, Need.DETERMINATION, Need.DICE)
    assert {Need.FOCUS, Need.DICE, Need.DETERMINATION} <= OPTIONAL
    assert Need.DICE not in conflict_needs(f.state, "kell", "pass")  # not rolled
    choices = conflict_choices(f.state, "kell", "attack", ATTACK)
    kell = f.state.characters["kell"]
    assert _values(choices, Need.FOCUS) == list(kell.focuses)
    assert _values(choices, Need.DETERMINATION) == [v.text for v in kell.values]


def test_dice_are_priced_by_their_places_and_the_preview_says_what_the_pool_cannot_pay() -> None:
    """RULES-NOTES: Momentum buys 1/2/3 (cumulative 1, 3, 6); Threat can pay the same
    price; the Determination die is the first bought die and counts toward the 3. A die
    chosen and then priced beyond the pool (the pool spent, a Determination die put
    first) stays chosen, and the preview says why it cannot be rolled."""
    f = Fight()
    f.do(SetValue(path="momentum.value", value=3))
    f.turn("kell")
    dice = conflict_choices(f.state, "kell", "attack", ATTACK)[Need.DICE]
    assert [(c.value, c.label) for c in dice] == [
        ("momentum:1", "1 die for 1 Momentum"),
        ("threat:1", "1 die, adding 1 Threat"),
        ("momentum:2", "2 dice for 3 Momentum"),
        ("threat:2", "2 dice, adding 3 Threat"),
        ("momentum:3", "3 dice for 6 Momentum"),
        ("threat:3", "3 dice, adding 6 Threat"),
    ]
    three = with_choice(ATTACK, Need.DICE, "momentum:3")
    assert conflict_preview(f.state, three).reason == (
        "Not enough Momentum: 6 needed, 3 in the pool."
    )
    value = f.state.characters["kell"].values[0].text
    one = with_choice(ATTACK, Need.DICE, "momentum:1")
    spent = with_choice(one, Need.DETERMINATION, value)
    after = conflict_choices(f.state, "kell", "attack", spent)[Need.DICE]
    assert [c.value for c in after] == ["momentum:1", "threat:1", "momentum:2", "threat:2"]
    assert [c.label for c in after][:1] == ["1 die for 2 Momentum"]  # the second place
    assert spent.bought == ("determination", "momentum")  # the die chosen stays
    f.do(SetValue(path="momentum.value", value=1))  # the pool spent meanwhile
    assert conflict_preview(f.state, spent).reason == (
        "Not enough Momentum: 2 needed, 1 in the pool."
    )


def test_the_chosen_roll_is_the_commands_and_the_determination_die_stays_first() -> None:
    value = "Hesitation gets people killed"
    cmd = with_choice(ATTACK, Need.DICE, "threat:3")
    cmd = with_choice(cmd, Need.DETERMINATION, value)
    assert cmd.bought == ("determination", "threat", "threat") and cmd.value == value
    cmd = with_choice(cmd, Need.DICE, "momentum:1")
    assert cmd.bought == ("determination", "momentum")
    assert with_choice(cmd, Need.FOCUS, "Hand Phasers").focus_name == "Hand Phasers"


def test_the_roll_pays_and_rolls_what_was_bought() -> None:
    """Seed 001 RULES SUMMARY: bought dice join the roll; the Determination die counts as
    a 1 (RULES-NOTES: it is rolled already), paid with a point of Determination."""
    f = Fight()
    f.do(SetValue(path="momentum.value", value=3))
    f.turn("kell")
    value = f.state.characters["kell"].values[0].text
    cmd = with_choice(ATTACK, Need.DETERMINATION, value)
    cmd = with_choice(cmd, Need.DICE, "momentum:1")
    preview = conflict_preview(f.state, cmd)
    assert preview.reason is None
    assert "1 Determination" in preview.costs
    assert any("2 Momentum" in c for c in preview.costs)  # the die in the second place
    determination = f.state.characters["kell"].determination.value
    f.do(cmd, d20=(*MISS, 20))  # two d20s and the one bought (the Determination die: a 1)
    assert f.state.momentum.value == 1
    assert f.state.characters["kell"].determination.value == determination - 1
    pending = f.conflict.pending
    assert pending is not None
    assert len(pending.result.dice) == 4 and pending.result.successes >= 2


def test_an_npc_figure_buys_its_dice_with_threat() -> None:
    """RULES-NOTES: "NPCs buy dice with Threat"."""
    f = Fight(npcs=((npc(), B, 0, 1),))
    f.do(SetValue(path="threat.value", value=3))
    f.idle("kell")
    f.turn("thug")
    attack = ConflictTask(by="gm", action="attack", target="kell")
    choices = conflict_choices(f.state, "thug", "attack", attack)
    assert [c.label for c in choices[Need.DICE]] == [
        "1 die for 1 Threat",
        "2 dice for 3 Threat",
        "3 dice for 6 Threat",
    ]
    six = with_choice(attack, Need.DICE, "threat:3")
    assert conflict_preview(f.state, six).reason == "Not enough Threat: 6 needed, 3 in the pool."
    assert Need.DETERMINATION not in conflict_needs(f.state, "thug", "attack", attack)


def test_the_card_says_what_is_left_of_the_figures_own_turn() -> None:
    """Seed 001 RULES SUMMARY: a Turn is a Minor Action and a Task. The phone's heading
    kept "a Minor Action and a Task" after both were used, and START TURN's reason named
    the officer as if another held the Turn."""
    from bridge.engine import conflict_card

    f = Fight()
    f.turn("kell")
    card = conflict_card(f.state, "kell")
    assert card.turn_left == "Your Turn: a Minor Action and a Task"
    assert card.start_turn == "Your Turn is under way: END TURN ends it."
    f.minor("interact")
    assert conflict_card(f.state, "kell").turn_left == "Your Turn: a Task left"
    f.task("pass")
    assert conflict_card(f.state, "kell").turn_left.startswith("Your Turn: both taken")
    f.end()
    assert conflict_card(f.state, "kell").turn_left == ""


def test_an_aiming_attackers_preview_says_its_odds_are_before_the_re_roll() -> None:
    """Seed 003 AIM: the re-roll comes after the roll. The preview read "Hit 66% (exact)"
    before and after Aim, as if Aim changed nothing."""
    f = Fight()
    f.turn("kell")
    before = conflict_preview(f.state, ATTACK)
    assert not any("Aiming" in line for line in before.lines)
    f.minor("aim")
    after = conflict_preview(f.state, ATTACK)
    assert after.notes == (
        "Aiming: after the roll you may re-roll a d20; these odds are before it.",
    )
    assert after.lines[-1] == after.notes[0]


def test_assist_and_direct_need_an_ally_and_only_guard_may_go_without() -> None:
    """Seed 001 Direct: "another character ... assisted by you". Its form offered
    "Ally (none: yourself)" and DO IT, refused after; Guard alone guards oneself."""
    from bridge.engine.conflict.card import NEED_LABELS

    f = Fight(officers=(("kell", B, 0), ("reyes", B, 0)))
    f.turn("kell")
    for key in ("assist", "direct"):
        needs = conflict_needs(f.state, "kell", key)
        assert Need.ALLY in needs and Need.ALLY not in OPTIONAL, key
    assert NEED_LABELS[Need.ALLY] == "Ally"
    guard = conflict_needs(f.state, "kell", "guard")
    assert Need.GUARDED in guard and Need.GUARDED in OPTIONAL
    assert NEED_LABELS[Need.GUARDED] == "Guard whom (none: yourself)"


def test_while_damage_dice_wait_the_tasks_say_so() -> None:
    """A GM's play-through: after RESOLVE every Task said "Another Task is waiting for its
    Momentum spends", though the spends were made and the damage dice waited."""
    from bridge.engine import conflict_card

    f = Fight(npcs=((npc(stress=20, avoid_injury=False), B, 0, 1),))
    f.turn("kell")
    f.task("attack", target="thug", d20=(1, 1))
    f.resolve(hold=True, d6=(3,) * 9)
    assert f.conflict.pending is not None and f.conflict.pending.damage is not None
    card = conflict_card(f.state, "kell")
    reasons = {e.why_not for e in card.tasks}
    assert reasons == {"An attack's damage dice are waiting to land: apply the damage first."}
