"""Viewscreen paintings that scale with their widget: the tactical map and large dice."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from bridge.engine import Encounter
from bridge.rules.task import DieRoll
from bridge.ui.base.theme import COLORS, FONT_FAMILY
from bridge.ui.widgets.dice import die_meaning
from bridge.ui.widgets.zone_map import _layout

__all__ = ["BigDice", "TacticalMap", "map_grid", "map_lines"]


def _font(px: float, bold: bool = True) -> QFont:
    font = QFont(FONT_FAMILY)
    font.setPixelSize(max(int(px), 8))
    font.setBold(bold)
    return font


def map_lines(state: Encounter, own: str) -> dict[str, list[tuple[str, str, str]]]:
    """Per zone, each ship as (name with its marker, range from ``own`` or its fate, colour)."""
    out: dict[str, list[tuple[str, str, str]]] = {z: [] for z in state.zones.zones}
    for sid, zone in state.zones.positions.items():
        if zone not in out:
            continue
        ship = state.ships[sid]
        player = state.sides[sid] == "player"
        name = f"{'◆' if player else '▼'} {ship.name.upper()}"
        color = COLORS.blue if player else COLORS.red
        detail = ""
        if ship.destroyed or sid in state.retreated:
            detail = "DESTROYED" if ship.destroyed else "WITHDRAWN"
            color = COLORS.dim
        elif sid == own:
            detail = "OUR SHIP"
        elif own in state.zones.positions:
            detail = state.zones.range_between(own, sid).label.upper()
        out[zone].append((name, detail, color))
    return out


def map_grid(state: Encounter) -> dict[str, tuple[int, int]]:
    """The zone map's grid; a chain of three or more zones folds into two rows (a screen
    is wider than tall, but not that wide), the second row running back."""
    grid = _layout(state.zones)
    cols = max((c for c, _ in grid.values()), default=0) + 1
    if cols < 3 or any(r for _, r in grid.values()):
        return grid
    half = (cols + 1) // 2
    return {z: (c, 0) if c < half else (cols - 1 - c, 1) for z, (c, _) in grid.items()}


class TacticalMap(QWidget):
    """The zones, their links and the ships in each, lettered as large as the boxes allow."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._state: Encounter | None = None
        self._own = ""
        self._picture: object = None  # what the last setEncounter asked to paint
        self._unit = 40.0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def setUnit(self, unit: float) -> None:
        """The viewscreen's type size: the map's letters go no larger."""
        self._unit = unit
        self.update()

    def setEncounter(self, state: Encounter, own: str) -> None:
        """Show ``state`` from ``own``'s ship; repainted only if the picture changed."""
        self._state, self._own = state, own
        picture = (map_grid(state), state.zones.links, map_lines(state, own))
        if picture != self._picture:
            self._picture = picture
            self.update()

    def text_size(self) -> float:
        """The pixel size the ships' lines are painted at (fitted to the boxes)."""
        return self._fit()[0]

    def _fit(self) -> tuple[float, bool]:
        """The text size, and whether each ship takes one line (name · range), not two."""
        state = self._state
        grid = map_grid(state) if state else {}
        if state is None or not grid:
            return 0.0, False
        cols = max(c for c, _ in grid.values()) + 1
        rows = max(r for _, r in grid.values()) + 1
        box_w = self.width() / cols - 12 - 2 * self._pad()
        box_h = self.height() / rows - 12 - self._pad()
        lines = map_lines(state, self._own)
        probe = QFontMetricsF(_font(100))
        best = (0.0, False)
        for single in (False, True):
            size = self._unit * 0.8
            for zone, ships in lines.items():
                texts = [zone.upper()]
                for name, detail, _ in ships:
                    texts += [f"{name} · {detail}"] if single else [name, detail]
                widest = max(probe.horizontalAdvance(t) for t in texts)
                rows_needed = (1 if single else 2) * len(ships) + 1.2
                size = min(size, box_w * 100 / widest, box_h / (1.2 * rows_needed))
            best = max(best, (size, single))
        return max(best[0], 8.0), best[1]

    def _pad(self) -> float:
        return self._unit * 0.3

    def paintEvent(self, event: QPaintEvent) -> None:
        state = self._state
        grid = map_grid(state) if state else {}
        if state is None or not grid:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        cols = max(c for c, _ in grid.values()) + 1
        rows = max(r for _, r in grid.values()) + 1
        cw, rh = self.width() / cols, self.height() / rows
        rects = {z: QRectF(c * cw + 6, r * rh + 6, cw - 12, rh - 12) for z, (c, r) in grid.items()}
        radius = min(self._unit * 0.5, cw / 6, rh / 6)
        p.setPen(QPen(QColor(COLORS.violet), max(self._unit / 10, 2)))
        for a, b in state.zones.links:
            p.drawLine(rects[a].center(), rects[b].center())
        size, single = self._fit()
        pad = self._pad()
        lines = map_lines(state, self._own)
        for zone, rect in rects.items():
            p.setPen(QPen(QColor(COLORS.violet), max(self._unit / 16, 2)))
            p.setBrush(QColor(COLORS.panel))
            p.drawRoundedRect(rect, radius, radius)
            p.setFont(_font(size * 0.9))
            p.setPen(QColor(COLORS.lavender))
            inner = rect.adjusted(pad, pad * 0.5, -pad, 0)
            p.drawText(inner, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft, zone.upper())
            p.setFont(_font(size))
            y = inner.top() + size * 1.2
            ascent = QFontMetricsF(_font(size)).ascent()
            metrics = QFontMetricsF(_font(size))
            for name, detail, color in lines[zone]:
                p.setPen(QColor(color))
                p.drawText(QPointF(inner.left(), y + ascent), name)
                p.setPen(QColor(COLORS.peach))
                if single:
                    x = inner.left() + metrics.horizontalAdvance(f"{name} · ")
                    p.drawText(QPointF(x, y + ascent), detail)
                    y += size * 1.2
                else:
                    p.drawText(QPointF(inner.left(), y + size * 1.15 + ascent), detail)
                    y += size * 2.4
        p.end()


class BigDice(QWidget):
    """A row of d20s as large as the widget allows: face, and its meaning in words."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._dice: tuple[DieRoll, ...] = ()
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def setDice(self, dice: tuple[DieRoll, ...]) -> None:
        if dice != self._dice:
            self._dice = dice
            self.update()

    def dice(self) -> tuple[DieRoll, ...]:
        return self._dice

    def die_size(self) -> float:
        """The side of each painted die (the words beneath take a third more)."""
        n = max(len(self._dice), 1)
        return max(min(self.height() / 1.5, self.width() / (n * 1.2)), 10.0)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self._dice:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        size = self.die_size()
        step = size * 1.2
        for i, die in enumerate(self._dice):
            x = i * step + size * 0.1
            color = COLORS.orange if die.critical else COLORS.blue if die.successes else "#555"
            if die.kind == "assist":
                color = COLORS.lavender if die.successes else "#4a404a"
            rect = QRectF(x, 0, size, size)
            if die.complication:
                p.setPen(QPen(QColor(COLORS.red), size / 12))
            else:
                p.setPen(Qt.PenStyle.NoPen)
            p.setBrush(QColor(color))
            p.drawRoundedRect(rect.adjusted(2, 2, -2, -2), size / 5, size / 5)
            p.setFont(_font(size * 0.55))
            p.setPen(QColor("#000"))
            p.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(die.value))
            word = die_meaning(die).replace(" + ", " ")
            if die.kind == "assist":
                word = f"ASSIST {word}"
            small = _font(size * 0.3)
            metrics = QFontMetricsF(small)
            scale = min(1.0, step * 0.98 / max(metrics.horizontalAdvance(word), 1.0))
            p.setFont(_font(size * 0.3 * scale))
            p.setPen(QColor(COLORS.red if die.complication else COLORS.text))
            p.drawText(
                QRectF(x - size * 0.1, size * 1.04, step, size * 0.45),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                word,
            )
        p.end()
