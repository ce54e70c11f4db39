"""Load a Bridge file safely: every problem becomes one :class:`FileProblem` message.

The file is only read, never written. A broken, truncated, binary, huge, hostile or
newer-than-known file gives a message naming the file, the field and the problem.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from bridge.model.validation import describe_validation_error
from bridge.storage.formats import (
    CURRENT,
    FORMATS,
    JOURNAL_MAX,
    MIGRATIONS,
    CharacterFile,
    EncounterFile,
    NpcFile,
    ShipFile,
)
from bridge.storage.references import check_references

__all__ = [
    "MAX_BYTES",
    "SURROGATE_ESCAPE",
    "FileProblem",
    "load_file",
    "lone_surrogate",
    "parse_document",
    "read_regular",
    "shorten",
]

MAX_BYTES = 64 * 1024 * 1024
"""The largest Bridge file read (Save refuses to write a larger one, so what Bridge
writes it reads: 40,000 Commands take about 20 MB)."""
MAX_DEPTH = 64
AnyFile = ShipFile | CharacterFile | EncounterFile | NpcFile


class FileProblem(ValueError):
    """A file Bridge cannot use; ``message`` names the file, the field and the problem."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def shorten(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, so a message never echoes a huge value."""
    text = value if isinstance(value, str) else repr(value)
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def read_regular(path: Path, cap: int = MAX_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``cap`` bytes.

    A folder, a named pipe or a device is refused without waiting on it; nothing past
    ``cap`` is ever read (a file that grows while it is read is refused too).
    """
    name = shorten(path.name, 120)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError as exc:
        raise FileProblem(f"{name}: cannot be read ({exc.strerror or exc}).") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileProblem(
                f"{name}: not a regular file (a folder, a pipe or a device); "
                "Bridge only reads files."
            )
        if info.st_size > cap:
            raise FileProblem(_too_large(name, info.st_size, cap))
        chunks = []
        total = 0
        while total <= cap:
            chunk = os.read(fd, min(1 << 20, cap + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > cap:
            raise FileProblem(_too_large(name, total, cap))
        return b"".join(chunks)
    except OSError as exc:
        raise FileProblem(f"{name}: cannot be read ({exc.strerror or exc}).") from None
    finally:
        os.close(fd)


def _too_large(name: str, size: int, cap: int) -> str:
    return f"{name}: the file is {size / 2**20:.0f} MB; a Bridge file is at most {cap // 2**20} MB."


_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = bytes(b for b in range(256) if b not in b"[]{}")
SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


_INNERMOST = re.compile(rb"\[\]|\{\}")


def _depth(raw: bytes, limit: int) -> int:
    """The nesting depth of valid JSON text (stopping past ``limit``).

    Only the brackets outside strings are kept, then each pass removes the innermost
    pairs: all scanning is done by regular expressions and ``bytes.translate``.
    """
    brackets = _STRING.sub(b"", raw).translate(None, _NOT_BRACKET)
    depth = 0
    while brackets and depth <= limit:
        brackets = _INNERMOST.sub(b"", brackets)
        depth += 1
    return depth


DEPTH_CHECK_BYTES = 1 << 20
"""Files up to this size have their nesting measured before anything else."""


def _refuse_deep(raw: bytes, name: str) -> None:
    if _depth(raw, MAX_DEPTH) > MAX_DEPTH:
        raise FileProblem(f"{name}: the data is nested more than {MAX_DEPTH} levels deep.")


def _refuse_long_lists(data: Any, name: str) -> None:
    """A list longer than any list of a Bridge file may be (its journal, at most
    :data:`JOURNAL_MAX`) is refused before anything is validated: its length is read,
    its items are not."""
    stack: list[tuple[Any, str]] = [(data, "")]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            stack.extend((v, f"{where}.{k}" if where else str(k)) for k, v in item.items())
        elif isinstance(item, list):
            if len(item) > JOURNAL_MAX:
                raise FileProblem(
                    f"{name}: {shorten(where, 80)}: a list of {len(item):,} items; a list "
                    f"in a Bridge file has at most {JOURNAL_MAX} items."
                )
            stack.extend((v, f"{where}.{i}") for i, v in enumerate(item))


def lone_surrogate(value: Any) -> str | None:
    """The first string (or key) in ``value`` holding a lone surrogate, or ``None``."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item.values())
            stack.extend(item)
        elif isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return item
    return None


def parse_document(raw: bytes, name: str) -> AnyFile:
    """Check, migrate and validate the bytes of a Bridge file called ``name``."""
    name = shorten(name, 120)
    if len(raw) > MAX_BYTES:
        raise FileProblem(_too_large(name, len(raw), MAX_BYTES))
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
    except ValueError as exc:
        if not isinstance(exc, json.JSONDecodeError):  # e.g. an integer of 5,000 digits
            raise FileProblem(f"{name}: not usable JSON: {shorten(str(exc), 120)}.") from None
        ends_early = exc.pos >= len(text.rstrip()) or exc.msg.startswith("Unterminated string")
        what = "the file ends too early (is it truncated?)" if ends_early else exc.msg
        raise FileProblem(
            f"{name}: not valid JSON at line {exc.lineno}, column {exc.colno}: {what}."
        ) from None
    # A file that validates cannot nest deeper than its schema, so a large one is only
    # measured if it fails (which keeps opening a long battle fast).
    if len(raw) <= DEPTH_CHECK_BYTES:
        _refuse_deep(raw, name)
    else:  # only a large file can hold a list longer than any Bridge list
        _refuse_long_lists(data, name)
    if not isinstance(data, dict):
        raise FileProblem(f"{name}: expected a JSON object with a 'format' field.")
    if SURROGATE_ESCAPE.search(raw) and (bad := lone_surrogate(data)) is not None:
        raise FileProblem(
            f"{name}: the text {shorten(bad, 40)} holds a lone surrogate, not valid Unicode "
            "(it could never be saved again)."
        )
    fmt = data.get("format")
    if not isinstance(fmt, str) or fmt not in FORMATS:
        known = ", ".join(sorted(FORMATS))
        raise FileProblem(
            f"{name}: format: {shorten(repr(fmt))} is not a Bridge file format ({known})."
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileProblem(
            f"{name}: version: expected a whole number from 1, got {shorten(version)}."
        )
    if version > CURRENT[fmt]:
        raise FileProblem(
            f"{name}: version: this {fmt} file is version {shorten(version, 20)}, made by a "
            f"newer Bridge; this Bridge reads up to version {CURRENT[fmt]}."
        )
    try:
        while version < CURRENT[fmt]:
            data = MIGRATIONS[(fmt, version)](data)
            version = data["version"]
        loaded: AnyFile = FORMATS[fmt].model_validate(data)  # type: ignore[assignment]
    except ValidationError as exc:
        _refuse_deep(raw, name)
        lines = describe_validation_error(exc).splitlines()
        more = f" (and {len(lines) - 1} more problem(s))" if len(lines) > 1 else ""
        raise FileProblem(f"{name}: {shorten(lines[0], 300)}{more}") from None
    except (RecursionError, ValueError, TypeError, KeyError, AttributeError) as exc:
        _refuse_deep(raw, name)
        raise FileProblem(f"{name}: {shorten(str(exc), 300)}") from None
    if isinstance(loaded, EncounterFile):
        problem = check_references(loaded)
        if problem:
            raise FileProblem(f"{name}: {shorten(problem, 300)}")
    return loaded


def load_file(path: Path) -> AnyFile:
    """Read and check a Bridge file from disk (never more than :data:`MAX_BYTES`)."""
    return parse_document(read_regular(path, MAX_BYTES), path.name)
