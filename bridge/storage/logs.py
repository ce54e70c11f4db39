"""Bridge's log: a rotating file in the user's log folder, and a hook for crashes.

The installed app has no console, so an error that nothing catches would leave no trace:
:func:`start_logging` sends every log line, and every uncaught exception with its
traceback, to ``NAME.log`` in :func:`~bridge.storage.paths.log_dir` (1 MB, five older
files kept), and a hard crash (a fault in Qt) to ``crash.log`` beside it. Secrets (join
codes, seat tokens) given to :func:`keep_secret` never reach a log line, and a control
character in a line is written as its escape.
"""

from __future__ import annotations

import faulthandler
import logging
import logging.handlers
import sys
import threading
from pathlib import Path
from types import TracebackType
from typing import IO

from bridge.rules.text import escaped
from bridge.storage.paths import log_dir

__all__ = ["keep_secret", "log_error", "log_path", "start_logging", "stop_logging"]

MAX_BYTES = 1024 * 1024
BACKUPS = 5
_secrets: set[str] = set()
_state: dict[str, object] = {}


def keep_secret(text: str) -> None:
    """Never write ``text`` (a join code, a token) in a log line: it shows as ``[hidden]``."""
    if len(text) >= 4:
        _secrets.add(text)


class _Hiding(logging.Formatter):
    """Formats a line as usual, then hides every secret in it (message and traceback).

    A message is one line of the file whatever it quotes: a control character in it (an
    ESC, a line break in a name a client sent) is written as its escape (``\\x1b``,
    ``\\n``), so no text can fake a line of the log or act on a terminal showing it.
    """

    def formatMessage(self, record: logging.LogRecord) -> str:  # noqa: N802  (logging's name)
        return escaped(super().formatMessage(record))

    def format(self, record: logging.LogRecord) -> str:
        # Its message is one line now; the traceback (perhaps another handler's) keeps its.
        text = escaped(super().format(record), keep="\n")
        for secret in sorted(_secrets, key=len, reverse=True):
            if secret in text:
                text = text.replace(secret, "[hidden]")
        return text


def log_path() -> Path | None:
    """The log file this process writes, if logging started."""
    path = _state.get("path")
    return path if isinstance(path, Path) else None


def log_error(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
    """Log an exception that nothing caught, with its traceback."""
    logging.getLogger("bridge").critical(
        "an error nothing caught: %s", error, exc_info=(kind, error, trace)
    )


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is not None:
        log_error(args.exc_type, args.exc_value, args.exc_traceback)


def start_logging(name: str = "bridge") -> Path | None:
    """Log to ``NAME.log`` in the log folder from now on; uncaught exceptions too.

    Returns the log file, or ``None`` if the folder cannot be written (Bridge runs on).
    """
    if "path" in _state:
        return log_path()
    folder = log_dir()
    path = folder / f"{name}.log"
    try:
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=MAX_BYTES, backupCount=BACKUPS, encoding="utf-8"
        )
    except OSError:
        _state["path"] = None
        return None
    _state["handler"] = handler
    _state["hooks"] = (sys.excepthook, threading.excepthook)
    handler.setFormatter(_Hiding("%(asctime)s %(process)d %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    logging.getLogger("websockets").setLevel(logging.WARNING)  # (frames only at DEBUG)
    _state["path"] = path
    previous = sys.excepthook

    def hook(kind: type[BaseException], error: BaseException, trace: TracebackType | None) -> None:
        log_error(kind, error, trace)
        previous(kind, error, trace)

    sys.excepthook = hook
    threading.excepthook = _thread_hook
    try:  # a hard crash (a fault in native code) leaves its stack here
        crash: IO[str] = (folder / "crash.log").open("a", encoding="utf-8")
        faulthandler.enable(crash)
        _state["crash"] = crash
    except OSError:
        pass
    return path


def stop_logging() -> None:
    """Stop writing the log file and put the earlier hooks back (a test's clean-up)."""
    handler = _state.pop("handler", None)
    if isinstance(handler, logging.Handler):
        logging.getLogger().removeHandler(handler)
        handler.close()
    hooks = _state.pop("hooks", None)
    if isinstance(hooks, tuple):
        sys.excepthook, threading.excepthook = hooks
    crash = _state.pop("crash", None)
    if crash is not None:
        faulthandler.disable()
        crash.close()  # type: ignore[attr-defined]
    _state.pop("path", None)
