"""Limits on the text and lists a battle holds, shared by every model and Command.

Each limit is generous for real play (a ship with 30 weapons, an officer with 30 Focuses)
and keeps a hostile or broken file from growing without end: a file over a limit gets a
message naming the field and the limit, and nothing changes. Every limit shows in the JSON
Schemas (``maxLength``, ``maxItems``, ``maxProperties``). A name is one line of printable
text: control characters (ESC, BEL, NUL, a line break) are refused.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated, Any

from pydantic import AfterValidator, Field

__all__ = [
    "ID_MAX",
    "KEY_MAX",
    "LINE_MAX",
    "LOG_LINES_MAX",
    "LOG_LINE_MAX",
    "NAME_MAX",
    "TEXT_MAX",
    "TITLE_MAX",
    "ZONE_MAX",
    "Key",
    "Label",
    "Line",
    "LogLine",
    "Name",
    "Text",
    "Title",
    "TitleName",
    "ValueText",
    "ZoneName",
    "character_name",
    "escaped",
    "is_control",
    "printable_line",
    "printable_text",
]

ID_MAX = 40
"""A ship's or character's id."""
NAME_MAX = 80
"""A name: ship, class, officer, rank, weapon, talent, Focus, zone."""
KEY_MAX = 80
"""A reference to something by its id or name (a target, a weapon, a zone, an action)."""
LINE_MAX = 200
"""One line of text: a Value, a note, a reason."""
TITLE_MAX = 120
"""The name of a battle, an Advantage or a Complication."""
ZONE_MAX = 60
"""A zone's name."""
TEXT_MAX = 2000
"""A description, which may run over several lines."""
LOG_LINE_MAX = 2000
"""One line of the battle log (the longest the rules write are about 250 characters)."""
LOG_LINES_MAX = 200
"""Log lines one Command writes (a busy one writes about 25)."""

_CONTROL = "Cc"
_REORDERING = frozenset("\u2028\u2029\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""The line and paragraph separators and the bidirectional embeddings, overrides and
isolates: not control characters to Unicode, yet they break or reorder what follows."""
_RESERVED = "\ue000\ue001\ue002\ue003"
"""The log's hidden-span markers (:mod:`bridge.rules.hidden`): no name or note holds them."""
_PATTERN_LINE = r"^[^\u0000-\u001f\u007f-\u009f\ue000-\ue003]*$"
_PATTERN_TEXT = r"^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ue000-\ue003]*$"


def character_name(ch: str) -> str:
    """How a sentence names the character ``ch`` (ESC, a line break, U+202E)."""
    names = {"\x00": "NUL", "\x07": "BEL", "\x1b": "ESC", "\n": "a line break", "\t": "a tab"}
    return names.get(ch, f"U+{ord(ch):04X}")


def is_control(ch: str) -> bool:
    """Whether a terminal, a log or a label would act on ``ch`` rather than show it: a
    control character (C0, DEL, C1), a line or paragraph separator, or a bidirectional
    embedding, override or isolate."""
    return unicodedata.category(ch) == _CONTROL or ch in _REORDERING


def escaped(text: str, keep: str = "") -> str:
    """``text`` safe to print on a terminal or write in a log line: each character
    :func:`is_control` names (except those in ``keep``) as its escape (ESC as ``\\x1b``)."""
    if text.isprintable() or not any(is_control(ch) and ch not in keep for ch in text):
        return text
    return "".join(
        ch.encode("unicode_escape").decode("ascii") if is_control(ch) and ch not in keep else ch
        for ch in text
    )


def printable_line(value: str) -> str:
    """``value`` if it holds no control character (it is one line), else ValueError."""
    for ch in value:
        if unicodedata.category(ch) == _CONTROL:
            raise ValueError(f"a control character ({character_name(ch)}) is not allowed here")
        if ch in _RESERVED:
            raise ValueError(f"the character {character_name(ch)} is reserved by Bridge")
    return value


def printable_text(value: str) -> str:
    """``value`` if its only control characters are line breaks and tabs."""
    for ch in value:
        if ch not in "\n\r\t" and unicodedata.category(ch) == _CONTROL:
            raise ValueError(f"a control character ({character_name(ch)}) is not allowed in text")
        if ch in _RESERVED:
            raise ValueError(f"the character {character_name(ch)} is reserved by Bridge")
    return value


def _line(max_length: int, min_length: int = 0) -> Any:
    """The limits of one line of printable text, as the schema shows them."""
    return Field(
        min_length=min_length, max_length=max_length, json_schema_extra={"pattern": _PATTERN_LINE}
    )


_PRINTABLE = AfterValidator(printable_line)
Name = Annotated[str, _line(NAME_MAX, 1), _PRINTABLE]
"""A name: 1 to 80 printable characters on one line."""
Label = Annotated[str, _line(NAME_MAX), _PRINTABLE]
"""A short label that may be empty (a ship's class, an officer's rank)."""
Line = Annotated[str, _line(LINE_MAX), _PRINTABLE]
"""One line of printable text (a note, a reason), possibly empty."""
ValueText = Annotated[str, _line(LINE_MAX, 1), _PRINTABLE]
"""A Value's statement."""
Title = Annotated[str, _line(TITLE_MAX), _PRINTABLE]
"""A short line that may be empty: a label, an Advantage's name in a spend."""
TitleName = Annotated[str, _line(TITLE_MAX, 1), _PRINTABLE]
"""The name of a battle, an Advantage or a Complication."""
ZoneName = Annotated[str, _line(ZONE_MAX, 1), _PRINTABLE]
"""A zone's name."""
Key = Annotated[str, Field(max_length=KEY_MAX)]
"""A reference to a ship, character, weapon, zone or action."""
Text = Annotated[
    str,
    Field(max_length=TEXT_MAX, json_schema_extra={"pattern": _PATTERN_TEXT}),
    AfterValidator(printable_text),
]
"""Text that may run over lines (a description)."""
LogLine = Annotated[str, Field(max_length=LOG_LINE_MAX)]
"""One line of the battle log, as the rules wrote it."""
