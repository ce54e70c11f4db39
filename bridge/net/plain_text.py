"""Every text a client sends is plain: no control character anywhere in a message.

A player's name goes to the GM's terminal and log, a seat's id and a Command's target
into sentences the GM reads: an ESC there would clear the GM's screen or set its title,
a line break would fake a line of the seat list or the log. The host refuses a message
holding one in any string (a value or a map's key, at any depth, Commands included),
naming the field, before it does anything with it.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import Enum

from pydantic import BaseModel

from bridge.rules.text import character_name, is_control, printable_line

__all__ = ["unprintable_field"]


def _fault(text: str) -> str | None:
    """What is wrong with ``text`` as plain text from a client (None: nothing)."""
    try:
        printable_line(text)  # C0, DEL, C1 and the log's reserved markers
    except ValueError as exc:
        return str(exc)
    for ch in text:
        if is_control(ch):  # line separators, bidirectional overrides
            return f"a control character ({character_name(ch)}) is not allowed here"
    return None


def _strings(value: object, path: str) -> Iterator[tuple[str, str]]:
    """Every string in ``value`` (a message, a model, a list, a map) with its path."""
    if isinstance(value, str):
        if not isinstance(value, Enum):  # (a member of a closed set: plain by making)
            yield path, value
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _strings(getattr(value, name), f"{path}.{name}")
    elif isinstance(value, (tuple, list, frozenset, set)):
        for n, item in enumerate(value):
            yield from _strings(item, f"{path}.{n}")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _strings(key, f"{path} (a key)")
            yield from _strings(item, f"{path}.{key}")


def unprintable_field(message: BaseModel) -> str | None:
    """The sentence refusing ``message`` for a control character in one of its strings,
    naming the field (``hello.name``, ``command.command.target``); None when it has none."""
    kind = getattr(message, "type", type(message).__name__)
    for path, text in _strings(message, str(kind)):
        fault = _fault(text)
        if fault is not None:
            return f"{path}: {fault} (got {text[:60]!r})."
    return None
