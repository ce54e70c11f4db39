"""Challenge dice as dice: the face each shows (1, 2, blank, or an Effect), painted.

One painter serves every place they show: a row of dice in the task dialog (where the
attacker picks the ones to re-roll), the dice tray and the viewscreen, and the dice drawn
inside a line of text (the damage report's "[2 1 - 2 1E] = 6 damage"). Faces (seed 001
ROLL DAMAGE): 1 and 2 deal that much, 3 and 4 are blank, 5 and 6 deal 1 and an Effect.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from functools import cache

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPainterPath,
    QPaintEvent,
    QPen,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from bridge.rules.challenge import ROLL_TEXT, ChallengeDie
from bridge.ui.base.theme import COLORS, FONT_FAMILY, scaled
from bridge.ui.widgets.scaled import ScaledWidget

__all__ = [
    "ChallengeDiceRow",
    "dice_html",
    "die_word",
    "paint_challenge_die",
]

_SYMBOL_FACE = {"1": 1, "2": 2, "-": 3, "1E": 5}
"""A face that shows each symbol the log writes (rules.challenge.ChallengeDie.symbol)."""


def die_word(die: ChallengeDie) -> str:
    """Words, not colour: what the face counts for."""
    if die.effect:
        return "1 + EFFECT"
    return "BLANK" if die.damage == 0 else str(die.damage)


def _font(px: float) -> QFont:
    font = QFont(FONT_FAMILY)
    font.setPixelSize(max(round(px), 6))
    font.setBold(True)
    return font


def _delta(rect: QRectF) -> QPainterPath:
    """The Effect mark: a delta (an arrowhead with a notched base)."""
    w, h = rect.width(), rect.height()
    x, y = rect.left(), rect.top()
    path = QPainterPath()
    path.moveTo(x + w / 2, y)
    path.lineTo(x + w, y + h)
    path.lineTo(x + w / 2, y + h * 0.72)
    path.lineTo(x, y + h)
    path.closeSubpath()
    return path


def paint_challenge_die(
    p: QPainter, rect: QRectF, die: ChallengeDie, *, chosen: bool = False
) -> None:
    """One challenge die in ``rect`` (a square): its colour and face. ``chosen`` rings it
    (picked for a re-roll)."""
    side = rect.width()
    if die.effect:
        fill = COLORS.orange
    elif die.damage == 2:
        fill = COLORS.gold
    elif die.damage == 1:
        fill = COLORS.blue
    else:
        fill = "#3a3a44"
    body = rect.adjusted(side * 0.04, side * 0.04, -side * 0.04, -side * 0.04)
    p.setPen(QPen(QColor(COLORS.red), side * 0.09) if chosen else QPen(QColor("#000"), 1))
    p.setBrush(QColor(fill))
    p.drawRoundedRect(body, side * 0.18, side * 0.18)
    p.setPen(QColor("#000"))
    if die.effect:
        mark = QRectF(
            body.left() + body.width() * 0.27,
            body.top() + body.height() * 0.1,
            body.width() * 0.46,
            body.height() * 0.46,
        )
        p.setBrush(QColor("#000"))
        p.drawPath(_delta(mark))
        p.setFont(_font(side * 0.3))
        low = QRectF(body.left(), body.top() + body.height() * 0.56, body.width(), side * 0.4)
        p.drawText(low, Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop, "1")
    elif die.damage:
        p.setFont(_font(side * 0.6))
        p.drawText(body, Qt.AlignmentFlag.AlignCenter, str(die.damage))
    if die.rerolled_from is not None:  # a small mark in the corner: this die was re-rolled
        r = side * 0.1
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(QColor(COLORS.peach))
        p.drawEllipse(QPointF(body.right() - r * 1.4, body.top() + r * 1.4), r, r)


class ChallengeDiceRow(ScaledWidget):
    """A row of challenge dice with the meaning of each under it.

    ``selectable``: a click (or the digit key of a die) picks it for a re-roll or drops it,
    and ``sig_selection`` says which are picked. ``fill``: the dice grow to the widget
    (the viewscreen); otherwise they follow the text size.
    """

    sig_selection = Signal(object)
    """The indices of the dice picked (a tuple, in order)."""

    HINT = (420, 84)
    MINIMUM = (60, 84)

    def __init__(
        self, parent: QWidget | None = None, *, selectable: bool = False, fill: bool = False
    ) -> None:
        super().__init__(parent)
        self._dice: tuple[ChallengeDie, ...] = ()
        self._chosen: set[int] = set()
        self.selectable = selectable
        self.fill = fill
        self._step = 1.1 if fill else 1.2  # a die's width with the gap after it, in dice
        if fill:
            self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        if selectable:
            self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
            self.setCursor(Qt.CursorShape.PointingHandCursor)

    # -- the dice -----------------------------------------------------------------------
    def setDice(self, dice: Sequence[ChallengeDie]) -> None:
        dice = tuple(dice)
        if dice == self._dice:
            return
        self._dice = dice
        self._chosen = {i for i in self._chosen if i < len(dice)}
        total = sum(d.damage for d in dice)
        effects = sum(d.effect for d in dice)
        self.setToolTip(
            f"{total} damage, {effects} Effect(s):\n"
            + "\n".join(
                f"die {i + 1}: {die_word(d)}"
                + (" (re-rolled)" if d.rerolled_from is not None else "")
                for i, d in enumerate(dice)
            )
            if dice
            else ""
        )
        self.updateGeometry()
        self.update()

    def dice(self) -> tuple[ChallengeDie, ...]:
        return self._dice

    def selected(self) -> tuple[int, ...]:
        return tuple(sorted(self._chosen))

    def setSelected(self, indices: Sequence[int]) -> None:
        chosen = {i for i in indices if 0 <= i < len(self._dice)}
        if chosen != self._chosen:
            self._chosen = chosen
            self.update()
            self.sig_selection.emit(self.selected())

    def toggle(self, index: int) -> None:
        """Pick die ``index`` for a re-roll, or drop it."""
        if not self.selectable or not self.isEnabled() or not 0 <= index < len(self._dice):
            return
        self.setSelected(sorted(self._chosen ^ {index}))

    # -- geometry -----------------------------------------------------------------------
    def die_size(self) -> float:
        """The side of each painted die (the words under it take 0.45 of it more)."""
        n = max(len(self._dice), 1)
        if not self.fill:  # the text size's dice, smaller only when the row is narrower
            natural = scaled(52, self)
            room = self.width() / (n * self._step) if self.width() > 0 else natural
            return max(min(natural, room), 10.0)
        return max(min(self.height() / 1.5, self.width() / (n * self._step)), 10.0)

    def die_rect(self, index: int) -> QRectF:
        size = self.die_size()
        return QRectF(index * size * self._step + size * 0.05, 0, size, size)

    def index_at(self, x: float, y: float) -> int | None:
        for i in range(len(self._dice)):
            r = self.die_rect(i)
            if r.left() - r.width() * 0.1 <= x <= r.right() + r.width() * 0.1 and y <= r.bottom():
                return i
        return None

    def sizeHint(self) -> QSize:
        if self.fill:
            return super().sizeHint()
        size = scaled(52, self)
        n = max(len(self._dice), 1)
        return QSize(round(n * size * 1.2 + size * 0.1), round(size * 1.62))

    def minimumSizeHint(self) -> QSize:
        if self.fill:
            return QSize(round(scaled(60, self)), round(scaled(40, self)))
        hint = self.sizeHint()  # dice down to half their size before the row is cut
        return QSize(round(hint.width() / 2), hint.height())

    # -- input --------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.index_at(event.position().x(), event.position().y())
        if index is not None and self.selectable:
            self.toggle(index)
            event.accept()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        text = event.text()
        if self.selectable and text.isdigit() and text != "0":
            self.toggle(int(text) - 1)
            event.accept()
            return
        super().keyPressEvent(event)

    # -- painting -----------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        if not self._dice:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        size = self.die_size()
        step = size * self._step
        for i, die in enumerate(self._dice):
            rect = self.die_rect(i)
            chosen = i in self._chosen
            paint_challenge_die(p, rect, die, chosen=chosen)
            word = "RE-ROLL" if chosen else die_word(die)
            small = _font(size * 0.24)
            width = QFontMetricsF(small).horizontalAdvance(word)
            fit = min(1.0, step * 0.98 / max(width, 1.0))
            p.setFont(_font(size * 0.24 * fit))
            p.setPen(QColor(COLORS.red if chosen else COLORS.text))
            p.drawText(
                QRectF(rect.left() - size * 0.05, size * 1.06, step, size * 0.5),
                Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop,
                word,
            )
        p.end()


@cache
def _die_uri(face: int, px: int) -> str:
    """A die drawn ``px`` pixels high, as a data URI for rich text (twice as dense, so it
    stays sharp on a high-density screen)."""
    image = QImage(px * 2, px * 2, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    paint_challenge_die(p, QRectF(0, 0, px * 2, px * 2), ChallengeDie(face=face))
    p.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stubs say bytes; Qt takes str
    buffer.close()
    return "data:image/png;base64," + base64.b64encode(bytes(data.data())).decode("ascii")


def dice_html(line: str, px: int) -> str:
    """``line`` as rich text (escaped, its indent kept), each challenge roll in it drawn
    as dice ``px`` pixels high; the total and the Effects stay in words."""
    indent = len(line) - len(line.lstrip(" "))
    out: list[str] = ["&nbsp;" * indent]
    line = line[indent:]
    at = 0
    for m in ROLL_TEXT.finditer(line):
        out.append(html.escape(line[at : m.start()], quote=False))
        faces = [_SYMBOL_FACE[s] for s in m.group(1).split()]
        imgs = "".join(
            f'<img src="{_die_uri(face, px)}" width="{px}" height="{px}" '
            f'alt="{html.escape(ChallengeDie(face=face).symbol)}"> '
            for face in faces
        )
        out.append(imgs.rstrip())
        at = m.end()
    out.append(html.escape(line[at:], quote=False))
    return "".join(out)
