"""A Conflict card entry's form is every card's form: the fields of its Command with their
legal choices (one with another field's value, said so), and a rolled Task is rolled as a
ship's Task is: with a Focus, dice bought and the Determination die (a GM's
play-through: the Attack's form had Target, Weapon, Lethal and Weakness only, so a 2d20
roll could not be improved). Given dice throughout."""

from __future__ import annotations

from bridge.engine import conflict_preview
from bridge.engine.conflict.commands import ConflictTask
from bridge.engine.conflict.forms import entry_params
from bridge.engine.core.commands import SetValue
from bridge.rules.personal_gear import UNARMED
from tests.engine.conflict_table import MISS, A, B, C, Fight, form, npc, offered

ATTACK = ConflictTask(by="kell", action="attack", target="thug")


def test_every_rolled_task_asks_focus_dice_and_determination_and_none_is_required() -> None:
    f = Fight()
    f.turn("kell")
    fields = form(f.state, "kell", "attack")
    assert list(fields)[-3:] == ["focus_name", "bought", "value"]
    assert not any(fields[n].required for n in ("focus_name", "bought", "value"))
    assert "bought" not in form(f.state, "kell", "pass")  # not rolled
    kell = f.state.characters["kell"]
    assert offered(fields["focus_name"]) == [None, *kell.focuses]
    assert offered(fields["value"]) == [v.text for v in kell.values]


def test_dice_are_bought_as_a_ships_and_the_preview_says_what_the_pool_cannot_pay() -> None:
    """RULES-NOTES: Momentum buys 1/2/3 (cumulative 1, 3, 6); Threat can pay the same
    price; the Determination die is the first bought die and counts toward the 3. A die
    chosen and then priced beyond the pool (the pool spent, a Determination die put
    first) is refused by the preview, in the roll's words."""
    f = Fight()
    f.do(SetValue(path="momentum.value", value=3))
    f.turn("kell")
    dice = form(f.state, "kell", "attack")["bought"]
    assert dice.kind == "dice" and dice.maximum == 3
    assert offered(dice) == ["momentum", "threat", "determination"]
    three = ATTACK.model_copy(update={"bought": ("momentum",) * 3})
    assert conflict_preview(f.state, three).reason == (
        "Not enough Momentum: 6 needed, 3 in the pool."
    )
    value = f.state.characters["kell"].values[0].text
    spent = ATTACK.model_copy(update={"bought": ("determination", "momentum"), "value": value})
    assert conflict_preview(f.state, spent).reason is None
    f.do(SetValue(path="momentum.value", value=1))  # the pool spent meanwhile
    assert conflict_preview(f.state, spent).reason == (
        "Not enough Momentum: 2 needed, 1 in the pool."
    )


def test_the_roll_pays_and_rolls_what_was_bought() -> None:
    """Seed 001 RULES SUMMARY: bought dice join the roll; the Determination die counts as
    a 1 (RULES-NOTES: it is rolled already), paid with a point of Determination."""
    f = Fight()
    f.do(SetValue(path="momentum.value", value=3))
    f.turn("kell")
    value = f.state.characters["kell"].values[0].text
    cmd = ATTACK.model_copy(update={"bought": ("determination", "momentum"), "value": value})
    preview = conflict_preview(f.state, cmd)
    assert preview.reason is None
    assert any("1 Determination" in c for c in preview.costs)
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
    fields = form(f.state, "thug", "attack")
    assert offered(fields["bought"]) == ["threat"]
    assert "value" not in fields  # no Determination
    attack = ConflictTask(by="gm", action="attack", target="kell")
    six = attack.model_copy(update={"bought": ("threat",) * 3})
    assert conflict_preview(f.state, six).reason == "Not enough Threat: 6 needed, 3 in the pool."


def test_a_choice_that_holds_with_another_fields_value_says_so() -> None:
    """One answer fills the whole form: Movement's figure to stand beside is offered with
    the zone it stands in; a melee weapon's targets are those within Reach (seed 003
    MELEE: "an enemy within Reach"), a ranged one's any in range."""
    f = Fight(npcs=((npc(), B, 0, 1), (npc(id="far", name="Far"), C, 0, 1)))
    f.turn("kell")
    movement = form(f.state, "kell", "movement")  # (Kell stands in the Corridor)
    assert offered(movement["zone"]) == [A, B, C]
    assert offered(movement["beside"], zone=B) == [None, "thug"]
    assert offered(movement["beside"], zone=C) == [None, "far"]
    assert offered(movement["beside"], zone=A) == [None]
    attack = form(f.state, "kell", "attack")
    weapons = offered(attack["weapon"])
    fist = UNARMED.name
    assert fist in weapons
    ranged = next(w for w in weapons if w != fist)
    assert offered(attack["target"], weapon=fist) == []  # no one within Reach
    assert set(offered(attack["target"], weapon=ranged)) >= {"thug", "far"}


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
    f = Fight(officers=(("kell", B, 0), ("reyes", B, 0)))
    f.turn("kell")
    for key in ("assist", "direct"):  # (Direct's fields, whoever may use it now)
        ally = next(p for p in entry_params(f.state, "kell", key) if p.name == "target")
        assert ally.required and ally.label == "Ally" and None not in offered(ally), key
    guard = form(f.state, "kell", "guard")["target"]
    assert not guard.required and guard.label == "Guard whom"
    assert [c.label for c in guard.choices if c.value is None] == ["Yourself"]


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
    reasons = {e.reason for e in card.tasks}
    assert reasons == {"An attack's damage dice are waiting to land: apply the damage first."}
