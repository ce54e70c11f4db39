"""The away team on the real screen, as the GM and a player see it (run by
:mod:`tests.ui.realscreen.child`): the GM's ON FOOT tab and an officer's Conflict card, at
100% and 120%, before the Turn, in it, with a roll waiting and with its damage dice
waiting, and an attack's form at 100%; each whole on the screen, with no scroll bar and
nothing cut. Then a Turn played on the card with the keyboard and the mouse (real input,
through the X server): Ctrl+T, F2, a click on ATTACK, Ctrl+Return to roll, resolve and
land the damage, how it came out, Ctrl+E; and a melee attack's two rolls and its outcome
at both sizes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QToolTip, QWidget

from bridge.engine import AvoidInjury, ConflictTask, MoveFigure
from bridge.rules.dice import GivenDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.conflict.conflict_window import ConflictWindow
from tests.ui.fit import clipped, hidden_text, must_fit, off_screen
from tests.ui.realscreen.real_input import activate, click, press
from tests.ui.realscreen.run import SCALES, Run


def away_team(run: Run) -> None:
    """The GM starts the demo's boarding action and Lt. Cmdr. Kell attacks from his card;
    ``seen`` gets what a person could not see at each step (``placed(ready)`` waits)."""
    console, model, seen, shot, placed = run.console, run.model, run.seen, run.shot, run.placed
    start = console.conflict.start()
    start.accept()
    QTest.qWait(200)
    for scale in SCALES:
        at = f"{scale:.0%}"
        console.text_size.set(scale)
        QTest.qWait(400)
        shot(f"09-on-foot-{at}")
        seen[f"ON FOOT tab at {at}"] = must_fit(console) + off_screen(console)
    console.text_size.set(1.0)
    QTest.qWait(200)
    add = console.conflict.add_figures()
    seen["frame: the add figures form"], seen["fits: the add figures form"] = framed(
        add, "09-add-figures", shot, placed
    )
    add.reject()
    crowded(run)
    card = console.open_conflict_card("kell")
    placed(lambda: card.isVisible() and card.fit.settled)
    attack = card.buttons["attack"]

    def attack_y() -> int:
        return attack.mapTo(card, QPoint(0, 0)).y()

    for scale in SCALES:
        at = f"{scale:.0%}"
        card.text_size.set(scale)
        QTest.qWait(400)
        card.raise_()
        shot(f"10-conflict-card-{at}")
        seen[f"Conflict card before the Turn at {at}"] = must_fit(card) + off_screen(card)
        before = attack_y()
        card.start_button.click()
        QTest.qWait(200)
        seen[f"Conflict card: ATTACK's place before and at START TURN, {at}"] = [
            before,
            attack_y(),
        ]
        seen[f"Conflict card in the Turn at {at}"] = must_fit(card)
        form = card.use("attack")
        assert form is not None
        form.form.choose("target", "klingon-warrior")
        frame, fits = framed(form, f"11-conflict-attack-{at}", shot, placed)
        if scale == 1.0:  # (the form gives way to the ship's task dialog: its own sizes)
            seen["frame: an attack's form"], seen["fits: an attack's form"] = frame, fits
        model.session._dice = GivenDice(d20=(1, 1), d6=(2,) * 20)
        form.go_button.click()
        QTest.qWait(300)
        card.raise_()
        shot(f"12-conflict-card-roll-{at}")
        seen[f"Conflict card with its roll waiting at {at}"] = must_fit(card) + off_screen(card)
        card.resolve_button.click()
        QTest.qWait(300)
        shot(f"13-conflict-card-damage-{at}")
        seen[f"Conflict card with its damage dice waiting at {at}"] = must_fit(card) + off_screen(
            card
        )
        conflict = model.state.conflict
        while conflict is not None and (conflict.pending or conflict.turn.actor):
            model.undo()  # back to before the Turn, for the next text size
            conflict = model.state.conflict
        QTest.qWait(200)
    card.text_size.set(1.0)
    card.close()


ZONE = "Transporter Room 3"


def crowded(run: Run) -> None:
    """ADD FIGURES… brings four more Bekks into Transporter Room 3 (eight NPCs in one
    zone): the ON FOOT tab at 100% and 120%, every figure's line whole; then undone."""
    console, model, seen, shot, placed = run.console, run.model, run.seen, run.shot, run.placed
    before = model.session.length
    add = console.conflict.add_figures()
    placed(add.isVisible)
    add.npcs.which.setCurrentIndex(add.npcs.which.findData("klingon-bekk"))
    add.npcs.number.setValue(4)
    add.npcs.zone.setCurrentText(ZONE)
    add.accept()
    conflict = model.state.conflict
    figures = conflict.figures if conflict is not None else {}
    there = [
        fid
        for fid, f in figures.items()
        if f.npc is not None and conflict is not None and conflict.zone_of(fid) == ZONE
    ]
    seen["NPCs in Transporter Room 3, crowded"] = len(there)
    for at in run.at_each_size(console.text_size):
        console.raise_()
        QToolTip.hideText()  # ("Text size 120%", said over the map for a moment)
        QTest.qWait(200)
        shot(f"09b-on-foot-crowded-{at}")
        seen[f"ON FOOT tab, eight NPCs in one zone, at {at}"] = (
            must_fit(console) + hidden_text(console) + off_screen(console)
        )
    _back_to(model, before)


def framed(
    form: QWidget,
    picture: str,
    shot: Callable[[str], None],
    placed: Callable[[Callable[[], bool]], bool],
) -> tuple[list[str], list[str]]:
    """A form once the window manager has framed it: its picture taken, then what of its
    frame is off the screen and what in it is cut."""
    placed(lambda: form.isVisible() and form.frameGeometry() != form.geometry())
    QTest.qWait(150)
    shot(picture)
    return off_screen(form), clipped(form)


def _back_to(model: SharedModel, length: int) -> None:
    """Undo back to the journal's ``length`` (before the Turn played)."""
    while model.session.length > length:
        model.undo()
    QTest.qWait(200)


def real_turn(run: Run) -> None:
    """Lt. Cmdr. Kell's Turn with the keyboard and the mouse, at 100% and 120%: what each
    key did, and what a person could not see with the roll waiting and once it came out.
    The boarding action is running (:func:`away_team` started it)."""
    model, seen, shot, placed = run.model, run.seen, run.shot, run.placed
    card = run.card("kell")
    for at in run.at_each_size(card.text_size):
        before = model.session.length
        did: dict[str, object] = {"active": activate(card)}
        press("ctrl+t")
        conflict = model.state.conflict
        did["Ctrl+T"] = conflict is not None and conflict.turn.actor == "kell"
        press("F2")
        did["F2"] = card.tabs.currentIndex()
        press("F2")
        did["F2 again"] = card.tabs.currentIndex()
        extra = card.turn.use("extra_minor")  # a control of MORE: its form, whole
        if extra is not None:
            frame, _ = framed(extra, f"13b-extra-minor-form-{at}", shot, placed)
            seen[f"Extra Minor Action form at {at}"] = frame + must_fit(extra, frozenset())
            extra.close()
        model.session._dice = GivenDice(d20=(1, 1), d6=(2,) * 20)
        click(card.buttons["attack"])
        form = card.dialog
        did["ATTACK clicked"] = form is not None and form.isVisible()
        if form is not None:
            placed(lambda f=form: f.isVisible() and f.frameGeometry() != f.geometry())
            activate(form)
            press("ctrl+Return")  # ROLL, on the first target it offers
        conflict = model.state.conflict
        pending = conflict.pending if conflict is not None else None
        did["Ctrl+Return rolls"] = pending is not None and pending.actor == "kell"
        activate(card)
        shot(f"14-real-turn-rolled-{at}")
        seen[f"Conflict card, rolled by real input at {at}"] = must_fit(card) + off_screen(card)
        press("ctrl+Return")
        pending = model.state.conflict.pending if model.state.conflict else None
        did["Ctrl+Return resolves"] = pending is not None and pending.damage is not None
        shot(f"15-real-turn-damage-{at}")
        press("ctrl+Return")
        conflict = model.state.conflict
        did["Ctrl+Return lands the damage"] = conflict is not None and conflict.pending is None
        did["how it came out"] = card.waiting.title() if card.report.isVisible() else ""
        shot(f"16-real-turn-outcome-{at}")
        seen[f"Conflict card, how it came out at {at}"] = must_fit(card) + off_screen(card)
        if conflict is not None and conflict.decisions:
            front = conflict.decisions[0]
            model.submit(AvoidInjury(figure=front.figure, pay="none"))  # the GM's answer
            QTest.qWait(300)
            shot(f"17-real-turn-outcome-answered-{at}")
            seen[f"Conflict card, how it came out, answered at {at}"] = must_fit(card)
        activate(card)
        press("ctrl+e")
        conflict = model.state.conflict
        did["Ctrl+E"] = conflict is not None and conflict.turn.actor is None
        did["put away after the Turn"] = not card.waiting.isVisible()
        seen[f"real input on the Conflict card at {at}"] = did
        if card.dialog is not None and card.dialog.isVisible():
            card.dialog.close()  # (the attack's dialog, at its report: it would cover the card)
        _back_to(model, before)
    card.close()
    melee(run)


def melee(run: Run) -> None:
    """Capt. Reyes's melee attack on a Bekk beside her: two rows of dice and who wins,
    then how it came out, at 100% and 120%, each whole."""
    model, seen, shot = run.model, run.seen, run.shot
    start = model.session.length
    model.submit(MoveFigure(figure="klingon-bekk-1", zone="Deck 6 Corridor", beside="reyes"))
    card = run.card("reyes")
    for at in run.at_each_size(card.text_size):
        before = model.session.length
        card.raise_()
        card.start_button.click()
        model.session._dice = GivenDice(d20=(1, 1, 19, 20), d6=(2,) * 20)
        attack = ConflictTask(
            by="reyes", action="attack", target="klingon-bekk-1", weapon="Unarmed Strike"
        )
        model.submit(attack)
        QTest.qWait(300)
        _stage(card, seen, shot, f"melee rolled at {at}", f"18-melee-rolled-{at}")
        seen[f"Conflict card, melee: the Bekk's dice shown at {at}"] = [
            card.roll_view.theirs.isVisible(),
            [d.value for d in card.roll_view.theirs.dice.dice()],
        ]
        card.resolve_button.click()
        QTest.qWait(300)
        _stage(card, seen, shot, f"melee damage at {at}", f"19-melee-damage-{at}")
        card.damage_button.click()
        QTest.qWait(300)
        _stage(card, seen, shot, f"melee, how it came out, at {at}", f"20-melee-outcome-{at}")
        _back_to(model, before)
    card.close()
    _back_to(model, start)  # (the GM's move of the Bekk too)


def _stage(
    card: ConflictWindow, seen: dict[str, Any], shot: Callable[[str], None], what: str, name: str
) -> None:
    card.raise_()
    shot(name)
    seen[f"Conflict card, {what}"] = must_fit(card) + off_screen(card)
