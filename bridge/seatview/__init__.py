"""What each seat may see: one pure function of the battle and the seat.

Every window and every network client reads the battle through here: the GM's console
(everything), a station window on the GM's laptop, the shared laptop, the viewscreen, a
player's app and a thin client over the LAN (the crew's view). Nothing here imports Qt.

- :func:`seat_view`: the battle as a seat sees it (an unscanned NPC ship is a sensor
  contact; an unscanned NPC crew's roll shows its dice, not its numbers);
- :func:`seat_log`: a journal entry as a seat reads it (hidden spans and the GM's own
  edits kept from the crew);
- :func:`availability`: what a seat's character may do now, each action with the
  Command it takes, its parameters and their legal choices, or why not.
"""

from bridge.seatview.actions import (
    ActionInfo,
    Availability,
    Choice,
    ParamInfo,
    SpendInfo,
    availability,
    conflict_card_of,
    figure_of,
)
from bridge.seatview.log import GM_EDIT, LogEntry, seat_entry, seat_lines, seat_log
from bridge.seatview.seat import CREW, GM, Seat
from bridge.seatview.state import Memo, contact, seat_view, seen_roll

__all__ = [
    "CREW",
    "GM",
    "GM_EDIT",
    "ActionInfo",
    "Availability",
    "Choice",
    "LogEntry",
    "Memo",
    "ParamInfo",
    "Seat",
    "SpendInfo",
    "availability",
    "conflict_card_of",
    "contact",
    "figure_of",
    "seat_entry",
    "seat_lines",
    "seat_log",
    "seat_view",
    "seen_roll",
]
