"""A row of widgets that wraps onto more rows when the window is too narrow for it."""

from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget

__all__ = ["FlowLayout"]


class FlowLayout(QLayout):
    """Items left to right, each at its size hint, wrapping to a new row when the next
    does not fit; each row as tall as its tallest item, the items centred in it."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._space = spacing
        self.setContentsMargins(QMargins(0, 0, 0, 0))

    # -- QLayout ------------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self._items.append(item)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if 0 <= index < len(self._items):
            return self._items.pop(index)
        return None

    def spacing(self) -> int:
        return self._space

    def setSpacing(self, spacing: int) -> None:
        self._space = spacing
        self.invalidate()

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation.Horizontal

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:
        """All in one row."""
        shown = self._shown()
        m = self.contentsMargins()
        width = sum(i.sizeHint().width() for i in shown) + self._space * max(len(shown) - 1, 0)
        height = max((i.sizeHint().height() for i in shown), default=0)
        return QSize(width + m.left() + m.right(), height + m.top() + m.bottom())

    def minimumSize(self) -> QSize:
        """As wide as its widest item (everything else wraps)."""
        m = self.contentsMargins()
        size = QSize()
        for item in self._shown():
            size = size.expandedTo(item.minimumSize())
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    # -- placing ------------------------------------------------------------------------
    def _shown(self) -> list[QLayoutItem]:
        return [i for i in self._items if not i.isEmpty()]

    def _rows(self, width: int) -> list[list[QLayoutItem]]:
        rows: list[list[QLayoutItem]] = [[]]
        used = 0
        for item in self._shown():
            need = item.sizeHint().width()
            if rows[-1] and used + self._space + need > width:
                rows.append([])
                used = 0
            used += need + (self._space if rows[-1] else 0)
            rows[-1].append(item)
        return rows

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in ``rect`` (only measure unless ``move``); the height used."""
        m = self.contentsMargins()
        area = rect.marginsRemoved(m)
        y = area.y()
        for row in self._rows(area.width()):
            if not row:
                continue
            height = max(i.sizeHint().height() for i in row)
            if move:
                x = area.x()
                for item in row:
                    hint = item.sizeHint()
                    width = min(hint.width(), area.right() + 1 - x)  # a lone item too wide
                    item.setGeometry(
                        QRect(
                            QPoint(x, y + (height - hint.height()) // 2),
                            QSize(width, hint.height()),
                        )
                    )
                    x += width + self._space
            y += height + self._space
        return y - self._space - area.y() + m.top() + m.bottom() if y > area.y() else 0
