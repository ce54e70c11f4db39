"""LCARS decoration: the elbow header bar and rounded pills."""

from __future__ import annotations

from PySide6.QtCore import QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPixmap,
)
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSizePolicy, QWidget

from bridge.ui.base.theme import COLORS, FONT_FAMILY, scaled
from bridge.ui.widgets.scaled import ScaledWidget
from bridge.ui.widgets.steady_label import SteadyLabel

__all__ = ["LcarsHeader", "Pill", "section_label"]


class LcarsHeader(ScaledWidget):
    """A painted elbow in the station's colour with the station's name.

    Widgets added with ``addRight`` sit in the band under the top bar, right of the name
    (the Turn, the pools), so the header carries them without a row of its own.
    """

    def __init__(self, title: str, color: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._title = title.upper()
        self._color = QColor(color)
        self._subtitle = ""
        self._cache: tuple[object, QPixmap] | None = None  # the elbow painted at a size
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self._row = QHBoxLayout(self)
        self._row.setSpacing(round(scaled(8)))
        self._row.addStretch()

    def _height(self) -> int:
        return round(scaled(64))

    def _title_font(self) -> QFont:
        font = QFont(FONT_FAMILY)
        font.setPixelSize(int(self._height() * 0.5))
        font.setBold(True)
        return font

    def _margins(self) -> None:
        h = self._height()
        bar = h * 0.42
        name = QFontMetricsF(self._title_font()).horizontalAdvance(self._title)
        self._row.setContentsMargins(round(bar * 1.6 + name + scaled(24)), round(bar + 1), 4, 1)

    def addRight(self, widget: QWidget) -> None:
        self._row.addWidget(widget)

    def sizeHint(self) -> QSize:
        self._margins()
        return QSize(self._row.sizeHint().width(), self._height())

    def minimumSizeHint(self) -> QSize:
        self._margins()
        return QSize(self._row.minimumSize().width(), self._height())

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
        key = (self.width(), self.height(), ratio, self._color.name(), self._title)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        pixmap = QPixmap(round(self.width() * ratio), round(self.height() * ratio))
        pixmap.setDevicePixelRatio(ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        p = QPainter(pixmap)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        w, h = self.width(), self.height()
        bar = h * 0.42
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
        p.setFont(self._title_font())
        p.setPen(QColor(self._color))
        text_rect = QRectF(bar * 1.6, bar, w - bar * 1.6, h - bar)
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
        w, bar = self.width(), self.height() * 0.42
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
    """A rounded label in one of the LCARS colours (a new text repaints only the pill)."""

    def __init__(
        self, text: str = "", color: str = COLORS.peach, parent: QWidget | None = None
    ) -> None:
        super().__init__(text, parent)
        self.setColor(color)
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)

    def setColor(self, color: str) -> None:
        self.setStyleSheet(
            f"background: {color}; color: #000; border-radius: {round(scaled(12))}px;"
            f" padding: {round(scaled(3))}px {round(scaled(12))}px; font-weight: bold;"
        )


def section_label(text: str, parent: QWidget | None = None) -> QLabel:
    label = QLabel(text.upper(), parent)
    label.setObjectName("section")
    label.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
    return label
