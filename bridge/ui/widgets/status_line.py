"""A window's status bar that says a long message whole, on two lines.

``QStatusBar.showMessage`` writes one line and cuts what the window's width does not
hold ("… Attack on Lt. Cmdr. Kell: th"): what the autopilot did, or why a Command was
refused, is read whole here. The bar is two lines tall from the start, so a message
that needs the second line moves nothing.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar, QWidget

__all__ = ["StatusLine"]

LINES = 2
"""The lines a message may take."""


class StatusLine(QStatusBar):
    """A status bar whose message wraps onto a second line (what even two lines do not
    hold ends in "…", whole in the tooltip)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setSizeGripEnabled(False)
        self.label = QLabel(self)
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.addWidget(self.label, 1)
        self._text = ""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.timeout.connect(self.clearMessage)
        self._fit()

    def _fit(self) -> None:
        metrics = self.label.fontMetrics()
        self.label.setFixedHeight(metrics.lineSpacing() * (LINES - 1) + metrics.height() + 2)

    def showMessage(self, text: str, timeout: int | None = 0) -> None:
        """Say ``text`` (for ``timeout`` ms, or until the next message)."""
        self._text = text
        self._show()
        if timeout:
            self._timer.start(timeout)
        else:
            self._timer.stop()

    def clearMessage(self) -> None:
        self._text = ""
        self._timer.stop()
        self._show()

    def currentMessage(self) -> str:
        return self._text

    def _show(self) -> None:
        """The message wrapped to the bar's width; cut after the last line it has."""
        label = self.label
        width = max(label.contentsRect().width(), 10)
        label.setText(self._text)
        shown = self._text
        if label.heightForWidth(width) > label.height():
            metrics = label.fontMetrics()
            shown = metrics.elidedText(self._text, Qt.TextElideMode.ElideRight, width * LINES)
            label.setText(shown)
        label.setToolTip(self._text if shown != self._text else "")

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.StyleChange) and hasattr(
            self, "label"
        ):
            self._fit()

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show()
