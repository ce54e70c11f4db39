"""The demo's boarding action played to its end on the real screen, as a GM and five
players at one laptop play it: run by the real-screen tests in a child process of its
own (``python -m tests.ui.realscreen.boarding``), on the X server the other child used.

The GM starts the fight with a click on START… and Return, opens the five Conflict
cards with a click on CONFLICT CARDS, plays the first NPC figures' Turns by hand and the
rest with AUTOPILOT TURN, and answers the NPCs' decisions with a click
(tests.ui.realscreen.gm_moves); each
officer plays from their own card with real keys and clicks sent through the X server
(Ctrl+T, a click on a Minor Action or a Task, the form's choices, Ctrl+Return to roll,
Ctrl+Return to resolve and to land the damage, a click on Aim or on an Avoid Injury
answer, Ctrl+E). What each officer does is what the autopilot would choose for them, so
every run plays a legal fight to its end; the dice are seeded. The GM ends it with a
click on RETURN TO THE SHIP. Prints one JSON object, as the other child does.
"""

from __future__ import annotations

import json
import time

from PySide6.QtTest import QTest

from bridge.engine import Command, suggest_conflict
from bridge.ui.app.start import build
from bridge.ui.conflict.conflict_window import ConflictWindow
from bridge.ui.conflict.gm_conflict import StartConflictDialog
from tests.ui.fit import must_fit, off_screen
from tests.ui.realscreen.child import placed, run_child, shot, wait_until
from tests.ui.realscreen.gm_moves import GmMoves, fill, form_fields
from tests.ui.realscreen.real_input import activate, click, press
from tests.ui.realscreen.run import Run

__all__ = ["MOVES", "SECONDS", "play"]

MOVES = 400
"""More moves than the demo's boarding action takes (about 60 with these dice)."""
SECONDS = 180.0
"""The fight is given up after this long, and the tests say so."""


def _entry(card: ConflictWindow, command: Command) -> bool:
    """A click on the entry's button, its form's choices made, Ctrl+Return in the form
    (an entry that needs nothing is done by the click). Whether a form was needed and
    took the choices."""
    action = str(getattr(command, "action", ""))
    button = card.buttons.get(action)
    if button is None:
        return False
    shown = card.dialog
    click(button)
    form = card.dialog
    if form is None or form is shown or not form.isVisible():
        return True  # (a Minor Action that needs nothing)
    wait_until(lambda: form.frameGeometry() != form.geometry())
    try:
        fill(form, command)
    except ValueError:
        form.close()
        return False
    activate(form)
    press("ctrl+Return")
    if form.isVisible():
        form.close()
    return True


def _answer(card: ConflictWindow, command: Command) -> bool:
    """A click on the decision's answer that is ``command``."""
    seen = card.model.card()
    decision = seen.decision if seen is not None else None
    if decision is None:
        return False
    wanted = form_fields(command)
    for answer, button in zip(decision.answers, card.decision_buttons, strict=False):
        if all(answer.command.get(k) == v for k, v in wanted.items() if k != "figure"):
            click(button)
            return True
    return False


def officer_moves(card: ConflictWindow, command: Command) -> bool:
    """``command`` made on ``card`` with real keys and clicks; False if the card has no
    key or button for it."""
    if not activate(card):
        return False
    kind = command.type
    if kind == "start_turn":
        press("ctrl+t")
    elif kind == "end_turn":
        press("ctrl+e")
    elif kind in ("resolve", "apply_damage"):
        press("ctrl+Return")  # RESOLVE (the damage dice then wait), APPLY DAMAGE
    elif kind == "aim":
        click(card.aim_button)
    elif kind in ("conflict_task", "conflict_minor"):
        return _entry(card, command)
    elif kind == "avoid_injury":
        return _answer(card, command)
    else:
        return False
    return True


def play(run: Run) -> None:
    """The boarding action from START… to RETURN TO THE SHIP; ``run.seen`` gets how it
    ended, the moves made by other means than a person's keys and clicks (none), and what
    a person could not see on a card while something waited (nothing)."""
    console, model, seen = run.console, run.model, run.seen
    console.show_conflict_tab()
    activate(console)
    click(console.conflict.start_button)
    dialogs = console.conflict.findChildren(StartConflictDialog)
    if dialogs and wait_until(lambda: placed(dialogs[-1])) and activate(dialogs[-1]):
        press("Return")  # OK: the officers who are there, the boarders
    conflict = model.state.conflict
    seen["boarding started"] = conflict is not None
    activate(console)
    wait_until(console.conflict.cards_button.isEnabled)
    click(console.conflict.cards_button)
    cards = console.conflict_cards
    seen["cards"] = sorted(cards)
    for card in cards.values():
        wait_until(lambda c=card: placed(c))
    run.shot("30-boarding-cards")
    other: list[str] = []
    cut: dict[str, list[str]] = {}
    by_hand = {"officers": 0, "GM": 0}
    gm = GmMoves(console, model, run.shot)
    kinds: dict[str, int] = {}
    end = time.monotonic() + SECONDS
    moves = 0
    while moves < MOVES and time.monotonic() < end:
        conflict = model.state.conflict
        if conflict is None or conflict.outcome is not None:
            break
        command = suggest_conflict(model.state, model.check)
        if command is None:
            other.append("nothing to do")
            break
        before = model.session.length
        card = cards.get(command.by)
        if card is not None:
            if officer_moves(card, command) and model.session.length > before:
                by_hand["officers"] += 1
                kinds[command.type] = kinds.get(command.type, 0) + 1
            else:
                other.append(f"{command.by}: {command.type}")
                card.model.submit(command)
            if card.waiting.isVisible() and must_fit(card) + off_screen(card):
                QTest.qWait(500)  # (a person looks once it has settled)
                problems = must_fit(card) + off_screen(card)
                if problems:
                    where = f"{command.by}, {card.waiting.title()}"
                    cut[where] = problems
                    run.shot(f"33-boarding-cut-{len(cut)}")
            if moves == 12:
                run.shot("31-boarding-under-way")
        elif gm.move(command) and model.session.length > before:
            by_hand["GM"] += 1
        else:
            other.append(f"gm: {command.type} ({console.statusBar().currentMessage()})")
            model.submit(command)
        if model.session.length == before:
            other.append(f"refused: {command}")
            break
        moves += 1
    conflict = model.state.conflict
    seen["outcome"] = conflict.outcome if conflict is not None else None
    seen["moves"] = moves
    seen["by real input"] = by_hand
    seen["by other means"] = other
    seen["officers' moves by kind"] = kinds
    seen["NPC Turns played by hand"] = gm.turns
    seen["NPC decisions answered by a click"] = gm.decisions
    seen["NPC Turns by AUTOPILOT TURN"] = gm.autopilot
    seen["cut or scrolled while something waited"] = cut
    seen["every officer played"] = sorted(
        {e.command.by for e in model.journal if e.command.by in cards}
    )
    run.shot("32-boarding-over")
    activate(console)
    click(console.conflict.end_button, 400)  # RETURN TO THE SHIP (decided: it asks nothing)
    conflict = model.state.conflict
    seen["returned to the ship"] = conflict is None or conflict.ended
    seen["cards open after RETURN TO THE SHIP"] = sorted(
        c for c, w in console.conflict_cards.items() if w.isVisible()
    )


def main() -> None:
    console, model = build(demo=True, seed=7, autosave=False, ask=False)
    console.confirm_quit = False
    run = Run(console, model, shot, wait_until)
    run.seen["framed"] = wait_until(lambda: placed(console))
    play(run)
    print(json.dumps(run.seen, indent=1))
    console.close()


if __name__ == "__main__":
    run_child(main)
