"""The Conflict card shows what happened, as the ship's task dialog does: each roll's dice
and outcome, a melee attack's two rolls and who wins, how the Task came out (each hit's
damage, Resistance, Stress and Injury, in the seat's own log lines, nothing the seat may
not read), the officer's Determination, and who is down. Dice are given."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from bridge.engine import (
    AvoidInjury,
    ConflictTask,
    EndTurn,
    MoveFigure,
    Session,
    SpendDetermination,
    StartTurn,
    WithdrawFigure,
    demo_boarding,
)
from bridge.rules.dice import GivenDice
from bridge.seatview import CREW, GM, seat_lines
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.conflict_model import LocalConflictSeat
from bridge.ui.conflict.conflict_window import ConflictWindow


def card(qtbot: QtBot, model: SharedModel, character: str = "kell") -> ConflictWindow:
    w = ConflictWindow(LocalConflictSeat(model, character))
    qtbot.addWidget(w)
    w.show()
    return w


def attack(w: ConflictWindow, target: str, weapon: str | None = None) -> None:
    """The officer's attack on ``target``, chosen in its form and rolled."""
    form = w.use("attack")
    assert form is not None
    form.form.choose("target", target)
    if weapon is not None:
        form.form.choose("weapon", weapon)
    form.go_button.click()
    form.close()


def landed(qtbot: QtBot) -> tuple[SharedModel, ConflictWindow]:
    """Kell's card once his attack on the Klingon Warrior (two 1s, 2s for damage) landed."""
    model = SharedModel(Session(demo_boarding(), GivenDice(d20=(1, 1), d6=(2,) * 20)))
    w = card(qtbot, model)
    w.start_button.click()
    attack(w, "klingon-warrior")
    w.resolve_button.click()
    w.damage_button.click()
    return model, w


def test_a_rolls_dice_and_outcome_are_on_the_card(qtbot: QtBot) -> None:
    """Seed 001 MAKE AN ATTACK: two 1s are two criticals, 4 successes against Difficulty 2:
    success and 2 Momentum, as the task dialog says it; the dice themselves are drawn."""
    model = SharedModel(Session(demo_boarding(), GivenDice(d20=(1, 1), d6=(2,) * 20)))
    w = card(qtbot, model)
    w.start_button.click()
    attack(w, "klingon-warrior")
    assert w.waiting.title() == "ATTACK: ROLLED" and w.roll_view.isVisible()
    assert [d.value for d in w.roll_view.mine.dice.dice()] == [1, 1]
    assert w.roll_view.words() == "LT. CMDR. KELL: 4 successes vs 2: SUCCESS · 2 Momentum"
    assert not w.roll_view.theirs.isVisible()  # a ranged attack is not opposed
    assert w.waiting_text.text() == "Spend the Momentum it made, then RESOLVE (Ctrl+Return)."
    w.resolve_button.click()
    assert w.waiting.title() == "ATTACK: DAMAGE" and w.roll_view.isVisible()
    assert w.waiting_text.text().startswith("18 DAMAGE · 0 EFFECTS (before Resistance)")


def test_a_melee_attack_shows_both_rolls_and_who_wins(qtbot: QtBot) -> None:
    """Seed 003 OPPOSED TASK OUTCOMES: the Bekk's 19 and 20 miss (a Complication on the
    20), Reyes's two 1s succeed: she wins and keeps her 3 Momentum."""
    dice = GivenDice(d20=(1, 1, 19, 20), d6=(2,) * 20)
    model = SharedModel(Session(demo_boarding(), dice))
    model.submit(MoveFigure(figure="klingon-bekk-1", zone="Deck 6 Corridor", beside="reyes"))
    w = card(qtbot, model, "reyes")
    w.start_button.click()
    attack(w, "klingon-bekk-1", "Unarmed Strike")
    assert w.roll_view.theirs.isVisible()
    assert [d.value for d in w.roll_view.theirs.dice.dice()] == [19, 20]
    assert w.roll_view.theirs.outcome.text() == "0 successes vs 1: FAILURE · 1 COMPLICATION"
    assert w.roll_view.verdict() == "Capt. Elena Reyes wins, keeping 3 Momentum"
    assert w.waiting_text.text().startswith("CAPT. ELENA REYES WINS, KEEPING 3 MOMENTUM. ")


def test_after_apply_damage_the_card_says_how_it_came_out_until_anything_else_happens(
    qtbot: QtBot,
) -> None:
    """Every hit's damage, Resistance, Stress and Injury, and the GM's answer to the Avoid
    Injury it asked for; END TURN puts it away."""
    model, w = landed(qtbot)
    assert w.waiting.isVisible() and w.waiting.title() == "HOW IT CAME OUT"
    assert not w.roll_view.isVisible() and not w.damage_button.isVisible()
    lines = w.report.lines()
    assert lines[0] == "Lt. Cmdr. Kell's Attack succeeds."
    assert any(line.startswith("Lt. Cmdr. Kell hits Klingon Warrior") for line in lines)
    assert "The attack on Klingon Warrior: 18 damage before Resistance." in lines
    # the damage dice as they came, without the offer to re-roll them (the log keeps it)
    dice = next(line for line in lines if line.startswith("Damage dice: "))
    assert dice.endswith("= 18 damage, 0 Effect(s).") and "Re-Roll" not in " ".join(lines)
    assert any("Re-Roll Damage (1 Momentum)" in line for e in model.journal for line in e.log)
    assert any("would be Injured" in line for line in lines)
    model.submit(AvoidInjury(figure="klingon-warrior", pay="none"))  # the GM's answer
    assert w.report.lines()[-1].startswith("Klingon Warrior suffers a Non-lethal Injury")
    assert w.down.text().startswith("Down: Klingon Warrior (Non-lethal Injury: incapacitated")
    model.submit(EndTurn(by="kell", where="conflict"))
    assert not w.waiting.isVisible()


def test_the_outcome_is_the_seats_own_reading_of_the_log(qtbot: QtBot) -> None:
    """Nothing the seat may not see: an unrevealed NPC's Stress is in the GM's lines of
    the hit, not in the card's (the card shows the crew's reading, line for line, but
    for the offer to re-roll the damage dice once they landed)."""
    model, w = landed(qtbot)
    entries = model.journal[-2:]  # RESOLVE and APPLY DAMAGE
    offer = " Re-Roll Damage (1 Momentum) may re-roll any of them before the damage lands."
    crew = [line.replace(offer, "") for e in entries for line in seat_lines(e, CREW)]
    gm = [line for e in entries for line in seat_lines(e, GM)]
    assert list(w.report.lines()) == crew
    secret = [line for line in gm if line not in crew]
    assert secret, "the GM reads more of this hit than the crew"
    assert not set(secret) & set(w.report.lines())
    assert "Resistance 1" not in w.report.toPlainText()


def test_the_card_shows_the_officers_determination(qtbot: QtBot) -> None:
    model = SharedModel(Session(demo_boarding(), GivenDice(d20=(1, 1), d6=(2,) * 20)))
    w = card(qtbot, model)
    kell = model.state.characters["kell"]
    assert w.det_pill.text() == f"DETERMINATION {kell.determination.value}/3"
    value = kell.values[0].text
    model.submit(
        SpendDetermination(by="kell", character="kell", use="make_it_so", value=value, name="Flank")
    )
    assert w.det_pill.text() == f"DETERMINATION {kell.determination.value - 1}/3"


def test_an_officers_card_says_who_is_down_and_where(qtbot: QtBot) -> None:
    """Tovan's card said only "No Injured character is within Reach" while Reyes lay
    down in the same corridor: now it says she is down, and not within his Reach."""
    dice = GivenDice(d20=(1, 1) + (20,) * 4, d6=(2,) * 40)
    model = SharedModel(Session(demo_boarding(), dice))
    model.submit(MoveFigure(figure="klingon-warrior", zone="Deck 6 Corridor", beside="reyes"))
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.submit(EndTurn(by="kell", where="conflict"))
    model.submit(StartTurn(actor="klingon-warrior", where="conflict"))
    model.submit(ConflictTask(action="attack", target="reyes", lethal=True))
    from bridge.engine import ApplyDamage, ResolveTask

    model.submit(ResolveTask(hold_damage=True, where="conflict"))
    model.submit(ApplyDamage(where="conflict"))
    model.submit(AvoidInjury(by="reyes", figure="reyes", pay="none"))
    tovan = card(qtbot, model, "tovan")
    QApplication.processEvents()
    assert tovan.down.text() == (
        "Down: Capt. Elena Reyes (Lethal Injury: incapacitated, in Deck 6 Corridor, "
        "not within your Reach)"
    )
    reyes = card(qtbot, model, "reyes")
    assert reyes.injury_label.text() == "LETHAL INJURY: INCAPACITATED"


def test_once_the_fight_is_decided_the_card_says_so_not_your_turn(qtbot: QtBot) -> None:
    """The last officer to act read "YOUR TURN" beside a greyed END TURN once the away
    team had won: the card says the fight is over and what comes next."""
    model = SharedModel(Session(demo_boarding(), GivenDice(d20=(1, 1), d6=(2,) * 20)))
    w = card(qtbot, model)
    w.start_button.click()
    assert w.turn_label.text() == "YOUR TURN"
    conflict = model.state.conflict
    assert conflict is not None
    for fid, figure in conflict.figures.items():
        if figure.side == "npc":
            assert model.submit(WithdrawFigure(figure=fid)) is not None
    assert model.state.conflict is not None and model.state.conflict.outcome is not None
    assert w.turn_label.text() == "THE FIGHT IS OVER"
    assert w.reason.text() == "The GM takes the away team back to the ship."
