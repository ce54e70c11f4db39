"""Opaque widgets paint all of their rectangle themselves: what the window shows after a
change is what a fresh painting shows, and the widgets behind them are not painted."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, QPoint, Qt
from PySide6.QtGui import QColor, QGuiApplication, QImage, QPainter, QPaintEvent, QPalette
from PySide6.QtWidgets import QVBoxLayout, QWidget
from pytestqt.qtbot import QtBot

from bridge.engine import CATALOG
from bridge.engine.demo import demo_encounter
from bridge.ui.base.shared_model import SharedModel
from bridge.ui.base.text_size import TextSize
from bridge.ui.base.theme import BAR_TEXT_LOW
from bridge.ui.console.npc_controls import NpcControls
from bridge.ui.console.turn_order import TurnOrder
from bridge.ui.widgets.action_button import ActionButton
from bridge.ui.widgets.lcars import Pill
from bridge.ui.widgets.lines_view import LinesView
from bridge.ui.widgets.opaque import BACKDROP, OpaqueBar
from bridge.ui.widgets.reason_label import ReasonLabel
from bridge.ui.widgets.ship_status import ShieldsPower
from bridge.ui.widgets.steady_label import SteadyLabel
from tests.ui.events import Events

LONG = "WWWW WWWW WWWW WWWW WWWW WWWW WWWW WWWW"


def _window(qtbot: QtBot, *widgets: QWidget) -> QWidget:
    """``widgets`` in a column of a window whose own background is red (so a widget
    that left its backdrop unpainted would show red or stale pixels)."""
    box = QWidget()
    qtbot.addWidget(box)
    palette = box.palette()
    palette.setColor(QPalette.ColorRole.Window, QColor("#ff0000"))
    box.setPalette(palette)
    box.setAutoFillBackground(True)
    column = QVBoxLayout(box)
    for widget in widgets:
        column.addWidget(widget)
    column.addStretch()
    box.resize(520, 420)
    box.show()
    qtbot.waitExposed(box)
    qtbot.wait(20)
    return box


def _on_screen(widget: QWidget) -> QImage:
    """What the window's backing store holds where ``widget`` is (what the player sees)."""
    window = widget.window()
    screen = QGuiApplication.primaryScreen()
    at = widget.mapTo(window, QPoint(0, 0))
    shot = screen.grabWindow(window.winId(), at.x(), at.y(), widget.width(), widget.height())
    return shot.toImage().convertToFormat(QImage.Format.Format_RGB32)


def _fresh(widget: QWidget) -> QImage:
    """``widget`` painted afresh, on nothing but its own backdrop."""
    return widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)


def _changed(qtbot: QtBot, widget: QWidget, change: Callable[[], None]) -> None:
    change()
    qtbot.wait(20)


CASES: list[tuple[str, Callable[[], QWidget], Callable[[QWidget], None]]] = [
    (
        "a steady label's shorter text",
        lambda: SteadyLabel(LONG),
        lambda w: w.setText("I") if isinstance(w, SteadyLabel) else None,
    ),
    (
        "a pill's shorter text",
        lambda: Pill("MOMENTUM 10/10 · " + LONG),
        lambda w: w.setText("M") if isinstance(w, Pill) else None,
    ),
    (
        "a reason's shorter text",
        lambda: ReasonLabel(2),
        lambda w: w.setText("Not yet.") if isinstance(w, ReasonLabel) else None,
    ),
    (
        "a bar running low",
        OpaqueBar,
        lambda w: (w.setValue(1), w.setFormat("1 / 10")) if isinstance(w, OpaqueBar) else None,
    ),
]


@pytest.mark.parametrize(("what", "make", "change"), CASES, ids=[c[0] for c in CASES])
def test_what_an_opaque_widget_shows_after_a_change_is_a_fresh_painting(
    qtbot: QtBot,
    what: str,
    make: Callable[[], QWidget],
    change: Callable[[QWidget], None],
) -> None:
    widget = make()
    if isinstance(widget, ReasonLabel):
        widget.setText(LONG + " " + LONG)
    if isinstance(widget, OpaqueBar):
        widget.setRange(0, 10)
        widget.setValue(10)
    window = _window(qtbot, widget)
    assert widget.window() is window
    assert widget.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent), what
    _changed(qtbot, widget, lambda: change(widget))
    assert _on_screen(widget) == _fresh(widget), what
    corner = _on_screen(widget).pixelColor(0, 0)
    assert corner != QColor("#ff0000"), f"{what}: the window's red shows through"


def test_an_entry_losing_its_reason_shows_its_rules_again_with_nothing_left_behind(
    qtbot: QtBot,
) -> None:
    entry = ActionButton(CATALOG["fire_weapon"])
    window = _window(qtbot, entry)
    assert entry.window() is window
    assert entry.detail is not None
    entry.setReason("Not enough Power: 1 needed, 0 in the ship's Power." + LONG)
    qtbot.wait(20)
    entry.setReason(None)
    qtbot.wait(20)
    assert _on_screen(entry.detail) == _fresh(entry.detail)


def test_a_changed_opaque_widget_repaints_alone(qtbot: QtBot) -> None:
    """The window behind a changed label is not painted again (the work an
    opaque widget saves at every Command)."""
    label, reason = SteadyLabel("TURN: CAPT. REYES"), ReasonLabel(1)
    window = _window(qtbot, label, reason)
    events = Events(QEvent.Type.Paint)
    app = QCoreApplication.instance()
    assert app is not None
    app.installEventFilter(events)
    try:
        label.setText("TURN: LT. KELL")
        reason.setText("It is Lt. Kell's Turn, not yours.")
        qtbot.wait(30)
    finally:
        app.removeEventFilter(events)
    painted = {watched for watched, _ in events.seen}
    assert label in painted and reason in painted
    assert window not in painted


def test_a_new_text_size_keeps_them_opaque_and_whole(qtbot: QtBot) -> None:
    """A style sheet takes the mark from a padded or rounded widget each time it styles
    it; the widgets mark themselves again, and still paint all of their rectangle."""
    pill, turn, bar = Pill("THREAT 4"), SteadyLabel("TURN: LT. KELL"), OpaqueBar()
    entry = ActionButton(CATALOG["fire_weapon"])
    window = _window(qtbot, pill, turn, bar, entry)
    TextSize(window, None).step(0.3)
    qtbot.wait(30)
    for widget in (pill, turn, bar):
        assert widget.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent), widget
        assert _on_screen(widget) == _fresh(widget), widget
    assert entry.autoFillBackground()  # a style sheet that styled it would have taken it
    assert _on_screen(entry) == _fresh(entry)


def test_the_backdrop_is_the_windows_plain_background() -> None:
    from bridge.ui.base.theme import COLORS

    assert QColor(COLORS.background) == BACKDROP


class _Careless(QWidget):
    """Marked opaque, but paints its text without its backdrop."""

    def __init__(self) -> None:
        super().__init__()
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        self.setFixedSize(300, 30)
        self.text = LONG

    def paintEvent(self, event: QPaintEvent) -> None:  # noqa: N802 (Qt's name)
        painter = QPainter(self)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(self.rect(), 0, self.text)
        painter.end()


def test_the_comparison_sees_what_a_careless_widget_leaves_behind(qtbot: QtBot) -> None:
    """The check above can fail: the window keeps what a widget did not paint over."""
    careless = _Careless()
    window = _window(qtbot, careless)
    assert careless.window() is window
    careless.text = "I"
    careless.update()
    qtbot.wait(20)
    assert _on_screen(careless) != _fresh(careless)


def test_a_lists_scroll_bar_moving_is_painted_whole_by_its_style(qtbot: QtBot) -> None:
    """The logs' and lists' scroll bars are marked opaque (their style sheet paints all
    of them): after the list grows and shrinks, the bar shows a fresh painting."""
    view = LinesView()
    view.setFixedHeight(120)
    window = _window(qtbot, view)
    assert view.window() is window
    bar = view.verticalScrollBar()
    view.setLines([f"line {i}" for i in range(60)])
    qtbot.wait(20)
    bar.setValue(bar.maximum())
    qtbot.wait(20)
    view.setLines([f"line {i}" for i in range(8)])
    qtbot.wait(20)
    assert bar.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    assert bar.isVisible()
    assert _on_screen(bar) == _fresh(bar)


def test_a_lists_lines_repaint_over_its_own_background(qtbot: QtBot) -> None:
    """A list's view paints its background under its lines: fewer, shorter lines leave
    nothing of the old ones, and its frame and window are not painted again."""
    view = LinesView()
    view.setFixedHeight(120)
    window = _window(qtbot, view)
    view.setLines([LONG, LONG, LONG])
    qtbot.wait(20)
    events = Events(QEvent.Type.Paint)
    app = QCoreApplication.instance()
    assert app is not None
    app.installEventFilter(events)
    try:
        view.setLines(["I"])
        qtbot.wait(20)
    finally:
        app.removeEventFilter(events)
    painted = {watched for watched, _ in events.seen}
    assert view.viewport() in painted
    assert view not in painted and window not in painted
    assert view.viewport().testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
    assert _on_screen(view.viewport()) == _fresh(view.viewport())


def test_an_entrys_button_changing_repaints_the_entry_not_the_card(qtbot: QtBot) -> None:
    """A card entry fills its rectangle with the window's background itself (Qt's own
    fill): its button enabled or disabled repaints the entry, not the card behind it."""
    entry = ActionButton(CATALOG["fire_weapon"])
    window = _window(qtbot, entry)
    assert entry.autoFillBackground()
    assert entry.palette().color(entry.backgroundRole()) == BACKDROP
    events = Events(QEvent.Type.Paint)
    app = QCoreApplication.instance()
    assert app is not None
    app.installEventFilter(events)
    try:
        entry.setReason("A Task has already been attempted this Turn.", show=False)
        qtbot.wait(20)
    finally:
        app.removeEventFilter(events)
    painted = {watched for watched, _ in events.seen}
    assert entry.button in painted and entry in painted
    assert window not in painted
    assert _on_screen(entry) == _fresh(entry)


@pytest.mark.parametrize("group", ["turn order", "npc controls"])
def test_a_consoles_control_changing_repaints_its_box_not_its_group(
    qtbot: QtBot, model: SharedModel, group: str
) -> None:
    """The Turn order's and the NPC controls' buttons sit on a plain box that fills
    itself: a button's new state at a Turn repaints the box under it, not the group's
    rounded frame and the console behind."""
    panel = TurnOrder(model) if group == "turn order" else NpcControls(model)
    button = panel.end_button if isinstance(panel, TurnOrder) else panel.npc_attempt
    window = _window(qtbot, panel)
    events = Events(QEvent.Type.Paint)
    app = QCoreApplication.instance()
    assert app is not None
    app.installEventFilter(events)
    try:
        button.setEnabled(not button.isEnabled())
        qtbot.wait(20)
    finally:
        app.removeEventFilter(events)
    painted = {watched for watched, _ in events.seen}
    assert button in painted and button.parentWidget() in painted
    assert panel not in painted and window not in painted
    box = button.parentWidget()
    assert box.autoFillBackground()
    assert _on_screen(box) == _fresh(box)


def test_a_pill_paints_its_colour_with_rounded_corners_on_the_backdrop(qtbot: QtBot) -> None:
    """A pill paints its own colour (Qt no longer paints an opaque widget's style-sheet
    background): its middle is its colour, its corners the window's background."""
    pill = Pill("MOMENTUM 2/6", "#ffcc66")
    window = _window(qtbot, pill)
    assert pill.window() is window
    shown = _on_screen(pill)
    assert shown.pixelColor(2, pill.height() // 2) == QColor("#ffcc66")
    assert shown.pixelColor(pill.width() // 2, 1) == QColor("#ffcc66")
    assert shown.pixelColor(0, 0) == BACKDROP
    assert shown.pixelColor(pill.width() - 1, pill.height() - 1) == BACKDROP


def test_shields_and_power_running_low_stay_opaque_and_whole(qtbot: QtBot) -> None:
    """Under half full a bar paints its numbers light: it stays opaque and shows a fresh
    painting, in its new colour."""
    ship = demo_encounter().ships["resolute"]
    bars = ShieldsPower()
    window = _window(qtbot, bars)
    assert bars.window() is window
    bars.setShip(ship)
    qtbot.wait(20)
    assert _pixels_of(_on_screen(bars.power), QColor(BAR_TEXT_LOW)) == 0
    bars.setShip(ship.model_copy(update={"shields": 0, "power": ship.power_capacity // 2 - 1}))
    qtbot.wait(20)
    for bar in (bars.shields, bars.power):
        assert bar.textColor() == QColor(BAR_TEXT_LOW)
        assert bar.testAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)
        shown = _on_screen(bar)
        assert shown == _fresh(bar)
        assert _pixels_of(shown, QColor(BAR_TEXT_LOW)) > 10  # its numbers, written light


def _pixels_of(image: QImage, color: QColor) -> int:
    return sum(
        image.pixelColor(x, y) == color for y in range(image.height()) for x in range(image.width())
    )
