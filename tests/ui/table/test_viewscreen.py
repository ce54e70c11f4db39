"""The main viewscreen: what the table watches, read from across the room (seed 004)."""

from __future__ import annotations

from pathlib import Path

import pytest
import qasync
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from bridge.engine import Change
from bridge.engine.core.commands import AdjustPool, EndTurn, ResolveTask, SetValue, StartTurn
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.commands import AddShip, AttemptTask
from bridge.engine.state.spends import Spends
from bridge.rules.dice import SeededDice
from bridge.rules.hidden import reveal
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.network.host_panel import HostPanel
from bridge.ui.network.join_dialog import JoinDialog, open_seat_windows, url_for
from bridge.ui.table.viewscreen import UNROLL_MS, ViewscreenWindow
from bridge.ui.table.viewscreen_text import roll_detail
from tests.ui.network.test_network_windows import _run, _until, loop

__all__ = ["loop"]  # the network tests' event loop, as a fixture here too


def screen(
    qtbot: QtBot, model: SharedModel, size: tuple[int, int] = (1366, 768)
) -> ViewscreenWindow:
    w = ViewscreenWindow(model)
    qtbot.addWidget(w)
    w.show()
    w.resize(*size)
    settle()
    return w


def settle() -> None:
    for _ in range(3):
        QApplication.processEvents()


def texts(w: ViewscreenWindow) -> list[str]:
    """Every label's whole text (a label too narrow would show less)."""
    out = []
    for label in w.findChildren(QLabel):
        if label.isVisibleTo(w):
            full = getattr(label, "full_text", None)
            out.append(full() if full else label.text())
    return out


def fire(model: SharedModel) -> None:
    state = model.state
    model.submit(StartTurn(by="kell", actor="kell"))
    weapon = state.ships["resolute"].weapons[0].name
    applied = model.submit(
        AttemptTask(
            by="kell", action="fire_weapon", station="tactical", target="qoj", weapon=weapon
        )
    )
    assert applied is not None


def test_round_turn_and_pools_follow_the_battle(qtbot: QtBot, model: SharedModel) -> None:
    w = screen(qtbot, model)
    state = model.state
    assert w.round_block.text() == f"ROUND {state.turn.round}"
    assert w.momentum.text() == f"{state.momentum.value}/{state.momentum.cap}"
    assert w.threat.text() == str(state.threat.value)
    assert w.turn.full_text() == "PLAYERS TO ACT"
    model.submit(StartTurn(by="kell", actor="kell"))
    assert w.turn.full_text() == "TURN · LT. CMDR. KELL"
    model.submit(AdjustPool(pool="threat", delta=2))
    assert w.threat.text() == str(state.threat.value + 2)
    assert w.title.full_text() == "USS RESOLUTE"


def test_a_roll_appears_with_its_dice_and_outcome(qtbot: QtBot, model: SharedModel) -> None:
    w = screen(qtbot, model)
    assert w.roll_who.full_text() == "NONE YET" and w.dice.dice() == ()
    fire(model)
    pending = model.state.pending
    assert pending is not None
    assert w.dice.dice() == pending.result.dice and len(w.dice.dice()) == 3
    assert w.roll_task.full_text() == "FIRE WEAPON"
    assert w.roll_who.full_text() == "LT. CMDR. KELL"
    result = pending.result
    assert w.roll_outcome.full_text().startswith("SUCCESS" if result.success else "FAILED")
    assert w.roll_detail.full_text() == f"DIFFICULTY {result.spec.difficulty} · RESOLVING…"
    model.submit(ResolveTask(by="kell", spends=Spends()))
    assert w.dice.dice() == result.dice  # the resolved roll stays on screen
    assert result.success  # a hit: its damage dice, drawn in the d20s' place
    assert len(w.damage_dice.dice()) == 8 and not w.dice.isVisible()
    assert w.roll_detail.full_text().endswith(("EFFECT", "EFFECTS"))
    assert any("damage" in line for line in w.report_lines)
    model.undo()
    model.undo()  # the roll itself is taken back
    assert w.dice.dice() == () and w.roll_who.full_text() == "NONE YET"


def test_the_roll_line_says_complications_and_agrees_in_number(model: SharedModel) -> None:
    fire(model)
    pending = model.state.pending
    assert pending is not None
    result = pending.result
    one = result.model_copy(update={"successes": 1, "complications": 1})
    two = result.model_copy(update={"successes": 2, "complications": 2})
    assert roll_detail(one, resolved=True) == "1 OF 2 · 1 COMPLICATION"
    assert roll_detail(two, resolved=True) == "2 OF 2 · 2 COMPLICATIONS"
    assert roll_detail(one.model_copy(update={"complications": 0}), True) == (
        "1 SUCCESS · DIFFICULTY 2"
    )
    assert roll_detail(two, resolved=False) == "DIFFICULTY 2 · RESOLVING…"


def test_an_unscanned_npc_ships_statistics_stay_hidden(qtbot: QtBot, model: SharedModel) -> None:
    w = screen(qtbot, model)
    qoj = model.state.ships["qoj"]
    row = next(r for r in w.roster_cells if r[0].full_text() == "▼ IKS QOJ")
    assert [c.full_text() for c in row][1:] == [
        "SHIELDS UP",  # a sensor contact: up or down, not how strong (issue 27)
        "● NOMINAL",
        "NOT SCANNED",
    ]
    assert sum("RESISTANCE" in t for t in texts(w)) == 1  # our own ship's only
    fire(model)
    model.submit(ResolveTask(by="kell", spends=Spends()))
    told = [reveal(line) for line in model.journal[-1].log if line.startswith("IKS Qoj now:")]
    assert told and "Power" in told[0]  # the GM reads it; the viewscreen does not
    assert any(line.startswith("IKS Qoj now:") for line in w.report_lines)
    assert not any("Power" in line for line in w.report_lines)
    assert not any("Power" in t for t in texts(w))

    scanned = demo_encounter().model_copy(update={"scanned": ("qoj",)})
    model.replace_session(Session(scanned, SeededDice(4)))
    assert row[3].full_text() == f"RESISTANCE {qoj.resistance}"


def test_it_refreshes_only_for_what_it_shows(
    qtbot: QtBot, model: SharedModel, monkeypatch: pytest.MonkeyPatch
) -> None:
    w = screen(qtbot, model)
    calls: list[str] = []
    for name in ("_status", "_picture", "_last_roll", "_report"):
        monkeypatch.setattr(w, name, lambda _s, n=name: calls.append(n))
    model.sig_changed.emit(Change.TRAITS | Change.DURATIONS | Change.HOUSE_RULES)
    assert calls == []
    model.sig_changed.emit(Change.POOLS)
    assert calls == ["_status"]
    calls.clear()
    model.sig_changed.emit(Change.ZONES)
    assert calls == ["_picture"]
    w.hide()
    calls.clear()
    model.sig_changed.emit(Change.SHIPS)
    assert calls == []  # a hidden viewscreen catches up when shown again
    w.show()
    assert calls == ["_picture", "_report"]


def test_fullscreen_toggles_and_goes_to_a_chosen_screen(qtbot: QtBot, model: SharedModel) -> None:
    w = screen(qtbot, model)
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    qtbot.keyClick(w, Qt.Key.Key_F11)
    assert w.isFullScreen()
    qtbot.keyClick(w, Qt.Key.Key_F11)
    assert not w.isFullScreen()
    target = QGuiApplication.screens()[-1]
    w.show_on(target)
    assert w.isFullScreen() and w.screen() is target
    qtbot.keyClick(w, Qt.Key.Key_Escape)
    assert not w.isFullScreen()

    menu = w.context_menu()
    qtbot.addWidget(menu)
    actions = {a.text(): a for a in menu.actions()}
    assert set(actions) >= {"Full screen (F11)", "Full screen on", "Close the viewscreen"}
    actions["Full screen (F11)"].trigger()
    assert w.isFullScreen()
    w.showNormal()
    screens = actions["Full screen on"].menu().actions()
    assert len(screens) == len(QGuiApplication.screens())
    assert screens[0].text().startswith(f"1: {QGuiApplication.screens()[0].name()} (")
    screens[0].trigger()
    assert w.isFullScreen() and w.screen() is QGuiApplication.screens()[0]


def crowd(model: SharedModel) -> None:
    """Six ships, one destroyed, our shields down, a hit taken, an NPC's roll waiting."""
    vortak = model.state.ships["vortak"]
    for i, zone in enumerate(("Planetary Orbit", "Nebula Edge", "Asteroid Field")):
        ship = vortak.model_copy(update={"id": f"bop{i}", "name": f"IKS Bird of Prey {i + 1}"})
        assert model.submit(AddShip(ship=ship, side="npc", zone=zone)) is not None
    model.submit(SetValue(path="ships.bop1.destroyed", value=True))
    model.submit(SetValue(path="ships.resolute.shields_up", value=False))
    fire(model)
    model.submit(ResolveTask(by="kell", spends=Spends()))
    model.submit(EndTurn(by="kell"))
    assert model.submit(StartTurn(actor="qoj")) is not None
    weapon = model.state.ships["qoj"].weapons[0].name
    task = AttemptTask(by="gm", action="fire_weapon", station="tactical", target="resolute")
    assert model.submit(task.model_copy(update={"weapon": weapon})) is not None
    assert model.state.pending is not None


@pytest.mark.parametrize("crowded", [False, True])
@pytest.mark.parametrize("size", [(1366, 768), (1920, 1080)])
def test_nothing_is_clipped_and_the_type_reads_from_across_the_room(
    qtbot: QtBot, model: SharedModel, size: tuple[int, int], crowded: bool, tmp_path: Path
) -> None:
    """Renders the viewscreen mid-battle to PNG files (look at them)."""
    w = screen(qtbot, model, size)
    if crowded:
        crowd(model)
        assert w.roll_detail.full_text().endswith("RESOLVING…")
        assert "+ 4 MORE CONTACTS" in texts(w)
    else:
        fire(model)
        model.submit(ResolveTask(by="kell", spends=Spends()))
        model.submit(SetValue(path="ships.vortak.damage.engines.breaches", value=1))
    w.resize(*size)
    w.finish_report()
    settle()
    assert w.size().width() == size[0] and w.size().height() == size[1]
    labels = [label for label in w.findChildren(QLabel) if label.isVisibleTo(w)]
    assert len(labels) > 20
    for label in labels:
        hint, box = label.sizeHint(), label.geometry()
        if label.wordWrap():  # the damage report: its lines wrap within its height
            assert label.heightForWidth(box.width()) <= box.height(), label.text()
        else:
            assert hint.width() <= box.width() and hint.height() <= box.height(), label.text()
        assert w.rect().contains(box), label.text()
    assert w.report.shown == w.report_lines[-len(w.report.shown) :]  # newest, whole
    body = QLabel("body text")  # a station window's body text, as the theme sizes it
    qtbot.addWidget(body)
    body.ensurePolished()
    assert body.font().pixelSize() > 0
    smallest = min(label.font().pixelSize() for label in labels)
    assert smallest >= body.font().pixelSize() * 3 * size[1] / 1080 - 1
    assert w.map.text_size() >= smallest * (0.3 if crowded else 0.5)
    shown = w.damage_dice if w.damage_dice.isVisible() else w.dice  # one set at a time
    assert shown.die_size() >= smallest * 1.5
    path = tmp_path / f"viewscreen-{size[0]}{'-crowded' if crowded else ''}.png"
    assert w.grab().save(str(path))
    image = QImage(str(path))
    assert (image.width(), image.height()) == size


def test_the_gm_console_opens_one_viewscreen(qtbot: QtBot, model: SharedModel) -> None:
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    first = console.viewscreen()
    assert isinstance(first, ViewscreenWindow) and first.isVisible()
    first.close()
    model.submit(StartTurn(by="tovan", actor="tovan"))  # not shown while closed...
    assert first.turn.full_text() == "PLAYERS TO ACT"
    again = console.viewscreen()
    assert again is first and again.isVisible()
    assert console.findChildren(ViewscreenWindow) == [first]
    assert first.turn.full_text() == "TURN · LT. TOVAN"  # ...caught up when reopened
    model.submit(AdjustPool(pool="threat", delta=1))
    assert first.threat.text() == str(model.state.threat.value)


def test_the_networks_viewscreen_seat_opens_the_viewscreen(
    loop: qasync.QEventLoop, model: SharedModel
) -> None:
    panel = HostPanel(model, bind="127.0.0.1", announce=False)
    panel.port_box.setValue(0)
    assert _run(loop, panel.start())
    dialog = JoinDialog(discover=False)
    assert _run(
        loop, dialog.connect_to(url_for(f"127.0.0.1:{panel.port}"), panel.code_label.text())
    )
    assert _run(loop, dialog.take("viewscreen"))
    remote = dialog.model
    assert remote is not None
    windows = open_seat_windows(remote)
    assert len(windows) == 1 and isinstance(windows[0], ViewscreenWindow)
    view = windows[0]
    assert model.submit(StartTurn(by="kell", actor="kell")) is not None
    _run(loop, _until(lambda: view.turn.full_text() == "TURN · LT. CMDR. KELL"))
    row = next(r for r in view.roster_cells if r[0].full_text() == "▼ IKS QOJ")
    assert row[3].full_text() == "NOT SCANNED"
    view.close()
    _run(loop, remote.client.close())
    _run(loop, panel.stop())


def test_it_comes_back_where_it_was(qtbot: QtBot, model: SharedModel) -> None:
    w = screen(qtbot, model, (700, 420))  # within the offscreen screen (800x600)
    assert not w.restored
    w.close()
    again = ViewscreenWindow(model)
    qtbot.addWidget(again)
    assert again.restored and (again.width(), again.height()) == (700, 420)
    small = screen(qtbot, model, (640, 360))  # a small window has small type, and fits
    assert (small.width(), small.height()) == (640, 360) and small.unit < 25
    assert small.layout().minimumSize().height() <= 360


def test_the_damage_dice_show_as_dice_held_then_landed(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 001 ROLL DAMAGE faces drawn as dice on the viewscreen: while the attacker
    picks dice to re-roll, and once the damage lands; the report's lines draw them too."""
    from bridge.engine.core.commands import ApplyDamage
    from bridge.rules.dice import GivenDice

    w = screen(qtbot, model)
    assert not w.damage_dice.isVisible()
    model.submit(StartTurn(by="kell", actor="kell"))
    model.session._dice = GivenDice(d20=(1, 1, 12), d6=(3, 3, 3, 3, 1, 1, 2, 5))
    model.submit(AttemptTask(by="kell", action="fire_weapon", target="qoj", weapon="Phaser Arrays"))
    assert not w.damage_dice.isVisible()  # no damage before the Task is resolved
    model.submit(ResolveTask(by="kell", hold_damage=True))
    settle()
    assert w.damage_dice.isVisible()
    assert [d.face for d in w.damage_dice.dice()] == [3, 3, 3, 3, 1, 1, 2, 5]
    assert w.roll_detail.full_text() == "5 DAMAGE · 1 EFFECT · RE-ROLL?"
    model.session._dice = GivenDice(d20=(12, 12), d6=(2,))
    model.submit(ApplyDamage(by="kell", reroll=(0,)))
    settle()
    landed = [(d.damage, d.effect) for d in w.damage_dice.dice()]
    blanks = [(0, False)] * 3
    assert landed == [(2, False), *blanks, (1, False), (1, False), (2, False), (1, True)]
    assert not w.dice.isVisible()  # the damage dice take the d20s' place
    assert w.roll_detail.full_text() == "7 DAMAGE · 1 EFFECT"
    assert any(
        line.startswith("Phaser Arrays against IKS Qoj: [2 - - -") for line in w.report_lines
    )
    model.submit(EndTurn(by="kell"))
    model.submit(StartTurn(actor="qoj"))
    model.session._dice = GivenDice(d20=(20, 20, 20))
    model.submit(AttemptTask(action="evasive_action", station="helm"))
    settle()
    assert not w.damage_dice.isVisible()  # a new roll: the old damage dice go


def test_what_is_in_play_shows_on_the_viewscreen(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 27: Advantages, Complications and lasting effects, with their durations, on
    the viewscreen; as many as fit, then how many more."""
    from bridge.engine.core.commands import AddTrait
    from bridge.rules.dice import GivenDice

    w = screen(qtbot, model)
    assert not w.in_play.isVisible()
    model.submit(AddTrait(name="Nebula cover", kind="advantage"))
    model.submit(StartTurn(by="tovan", actor="tovan"))
    model.session._dice = GivenDice(d20=(1, 1, 1))
    model.submit(AttemptTask(by="tovan", action="evasive_action"))
    model.submit(ResolveTask(by="tovan"))
    settle()
    assert w.in_play.isVisible() and w.in_play_section.isVisible()
    assert w.in_play.shown == [
        "ADVANTAGE: NEBULA COVER",
        "EVASIVE ACTION ON USS RESOLUTE, UNTIL LT. TOVAN'S NEXT TASK",
    ]
    for n in range(8):
        model.submit(AddTrait(name=f"Sensor ghost {n}", kind="complication"))
    settle()
    shown = len(w.in_play.shown)
    assert 2 <= shown < 10 and w.in_play.text().endswith(f"+ {10 - shown} MORE")
    assert w.in_play.heightForWidth(w.in_play.width()) <= w.in_play.height()  # never cut


def test_the_damage_report_unrolls_a_line_at_a_time(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 27: the report unrolls, here as over the network, rather than jumping to its
    last line; opened later (or after an undo) it shows as it stands."""
    w = screen(qtbot, model)
    fire(model)
    model.submit(ResolveTask(by="kell", spends=Spends()))
    report = damage_lines_of(model)
    assert len(report) >= 3 and w.report_lines[-len(report) :] == report
    assert w.report.shown == [report[0]]  # the first line only, at once
    qtbot.waitUntil(lambda: w.report.shown and w.report.shown[-1] == report[1], timeout=3000)
    assert report[-1] not in w.report.shown  # still unrolling
    qtbot.waitUntil(lambda: w.report.shown[-1:] == report[-1:], timeout=UNROLL_MS * 20)
    later = screen(qtbot, model)  # opened afterwards: the report as it stands
    assert later.report.shown[-1:] == report[-1:]


def damage_lines_of(model: SharedModel) -> list[str]:
    from bridge.seatview import CREW, seat_lines
    from bridge.ui.table.viewscreen_text import damage_lines

    entry = model.journal[-1]
    return damage_lines([entry.model_copy(update={"log": seat_lines(entry, CREW)})])


def test_the_last_roll_is_the_battles_not_only_one_seen_live(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Issue 27: "LAST ROLL: NONE YET" showed on a viewscreen opened after a roll."""
    fire(model)
    model.submit(ResolveTask(by="kell", spends=Spends()))
    roll = model.state.last_roll
    assert roll is not None
    w = screen(qtbot, model)
    assert w.roll_task.full_text() == "FIRE WEAPON" and w.dice.dice() == roll.result.dice
    assert "RESOLVING" not in w.roll_detail.full_text()


def test_a_viewscreen_not_full_screen_is_whole_on_the_screen(
    qtbot: QtBot, model: SharedModel
) -> None:
    """The viewscreen opened at the screen's size in a frame, running 20 px off the
    screen's foot: its frame is kept on the screen; full screen it is the screen's."""
    from tests.ui.fit import frame_outside_screen, settle

    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    screen = console.viewscreen()
    settle()
    assert not screen.isFullScreen()
    assert frame_outside_screen(screen) is None
    screen.toggle_fullscreen()  # type: ignore[attr-defined]
    settle()
    free = screen.screen().geometry()
    assert screen.isFullScreen() and screen.geometry() == free
