"""LCARS decoration: the elbow header bar and rounded pills."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPixmap,
    QResizeEvent,
)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from bridge.ui.base.theme import BODY_PX, COLORS, FONT_FAMILY, scaled, window_scale
from bridge.ui.widgets.scaled import ScaledWidget
from bridge.ui.widgets.steady_label import SteadyLabel

__all__ = [
    "LcarsHeader",
    "Pill",
    "note_label",
    "section_label",
]


class _Band(QWidget):
    """The header's widgets on the right; tells the header when they need more room."""

    def event(self, event: QEvent) -> bool:
        done = super().event(event)
        if event.type() == QEvent.Type.LayoutRequest:
            header = self.parentWidget()
            if isinstance(header, LcarsHeader):
                header.band_changed()
        return done


SQUEEZE = 0.75
"""How much smaller than its size a header's name may be set to keep one row."""


class LcarsHeader(ScaledWidget):
    """A painted elbow in the station's colour with the station's name.

    Widgets added with ``addRight`` sit in the band under the top bar, right of the name
    (the Turn, the pools), so the header carries them without a row of its own. When
    the window is a little narrow for them beside the name (a long station name in a
    framed window), the name is set smaller, down to :data:`SQUEEZE` of its size; when
    even then they do not fit (a large text size), they move to a band of their own
    under it and the header grows by that band.
    """

    def __init__(self, title: str, color: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._title = title.upper()
        self._color = QColor(color)
        self._subtitle = ""
        self._cache: tuple[object, QPixmap] | None = None  # the elbow painted at a size
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.band = _Band(self)
        """The widgets on the right: make them with it as their parent."""
        self._row = QHBoxLayout(self.band)
        self._row.setContentsMargins(0, 0, 0, 0)
        self._row.addStretch()
        self._told = QSize()  # the band's size hint the window's layout last took
        self._measured: tuple[float, int, int] | None = None  # (scale, height, beside)

    def _measures(self) -> tuple[int, int]:
        """The height of the bar and the name, and where the band starts beside the name
        at its full size, at the window's text size (measured once per size: layouts ask
        often)."""
        scale = window_scale(self)
        if self._measured is None or self._measured[0] != scale:
            # The bar and the name grow with the text up to 125% (larger, the name would
            # only take the room of what the player enlarged the text to read).
            height = round(64 * min(scale, 1.25))
            name = QFontMetricsF(self._title_font(int(height * 0.5))).horizontalAdvance(self._title)
            beside = round(height * 0.42 * 1.6 + name + 24 * scale)
            self._measured = (scale, height, beside)
            self._row.setSpacing(round(8 * scale))
        return self._measured[1], self._measured[2]

    def _height(self) -> int:
        """The height of the bar and the name: the whole header when one row holds all."""
        return self._measures()[0]

    def _name_size(self, width: int) -> int | None:
        """The name's pixel size at ``width``: whole, or set smaller (down to
        :data:`SQUEEZE`) so that the band fits beside it; None when even then it does not
        (the band goes under the name, which keeps its size)."""
        height, beside = self._measures()
        full = int(height * 0.5)
        left = height * 0.42 * 1.6
        name = beside - left - round(24 * window_scale(self))
        room = width - self._row.sizeHint().width() - 4 - (beside - name)
        if room >= name:
            return full
        size = int(full * room / max(name, 1))
        return size if size >= full * SQUEEZE else None

    def _title_font(self, size: int | None = None) -> QFont:
        font = QFont(FONT_FAMILY)
        font.setPixelSize(size or int(self._height() * 0.5))
        font.setBold(True)
        return font

    def _beside(self, width: int | None = None) -> int:
        """Where the band starts when it sits beside the name (at ``width``: after the
        name as set there; else after the whole name)."""
        height, beside = self._measures()
        size = self._name_size(width) if width is not None else None
        full = int(height * 0.5)
        if size is None or size == full:
            return beside
        left = height * 0.42 * 1.6
        gap = round(24 * window_scale(self))
        return round(left + (beside - left - gap) * size / full + gap)

    def _wrapped(self, width: int) -> bool:
        """Whether, at ``width``, the widgets on the right go under the name."""
        return self._name_size(width) is None

    def _band_rect(self, width: int) -> QRect:
        h = self._height()
        bar = round(h * 0.42)
        if self._wrapped(width):  # a band of their own, under the name
            left = round(h * 0.42 * 1.6)
            return QRect(left, h + 2, width - left - 4, self._row.sizeHint().height())
        left = self._beside(width)
        return QRect(
            left, bar + 1, width - left - 4, max(h - bar - 2, self._row.sizeHint().height())
        )

    def _place(self) -> None:
        rect = self._band_rect(self.width())
        if self.band.geometry() != rect:
            self.band.setGeometry(rect)

    def band_changed(self) -> None:
        """The widgets on the right may need another width: beside the name or under it
        (the window's layout is asked again only if they do)."""
        hint = self._row.sizeHint()
        if hint != self._told:
            self._told = hint
            self.updateGeometry()
        self._place()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        band = self._row.sizeHint().height()
        if not self._wrapped(width):
            return max(self._height(), round(self._height() * 0.42) + band + 2)
        return self._height() + band + 4

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._place()

    def addRight(self, widget: QWidget) -> None:
        self._row.addWidget(widget)

    def insertRight(self, index: int, widget: QWidget) -> None:
        """``widget`` at ``index`` among the widgets on the right (0: the first)."""
        self._row.insertWidget(index + 1, widget)  # (after the stretch before them)

    def holds(self, widget: QWidget) -> bool:
        """Whether ``widget`` is among the widgets on the right."""
        return self._row.indexOf(widget) >= 0

    def sizeHint(self) -> QSize:
        """Everything in one row."""
        band = self._row.sizeHint()
        height = max(self._height(), round(self._height() * 0.42) + band.height() + 2)
        return QSize(self._beside() + band.width() + 4, height)

    def minimumSizeHint(self) -> QSize:
        """The name, or the widgets on the right under it, whichever is wider."""
        left = round(self._height() * 0.42 * 1.6)
        name = self._beside() - round(scaled(24, self)) + 4
        return QSize(max(name, left + self._row.minimumSize().width() + 4), self._height())

    def setSubtitle(self, text: str) -> None:
        if text != self._subtitle:
            self._subtitle = text
            self.update()

    def title(self) -> str:
        return self._title

    def _elbow(self) -> QPixmap:
        """The elbow, bars and title, painted once per size (the header repaints under
        its Turn and pools at every Command; only the subtitle is painted each time)."""
        ratio = self.devicePixelRatioF()
        size = self._name_size(self.width())  # (None: the band is under the whole name)
        key = (self.width(), self.height(), ratio, self._color.name(), self._title, size)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        pixmap = QPixmap(round(self.width() * ratio), round(self.height() * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        line = self._height()  # the bar and the name; a band for the right may be under
        bar = line * 0.42
        path = QPainterPath()
        path.moveTo(0, h)
        path.lineTo(0, bar)
        path.arcTo(QRectF(0, 0, bar * 2, bar * 2), 180, -90)
        path.lineTo(w * 0.30, 0)
        path.lineTo(w * 0.30, bar)
        path.lineTo(bar * 2.2, bar)
        path.quadTo(bar * 1.3, bar, bar * 1.3, h)
        path.closeSubpath()
        p.fillPath(path, self._color)
        p.fillRect(QRectF(w * 0.31, 0, w * 0.07, bar), QColor(COLORS.lavender))
        p.fillRect(QRectF(w * 0.39, 0, w * 0.61 - bar / 2, bar), QColor(COLORS.violet))
        p.setBrush(QColor(COLORS.violet))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawEllipse(QRectF(w - bar, 0, bar, bar))
        p.setFont(self._title_font(size))
        p.setPen(QColor(self._color))
        text_rect = QRectF(bar * 1.6, bar, w - bar * 1.6, line - bar)
        p.drawText(
            text_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, self._title
        )
        p.end()
        self._cache = (key, pixmap)
        return pixmap

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        area = event.rect()
        p.drawPixmap(area, self._elbow(), self._pixmap_rect(area))
        w, bar = self.width(), self._height() * 0.42
        place = QRectF(w * 0.40, 0, w * 0.58 - bar, bar)
        # Under a new Turn or pool only their own place repaints: the subtitle is
        # drawn only where it is.
        if self._subtitle and place.intersects(QRectF(area)):
            small = QFont(FONT_FAMILY)
            small.setPixelSize(int(bar * 0.62))
            small.setBold(True)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setFont(small)
            p.setPen(QColor("#000000"))
            p.drawText(
                place, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, self._subtitle
            )
        p.end()

    def _pixmap_rect(self, area: QRect) -> QRect:
        """``area`` of the widget in the elbow pixmap's device pixels."""
        ratio = self.devicePixelRatioF()
        return QRect(
            round(area.x() * ratio),
            round(area.y() * ratio),
            round(area.width() * ratio),
            round(area.height() * ratio),
        )


class Pill(SteadyLabel):
    """A rounded label in one of the LCARS colours (a new text repaints only the pill);
    its corners and padding follow its window's text size."""

    def __init__(
        self, text: str = "", color: str = COLORS.peach, parent: QWidget | None = None
    ) -> None:
        super().__init__(text, parent)
        self._made: tuple[str, float] | None = None  # the colour and size of its sheet
        self._fill = QColor(color)
        self._radius = 0
        self.setColor(color)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)

    def setColor(self, color: str) -> None:
        made = (color, window_scale(self))
        if made == self._made:
            return
        self._made = made
        self._fill = QColor(color)
        self._radius = round(scaled(12, self))
        self.setStyleSheet(
            f"color: #000; padding: {round(scaled(3, self))}px {round(scaled(12, self))}px;"
            f" font-weight: bold; font-size: {round(scaled(BODY_PX, self))}px;"
        )

    def paint_background(self, painter: QPainter) -> None:
        """The window's background, then the pill in its colour, its corners rounded at
        the window's text size (as a style sheet's ``border-radius`` draws them)."""
        super().paint_background(painter)
        outline = QPainterPath()
        outline.addRoundedRect(QRectF(self.rect()), self._radius, self._radius)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillPath(outline, self._fill)
        painter.restore()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if self._made is not None and event.type() in (
            QEvent.Type.FontChange,
            QEvent.Type.ParentChange,
        ):
            self.setColor(self._made[0])  # a window at another text size


def section_label(text: str, parent: QWidget | None = None) -> QLabel:
    label = QLabel(text.upper(), parent)
    label.setObjectName("section")
    label.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
    return label


def note_label(style: str = "", text: str = "", parent: QWidget | None = None) -> QLabel:
    """A label of running text that wraps, in the theme's ``style`` (``dim`` for rules
    and readings, ``reason`` for why not, ``big`` for a figure; empty for body text)."""
    label = QLabel(text, parent)
    if style:
        label.setObjectName(style)
    label.setWordWrap(True)
    return label
