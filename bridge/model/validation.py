"""Turn pydantic validation errors into sentences that name the field."""

from __future__ import annotations

from pydantic import ValidationError

__all__ = ["describe_validation_error"]


def describe_validation_error(error: ValidationError, source: str | None = None) -> str:
    """One line per problem: ``source: field.path: message (got value)``.

    Whole-model checks carry the field name at the start of their own message.
    """
    lines = []
    for item in error.errors(include_url=False):
        loc = _cut(".".join(str(p) for p in item["loc"]), 120)
        message = _cut(str(item["msg"]), 200)
        if message.startswith("Value error, "):
            message = message.removeprefix("Value error, ")
        got = item.get("input")
        shown = "" if isinstance(got, dict | list) else f" (got {_cut(repr(got), 60)})"
        prefix = f"{source}: " if source else ""
        where = f"{loc}: " if loc else ""
        if not loc:
            shown = ""
        lines.append(f"{prefix}{where}{message}{shown}")
    return "\n".join(lines)


def _cut(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters: a message never echoes a huge value."""
    return text if len(text) <= limit else text[: limit - 1] + "…"
