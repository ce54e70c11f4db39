"""The GM plays the away team's NPCs by hand on a real screen, with real input: run by
:mod:`tests.ui.realscreen.test_gm_by_hand` in a child process on the xcb platform, on an
X server with a window manager (Xvfb at 1366x768, openbox). The mouse and the keys go
through the X server (``xdotool``), as a GM's do.

The GM starts the demo's boarding action; Lt. Cmdr. Kell hits the Klingon Warrior for 5 or
more, and the GM decides its Avoid Injury on the ON FOOT tab; then the GM plays Klingon
Bekk 1's Turn by hand: START TURN, its attack in the task dialog (dice bought with
Threat, Ctrl+Return rolls, Enter resolves and lands the damage), END TURN. Prints one
JSON object: what a person could not see at each step, and what happened.
``BRIDGE_REALSCREEN_SHOTS=DIR`` also saves a picture of the screen at each step.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from typing import Any

from PySide6.QtTest import QTest
from PySide6.QtWidgets import QWidget

from bridge.engine import ApplyDamage, AvoidInjury, ConflictTask, EndTurn, ResolveTask, StartTurn
from bridge.rules.dice import GivenDice
from bridge.ui.app.start import build
from bridge.ui.conflict.conflict_dialog import ConflictEntryDialog
from tests.ui.fit import clipped, must_fit, off_screen
from tests.ui.realscreen.child import placed, run_child, shot, wait_until

XDOTOOL = shutil.which("xdotool") or "xdotool"


def _x(*args: str) -> None:
    """One ``xdotool`` command on this display (the events land when Qt next looks)."""
    subprocess.run([XDOTOOL, *args], check=True, timeout=10)
    QTest.qWait(200)


def click(widget: QWidget) -> None:
    """A real click in the middle of ``widget``, through the X server."""
    centre = widget.mapToGlobal(widget.rect().center())
    _x("mousemove", "--sync", str(centre.x()), str(centre.y()))
    _x("click", "1")


def key(window: QWidget, keys: str) -> None:
    """Real keys (``ctrl+Return``) to ``window``, once the window manager made it active."""
    window.raise_()
    window.activateWindow()
    wait_until(window.isActiveWindow)
    _x("key", "--clearmodifiers", keys)


def fits(window: QWidget) -> list[str]:
    """What a person could not read of ``window``."""
    return must_fit(window, frozenset()) + off_screen(window) + clipped(window)


def main() -> None:
    seen: dict[str, Any] = {}
    console, model = build(demo=True, seed=7, autosave=False, ask=False)
    console.confirm_quit = False
    for station in list(console.stations.values()):
        station.close()
    wait_until(lambda: placed(console))
    console.raise_()
    console.activateWindow()
    start = console.conflict.start()
    wait_until(lambda: placed(start))
    click(start.buttons.button(start.buttons.StandardButton.Ok))
    wait_until(lambda: model.state.conflict is not None)
    conflict = console.conflict

    # Kell hits the Klingon Warrior for 5 or more: the GM is asked about Avoid Injury.
    threat = model.state.threat.value
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.session._dice = GivenDice(d20=(1, 1), d6=(2,) * 20)
    model.submit(ConflictTask(by="kell", action="attack", target="klingon-warrior"))
    model.submit(ResolveTask(by="kell", hold_damage=True, where="conflict"))
    model.submit(ApplyDamage(by="kell", where="conflict"))
    QTest.qWait(300)
    shot("20-gm-decides-avoid-injury")
    decision = conflict.decision
    seen["decision shown"] = decision.isVisible()
    seen["decision answers"] = [b.text() for b in decision.answers]
    seen["threat spent unasked"] = threat - model.state.threat.value
    seen["ON FOOT tab with a decision"] = must_fit(console) + off_screen(console)
    console.text_size.set(1.2)
    QTest.qWait(400)
    shot("21-gm-decides-avoid-injury-120")
    seen["ON FOOT tab with a decision at 120%"] = must_fit(console) + off_screen(console)
    console.text_size.set(1.0)
    QTest.qWait(300)
    answer = next(b for b in decision.answers if b.text() == "AVOID: 2 THREAT")
    click(answer)
    warrior = model.state.conflict.figures["klingon-warrior"]  # type: ignore[union-attr]
    last = model.journal[-1].command
    seen["avoided"] = [last.type, last.by, warrior.injury, threat - model.state.threat.value]
    model.submit(EndTurn(by="kell", where="conflict"))
    QTest.qWait(200)

    # The GM plays Klingon Bekk 1's Turn by hand, in the task dialog the ships use.
    conflict.figure_choice.setCurrentIndex(conflict.figure_choice.findData("klingon-bekk-1"))
    hand = conflict.hand
    click(hand.start_button)
    seen["turn started"] = model.state.conflict.turn.actor  # type: ignore[union-attr]
    hand.task.setCurrentIndex(hand.task.findData("attack"))
    click(hand.task_button)
    dialog = hand.dialog
    assert isinstance(dialog, ConflictEntryDialog)
    wait_until(lambda: placed(dialog))
    dialog.form.choose("target", "kell")
    dialog.threat_dice.setValue(1)
    QTest.qWait(200)
    shot("22-npc-attack-set-up")
    seen["dialog at SET UP"] = fits(dialog)
    model.session._dice = GivenDice(d20=(1, 2, 3), d6=(2,) * 20)
    key(dialog, "ctrl+Return")
    seen["stage after Ctrl+Return"] = dialog.stage.text()
    seen["dice drawn"] = [d.value for d in dialog.dice.dice()]
    QTest.qWait(200)
    shot("23-npc-attack-rolled")
    seen["dialog after ROLL"] = fits(dialog)
    key(dialog, "Return")
    seen["stage after Enter"] = dialog.stage.text()
    shot("24-npc-attack-damage")
    seen["dialog at the damage dice"] = fits(dialog)
    key(dialog, "Return")
    seen["stage after Enter again"] = dialog.stage.text()
    dialog.finish_report()
    QTest.qWait(200)
    shot("25-npc-attack-report")
    seen["dialog at the report"] = fits(dialog)
    dialog.close()
    now = model.state.conflict
    if now is not None and now.decisions and now.figures[now.decisions[0].figure].npc is None:
        front = now.decisions[0]  # Kell's own Avoid Injury: his player's, from his card
        model.submit(AvoidInjury(by="kell", figure=front.figure, pay="complication"))
    QTest.qWait(200)
    click(hand.end_button)
    seen["turn after END TURN"] = model.state.conflict.turn.actor  # type: ignore[union-attr]
    bekk = [e.command for e in model.journal if e.command.on_foot and e.command.by == "gm"]
    seen["the GM's Commands"] = [c.type for c in bekk]
    print(json.dumps(seen, indent=1))
    console.close()


if __name__ == "__main__":
    run_child(main)
