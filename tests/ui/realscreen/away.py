"""The away team on the real screen, as the GM and a player see it (run by
:mod:`tests.ui.realscreen.child`): the GM's ON FOOT tab and an officer's Conflict card, at
100% and 120%, before the Turn, in it, with a roll waiting and with its damage dice
waiting, and an attack's form at 100%; each whole on the screen, with no scroll bar and
nothing cut."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from bridge.rules.dice import GivenDice
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole
from tests.ui.fit import clipped, frame_outside_screen, must_fit

SCALES = (1.0, 1.2)
"""The text sizes a laptop's players use (no window may scroll or cut at either)."""


def _on_screen(window: QWidget) -> list[str]:
    frame = frame_outside_screen(window)
    return [frame] if frame else []


def away_team(
    console: GmConsole,
    model: SharedModel,
    seen: dict[str, Any],
    shot: Callable[[str], None],
    placed: Callable[[Callable[[], bool]], bool],
) -> None:
    """The GM starts the demo's boarding action and Lt. Cmdr. Kell attacks from his card;
    ``seen`` gets what a person could not see at each step (``placed(ready)`` waits)."""
    start = console.conflict.start()
    start.accept()
    QTest.qWait(200)
    for scale in SCALES:
        at = f"{scale:.0%}"
        console.text_size.set(scale)
        QTest.qWait(400)
        shot(f"09-on-foot-{at}")
        seen[f"ON FOOT tab at {at}"] = must_fit(console) + _on_screen(console)
    console.text_size.set(1.0)
    QTest.qWait(200)
    add = console.conflict.add_figures()
    seen["frame: the add figures form"], seen["fits: the add figures form"] = framed(
        add, "09-add-figures", shot, placed
    )
    add.reject()
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
        seen[f"Conflict card before the Turn at {at}"] = must_fit(card) + _on_screen(card)
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
        seen[f"Conflict card with its roll waiting at {at}"] = must_fit(card) + _on_screen(card)
        card.resolve_button.click()
        QTest.qWait(300)
        shot(f"13-conflict-card-damage-{at}")
        seen[f"Conflict card with its damage dice waiting at {at}"] = must_fit(card) + _on_screen(
            card
        )
        conflict = model.state.conflict
        while conflict is not None and (conflict.pending or conflict.turn.actor):
            model.undo()  # back to before the Turn, for the next text size
            conflict = model.state.conflict
        QTest.qWait(200)
    card.text_size.set(1.0)
    card.close()


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
    return _on_screen(form), clipped(form)
