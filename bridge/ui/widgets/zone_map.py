"""The zone map: zones, which touch which, and the ships in each, with ranges."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from PySide6.QtCore import QEvent, QPointF, QRectF, QSizeF, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QHelpEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import QToolTip, QWidget

from bridge.engine import Encounter, ZoneMap
from bridge.ui.base.theme import COLORS, FONT_FAMILY, scaled, window_scale
from bridge.ui.widgets.scaled import ScaledWidget

__all__ = ["ZoneMapView", "ship_lines"]


def _layout(zones: ZoneMap) -> dict[str, tuple[int, int]]:
    """Column = distance from the first zone, row = order within that column."""
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


def ship_lines(state: Encounter, own: str | None) -> list[tuple[str, str, str, str]]:
    """Each placed ship as (ship id, zone, its line: name and range or fate, colour)."""
    lines = []
    for sid, zone in state.zones.positions.items():
        ship = state.ships[sid]
        side = state.sides[sid]
        color = COLORS.blue if side == "player" else COLORS.red
        text = f"{'◆' if side == 'player' else '▼'} {ship.name}"
        if ship.destroyed or sid in state.retreated:
            text += " (destroyed)" if ship.destroyed else " (withdrawn)"
            color = COLORS.dim
        elif own and sid != own and own in state.zones.positions:
            text += f" · {state.zones.range_between(own, sid).label}"
        lines.append((sid, zone, text, color))
    return lines


def _wrap(text: str, metrics: QFontMetricsF, room: float) -> list[str]:
    """``text`` in lines no wider than ``room``, broken between words."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


class ZoneMapView(ScaledWidget):
    """Painted zone map; ``own`` ship's range to every other ship is written beside it.

    With ``movable`` (the GM console), a ship is dragged by its name to another zone:
    ``sig_move(ship, zone)`` asks for the move, which the engine judges. The same map
    shows a personal conflict's figures (:meth:`setPicture`), dragged the same way.
    """

    HINT = (480, 200)
    MINIMUM = (200, 150)

    sig_move = Signal(str, str)

    def __init__(self, parent: QWidget | None = None, movable: bool = False) -> None:
        super().__init__(parent)
        self._map: ZoneMap | None = None
        self._lines: list[tuple[str, str, str, str]] = []
        self._picture: object = None  # what the last setEncounter asked to paint
        self._zones: dict[str, QRectF] = {}
        self._ships: dict[str, QRectF] = {}
        self._texts: dict[str, list[str]] = {}
        self._more: dict[str, tuple[QRectF, list[str]]] = {}  # a crowded zone's "+N more"
        self._full: dict[str, str] = {}  # each ship's whole line, as last painted
        self._drawn: _Backdrop | None = None  # the zones as last painted
        self._widths: tuple[tuple[object, ...], tuple[float, ...]] | None = None
        self._words: dict[tuple[str, float, float, float, bool], _Words] = {}
        self._dragging: str | None = None
        self._drag_at: QPointF | None = None
        self.movable = movable
        self.text_px = 14.0
        """The size of the names' type, in pixels at text size 1 (the viewscreen's is
        larger: it is read from across the room)."""
        if movable:
            self.setMouseTracking(True)
            self.setToolTip("Drag a ship by its name to another zone to move it")

    def zone_rects(self) -> dict[str, QRectF]:
        """Where each zone was last painted (widget coordinates)."""
        return dict(self._zones)

    def ship_rects(self) -> dict[str, QRectF]:
        """Where each ship's name was last painted (widget coordinates)."""
        return dict(self._ships)

    def ship_texts(self) -> dict[str, list[str]]:
        """The lines each ship was last painted as (its name, then its range)."""
        return {sid: list(t) for sid, t in self._texts.items()}

    def _ship_words(self, text: str, room: float, compact: bool = False) -> _Words:
        """A ship's name and its range, whole: the range goes to a line of its own when
        both do not fit, the type shrinks (to three quarters), then a long name wraps
        between its words (worked out once per text, room and text size). ``compact``
        (a crowded zone): one line in smaller type, cut with an ellipsis where it must."""
        scale = window_scale(self)
        key = (text, room, scale, self.text_px, compact)
        words = self._words.get(key)
        if words is not None:
            return words
        body = QFont(FONT_FAMILY)
        size = scale * self.text_px
        if compact:
            body.setPixelSize(max(round(size * 0.8), 6))
            metrics = QFontMetricsF(body)
            line = metrics.elidedText(text, Qt.TextElideMode.ElideRight, room)
            words = _Words(
                body,
                (line,),
                metrics.height() + scale,
                metrics.ascent(),
                metrics.horizontalAdvance(line),
            )
            return self._keep(key, words)
        body.setPixelSize(round(size))
        metrics = QFontMetricsF(body)
        parts = [text] if metrics.horizontalAdvance(text) <= room else text.split(" · ")
        widest = max(metrics.horizontalAdvance(part) for part in parts)
        if widest > room:  # a long name in a narrow zone: smaller, but whole if it can be
            body.setPixelSize(max(round(size * max(room / widest, 0.75)), 6))
            metrics = QFontMetricsF(body)
        shown = [
            metrics.elidedText(line, Qt.TextElideMode.ElideRight, room)  # a word too long
            for part in parts
            for line in _wrap(part, metrics, room)
        ]
        indent = scale * 8
        width = max(metrics.horizontalAdvance(part) for part in shown)
        words = _Words(
            body,
            tuple(shown),
            metrics.height() + scale * 2,
            metrics.ascent(),
            width + (indent if len(shown) > 1 else 0),
        )
        return self._keep(key, words)

    def _keep(self, key: tuple[str, float, float, float, bool], words: _Words) -> _Words:
        if len(self._words) > 2048:  # names, ranges and widths of battles gone by
            self._words.clear()
        self._words[key] = words
        return words

    def _paint_ship(
        self,
        p: QPainter,
        sid: str,
        text: str,
        color: str,
        at: QPointF,
        room: float,
        compact: bool = False,
    ) -> float:
        """A ship's lines (see :meth:`_ship_words`) at ``at``; returns where the next
        ship goes."""
        words = self._ship_words(text, room, compact)
        scale = window_scale(self)
        p.setFont(words.font)
        p.setPen(QColor(COLORS.orange if sid == self._dragging else color))
        line = words.line
        drop = scale * 12 * self.text_px / 14  # the first line's baseline below ``at``
        if compact:
            drop = words.ascent + scale
        for i, part in enumerate(words.lines):
            p.drawText(QPointF(at.x() + (scale * 8 if i else 0), at.y() + drop + i * line), part)
        top = at.y() + drop - words.ascent
        self._ships[sid] = QRectF(at.x(), top, words.width, line * len(words.lines))
        self._texts[sid] = list(words.lines)
        self._full[sid] = text
        return at.y() + line * len(words.lines) + scale * (1 if compact else 2)

    def _ship_at(self, point: QPointF) -> str | None:
        return next((sid for sid, r in self._ships.items() if r.contains(point)), None)

    def _zone_at(self, point: QPointF) -> str | None:
        return next((z for z, r in self._zones.items() if r.contains(point)), None)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        ship = self._ship_at(event.position()) if self.movable else None
        if ship is None:
            super().mousePressEvent(event)
            return
        self._dragging, self._drag_at = ship, event.position()
        self.setCursor(Qt.CursorShape.ClosedHandCursor)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self._dragging is not None:
            self._drag_at = event.position()
            self.update()
        elif self.movable:
            over = self._ship_at(event.position()) is not None
            self.setCursor(Qt.CursorShape.OpenHandCursor if over else Qt.CursorShape.ArrowCursor)
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        ship, self._dragging, self._drag_at = self._dragging, None, None
        self.unsetCursor()
        self.update()
        if ship is None or self._map is None:
            super().mouseReleaseEvent(event)
            return
        zone = self._zone_at(event.position())
        now = next((where for sid, where, _t, _c in self._lines if sid == ship), None)
        if zone is not None and zone != now:
            self.sig_move.emit(ship, zone)

    def setEncounter(self, state: Encounter, own: str | None = None) -> None:
        """Show ``state`` from ``own``'s ship; repainted only if the picture changed."""
        self.setPicture(state.zones, ship_lines(state, own))

    def setPicture(self, zones: ZoneMap, lines: list[tuple[str, str, str, str]]) -> None:
        """Show ``zones`` and what stands in them: (id, zone, its line, colour) each, a
        ship or a figure of a personal conflict; repainted only if the picture changed."""
        picture = (zones.zones, zones.links, lines)
        if picture != self._picture:
            self._picture = picture
            self._map, self._lines = zones, lines
            self.update()

    def _backdrop(self, zones: ZoneMap, grid: dict[str, tuple[int, int]]) -> _Backdrop:
        """The zones, their links and names, painted once per map, size, text size and
        drag target (a picture: painting it again is one copy); the ships' names change
        far more often and are painted over it."""
        drag_at = self._drag_at if self._dragging is not None else None
        widths = self._column_widths(grid)
        rects = self._rects(grid, widths)
        target = next((z for z, r in rects.items() if drag_at and r.contains(drag_at)), None)
        ratio = self.devicePixelRatioF()
        key: tuple[object, ...] = (zones.zones, zones.links, self.size(), ratio, target, widths)
        key += (window_scale(self), self.text_px)
        key += (COLORS.violet, COLORS.orange, COLORS.panel, COLORS.lavender)
        if self._drawn is not None and self._drawn.key == key:
            return self._drawn
        picture = QPixmap((QSizeF(self.size()) * ratio).toSize())
        picture.setDevicePixelRatio(ratio)
        picture.fill(Qt.GlobalColor.transparent)
        p = QPainter(picture)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(QPen(QColor(COLORS.violet), 3))
        for a, b in zones.links:
            p.drawLine(rects[a].center(), rects[b].center())
        title = self._title_font()
        tops: dict[str, float] = {}
        for zone, rect in rects.items():
            p.setPen(QPen(QColor(COLORS.orange if zone == target else COLORS.violet), 2))
            p.setBrush(QColor(COLORS.panel))
            p.drawRoundedRect(rect, 14, 14)
            p.setFont(title)
            p.setPen(QColor(COLORS.lavender))
            p.drawText(self._head(rect), _TITLE_FLAGS, zone.upper())
            tops[zone] = self._top(zone, rect, QFontMetricsF(title))
        p.end()
        self._drawn = _Backdrop(key, picture, rects, tops)
        return self._drawn

    def _title_font(self) -> QFont:
        title = QFont(FONT_FAMILY)
        title.setPixelSize(round(scaled(self.text_px + 1, self)))
        title.setBold(True)
        return title

    def _head(self, rect: QRectF) -> QRectF:
        """Where a zone's name is written in its box."""
        return rect.adjusted(scaled(10, self), scaled(6, self), -scaled(6, self), 0)

    def _top(self, zone: str, rect: QRectF, metrics: QFontMetricsF) -> float:
        """Where a zone's ships start: under its name (which wraps in a narrow box)."""
        used = metrics.boundingRect(self._head(rect), _TITLE_FLAGS, zone.upper())
        return used.bottom() + scaled(4, self)

    def _rects(self, grid: dict[str, tuple[int, int]], widths: tuple[float, ...]) -> Rects:
        """Each zone's box: its column as wide as ``widths`` says, its row a share of the
        height."""
        rows = max(r for _, r in grid.values()) + 1
        rh = self.height() / rows
        lefts = [sum(widths[:c]) for c in range(len(widths))]
        return {
            z: QRectF(lefts[c] + 6, r * rh + 6, widths[c] - 12, rh - 12)
            for z, (c, r) in grid.items()
        }

    def _column_widths(self, grid: dict[str, tuple[int, int]]) -> tuple[float, ...]:
        """How wide each column of zones is: equal shares while every ship's line is
        whole in them (a long one may wrap); else a crowded column takes what it needs
        for its lines whole, one line each in full-size type, from the others' room
        (each keeps what its own lines need), in smaller type if that is what leaves
        room for all (the most crowded first); when even that is too much, shares in
        proportion to the needs. Widths worked out before are kept while they still
        show every line whole (a figure's Stress changing moves no zone's side)."""
        cols = max(c for c, _ in grid.values()) + 1
        key = (self._picture, self.size(), window_scale(self), self.text_px)
        if self._widths is not None and self._widths[0] == key:
            return self._widths[1]
        total = float(self.width())
        widths = tuple(total / cols for _ in range(cols))
        before = self._widths
        same_size = before is not None and before[0][1:] == key[1:]
        kept = before[1] if before is not None and same_size else widths
        kept = kept if len(kept) == cols else widths  # (another map or size: afresh)
        if cols > 1 and any(self._cut(grid, z, widths) for z in grid):
            if kept != widths and not any(self._cut(grid, z, kept) for z in grid):
                self._widths = (key, kept)
                return kept
            columns = [[z for z, (c, _r) in grid.items() if c == col] for col in range(cols)]
            needs = [self._need(grid, zones, col, cols, False) for col, zones in enumerate(columns)]
            for col in sorted(range(cols), key=lambda c: -needs[c]):
                if sum(needs) <= total:
                    break
                needs[col] = min(needs[col], self._need(grid, columns[col], col, cols, True))
            widths = _share(needs, total)
        self._widths = (key, widths)
        return widths

    def _need(
        self, grid: dict[str, tuple[int, int]], zones: list[str], col: int, cols: int, small: bool
    ) -> float:
        """The narrowest the column ``col`` can be with its zones' lines whole, one line
        each (in smaller type if ``small``; its zones' names never cut within a word); as
        wide as it may be if no width holds them so."""
        metrics = QFontMetricsF(self._title_font())
        words = [w for z in zones for w in z.upper().split()]
        floor = max((metrics.horizontalAdvance(w) for w in words), default=0.0)
        low = floor + scaled(16, self) + 12
        high = max(float(self.width()) - low * (cols - 1), low)

        def whole(width: float) -> bool:
            widths = tuple(width if c == col else low for c in range(cols))
            return all(self._whole(grid, z, widths, small) for z in zones)

        if whole(low):
            return low
        if not whole(high):
            return high
        while high - low > 2:
            middle = (low + high) / 2
            low, high = (low, middle) if whole(middle) else (middle, high)
        return high

    def _cut(self, grid: dict[str, tuple[int, int]], zone: str, widths: tuple[float, ...]) -> bool:
        """Whether a line of ``zone``'s ships is cut with an ellipsis or left out with
        columns ``widths``."""
        placed = self._placed(grid, zone, widths)
        if placed is None:
            return False
        lines = [
            (text, self._ship_words(text, room, placed.compact).lines)
            for _sid, text, _color, _at, room in placed.shown
        ]
        elided = any("…" in " ".join(shown) and "…" not in text for text, shown in lines)
        return bool(placed.left_out) or elided

    def _placed(
        self, grid: dict[str, tuple[int, int]], zone: str, widths: tuple[float, ...]
    ) -> _Placed | None:
        """How ``zone``'s ships are arranged with columns ``widths`` (None: it has none)."""
        entries = [(sid, text, color) for sid, where, text, color in self._lines if where == zone]
        if not entries:
            return None
        rect = self._rects(grid, widths)[zone]
        return self._arrange(
            entries, rect, self._top(zone, rect, QFontMetricsF(self._title_font()))
        )

    def _whole(
        self, grid: dict[str, tuple[int, int]], zone: str, widths: tuple[float, ...], small: bool
    ) -> bool:
        """Whether every line of ``zone``'s ships is shown whole on one line with columns
        ``widths`` (none left out, none cut with an ellipsis, none wrapped; in full-size
        type unless ``small``)."""
        placed = self._placed(grid, zone, widths)
        return placed is None or (self._tidy(placed) and (small or not placed.compact))

    def _height(self, text: str, room: float, compact: bool = False) -> float:
        """How far down a ship's lines reach, with the space before the next."""
        words = self._ship_words(text, room, compact)
        return words.line * len(words.lines) + window_scale(self) * (1 if compact else 2)

    def _arrange(self, entries: list[tuple[str, str, str]], rect: QRectF, top: float) -> _Placed:
        """Where each of a zone's ships goes: one column, or two or three side by side
        when one does not hold them all; then one line each in smaller type (the whole
        line in its tooltip); what still does not fit is left out and named by a last
        line, "+N more" (see :class:`_Placed`). In full-size type, the first way that
        shows every line whole on one line is taken, else the first that shows them all
        (a long name wraps); smaller type only when none does."""
        left, bottom = rect.left() + scaled(12, self), rect.bottom() - scaled(4, self)
        width, gap = rect.width() - scaled(20, self), scaled(10, self)
        best: _Placed | None = None
        wrapped: _Placed | None = None
        for compact, columns in ((False, 1), (False, 2), (False, 3), (True, 1), (True, 2)):
            if compact and wrapped is not None:
                break  # (full-size type, a long name wrapped, before smaller type)
            room = (width - gap * (columns - 1)) / columns
            if columns > 1 and room < scaled(56 if compact else 80, self):
                continue
            shown: list[tuple[str, str, str, QPointF, float]] = []
            column, y = 0, top
            for sid, text, color in entries:
                height = self._height(text, room, compact)
                if y + height > bottom and y > top and column + 1 < columns:
                    column, y = column + 1, top
                if y + height > bottom and y > top:
                    break
                shown.append((sid, text, color, QPointF(left + column * (room + gap), y), room))
                y += height
            if len(shown) == len(entries):
                placed = _Placed(shown, [], QPointF(), room, compact)
                if self._tidy(placed):
                    return placed
                wrapped = wrapped or placed
                continue
            more = self._height(f"+{len(entries)} more", room, compact)
            at = QPointF(left + column * (room + gap), y)
            while shown and at.y() + more > bottom and at.y() > top:
                at = shown.pop()[3]  # the "+N more" line takes the last one's place
            if best is None or len(shown) > len(best.shown):
                left_out = [text for _s, text, _c in entries[len(shown) :]]
                best = _Placed(shown, left_out, at, room, compact)
        if wrapped is not None:
            return wrapped
        assert best is not None
        return best

    def _tidy(self, placed: _Placed) -> bool:
        """Whether ``placed`` shows every line whole, each on one line."""
        if placed.left_out:
            return False
        for _sid, text, _color, _at, room in placed.shown:
            lines = self._ship_words(text, room, placed.compact).lines
            if len(lines) > 1 or ("…" in lines[0] and "…" not in text):
                return False
        return True

    def cut_lines(self) -> list[str]:
        """The whole lines of the ships (or figures) last painted cut with an ellipsis (a
        crowded zone's one line in small type), as they read whole."""
        return [
            self._full[sid]
            for sid, shown in self._texts.items()
            if sid in self._full and "…" in " ".join(shown) and "…" not in self._full[sid]
        ]

    def hidden_texts(self) -> dict[str, list[str]]:
        """The lines each crowded zone left out when last painted (named by "+N more")."""
        return {zone: list(texts) for zone, (_r, texts) in self._more.items()}

    def event(self, event: QEvent) -> bool:
        """A crowded zone's "+N more" line names the ships it leaves out as its tooltip;
        a ship's tooltip is its whole line."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            at = QPointF(event.pos())
            for rect, texts in self._more.values():
                if rect.contains(at):
                    QToolTip.showText(event.globalPos(), "\n".join(texts), self)
                    return True
            ship = self._ship_at(at)
            if ship is not None and ship in self._full:  # its whole line (cut in a crowd)
                QToolTip.showText(event.globalPos(), self._full[ship], self)
                return True
        return super().event(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        zones = self._map
        if zones is None:
            return
        grid = _layout(zones)
        if not grid:
            return
        backdrop = self._backdrop(zones, grid)
        p = QPainter(self)
        p.drawPixmap(0, 0, backdrop.picture)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._zones = dict(backdrop.rects)
        self._ships = {}
        self._texts = {}
        self._full = {}
        self._more = {}
        for zone, rect in backdrop.rects.items():
            entries = [
                (sid, text, color) for sid, where, text, color in self._lines if where == zone
            ]
            placed = self._arrange(entries, rect, backdrop.tops[zone])
            small = placed.compact
            for sid, text, color, at, room in placed.shown:
                self._paint_ship(p, sid, text, color, at, room, small)
            if placed.left_out:
                more = f"+{len(placed.left_out)} more"
                at, room = placed.more_at, placed.room
                self._paint_ship(p, _MORE, more, COLORS.lavender, at, room, small)
                self._more[zone] = (self._ships.pop(_MORE), placed.left_out)
                self._texts.pop(_MORE)
                self._full.pop(_MORE)
        p.end()


Rects = dict[str, QRectF]
_TITLE_FLAGS = Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


def _share(needs: list[float], total: float) -> tuple[float, ...]:
    """Widths for columns that need ``needs``: each at least its need and the rest shared
    so the narrow ones are as wide as can be (equal when none needs more than an equal
    share); in proportion to the needs when ``total`` does not hold them all."""
    if sum(needs) >= total:
        return tuple(total * n / sum(needs) for n in needs)
    level, left, rest = 0.0, total, sorted(needs, reverse=True)
    while rest:  # the widest needs keep theirs while they exceed the level the others share
        level = left / len(rest)
        if rest[0] <= level:
            break
        left -= rest.pop(0)
    return tuple(max(n, level) for n in needs)


_MORE = "\0more"
"""The key a zone's "+N more" line is painted under (no ship's id)."""


@dataclass(frozen=True)
class _Placed:
    """A zone's ships as arranged: (id, line, colour, where, room) for each shown; the
    lines left out, and where the "+N more" line naming them goes, and its room; and
    whether they are one line each in smaller type."""

    shown: list[tuple[str, str, str, QPointF, float]]
    left_out: list[str]
    more_at: QPointF
    room: float
    compact: bool = False


@dataclass(frozen=True)
class _Backdrop:
    """A zone map's zones as last painted: the picture, each zone's box, and where its
    ships' names start (under its name)."""

    key: tuple[object, ...]
    picture: QPixmap
    rects: dict[str, QRectF]
    tops: dict[str, float]


@dataclass(frozen=True)
class _Words:
    """A ship's lines as painted: their font, the lines, a line's height, the font's
    ascent and the widest line's width (the second line is indented)."""

    font: QFont
    lines: tuple[str, ...]
    line: float
    ascent: float
    width: float
