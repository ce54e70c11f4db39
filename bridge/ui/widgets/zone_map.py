"""The zone map: zones, which touch which, and the ships in each, with ranges."""

from __future__ import annotations

from collections import deque

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QWidget

from bridge.engine import Encounter
from bridge.ui.theme import COLORS, FONT_FAMILY, scaled

__all__ = ["ZoneMapView"]


def _layout(state: Encounter) -> dict[str, tuple[int, int]]:
    """Column = distance from the first zone, row = order within that column."""
    zones = state.zones
    if not zones.zones:
        return {}
    columns: dict[str, int] = {}
    for root in zones.zones:
        if root in columns:
            continue
        base = max(columns.values(), default=-1) + 1
        columns[root] = base
        queue = deque([root])
        while queue:
            z = queue.popleft()
            for n in sorted(zones.neighbours(z)):
                if n not in columns:
                    columns[n] = columns[z] + 1
                    queue.append(n)
    rows: dict[int, int] = {}
    out = {}
    for z in zones.zones:
        c = columns[z]
        out[z] = (c, rows.get(c, 0))
        rows[c] = rows.get(c, 0) + 1
    return out


class ZoneMapView(QWidget):
    """Painted zone map; ``own`` ship's range to every other ship is written beside it."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state: Encounter | None = None
        self._own: str | None = None
        self.setMinimumHeight(round(scaled(150)))

    def setEncounter(self, state: Encounter, own: str | None = None) -> None:
        self._state, self._own = state, own
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        state = self._state
        if state is None:
            return
        grid = _layout(state)
        if not grid:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        cols = max(c for c, _ in grid.values()) + 1
        rows = max(r for _, r in grid.values()) + 1
        cw, rh = self.width() / cols, self.height() / rows
        rects = {z: QRectF(c * cw + 6, r * rh + 6, cw - 12, rh - 12) for z, (c, r) in grid.items()}
        p.setPen(QPen(QColor(COLORS.violet), 3))
        for a, b in state.zones.links:
            p.drawLine(rects[a].center(), rects[b].center())
        title = QFont(FONT_FAMILY)
        title.setPixelSize(round(scaled(15)))
        title.setBold(True)
        body = QFont(FONT_FAMILY)
        body.setPixelSize(round(scaled(14)))
        for zone, rect in rects.items():
            p.setPen(QPen(QColor(COLORS.violet), 2))
            p.setBrush(QColor(COLORS.panel))
            p.drawRoundedRect(rect, 14, 14)
            p.setFont(title)
            p.setPen(QColor(COLORS.lavender))
            head = rect.adjusted(scaled(10), scaled(6), -scaled(6), 0)
            flags = Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap
            used = QFontMetricsF(title).boundingRect(head, flags, zone.upper())
            p.drawText(head, flags, zone.upper())
            p.setFont(body)
            y = used.bottom() + scaled(4)
            line = QFontMetricsF(body).height() + scaled(4)
            room = rect.width() - scaled(20)
            for sid, where in state.zones.positions.items():
                if where != zone:
                    continue
                ship = state.ships[sid]
                side = state.sides[sid]
                gone = ship.destroyed or sid in state.retreated
                color = COLORS.blue if side == "player" else COLORS.red
                mark = "◆" if side == "player" else "▼"
                text = f"{mark} {ship.name}"
                if gone:
                    text += " (destroyed)" if ship.destroyed else " (withdrawn)"
                    color = COLORS.dim
                elif self._own and sid != self._own and self._own in state.zones.positions:
                    text += f" · {state.zones.range_between(self._own, sid).label}"
                p.setPen(QColor(color))
                text = QFontMetricsF(body).elidedText(text, Qt.TextElideMode.ElideRight, room)
                p.drawText(QPointF(rect.left() + scaled(12), y + scaled(12)), text)
                y += line
        p.end()
