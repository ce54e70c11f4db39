"""Station windows mirror their card and drive the shared model (seed 001)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QLabel, QScrollArea, QTextBrowser, QWidget
from pytestqt.qtbot import QtBot

from bridge.engine.core.commands import EndTurn, SetValue, StartTurn
from bridge.engine.demo import demo_encounter
from bridge.engine.session import Session
from bridge.engine.ship.catalog import actions_for
from bridge.engine.state.cards import Station
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.theme import COLORS
from bridge.ui.station.station_window import StationWindow
from bridge.ui.widgets.action_button import ActionButton, summary
from bridge.ui.widgets.log_view import entry_text
from tests.ui.fit import settle


def window(qtbot: QtBot, model: SharedModel, station: Station) -> StationWindow:
    w = StationWindow(model, station)
    qtbot.addWidget(w)
    w.show()
    return w


@pytest.mark.parametrize("station", list(Station))
def test_every_card_entry_is_a_control(qtbot: QtBot, model: SharedModel, station: Station) -> None:
    w = window(qtbot, model, station)
    expected = {a.key for a in actions_for(station, "minor")} | {
        a.key for a in actions_for(station, "task") if a.key != "override"
    }
    assert set(w.buttons) == expected
    assert w.header.title() == station.label.upper()
    assert "Interact: Interact with an object" in w.buttons["interact"].button.toolTip()


def test_controls_enable_only_on_the_officers_turn(qtbot: QtBot, model: SharedModel) -> None:
    w = window(qtbot, model, Station.TACTICAL)
    assert w.officer_id() == "kell"
    fire = w.buttons["fire_weapon"]
    assert not fire.button.isEnabled()
    assert "Not your Turn" in w.reason.text()
    qtbot.mouseClick(w.start_button, Qt.MouseButton.LeftButton)
    assert model.state.turn.actor == "kell"
    assert fire.button.isEnabled() and w.end_button.isEnabled()
    assert w.turn_label.text() == "▶ YOUR TURN: LT. CMDR. KELL"  # in words, not colour only


def test_minor_action_click_and_reason_after(qtbot: QtBot, model: SharedModel) -> None:
    w = window(qtbot, model, Station.TACTICAL)
    qtbot.mouseClick(w.start_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(w.buttons["lower_shields"].button, Qt.MouseButton.LeftButton)
    assert not model.state.ships["resolute"].shields_up
    assert "SHIELDS DOWN" in w.ship_state.shields.status.text()
    prepare = w.buttons["prepare"]
    assert not prepare.button.isEnabled()
    assert "Extra Minor Action" in (prepare.said() + w.reason.text())
    qtbot.mouseClick(w.extra_minor_button, Qt.MouseButton.LeftButton)
    assert prepare.button.isEnabled()


def test_disabled_system_reason_is_shown(qtbot: QtBot, model: SharedModel) -> None:
    w = window(qtbot, model, Station.TACTICAL)
    model.submit(StartTurn(by="kell", actor="kell"))
    model.submit(SetValue(path="ships.resolute.damage.weapons.breaches", value=5))
    fire = w.buttons["fire_weapon"]
    assert not fire.button.isEnabled() and fire.said() == "Weapons is disabled."
    assert fire.detail is not None and fire.detail.isVisibleTo(w)
    ops = window(qtbot, model, Station.OPERATIONS)  # the card that shows the systems
    assert ops.ship_state.systems.item(5, 0).text() == "Weapons"
    assert ops.ship_state.systems.item(5, 3).text() == "✖ DISABLED"


def test_one_command_updates_every_open_window(qtbot: QtBot, model: SharedModel) -> None:
    windows = [window(qtbot, model, s) for s in Station]
    qtbot.mouseClick(windows[2].start_button, Qt.MouseButton.LeftButton)  # Tactical: Kell
    for w in windows:
        mine = w.station is Station.TACTICAL
        assert w.turn_label.text() == ("▶ YOUR " if mine else "") + "TURN: LT. CMDR. KELL"
    qtbot.mouseClick(windows[2].buttons["lower_shields"].button, Qt.MouseButton.LeftButton)
    for w in windows:
        assert w.ship_state.shields.shields.format().endswith("(DOWN)")
        log = w.ship_state.log
        scrolled_to(log)  # a log out of sight catches up when the player scrolls to it
        qtbot.waitUntil(lambda log=log: "shields lowered" in log.toPlainText(), timeout=2000)


def scrolled_to(widget: QWidget) -> None:
    """Scroll every column holding ``widget`` until it is in view, as a player would."""
    area = widget.parentWidget()
    while area is not None:
        if isinstance(area, QScrollArea):
            area.ensureWidgetVisible(widget)
        area = area.parentWidget()


def test_a_log_out_of_sight_takes_in_nothing_until_it_is_seen(
    qtbot: QtBot, model: SharedModel
) -> None:
    """A station's log scrolled out of its column costs a Command nothing; scrolled
    into view it shows every entry it missed, in order."""
    w = window(qtbot, model, Station.OPERATIONS)
    w.resize(1000, 420)  # short: the log is below the fold of its column
    qtbot.waitExposed(w)
    log = w.ship_state.log
    QApplication.processEvents()
    if log.seen():  # the column was scrolled down: back to its top
        for area in w.findChildren(QScrollArea):
            area.verticalScrollBar().setValue(0)
        QApplication.processEvents()
    assert not log.seen()
    before = log.toPlainText()
    model.submit(StartTurn(by="mbeki", actor="mbeki"))
    model.submit(SetValue(path="momentum.value", value=2))
    QApplication.processEvents()
    assert log.toPlainText() == before  # nothing taken in while out of sight
    scrolled_to(log)
    qtbot.waitUntil(lambda: log.toPlainText() != before, timeout=2000)
    start, edit = (entry_text(e) for e in w.model.recent_journal(2)[0])  # as the crew reads it
    assert log.toPlainText().endswith(f"{start}\n{edit}")  # both missed entries, in order
    assert log.shown == len(model.journal)


def test_helm_shows_the_zone_map_and_every_station_the_same_unscanned_contact(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Issue 27: Science showed an unscanned NPC's shields as "unscanned ?", Tactical
    showed them. Every station reads the crew's view: a contact's shields are up or
    down, its breaches count, and nothing more until a scan."""
    helm = window(qtbot, model, Station.HELM)
    assert helm.ship_state.zone_map.isVisibleTo(helm)
    science = window(qtbot, model, Station.SCIENCE)
    tactical = window(qtbot, model, Station.TACTICAL)
    for w in (science, tactical):
        assert [w.ship_state.contacts.item(0, c).text() for c in (2, 3)] == [
            "up, not scanned",
            "0",
        ]
    model.replace_session(
        Session(demo_encounter().model_copy(update={"scanned": ("qoj", "vortak")}))
    )
    for w in (science, tactical):
        assert w.ship_state.contacts.item(0, 2).text() == "11/11"


def test_command_window_lists_the_crews_turns(qtbot: QtBot, model: SharedModel) -> None:
    w = window(qtbot, model, Station.COMMAND)
    crew = w.ship_state.crew
    assert crew is not None
    rows = crew.lines()
    assert len(rows) == 5 and all("waiting" in r for r in rows)
    model.submit(StartTurn(by="tovan", actor="tovan"))
    assert any("Tovan" in row and "ACTING" in row for row in crew.lines())


def test_card_back_and_f2(qtbot: QtBot, model: SharedModel) -> None:
    w = window(qtbot, model, Station.HELM)
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    assert w.findChildren(QTextBrowser) == []  # the back is built when first turned over
    qtbot.keyClick(w, Qt.Key.Key_F2)
    assert w.tabs.currentIndex() == 1
    (back,) = w.findChildren(QTextBrowser)
    assert back is w.back and w.tabs.widget(1).isAncestorOf(back)
    qtbot.waitUntil(back.isVisible)
    assert back.width() > 600 and back.height() > 200  # it fills the tab
    assert "MOMENTUM SPENDS" in back.toPlainText() and "Plot Course" in back.toPlainText()
    qtbot.keyClick(w, Qt.Key.Key_F2)
    assert w.tabs.currentIndex() == 0 and not back.isVisible()
    qtbot.keyClick(w, Qt.Key.Key_F2)
    assert back.isVisible() and w.findChildren(QTextBrowser) == [back]


def test_keyboard_starts_and_ends_a_turn(qtbot: QtBot, model: SharedModel) -> None:
    w = window(qtbot, model, Station.HELM)
    w.activateWindow()
    qtbot.waitUntil(w.isActiveWindow)
    qtbot.keyClick(w, Qt.Key.Key_T, Qt.KeyboardModifier.ControlModifier)
    assert model.state.turn.actor == "tovan"
    qtbot.keyClick(w, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert model.state.turn.actor is None and model.state.turn.side == "npc"


def test_geometry_is_remembered(qtbot: QtBot, model: SharedModel) -> None:
    w = window(qtbot, model, Station.SCIENCE)
    assert w.minimumSizeHint().height() < 700  # fits a laptop screen
    w.setGeometry(60, 77, 700, 500)  # the test screen is 800 px wide: a window fits it
    qtbot.waitUntil(lambda: w.size().height() == 500)
    placed = w.geometry()
    w.close()
    again = window(qtbot, model, Station.SCIENCE)
    assert again.size() == placed.size()
    assert again.geometry().top() == placed.top()


def _peach_pixels(widget: QWidget) -> int:
    """How many of ``widget``'s pixels are in a reason's colour."""
    image = widget.grab().toImage()
    peach = QColor(COLORS.peach)
    return sum(
        1
        for y in range(0, image.height(), 2)
        for x in range(0, image.width(), 2)
        if image.pixelColor(x, y) == peach
    )


def test_an_entrys_reason_takes_its_rules_place_and_moves_nothing(
    qtbot: QtBot, model: SharedModel
) -> None:
    """Issue 27: "the card never moves under the pointer". A reason that came under an
    entry at START TURN (Regenerate Shields at full shields, Damage Control with nothing
    to repair) pushed every entry below it down, and the card grew a scroll bar that
    narrowed them all; it now takes the entry's rules' place, in the same room."""
    w = window(qtbot, model, Station.OPERATIONS)
    w.resize(1280, 690)
    qtbot.waitExposed(w)
    entries = list(w.buttons.values())

    def places() -> list[tuple[int, int, int, int]]:
        QApplication.processEvents()
        return [(*b.mapTo(w, QPoint(0, 0)).toTuple(), b.width(), b.height()) for b in entries]

    before = places()
    shields = w.buttons["regenerate_shields"]
    assert shields.detail is not None and _peach_pixels(shields.detail) == 0
    model.submit(StartTurn(by="mbeki", actor="mbeki"))
    assert "shields are full" in shields.said()
    assert shields.button.toolTip().startswith(shields.said())  # whole in its tooltip
    assert _peach_pixels(shields.detail) > 0  # written where its rules were
    assert places() == before
    model.submit(EndTurn(by="mbeki"))
    assert shields.said() == "" and _peach_pixels(shields.detail) == 0
    assert places() == before


def test_a_long_reason_ends_in_an_ellipsis_within_the_rules_room(qtbot: QtBot) -> None:
    action = next(a for a in actions_for(Station.TACTICAL, "task") if a.key == "fire_weapon")
    button = ActionButton(action)
    qtbot.addWidget(button)
    button.resize(260, 90)
    button.show()
    qtbot.waitExposed(button)
    line = button.detail
    assert line is not None
    height = line.height()
    button.setReason("A reason far longer than the line of rules it stands in for. " * 6)
    QApplication.processEvents()
    assert line.height() == height and button.said().startswith("A reason far longer")
    assert _peach_pixels(line) > 0


def test_a_line_of_rules_wraps_as_a_plain_label(qtbot: QtBot) -> None:
    action = next(a for a in actions_for(Station.TACTICAL, "task") if summary(a))
    button = ActionButton(action)
    qtbot.addWidget(button)
    plain = QLabel(summary(action))
    plain.setWordWrap(True)
    plain.setObjectName("dim")
    qtbot.addWidget(plain)
    line = button.detail
    assert line is not None and line.text() == summary(action)
    for width in (60, 120, 60, 400):
        assert line.heightForWidth(width) == plain.heightForWidth(width)
    narrow = line.heightForWidth(60)
    font = line.font()
    font.setPixelSize(font.pixelSize() * 2 if font.pixelSize() > 0 else 40)
    line.setFont(font)  # a larger font: the heights are worked out again
    plain.setFont(font)
    assert line.heightForWidth(60) == plain.heightForWidth(60) > narrow


def test_an_entry_without_rules_says_its_reason_in_the_cards_line(
    qtbot: QtBot, model: SharedModel
) -> None:
    """An entry with no line of rules has no room of its own: at Kell's Turn, Raise
    Shields (the shields are up) is disabled and the card's line of reasons says why,
    named; nothing grows under the button."""
    w = window(qtbot, model, Station.TACTICAL)
    raise_shields = w.buttons["raise_shields"]
    assert not summary(raise_shields.action) and raise_shields.detail is None
    model.submit(StartTurn(by="kell", actor="kell"))
    assert not raise_shields.button.isEnabled() and raise_shields.said() == ""
    assert "RAISE SHIELDS: The shields are already up." in w.reason.text()
    assert raise_shields.findChildren(QLabel) == []  # the button alone
    assert raise_shields.button.toolTip().startswith("The shields are already up.")


def test_the_operations_card_says_why_before_the_dialog(qtbot: QtBot, model: SharedModel) -> None:
    """Issue 27: Damage Control with nothing damaged and Regenerate Shields at full shields
    are disabled at the card, with the reason; the hail's card says when it needs no roll."""
    w = window(qtbot, model, Station.OPERATIONS)
    model.submit(StartTurn(by="mbeki", actor="mbeki"))
    repair = w.buttons["damage_control"]
    assert not repair.button.isEnabled()
    assert repair.said().startswith("Nothing to repair: no system is Damaged")
    shields = w.buttons["regenerate_shields"]
    assert not shields.button.isEnabled() and "shields are full" in shields.said()
    model.submit(SetValue(path="ships.resolute.damage.engines.breaches", value=3))
    model.submit(SetValue(path="ships.resolute.shields", value=5))
    assert repair.button.isEnabled() and shields.button.isEnabled()
    hail = w.buttons["hailing_frequencies"]
    assert hail.detail is not None
    assert "D 0: no roll" in hail.detail.text()
    assert "jamming or the GM can raise it" in hail.button.toolTip()


def test_launch_probe_says_it_takes_no_roll(qtbot: QtBot, model: SharedModel) -> None:
    """Seed 001 Sensors card: LAUNCH PROBE has no roll; the card entry confirms at once."""
    w = window(qtbot, model, Station.SCIENCE)
    probe = w.buttons["launch_probe"]
    assert summary(probe.action) == "no roll: the card gives none"
    assert probe.detail is not None and probe.detail.text() == "no roll: the card gives none"
    model.submit(StartTurn(by="sorel", actor="sorel"))
    dialog = w.open_task(probe.action)
    assert dialog is not None and dialog.roll_button.text() == "CONFIRM"
    dialog.zone.setCurrentIndex(dialog.zone.findData("Nebula Edge"))
    qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
    assert model.state.durations[-1].target == "Nebula Edge" and model.state.pending is None


@pytest.mark.parametrize("scale", [1.0, 1.1, 1.2])
def test_no_blank_band_under_the_turns_controls(
    qtbot: QtBot, model: SharedModel, scale: float
) -> None:
    """At 110% the hidden ROLL WAITING button kept a row of its own under the Turn's
    controls: a blank band across the window. The card's sides come right under the
    controls, and ROLL WAITING keeps its room at the end of the sides' row."""
    w = window(qtbot, model, Station.HELM)
    w.resize(1280, 700)
    w.text_size.set(scale)  # type: ignore[union-attr]
    QApplication.processEvents()
    controls = [w.start_button, w.end_button, w.keep_button, w.more_button]
    bottom = max(b.mapTo(w, b.rect().bottomLeft()).y() for b in controls)
    sides = w.sides.mapTo(w, w.sides.rect().topLeft()).y()
    assert sides - bottom < 20, f"{sides - bottom} px between the controls and the card"
    slot = w.waiting_button.mapTo(w, QPoint(0, 0)).y()
    assert abs(slot - sides) < w.sides.height()  # on the sides' row


def test_the_common_entries_go_four_to_a_row_where_the_card_has_the_width(
    qtbot: QtBot, model: SharedModel
) -> None:
    w = window(qtbot, model, Station.OPERATIONS)
    w.resize(1280, 700)
    QApplication.processEvents()
    rows = {
        w.buttons[k].mapTo(w, QPoint(0, 0)).y() for k in ("assist", "pass", "ready", "interact")
    }
    assert len(rows) == 1  # one row of four
    w.resize(760, 700)  # a narrow window: three to a row (or two), never cut
    QApplication.processEvents()
    rows = {
        w.buttons[k].mapTo(w, QPoint(0, 0)).y() for k in ("assist", "pass", "ready", "interact")
    }
    assert len(rows) == 2


@pytest.mark.parametrize("scale", [1.0, 1.2])
def test_active_effects_show_two_complications_whole(
    qtbot: QtBot, model: SharedModel, scale: float
) -> None:
    """Active Effects was one line high, with a scroll bar for two Complications: it
    keeps four lines at any text size (the column beside the card scrolls instead)."""
    from bridge.engine.core.commands import AddTrait

    w = window(qtbot, model, Station.OPERATIONS)
    w.resize(1280, 698)
    w.text_size.set(scale)  # type: ignore[union-attr]
    model.submit(AddTrait(name="Plasma fire", kind="complication"))
    model.submit(AddTrait(name="Sensor ghost", kind="complication"))
    settle()
    effects = w.ship_state.durations
    assert effects.count() == 2
    assert effects.height() >= effects.rows_height(4) - 2
    assert effects.verticalScrollBar().maximum() == 0  # both whole, no scroll bar


@pytest.mark.parametrize("station", list(Station))
def test_at_120_percent_the_card_takes_more_width_and_the_ships_tables_stay_whole(
    qtbot: QtBot, model: SharedModel, station: Station
) -> None:
    """As the text grows the card's lines of rules would wrap onto more lines and the
    card scroll: the card takes more of the width, and the ship's state beside it keeps
    every table's columns whole."""
    from tests.ui.fit import cut_words

    w = window(qtbot, model, station)
    w.resize(1280, 698)
    settle()
    card = w._card_area.width()
    w.text_size.set(1.2)  # type: ignore[union-attr]
    settle()
    assert w._card_area.width() > card
    assert cut_words(w) == []
