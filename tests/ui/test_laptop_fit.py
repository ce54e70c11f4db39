"""Every window and dialog on a 1366x768 laptop, at the default text size and larger.

Issue 13: the task dialog grew past the screen after ROLL, the GM console could not be
smaller than 761x983, station windows not narrower than 975 px with their main Tasks
below the fold, and larger text cut table rows and labels. Issue 27: the checks missed
scroll bars and text hidden inside scroll areas, ran on offscreen Qt's 800x800 screen
and read one Task's dialog only. Here the windows open as a player gets them, on a
1366x768 screen (tests/ui/screen-1366x768.json), and are read as a person would: at the
default size no scroll bar and no hidden or cut text in a window (only its readouts,
longer than their column, scroll); every Task's dialog whole at SET UP, after ROLL with
a full Momentum pool and after RESOLVE; at 150% and 200% no window scrolls as a whole
or across, and no text is cut. The same readers run on a real X server with a window
manager in tests/ui/realscreen.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel, QPushButton, QWidget
from pytestqt.qtbot import QtBot

from bridge.engine import CATALOG, AdjustPool, SetValue, StartTurn, Station
from bridge.rules.dice import GivenDice
from bridge.ui.app.screenshots import LAPTOP
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.console.edit_value import EditValueDialog
from bridge.ui.console.encounter_setup import SetupDialog
from bridge.ui.console.gm_console import GmConsole
from bridge.ui.console.house_rules import HouseRulesDialog
from bridge.ui.library.ship_library import LibraryDialog
from bridge.ui.station.task_dialog import TaskDialog
from bridge.ui.widgets.slot_button import SlotButton
from tests.ui.fit import (
    READOUTS,
    clipped,
    frame_outside_screen,
    must_fit,
    not_in_view,
    scroll_bars,
    settle,
)

LARGER = frozenset({"readouts", "ship panel", "card", "controls", "battle"})
"""At a large text size a window's columns scroll inside it (never the window)."""
TASKS = (
    ("regenerate_shields", Station.OPERATIONS, "mbeki"),
    ("power_management", Station.OPERATIONS, "mbeki"),
    ("evasive_action", Station.HELM, "tovan"),
    ("attack_pattern", Station.HELM, "tovan"),
    ("fire_weapon", Station.TACTICAL, "kell"),
)


def _console(qtbot: QtBot, model: SharedModel) -> GmConsole:
    """The GM console and the five stations, opened and placed as ``bridge --demo`` does."""
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    console.open_all()
    for i, window in enumerate(console.stations.values()):
        assert window.fit is not None
        window.fit.slot = (i, len(Station))
        window.fit.place()
    settle()
    return console


def _across(window: QWidget) -> list[str]:
    return [bar for bar in scroll_bars(window) if bar.startswith("horizontal")]


def test_every_window_fits_a_laptop_with_nothing_to_scroll(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Every entry of every card and every GM control in view; only readouts scroll."""
    console = _console(qtbot, model)
    for window in (console, *console.stations.values()):
        assert frame_outside_screen(window) is None, window.windowTitle()
        assert window.width() <= LAPTOP[0] and window.height() <= LAPTOP[1]
        assert must_fit(window) == [], window.windowTitle()


def test_a_card_entry_scrolled_out_of_view_is_seen(qtbot: QtBot, model: SharedModel) -> None:
    """The check itself: a station window too short for its card says what it hides."""
    console = _console(qtbot, model)
    window = console.stations[Station.OPERATIONS]
    window.resize(window.width(), 520)
    settle()
    hidden = must_fit(window)
    assert any("scroll bar of 'card'" in h for h in hidden)
    assert any("'RESTORE'" in h for h in hidden)


@pytest.mark.parametrize("scale", [1.5, 2.0])
def test_at_a_larger_text_size_no_window_scrolls_as_a_whole_or_across(
    qtbot: QtBot, model: SharedModel, scale: float
) -> None:
    console = _console(qtbot, model)
    for window in (console, *console.stations.values()):
        window.text_size.set(scale)
    settle()
    for window in (console, *console.stations.values()):
        assert frame_outside_screen(window) is None, window.windowTitle()
        assert must_fit(window, LARGER, words=False) == [], window.windowTitle()
    for pool in (console.pools.momentum_label, console.pools.threat_label):
        assert not_in_view(pool) is None, "the pools are in view"
    console.picture_tabs.setCurrentIndex(1)
    settle()
    assert _across(console) == [] and clipped(console) == [], "the ship panel is cut across"


def _roll_each_task(qtbot: QtBot, model: SharedModel, momentum: int, scale: float) -> None:
    """Open each Task's dialog from its station, at SET UP, after ROLL and RESOLVE."""
    console = _console(qtbot, model)
    model.submit(AdjustPool(pool="momentum", delta=momentum - model.state.momentum.value))
    for key, station, officer in TASKS:
        window = console.stations[station]
        assert window.text_size is not None
        window.text_size.set(scale)
        model.submit(StartTurn(by=officer, actor=officer))
        dialog = window.open_task(CATALOG[key])
        assert isinstance(dialog, TaskDialog)
        model.session._dice = GivenDice(d20=(1, 2, 1, 12, 12, 12), d6=(2,) * 12)
        for step in ("set up", "rolled", "resolved"):
            if step == "rolled":
                dialog.roll()
            if step == "resolved":
                dialog.resolve()
                if dialog.stage.text() == "DAMAGE":  # an attack: its damage dice, then APPLY
                    settle()
                    assert frame_outside_screen(dialog) is None, f"{key} damage dice"
                    assert _across(dialog) == [], f"{key} damage dice at {scale:.0%}"
                    dialog.apply_damage()
                dialog.finish_report()
            settle()
            where = f"{key} {step}, Momentum {momentum}"
            assert frame_outside_screen(dialog) is None, where
            if scale == 1.0:
                assert dialog.width() <= LAPTOP[0] and dialog.height() <= LAPTOP[1], where
            if scale <= 1.2:  # (at 120% it may take the screen's height)
                assert must_fit(dialog, frozenset()) == [], where
            else:
                assert _across(dialog) == [] and clipped(dialog) == [], where
        dialog.close()
        while model.state.turn.actor is not None:
            model.undo()


@pytest.mark.parametrize("momentum", [2, 6])
def test_every_tasks_dialog_shows_everything_from_setup_to_damage_report(
    qtbot: QtBot, model: SharedModel, momentum: int
) -> None:
    """Momentum 6 of 6: the warning about the cap takes a line of its own, in view."""
    _roll_each_task(qtbot, model, momentum, 1.0)


def test_every_tasks_dialog_at_120_percent_shows_everything_without_scrolling(
    qtbot: QtBot, model: SharedModel
) -> None:
    """At 120% the Difficulty and odds column narrows (its lines wrap) so the setup's two
    boxes stay side by side, and the dialog grows by any wrapped line it would hide."""
    _roll_each_task(qtbot, model, 6, 1.2)


def test_every_tasks_dialog_at_150_percent_is_never_cut_across(
    qtbot: QtBot, model: SharedModel
) -> None:
    _roll_each_task(qtbot, model, 6, 1.5)


def test_the_task_dialog_grows_with_what_it_shows_and_never_shrinks(
    qtbot: QtBot, model: SharedModel
) -> None:
    console = _console(qtbot, model)
    model.submit(AdjustPool(pool="momentum", delta=6 - model.state.momentum.value))
    model.submit(StartTurn(by="mbeki", actor="mbeki"))
    model.submit(SetValue(path="ships.resolute.shields", value=5))  # (refused when full)
    dialog = console.stations[Station.OPERATIONS].open_task(CATALOG["regenerate_shields"])
    assert dialog is not None
    before = dialog.size()
    model.session._dice = GivenDice(d20=(1, 2, 1), d6=())
    dialog.roll()
    rolled = dialog.size()
    assert rolled.height() > before.height() and rolled.width() >= before.width()
    assert "lost above the cap" in dialog.spends_box.cost.text()
    dialog.spends_box.extra.setValue(4)  # the warning goes: the dialog keeps its size
    assert "lost above the cap" not in dialog.spends_box.cost.text()
    assert dialog.size() == rolled


def test_the_shared_laptop_fits_a_laptop(qtbot: QtBot, model: SharedModel) -> None:
    console = _console(qtbot, model)
    laptop = console.shared_laptop()
    settle()
    assert frame_outside_screen(laptop) is None
    assert must_fit(laptop) == []


def test_the_gm_dialogs_fit_a_laptop(qtbot: QtBot, model: SharedModel) -> None:
    console = _console(qtbot, model)
    for dialog in (
        SetupDialog(model, console),
        HouseRulesDialog(model, console),
        EditValueDialog(model, console),
        LibraryDialog(model, console),
        console.dice_tray(),
    ):
        qtbot.addWidget(dialog)
        dialog.show()
        settle()
        hint = dialog.sizeHint()
        assert hint.width() <= LAPTOP[0] and hint.height() <= LAPTOP[1], type(dialog).__name__
        dialog.resize(hint)
        settle()
        assert clipped(dialog) == [], type(dialog).__name__


def test_every_disabled_button_says_why(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 13: the GM console's buttons, Extra Minor, Swift Task... gave no reason."""
    console = _console(qtbot, model)
    model.submit(StartTurn(by="kell", actor="kell"))
    for window in (console, *console.stations.values()):
        for button in window.findChildren(QPushButton):
            if isinstance(button, SlotButton) and not button.isShown():
                continue  # an empty place kept for it: nothing there to ask about
            if button.isVisibleTo(window) and not button.isEnabled():
                assert button.toolTip(), f"{window.windowTitle()}: {button.text()}"


@pytest.mark.parametrize("scale", [1.0, 1.2])
def test_the_conflict_card_is_whole_with_a_roll_or_damage_dice_waiting(
    qtbot: QtBot, scale: float
) -> None:
    """The Conflict card showed a scroll bar whenever a roll or damage dice waited (27-77
    px hidden, GUARD, PASS and OTHER TASKS cut): at 100% and 120% it is whole, before
    the Turn, with the roll waiting and with the damage dice waiting."""
    from bridge.engine import ConflictTask, ResolveTask, Session, demo_boarding
    from bridge.ui.conflict.conflict_model import LocalConflictSeat
    from bridge.ui.conflict.conflict_window import ConflictWindow

    model = SharedModel(Session(demo_boarding(), GivenDice(d20=(1, 1), d6=(2,) * 20)))
    card = ConflictWindow(LocalConflictSeat(model, "kell"))
    qtbot.addWidget(card)
    card.show()
    card.resize(1280, LAPTOP[1])  # (a laptop with a taskbar: not the whole screen's height)
    card.text_size.set(scale)
    settle()
    assert frame_outside_screen(card) is None
    assert must_fit(card) == [], "before the Turn"
    card.start_button.click()
    model.submit(ConflictTask(by="kell", action="attack", target="klingon-warrior"))
    settle()
    assert card.resolve_button.isVisible() and card.inspire_button.isVisible()
    assert must_fit(card) == [], "the roll waits"
    model.submit(ResolveTask(by="kell", hold_damage=True, where="conflict"))
    settle()
    assert card.damage_dice.isVisible()
    assert must_fit(card) == [], "the damage dice wait"


@pytest.mark.parametrize("width", [1280, 1000])
def test_while_a_roll_waits_the_conflict_card_puts_as_many_tasks_to_a_row_as_it_holds(
    qtbot: QtBot, width: int
) -> None:
    """At 120% the card kept four Tasks to a row while a roll waited, whatever its width:
    the fourth was cut at the card's edge, with "Another Task is waiting for its
    Momentum spends: resolve it first", and the card scrolled sideways (168 px). Fewer
    go to a row when four do not fit, as the card is shown or made narrower; nothing
    scrolls across and every Task's button is in the card's width."""
    from bridge.engine import ConflictTask, Session, demo_boarding
    from bridge.ui.conflict.conflict_model import LocalConflictSeat
    from bridge.ui.conflict.conflict_window import ConflictWindow

    model = SharedModel(Session(demo_boarding(), GivenDice(d20=(1, 1), d6=(2,) * 20)))
    card = ConflictWindow(LocalConflictSeat(model, "kell"))
    qtbot.addWidget(card)
    card.show()
    card.resize(width, LAPTOP[1])
    card.text_size.set(1.2)
    settle()
    card.start_button.click()
    model.submit(ConflictTask(by="kell", action="attack", target="klingon-warrior"))
    settle()
    assert card.resolve_button.isVisible()
    for narrower in (0, 160):  # as shown, then made narrower with the roll waiting
        card.resize(width - narrower, LAPTOP[1])
        settle()
        assert _across(card) == [], f"{card.width()} px wide"
        assert clipped(card) == [], f"{card.width()} px wide"
        for key in card.lines:  # (the Tasks)
            button = card.buttons[key]
            right = button.mapTo(card.tabs, button.rect().topRight()).x()
            assert right <= card.tabs.width(), f"{key} cut at {card.width()} px wide"
    assert must_fit(card, READOUTS | {"card"}) == []


@pytest.mark.parametrize(("width", "scale"), [(1280, 1.0), (1280, 1.5), (1100, 1.5), (900, 1.2)])
def test_the_conflict_cards_line_of_reasons_is_read_in_two_lines_at_most(
    qtbot: QtBot, width: int, scale: float
) -> None:
    """At 150% "Your Turn: both taken, END TURN when ready" was squeezed between MOMENTUM
    SPENDS and START TURN, a few words to a line: where the row leaves it no room for
    two lines it goes under the Turn's controls, across the card."""
    from bridge.engine import ConflictMinor, ConflictTask, Session, demo_boarding
    from bridge.ui.conflict.conflict_model import LocalConflictSeat
    from bridge.ui.conflict.conflict_window import ConflictWindow

    model = SharedModel(Session(demo_boarding(), GivenDice(d20=(1, 1), d6=(2,) * 20)))
    card = ConflictWindow(LocalConflictSeat(model, "kell"))
    qtbot.addWidget(card)
    card.show()
    card.resize(width, LAPTOP[1])
    card.text_size.set(scale)
    settle()
    card.start_button.click()
    model.submit(ConflictMinor(by="kell", action="aim"))
    model.submit(ConflictTask(by="kell", action="attack", target="klingon-warrior"))
    settle()
    said = card.reason.text()
    assert said.startswith("Your Turn: both taken")
    assert card.reason.width() * 2 >= card.reason.fontMetrics().horizontalAdvance(said)
    assert _across(card) == [] and clipped(card) == []
    if width == 1280:  # (the card as it opens on a laptop: beside the Turn's controls)
        start = card.start_button.geometry()
        assert start.top() <= card.reason.geometry().center().y() <= start.bottom()


@pytest.mark.parametrize("scale", [1.0, 1.2])
def test_the_conflict_cards_tasks_stay_put_at_start_turn(qtbot: QtBot, scale: float) -> None:
    """The Task buttons jumped about 107 px at START TURN (the Tasks' lines filled with
    their previews, the reason they had shared went): nothing moves under the pointer."""
    from bridge.engine import Session, demo_boarding
    from bridge.rules.dice import SeededDice
    from bridge.ui.conflict.conflict_model import LocalConflictSeat
    from bridge.ui.conflict.conflict_window import ConflictWindow

    model = SharedModel(Session(demo_boarding(), SeededDice(2)))
    card = ConflictWindow(LocalConflictSeat(model, "kell"))
    qtbot.addWidget(card)
    card.show()
    card.text_size.set(scale)
    settle()

    def places() -> dict[str, int]:
        return {k: b.mapTo(card, b.rect().topLeft()).y() for k, b in card.buttons.items()}

    before = places()
    assert card.tasks_why.isVisible()  # "Tasks are attempted during a Turn: start one first."
    card.start_button.click()
    settle()
    assert not card.tasks_why.isVisible() and card.lines["attack"].text()
    assert places() == before


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_away_teams_windows_fit_a_laptop(qtbot: QtBot, scale: float) -> None:
    """Issue 26's windows at 1366x768, each at its own text size: the start dialog, the
    GM's PERSONAL CONFLICT tab, an officer's Conflict card (its entries may scroll inside
    the card, the window never), an attack's form and the card after it, with its damage
    dice and after APPLY DAMAGE; nothing cut. (At 150% the card with the roll waiting
    scrolled 63 px as a whole: what waits took the height the Tasks kept.)"""
    from bridge.engine import ConflictMinor, Session, StartTurn, demo_encounter
    from bridge.rules.dice import SeededDice

    model = SharedModel(Session(demo_encounter(), SeededDice(2)))
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    console.text_size.set(scale)
    start = console.conflict.start()
    settle()
    assert frame_outside_screen(start) is None and clipped(start) == []
    start.accept()
    console.show_conflict_tab()
    settle()
    assert frame_outside_screen(console) is None
    assert must_fit(console, LARGER if scale > 1 else READOUTS, words=scale < 1.5) == []
    card = console.open_conflict_card("kell")
    card.text_size.set(scale)
    model.submit(StartTurn(by="kell", actor="kell", where="conflict"))
    model.submit(ConflictMinor(by="kell", action="aim"))
    settle()
    assert frame_outside_screen(card) is None, card.windowTitle()
    assert must_fit(card, READOUTS | {"card"}) == [], card.windowTitle()
    form = card.use("attack")
    assert form is not None
    settle()
    form.grow()
    assert frame_outside_screen(form) is None and clipped(form) == []
    form.send()
    settle()
    assert card.resolve_button.isVisible()
    assert must_fit(card, READOUTS | {"card"}) == [], "after the attack's roll"
    form.close()
    card.resolve_button.click()
    settle()
    assert card.damage_button.isVisible()
    assert must_fit(card, READOUTS | {"card"}) == [], "with the damage dice waiting"
    card.damage_button.click()
    settle()
    assert not card.damage_button.isVisible() and card.report.isVisible()
    assert must_fit(card, READOUTS | {"card"}) == [], "after APPLY DAMAGE"


def test_the_view_menu_says_the_text_size_the_window_is_at(
    qtbot: QtBot, model: SharedModel
) -> None:
    """A GM's play-through: the steps are 10% and no window said which size it was at;
    the GM read the code to know when 150% was reached."""
    console = _console(qtbot, model)
    console.text_size.set(1.0)
    assert console.text_size.larger.text() == "&Larger text (now 100%)"
    console.text_size.larger.trigger()
    console.text_size.larger.trigger()
    assert console.text_size.smaller.text() == "&Smaller text (now 120%)"
    console.text_size.set(1.0)


@pytest.mark.parametrize("scale", [1.0, 1.2])
def test_while_a_fight_pauses_the_ship_its_map_and_figures_take_the_room(
    qtbot: QtBot, scale: float
) -> None:
    """The GM's ON FOOT tab cut 7 of the boarding's 9 figure lines ("Klingon Warrior ·
    Stress…"), its zone box read "Transporter Room" without its "3", while the left
    third of the console showed the ship's controls greyed: while the fight pauses the
    ship battle they step aside (the pools stay in the header), every figure's line is
    whole, and the tab neither scrolls nor cuts anything; back on the ship they return."""
    from bridge.engine import EndConflict, Session, demo_boarding
    from bridge.rules.dice import SeededDice

    model = SharedModel(Session(demo_boarding(), SeededDice(2)))
    console = GmConsole(model)
    console.confirm_quit = False
    qtbot.addWidget(console)
    console.show()
    console.text_size.set(scale)
    console.show_conflict_tab()
    settle()
    assert not console.turn_order.isVisible() and not console.npc.isVisible()
    assert not console._controls_area.isVisible()
    assert console.pools.isVisible() and console.header.holds(console.pools)
    picture, log = console.picture_tabs.width(), console._log_column.width()
    assert picture >= 2 * log - 20, (picture, log)
    assert console.conflict.terrain_zone.currentText() == "Transporter Room 3"
    assert must_fit(console) == []
    lines = console.conflict.picture.map.ship_texts()
    assert len(lines) == len(model.state.conflict.figures)  # type: ignore[union-attr]
    model.submit(EndConflict())
    settle()
    assert console.turn_order.isVisible() and console.npc.isVisible()
    assert must_fit(console) == []


def test_a_long_message_in_the_gm_consoles_status_line_is_read_whole(
    qtbot: QtBot, model: SharedModel
) -> None:
    """The status line ended "…: th": a message wider than the window goes onto a
    second line of a bar that is two lines tall from the start (nothing moves)."""
    console = _console(qtbot, model)
    bar = console.statusBar()
    height = bar.height()
    said = "Klingon Warrior: Movement to Deck 6 Corridor, beside Lt. Cmdr. Kell; " * 3
    bar.showMessage(said.strip(), 8000)
    settle()
    assert bar.currentMessage() == said.strip()
    label = bar.findChild(QLabel)
    assert label is not None and label.text() == said.strip()  # whole, on two lines
    assert must_fit(console) == [] and bar.height() == height
