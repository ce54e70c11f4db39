"""What the Conflict card shows, from the engine alone: every entry with the gate's reason,
its fields and their legal choices, a Task's itemised Difficulty and exact odds (a melee
attack's with its opposition), the figure's Stress as the viewer may see it. A window built
on it holds no rule: an entry is enabled exactly when the engine accepts it."""

from __future__ import annotations

import pytest

from bridge.engine.commands import Command
from bridge.engine.conflict.autopilot import suggest_conflict
from bridge.engine.conflict.card import conflict_card, conflict_figures, conflict_preview
from bridge.engine.conflict.catalog import CONFLICT_CARD
from bridge.engine.conflict.commands import ConflictTask
from bridge.engine.core.commands import SetValue, StartTurn
from bridge.engine.core.needs import Need
from bridge.engine.demo_boarding import demo_boarding
from bridge.engine.session import Session
from bridge.engine.state.encounter import Encounter
from bridge.rules.dice import SeededDice
from bridge.rules.opposed import opposed_odds
from bridge.rules.personal_gear import PersonalEffect
from tests.engine.conflict_table import A, B, C, Fight, entry_command, form, npc, offered

NOTES = {"other_task": "Higher ground", "create_advantage": "Higher ground"}


def filled(state: Encounter, figure: str, key: str, by: str) -> Command:
    """The entry's Command as its form starts (the first legal choice of every field it
    cannot go without; a note typed where the Task needs one)."""
    chosen = {"note": NOTES[key]} if key in NOTES else {}
    return entry_command(state, figure, key, by, **chosen)


@pytest.mark.parametrize("seed", [3, 11])
def test_an_enabled_entry_with_its_first_legal_choices_is_accepted(seed: int) -> None:
    """README "Who may do what": a control is enabled exactly when the engine would accept
    it; the only later refusal is a parameter (here every entry is filled from its legal
    choices, so none is refused), and a disabled one is refused with the card's reason."""
    session = Session(demo_boarding(), SeededDice(seed))
    seen_enabled = set()
    for _ in range(120):
        state = session.state
        conflict = state.conflict
        if conflict is None or conflict.ended:
            break
        actor = conflict.turn.interrupt or conflict.turn.actor
        if actor is not None and conflict.pending is None and not conflict.decisions:
            by = conflict.figures[actor].character or "gm"
            card = conflict_card(state, actor)
            for entry in (*card.minors, *card.tasks):
                command = filled(state, actor, entry.key, by)
                refusal = session.check(command)
                if entry.reason is None:
                    assert refusal is None, (entry.key, refusal, command)
                    seen_enabled.add(entry.key)
                else:
                    assert refusal == entry.reason, (entry.key, refusal)
        command = suggest_conflict(state, session.check)
        assert command is not None
        session.apply(command)
    assert {"attack", "aim", "interact", "prepare", "guard", "recover"} <= seen_enabled


def test_the_card_shows_every_entry_and_the_back_its_spends() -> None:
    """Seed 001 Conflict card: its Minor Actions and Tasks; COMBAT MOMENTUM (PERSONAL)."""
    f = Fight()
    card = conflict_card(f.state, "kell", viewer="kell")
    assert [e.key for e in card.minors] == [
        "aim",
        "draw_item",
        "drop_prone",
        "interact",
        "movement",
        "prepare",
        "stand",
    ]
    assert [e.key for e in card.tasks][:3] == ["attack", "assist", "create_advantage"]
    assert {s.key for s in card.spends} >= {
        "disarm",
        "secondary_target",
        "reroll_damage",
        "avoid_injury",
        "bonus_damage",
        "penetration",
        "keep_initiative",
    }
    assert next(s for s in card.spends if s.key == "avoid_injury").marks == "I"
    assert card.start_turn is None and card.tasks[0].reason is not None
    assert card.figure.stress == 18 and card.figure.weapons == (
        "Phaser Type-3 (phaser rifle)",
        "Phaser Type-2",
    )


def test_a_melee_targets_choices_are_those_within_reach() -> None:
    f = Fight(
        officers=(("kell", B, 1),), npcs=((npc(), B, 1, 1), (npc(id="far", name="Far"), C, 0, 1))
    )
    f.turn("kell")
    fields = form(f.state, "kell", "attack")
    assert offered(fields["target"], weapon="Unarmed Strike") == ["thug"]
    rifle = "Phaser Type-3 (phaser rifle)"
    labels = [
        c.label
        for c in fields["target"].choices
        if c.value in offered(fields["target"], weapon=rifle)
    ]
    assert labels == ["Thug (Reach)", "Far (Medium)"]
    assert offered(fields["weapon"]) == [rifle, "Unarmed Strike"]


def test_charge_is_offered_only_after_prepare() -> None:
    """Seed 003 CHARGE: "If the character performs a Preparation Minor Action before
    Attacking with this weapon"."""
    f = Fight()
    f.turn("kell")
    assert "charge" not in form(f.state, "kell", "attack")
    f.minor("prepare")
    fields = form(f.state, "kell", "attack")
    charge = fields["charge"]
    assert PersonalEffect.AREA.value in offered(charge)
    assert charge.only_with == {"weapon": ("Phaser Type-3 (phaser rifle)",)}  # Charge only


def test_a_melee_previews_odds_count_the_opposition() -> None:
    """The exact odds of a melee attack account for the target's opposing roll (seed 003
    OPPOSED TASK OUTCOMES), and the damage is given as a range."""
    f = Fight(officers=(("kell", B, 1),), npcs=((npc(), B, 1, 1),))
    f.turn("kell")
    cmd = ConflictTask(by="kell", action="attack", target="thug", weapon="Unarmed Strike")
    preview = conflict_preview(f.state, cmd)
    assert preview.reason is None and preview.attack is not None
    assert preview.attack.kind == "melee" and preview.attack.opposed is not None
    from bridge.engine.conflict.tasks import preview_conflict_task

    plan = preview_conflict_task(f.state, cmd)
    assert not isinstance(plan, str) and plan.reactive is not None
    assert preview.attack.p_hit == opposed_odds(plan.spec, plan.reactive).p_active
    assert preview.attack.damage.dice == 6 and preview.attack.counter_damage is not None
    assert preview.attack.p_hit + preview.attack.p_countered + preview.attack.p_miss == (
        pytest.approx(1.0)
    )


def test_a_refused_preview_says_why() -> None:
    f = Fight()
    f.turn("kell")
    preview = conflict_preview(
        f.state, ConflictTask(by="kell", action="attack", target="thug", weapon="Unarmed Strike")
    )
    assert preview.reason is not None and "Reach" in preview.reason


def test_the_players_do_not_see_an_unrevealed_npcs_stress_or_abilities() -> None:
    """[house rule] An NPC's Stress and special abilities are the GM's until revealed."""
    from bridge.engine.conflict.commands import RevealFigure
    from bridge.model.npc import NpcAbility
    from bridge.rules.npc_abilities import NpcAbilityKind

    f = Fight(npcs=((npc(abilities=(NpcAbility(kind=NpcAbilityKind.MENACING),)), B, 0, 1),))
    gm = {v.id: v for v in conflict_figures(f.state)}
    players = {v.id: v for v in conflict_figures(f.state, viewer="kell")}
    assert gm["thug"].stress == 11 and gm["thug"].abilities == ("Menacing",)
    assert players["thug"].stress is None and players["thug"].abilities is None
    assert players["thug"].hidden and players["kell"].stress == 18
    f.do(RevealFigure(figure="thug"))
    assert {v.id: v for v in conflict_figures(f.state, viewer="kell")}["thug"].stress == 11


def test_a_decision_shows_on_the_deciders_card() -> None:
    f = Fight()
    f.idle("kell")
    f.turn("thug")
    f.task("attack", target="kell", d20=(3, 4))
    f.resolve(d6=(2, 2, 1, 3, 3))
    card = conflict_card(f.state, "kell", viewer="kell")
    assert card.decision is not None and card.decision.kind == "avoid_injury"
    assert card.decision.cost == 2
    assert conflict_card(f.state, "thug").decision is None


def test_draw_and_movement_choices() -> None:
    f = Fight(officers=(("kell", A, 0),), npcs=((npc(), B, 0, 1),))
    f.turn("kell")
    assert offered(form(f.state, "kell", "draw_item")["weapon"]) == ["Phaser Type-2"]
    moves = form(f.state, "kell", "movement")
    assert offered(moves["zone"]) == [A, B]
    assert offered(moves["beside"], zone=B) == [None, "thug"]
    f.do(SetValue(path="conflict.figures.kell.wielding", value=None))
    assert len(offered(form(f.state, "kell", "draw_item")["weapon"])) == 2


def test_with_the_house_rule_off_the_players_see_every_npcs_stress() -> None:
    """[house rule] off: nothing of an NPC is hidden, and no log line is the GM's alone."""
    from bridge.model.house_rules import HouseRules
    from tests.engine.conflict_table import log

    f = Fight(house=HouseRules(npc_hidden_until_revealed=False))
    assert {v.id: v for v in conflict_figures(f.state, viewer="kell")}["thug"].stress == 11
    f.turn("kell")
    f.task("attack", target="thug", d20=(3, 4))
    applied = f.resolve(d6=(1, 2, 3, 3, 3, 3, 3, 3, 3))
    assert "Thug: Stress 11 → 8." in log(applied) and "[GM]" not in log(applied)


def test_every_conflict_task_is_one_rule_with_one_effect_and_choices_for_its_needs() -> None:
    """Each Task of the Conflict card lives in one ConflictRule: a rolled Task has an
    effect, an unrolled one acts at once, never both; every need with a fixed set of
    values has a function for its legal choices."""
    from bridge.engine.conflict.rules import CONFLICT_CHOICES, CONFLICT_RULES

    tasks = {k for k, a in CONFLICT_CARD.items() if a.kind == "task"}
    assert tasks == set(CONFLICT_RULES)
    for key in tasks:
        rule = CONFLICT_RULES[key]
        rolled = CONFLICT_CARD[key].rolled
        assert (rule.effect is not None) == rolled, key
        assert (rule.immediate is not None) == (not rolled), key
        written = {Need.NOTE, Need.TRIGGER, Need.LETHAL, Need.WEAKNESS, Need.ROLL, Need.DIFFICULTY}
        assert set(rule.needs) - written <= set(CONFLICT_CHOICES), key


def test_the_card_follows_seed_001_and_seed_003() -> None:
    """Seed 001 COMBAT TASKS and ATTACKS AND DAMAGE, seed 003 COMMON CONFLICT TASKS: the
    rolls and Difficulties."""
    card = CONFLICT_CARD
    assert (card["recover"].roll_text, card["recover"].difficulty) == ("Fitness + Command", 2)
    assert (card["sprint"].roll_text, card["sprint"].difficulty) == ("Fitness + Security", 0)
    assert card["sprint"].succeed_at_cost
    assert (card["first_aid"].roll_text, card["first_aid"].difficulty) == (
        "Daring + Medicine",
        1,
    )
    assert card["create_advantage"].difficulty == 2 and card["guard"].difficulty == 0
    assert card["attack"].roll_text == "Daring or Control + Security"
    assert not any(card[k].rolled for k in ("assist", "direct", "pass", "ready"))


def test_a_task_without_a_roll_previews_as_the_gates_word_and_notes_take_text() -> None:
    """Seed 001 Conflict card: Pass, Ready, Assist and Direct are not rolled. Their
    preview says only whether the gate lets them through (no "is not rolled" refusal a
    form would read as one), and a note or a trigger has no list of choices: it is the
    player's own words."""
    f = Fight()
    outside = conflict_preview(f.state, ConflictTask(by="kell", action="pass"))
    assert outside.reason is not None and "is not rolled" not in outside.reason
    f.turn("kell")
    for key in ("pass", "ready", "assist"):
        assert conflict_preview(f.state, ConflictTask(by="kell", action=key)).reason is None
    advantage = form(f.state, "kell", "create_advantage")
    assert advantage["note"].kind == "text" and {"attribute", "discipline"} <= set(advantage)
    assert form(f.state, "kell", "ready")["note"].kind == "text"


def test_who_is_within_reach_is_said_by_name_and_the_fallen_are_marked() -> None:
    """The card's "within Reach" line is for the officer's eyes: names, not ids, and a
    figure out of the fight (here Injured) is marked, since First Aid still reaches it."""
    from bridge.engine.conflict.commands import MoveFigure
    from bridge.seatview import conflict_card_of

    f = Fight()
    f.do(MoveFigure(figure="thug", zone=B, beside="kell"))
    card = conflict_card_of(f.state, "kell")
    assert card is not None and card.figure.within_reach == ("Thug",)
    f.do(SetValue(path="conflict.figures.thug.injury", value="nonlethal"))
    card = conflict_card_of(f.state, "kell")
    assert card is not None and card.figure.within_reach == ("Thug (down)",)


def test_the_gms_card_of_an_npc_waits_for_its_own_turn() -> None:
    """The GM's Commands act for whoever acts now: during Kell's Turn the Klingon
    Warrior's card offers no Minor Action, Task or END TURN (TAKE MINOR there would
    have made Kell aim), and says whose Turn it is."""
    session = Session(demo_boarding(), SeededDice(1))
    session.apply(StartTurn(by="kell", actor="kell", where="conflict"))
    card = conflict_card(session.state, "klingon-warrior", "gm")
    kell = session.state.conflict.figures["kell"].name  # type: ignore[union-attr]
    for entry in (*card.minors, *card.tasks):
        assert entry.reason == f"It is {kell}'s Turn.", entry.key
    assert card.end_turn == f"It is {kell}'s Turn."
    assert conflict_card(session.state, "kell", "gm").end_turn is None
