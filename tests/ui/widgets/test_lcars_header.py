"""The LCARS header keeps its Turn and pools beside the station's name while it can."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from bridge.ui.widgets.lcars import SQUEEZE, LcarsHeader


def _header(qtbot: QtBot) -> LcarsHeader:
    header = LcarsHeader("Communications and Internal Systems", "#ff9900")
    qtbot.addWidget(header)
    for words in ("NPCS TO ACT", "MOMENTUM 3/6", "THREAT 16", "DETERMINATION 1/3"):
        header.addRight(QLabel(words, header.band))
    return header


def test_a_little_short_of_room_the_name_is_set_smaller_rather_than_the_header_grow(
    qtbot: QtBot,
) -> None:
    """A GM's play-through in a framed window 1,280 pixels wide: "NPCS TO ACT" and the
    pools went under the long name, the header grew by a row and the card scrolled."""
    header = _header(qtbot)
    whole = header.sizeHint().width()
    one_row = header.heightForWidth(whole)
    assert header.heightForWidth(whole - 60) == one_row  # the name set smaller instead
    size = header._name_size(whole - 60)
    full = header._name_size(whole)
    assert size is not None and full is not None and full * SQUEEZE <= size < full
    assert header._beside(whole - 60) < header._beside(whole)
    narrow = round(whole * 0.6)
    assert header._name_size(narrow) is None  # far too narrow: the band goes under
    assert header.heightForWidth(narrow) > one_row
