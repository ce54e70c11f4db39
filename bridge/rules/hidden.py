"""Hidden spans in log lines: what only the GM reads, marked where the line is written.

A log line that tells something the crew may not know yet (an unscanned NPC ship's
Power, its crew's target number, its weapon's name, its shields and Resistance in a
damage report) carries that part as a *span* naming whose secret it is, with the words
the crew reads in its place::

    "IKS Qoj attempts Fire Weapon: " + secret("qoj", "Talented crew (13)", "its crew")

The engine then :func:`settles` each line once, when the Command that wrote it is
applied: spans about a ship the crew may see become plain text; the rest stay spans.
The GM reads a settled line with :func:`reveal` (the hidden words), a crew seat with
:func:`conceal` (the words shown in their place). Nothing is worked out again later,
so a line reads the same to a seat whenever it is sent.

A line the GM alone reads (an unrevealed NPC figure's Stress or abilities in a personal
conflict) is one span whose secret is the GM's (:func:`gm_only`): it is never settled,
and a crew seat reads nothing of it.

The markers are four characters of Unicode's private use area that no name or note can
hold (:mod:`bridge.rules.text` refuses them).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Iterable

__all__ = ["GM_ONLY", "MARKERS", "conceal", "gm_only", "has_spans", "reveal", "secret", "settle"]

_OPEN, _HIDDEN, _SHOWN, _CLOSE = "\ue000", "\ue001", "\ue002", "\ue003"
MARKERS = frozenset((_OPEN, _HIDDEN, _SHOWN, _CLOSE))
"""The characters that mark a span; text from outside (names, notes) never holds them."""
_SPAN = re.compile(f"{_OPEN}([^{_HIDDEN}]*){_HIDDEN}([^{_SHOWN}]*){_SHOWN}([^{_CLOSE}]*){_CLOSE}")


GM_ONLY = "@gm"
"""Whose secret a GM-only line is: no ship or figure id holds an ``@``, so no scan or
reveal ever settles it."""


def secret(whose: str, hidden: object, shown: object = "") -> str:
    """``hidden`` as a span: the GM reads it; a seat that may not see ``whose`` (a ship's
    id) reads ``shown`` instead (nothing when empty)."""
    return f"{_OPEN}{whose}{_HIDDEN}{hidden}{_SHOWN}{shown}{_CLOSE}"


def gm_only(line: str) -> str:
    """``line`` as one span the GM alone reads: a crew seat reads nothing of it."""
    return secret(GM_ONLY, line)


def _replace(line: str, pick: Callable[[re.Match[str]], str]) -> str:
    return _SPAN.sub(pick, line) if _OPEN in line else line


def _tidy(line: str) -> str:
    """One space between words, none before a closing mark, once a span has gone (a
    line's indentation stays)."""
    body = line.lstrip(" ")
    indent = line[: len(line) - len(body)]
    body = re.sub(r" {2,}", " ", body)
    body = re.sub(r" ([.,;:)])", r"\1", body)
    body = re.sub(r"\( *\)", "", body)
    body = body.rstrip()
    return indent + body if body else ""


def settle(lines: Iterable[str], hidden: Collection[str]) -> tuple[str, ...]:
    """``lines`` with every span about a ship not in ``hidden`` made plain text (a GM-only
    span stays)."""
    return tuple(
        _replace(
            line,
            lambda m: m.group(0) if m.group(1) in hidden or m.group(1) == GM_ONLY else m.group(2),
        )
        for line in lines
    )


def reveal(line: str) -> str:
    """``line`` as the GM reads it: every hidden word."""
    return _replace(line, lambda m: m.group(2))


def conceal(line: str) -> str:
    """``line`` as a crew seat reads it: each span's shown words (a line that was all
    span and shows nothing is empty)."""
    return _tidy(_replace(line, lambda m: m.group(3))) if _OPEN in line else line


def has_spans(line: str) -> bool:
    """Whether ``line`` still holds a span."""
    return _OPEN in line
