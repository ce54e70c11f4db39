"""Setters that leave a widget alone when what it shows has not changed.

A widget told the same thing again still relayouts or repaints in Qt (a style sheet is
polished again); after every Command each window asks
for what it shows, so these keep a Command's repaint to what really changed.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QProgressBar, QWidget

__all__ = ["set_bar", "set_choices", "set_state"]


def set_state(widget: QWidget, reason: str | None, tip: str = "") -> None:
    """Enable ``widget`` with the tooltip ``tip``, or disable it with ``reason`` as its
    tooltip (what a disabled control says about why). A control disabled while it has
    the keyboard focus gives it to its window, not to the next control (Space after
    START TURN would press END ROUND…)."""
    leaving = reason is not None and widget.hasFocus()
    widget.setEnabled(reason is None)
    if leaving:
        widget.window().setFocus(Qt.FocusReason.OtherFocusReason)
    text = reason or tip
    if widget.toolTip() != text:
        widget.setToolTip(text)


def set_choices(combo: QComboBox, choices: Sequence[tuple[str, object]]) -> bool:
    """Offer ``choices`` (text, data) in ``combo``, keeping the current choice where it
    is still offered; True if anything changed. The combo's signals stay quiet."""
    now = [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())]
    if now == list(choices):
        return False
    current = combo.currentData()
    combo.blockSignals(True)
    combo.clear()
    for text, data in choices:
        combo.addItem(text, data)
    index = combo.findData(current) if current is not None else -1
    combo.setCurrentIndex(max(index, 0) if combo.count() else -1)
    combo.blockSignals(False)
    return True


def set_bar(bar: QProgressBar, maximum: int, value: int, text: str) -> bool:
    """Show ``value`` of ``maximum`` in ``bar`` with ``text`` on it; True if anything
    changed. (``QProgressBar.setValue`` repaints at once, outside the window's one
    repaint per Command: the bar is told with its updates held, then repainted with
    everything else.)"""
    if (bar.minimum(), bar.maximum(), bar.value(), bar.format()) == (0, maximum, value, text):
        return False
    bar.setUpdatesEnabled(False)
    try:
        bar.setRange(0, maximum)
        bar.setValue(value)
        bar.setFormat(text)
    finally:
        bar.setUpdatesEnabled(True)  # one repaint, with the window's
    return True
