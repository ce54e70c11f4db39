"""Load a Bridge file safely: every problem becomes one :class:`FileProblem` message.

The file is only read, never written. A broken, truncated, binary, huge, hostile or
newer-than-known file gives a message naming the file, the field and the problem.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bridge.model.validation import describe_validation_error
from bridge.storage.formats import (
    CURRENT,
    FORMATS,
    MIGRATIONS,
    CharacterFile,
    EncounterFile,
    ShipFile,
)

__all__ = ["MAX_BYTES", "FileProblem", "load_file", "parse_document"]

MAX_BYTES = 20 * 1024 * 1024
MAX_DEPTH = 64
AnyFile = ShipFile | CharacterFile | EncounterFile


class FileProblem(ValueError):
    """A file Bridge cannot use; ``message`` names the file, the field and the problem."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def _depth(value: Any, limit: int) -> int:
    """Nesting depth, stopping early past ``limit`` (no recursion, so no stack to blow)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, d = stack.pop()
        if d > deepest:
            deepest = d
            if deepest > limit:
                return deepest
        if isinstance(item, dict):
            stack.extend((v, d + 1) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, d + 1) for v in item)
    return deepest


def parse_document(raw: bytes, name: str) -> AnyFile:
    """Check, migrate and validate the bytes of a Bridge file called ``name``."""
    if len(raw) > MAX_BYTES:
        raise FileProblem(
            f"{name}: the file is {len(raw) / 2**20:.0f} MB; a Bridge file is "
            f"at most {MAX_BYTES // 2**20} MB."
        )
    if b"\x00" in raw[:8192]:
        raise FileProblem(f"{name}: this is a binary file, not a Bridge file (JSON text).")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileProblem(f"{name}: not UTF-8 text (byte {exc.start}).") from None
    if not text.strip():
        raise FileProblem(f"{name}: the file is empty.")
    try:
        data = json.loads(text)
    except RecursionError:
        raise FileProblem(f"{name}: the data is nested too deeply.") from None
    except json.JSONDecodeError as exc:
        what = (
            "the file ends too early (is it truncated?)"
            if exc.pos >= len(text.rstrip())
            else exc.msg
        )
        raise FileProblem(
            f"{name}: not valid JSON at line {exc.lineno}, column {exc.colno}: {what}."
        ) from None
    if _depth(data, MAX_DEPTH) > MAX_DEPTH:
        raise FileProblem(f"{name}: the data is nested more than {MAX_DEPTH} levels deep.")
    if not isinstance(data, dict):
        raise FileProblem(f"{name}: expected a JSON object with a 'format' field.")
    fmt = data.get("format")
    if fmt not in FORMATS:
        known = ", ".join(sorted(FORMATS))
        raise FileProblem(f"{name}: format: {fmt!r} is not a Bridge file format ({known}).")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileProblem(f"{name}: version: expected a whole number from 1, got {version!r}.")
    if version > CURRENT[fmt]:
        raise FileProblem(
            f"{name}: version: this {fmt} file is version {version}, made by a "
            f"newer Bridge; this Bridge reads up to version {CURRENT[fmt]}."
        )
    while version < CURRENT[fmt]:
        data = MIGRATIONS[(fmt, version)](data)
        version = data["version"]
    try:
        loaded: AnyFile = FORMATS[fmt].model_validate(data)  # type: ignore[assignment]
    except ValidationError as exc:
        lines = describe_validation_error(exc).splitlines()
        more = f" (and {len(lines) - 1} more problem(s))" if len(lines) > 1 else ""
        raise FileProblem(f"{name}: {lines[0]}{more}") from None
    except (RecursionError, ValueError, TypeError) as exc:
        raise FileProblem(f"{name}: {exc}") from None
    return loaded


def load_file(path: Path) -> AnyFile:
    """Read and check a Bridge file from disk (never more than :data:`MAX_BYTES`)."""
    name = path.name
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise FileProblem(
                f"{name}: the file is {size / 2**20:.0f} MB; a Bridge file is at "
                f"most {MAX_BYTES // 2**20} MB."
            )
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except FileProblem:
        raise
    except OSError as exc:
        raise FileProblem(f"{name}: cannot be read ({exc.strerror or exc}).") from None
    return parse_document(raw, name)
