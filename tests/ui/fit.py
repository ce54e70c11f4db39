"""What a person cannot read on screen: text cut off, outside its window or scrolled out
of view, scroll bars showing, a frame beyond the screen. Reads widgets only, so the
same checks run offscreen in-process and on a real X server in a child process."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QPoint, QRect, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractScrollArea,
    QApplication,
    QComboBox,
    QLabel,
    QScrollArea,
    QScrollBar,
    QStyle,
    QStyleOptionComboBox,
    QTableView,
    QWidget,
)

from bridge.ui.widgets.zone_map import ZoneMapView

__all__ = [
    "READOUTS",
    "clipped",
    "cut_words",
    "frame_outside_screen",
    "hidden_text",
    "must_fit",
    "not_in_view",
    "off_screen",
    "scroll_bars",
    "settle",
]

READOUTS = frozenset({"readouts", "ship panel"})
"""The scroll areas that may scroll at the default text size: the ship's state beside a
station's card and the GM's ship panel (readouts longer than their column)."""

SLACK = 2
"""Pixels of rounding forgiven."""


def settle() -> None:
    """Let the windows' layouts finish, as a person sees them a moment later: one
    ``processEvents`` leaves layout requests queued (a header that grew asks its window
    again), so the queue is emptied a few times."""
    for _ in range(3):
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        QApplication.processEvents()


def _scrolls(widget: QWidget, top: QWidget) -> bool:
    """Inside a scroll area's viewport (it may lie beyond the fold: it scrolls)."""
    parent = widget.parentWidget()
    while parent is not None and parent is not top:
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def _name(widget: QWidget) -> str:
    text = widget.text() if isinstance(widget, (QLabel, QAbstractButton)) else ""
    return f"{type(widget).__name__} {text.replace(chr(10), ' | ')[:40]!r}"


def _texts(window: QWidget, among: type | tuple[type, ...]) -> list[QWidget]:
    """The visible labels and buttons with text that belong to ``window`` itself."""
    found = []
    for w in window.findChildren(QWidget):
        if not isinstance(w, among) or w.window() is not window or not w.isVisibleTo(window):
            continue
        if isinstance(w, (QLabel, QAbstractButton)) and w.text():
            found.append(w)
    return found


def clipped(window: QWidget) -> list[str]:
    """Every visible label or button of ``window`` whose text does not fit it, or that
    lies outside the window (unless a scroll area holds it)."""
    problems = []
    bounds = window.rect()
    for widget in _texts(window, (QLabel, QAbstractButton)):
        place = QRect(widget.mapTo(window, widget.rect().topLeft()), widget.size())
        if not _scrolls(widget, window) and not bounds.adjusted(
            -SLACK, -SLACK, SLACK, SLACK
        ).contains(place):
            problems.append(f"{_name(widget)} outside the window at {place.getRect()}")
            continue
        if isinstance(widget, QLabel) and widget.wordWrap():
            need = widget.heightForWidth(widget.width())
            if need > widget.height() + SLACK:
                problems.append(f"{_name(widget)} needs {need} px height, has {widget.height()}")
        else:
            hint = widget.sizeHint()
            if hint.width() > widget.width() + SLACK:
                problems.append(f"{_name(widget)} needs {hint.width()} px, has {widget.width()}")
            if hint.height() > widget.height() + SLACK:
                problems.append(
                    f"{_name(widget)} needs {hint.height()} px height, has {widget.height()}"
                )
    return problems


def _mine(window: QWidget, kind: type) -> list[QWidget]:
    return [
        w
        for w in window.findChildren(kind)
        if w.window() is window and w.isVisibleTo(window) and w.width() > 0
    ]


def _cut_across(widget: QWidget) -> str | None:
    """How much of ``widget``'s width a scroll area it is in hides, or ``None``."""
    parent = widget.parentWidget()
    while parent is not None and not parent.isWindow():
        if isinstance(parent, QAbstractScrollArea):
            view = parent.viewport()
            left = widget.mapTo(view, QPoint(0, 0)).x()
            seen = min(left + widget.width(), view.width()) - max(left, 0)
            if seen < widget.width() - SLACK:
                return f"{seen} of {widget.width()} px across in view"
        parent = parent.parentWidget()
    return None


def cut_words(window: QWidget) -> list[str]:
    """What ``window`` shows cut that is not a label's or a button's own text: a choice
    whose words its box does not hold ("Transporter Roo"), a table column narrower than
    its words ("USS Resol…"), a line of a zone map cut with an ellipsis ("Klingon
    Warrior · Stress…") or left out of a crowded zone ("+2 more")."""
    found = []
    for combo in _mine(window, QComboBox):
        assert isinstance(combo, QComboBox)
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        field = combo.style().subControlRect(
            QStyle.ComplexControl.CC_ComboBox,
            option,
            QStyle.SubControl.SC_ComboBoxEditField,
            combo,
        )
        need = combo.fontMetrics().horizontalAdvance(combo.currentText())
        if need > field.width() + SLACK:
            found.append(
                f"{_name(combo)} {combo.currentText()!r} needs {need} px, has {field.width()}"
            )
    for table in _mine(window, QTableView):
        assert isinstance(table, QTableView)
        across = _cut_across(table)
        if across is not None:
            found.append(f"{_name(table)} cut across: {across}")
        header = table.horizontalHeader()
        never = table.horizontalScrollBarPolicy() == Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        if never and header.length() > table.viewport().width() + SLACK:
            found.append(
                f"{_name(table)}'s columns need {header.length()} px, it shows "
                f"{table.viewport().width()}"
            )
        model = table.model()
        for c in range(model.columnCount() if model is not None else 0):
            if table.isColumnHidden(c):
                continue
            need = max(table.sizeHintForColumn(c), header.sectionSizeHint(c))
            if table.columnWidth(c) + SLACK < need:
                title = model.headerData(c, Qt.Orientation.Horizontal) if model else c
                found.append(
                    f"{_name(table)} column {title!r} needs {need} px, has {table.columnWidth(c)}"
                )
    for zones in _mine(window, ZoneMapView):
        assert isinstance(zones, ZoneMapView)
        found += [f"zone map line cut: {line!r}" for line in zones.cut_lines()]
        for zone, left in zones.hidden_texts().items():
            found.append(f"zone map {zone!r} leaves out {left!r}")
    return found


def _area_of(bar: QScrollBar) -> QAbstractScrollArea | None:
    parent = bar.parentWidget()
    while parent is not None and not isinstance(parent, QAbstractScrollArea):
        parent = parent.parentWidget()
    return parent


def scroll_bars(window: QWidget, inside: QWidget | None = None) -> list[str]:
    """The scroll bars a person sees in ``window`` (only those of scroll areas in
    ``inside``, if given), with how much each hides."""
    found = []
    for bar in window.findChildren(QScrollBar):
        if bar.window() is not window or not bar.isVisibleTo(window) or bar.maximum() <= 0:
            continue
        area = _area_of(bar)
        if inside is not None and not (area is inside or inside.isAncestorOf(area)):
            continue
        kind = "vertical" if bar.orientation() == Qt.Orientation.Vertical else "horizontal"
        name = f"{type(area).__name__} {area.objectName()!r}" if area else "?"
        found.append(f"{kind} scroll bar of {name} hides {bar.maximum()} px")
    return found


def not_in_view(widget: QWidget) -> str | None:
    """Why ``widget`` is not wholly in view (a scroll area or its window hides part of
    it), or ``None``."""
    window = widget.window()
    parent = widget.parentWidget()
    while parent is not None and parent is not window:
        if isinstance(parent, QAbstractScrollArea):
            view = parent.viewport()
            place = QRect(widget.mapTo(view, QPoint(0, 0)), widget.size())
            seen = place.intersected(view.rect())
            if seen.height() < place.height() - SLACK or seen.width() < place.width() - SLACK:
                shown = f"{seen.width()}x{seen.height()}"
                return f"{shown} of {place.width()}x{place.height()} px in view"
        parent = parent.parentWidget()
    place = QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())
    if not window.rect().adjusted(-SLACK, -SLACK, SLACK, SLACK).contains(place):
        return f"outside the window at {place.getRect()}"
    return None


def hidden_text(
    window: QWidget, among: type | tuple[type, ...] = (QLabel, QAbstractButton)
) -> list[str]:
    """Visible labels and buttons whose text a scroll area or the window's edge hides,
    even in part: what a person must scroll to read, or cannot read at all."""
    found = []
    for widget in _texts(window, among):
        why = not_in_view(widget)
        if why is not None:
            found.append(f"{_name(widget)}: {why}")
    return found


def frame_outside_screen(window: QWidget) -> str | None:
    """The window's frame (title bar and borders included) beyond its screen's free
    area, or ``None``."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    free, frame = screen.availableGeometry(), window.frameGeometry()
    if free.contains(frame):
        return None
    return (
        f"frame {frame.width()}x{frame.height()}+{frame.x()}+{frame.y()} beyond the free "
        f"{free.width()}x{free.height()}+{free.x()}+{free.y()} by "
        f"{max(0, frame.right() - free.right(), free.left() - frame.left())} px across, "
        f"{max(0, frame.bottom() - free.bottom(), free.top() - frame.top())} px down"
    )


def off_screen(window: QWidget) -> list[str]:
    """The window's frame beyond its screen's free area, as a list of problems (none)."""
    frame = frame_outside_screen(window)
    return [frame] if frame else []


def _inside(widget: QWidget, names: frozenset[str]) -> bool:
    """Whether ``widget`` is (in) a scroll area named one of ``names``, or a list,
    table or text view (which scroll their own rows)."""
    parent: QWidget | None = widget
    while parent is not None and not parent.isWindow():
        if isinstance(parent, QAbstractScrollArea) and (
            parent.objectName() in names or not isinstance(parent, QScrollArea)
        ):
            return True
        parent = parent.parentWidget()
    return False


def must_fit(
    window: QWidget, may_scroll: frozenset[str] = READOUTS, *, words: bool = True
) -> list[str]:
    """What a person must scroll to see, or cannot read, in a window that must fit: any
    visible scroll bar but those of the scroll areas named in ``may_scroll`` and of
    lists, tables and text views; text hidden by a scroll area, or outside the window,
    outside those; text cut by its own widget anywhere (a label, a button, a choice, a
    table's column, a zone map's line; with ``words`` false, from 150%, only a label's
    or a button's: there a long choice or name ends in "…" by design)."""
    found = []
    for bar in window.findChildren(QScrollBar):
        if bar.window() is not window or not bar.isVisibleTo(window) or bar.maximum() <= 0:
            continue
        area = _area_of(bar)
        if area is not None and _inside(area, may_scroll):
            continue
        kind = "vertical" if bar.orientation() == Qt.Orientation.Vertical else "horizontal"
        name = area.objectName() if area is not None else "?"
        found.append(f"a {kind} scroll bar of {name!r} hides {bar.maximum()} px")
    for widget in _texts(window, (QLabel, QAbstractButton)):
        if _inside(widget, may_scroll):
            continue
        why = not_in_view(widget)
        if why is not None:
            found.append(f"{_name(widget)}: {why}")
    return found + clipped(window) + (cut_words(window) if words else [])
