"""One Bridge per user: a second launch hands its file, ``--demo`` or ``join`` to the
Bridge already running, which opens it in a new battle window; then it exits.

Qt's usual pair: a ``QLockFile`` in the user's runtime folder says which process is the
user's Bridge (a lock left by a killed Bridge is stale, recognised by its process id, and
taken over), and a ``QLocalServer`` in that process takes the requests of later launches
over a ``QLocalSocket``: one line of JSON each, answered ``ok``. Two launches started
together: one takes the lock, the other waits for it to listen and hands over.

The running Bridge starts listening once its event loop turns (the network module loads
after the first window shows, or while a start-up question waits), and keeps the requests
until its first window is ready.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QObject, QTimer

from bridge.storage.paths import runtime_dir

__all__ = ["Instance", "claim", "hand_over", "handed_to_running", "request_for"]

log = logging.getLogger(__name__)

Request = dict[str, Any]
WAIT = 20.0
"""Seconds a launch waits for the Bridge that holds the lock to listen (it is starting)."""
ANSWER_MS = 10_000
"""How long a launch waits for the running Bridge to take its request."""
MAX_REQUEST = 64 * 1024
LISTEN_AFTER_MS = 250
"""The running Bridge listens this long after its event loop starts: off its start-up."""


def _where() -> tuple[Path, str]:
    """The lock file and the local server's name (one per user and Bridge home)."""
    lock = runtime_dir() / "bridge.lock"
    return lock, "bridge-" + hashlib.sha256(str(lock).encode()).hexdigest()[:16]


def request_for(
    open_path: Path | None = None,
    demo: bool = False,
    join: tuple[str | None, str | None, str | None] | None = None,
) -> Request:
    """What a launch asks the running Bridge for: a file, the demo, a join, or to show."""
    if open_path is not None:
        return {"open": str(open_path.absolute())}
    if demo:
        return {"demo": True}
    if join is not None:
        return {"join": {"url": join[0], "code": join[1], "seat": join[2]}}
    return {"show": True}


def hand_over(name: str, request: Request, wait_ms: int = ANSWER_MS) -> bool:
    """Send ``request`` to the Bridge listening as ``name``; True once it took it."""
    from PySide6.QtNetwork import QLocalSocket

    socket = QLocalSocket()
    socket.connectToServer(name)
    try:
        if not socket.waitForConnected(min(wait_ms, 2000)):
            return False
        socket.write(json.dumps(request).encode() + b"\n")
        if not socket.waitForBytesWritten(wait_ms):
            return False
        answer = b""
        deadline = time.monotonic() + wait_ms / 1000
        while b"\n" not in answer and time.monotonic() < deadline:
            if not socket.waitForReadyRead(int(max(deadline - time.monotonic(), 0) * 1000)):
                break
            answer += socket.readAll().data()
        return answer.startswith(b"ok")
    finally:
        socket.abort()


class Instance(QObject):
    """This process is the user's Bridge: it holds the lock and takes later launches'
    requests, kept until :meth:`serve` says where they go."""

    def __init__(self, lock: QLockFile | None, name: str) -> None:
        super().__init__()
        self.lock = lock
        self.name = name
        self.server: Any = None
        self.pending: list[Request] = []
        self._handle: Callable[[Request], None] | None = None
        self._buffers: dict[Any, bytes] = {}
        if lock is not None:
            QTimer.singleShot(LISTEN_AFTER_MS, self._listen)

    def serve(self, handle: Callable[[Request], None]) -> None:
        """Send every request (those that came already first) to ``handle``."""
        self._handle = handle
        waiting, self.pending = self.pending, []
        for request in waiting:
            QTimer.singleShot(0, lambda r=request: handle(r))

    def _listen(self) -> None:
        from PySide6.QtNetwork import QLocalServer

        QLocalServer.removeServer(self.name)  # a socket a killed Bridge left behind
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.name):
            log.warning("other launches cannot reach this Bridge: %s", server.errorString())
            return
        server.newConnection.connect(self._accept)
        self.server = server
        log.info("Bridge is running; later launches hand their battles to it")

    def _accept(self) -> None:
        while (socket := self.server.nextPendingConnection()) is not None:
            self._buffers[socket] = b""
            socket.readyRead.connect(lambda s=socket: self._read(s))
            socket.disconnected.connect(lambda s=socket: self._forget(s))
            if socket.bytesAvailable():
                self._read(socket)

    def _forget(self, socket: Any) -> None:
        self._buffers.pop(socket, None)
        socket.deleteLater()

    def _read(self, socket: Any) -> None:
        data = self._buffers.get(socket, b"") + socket.readAll().data()
        self._buffers[socket] = data[: MAX_REQUEST + 1]
        if b"\n" not in data:
            if len(data) > MAX_REQUEST:
                socket.abort()
            return
        try:
            request = json.loads(data.split(b"\n", 1)[0])
        except ValueError:
            request = None
        if not isinstance(request, dict):
            socket.abort()
            return
        socket.write(b"ok\n")
        socket.flush()
        socket.disconnectFromServer()
        log.info("another launch handed over: %s", ", ".join(sorted(request)))
        if self._handle is None:
            self.pending.append(request)
        else:
            handle = self._handle
            QTimer.singleShot(0, lambda: handle(request))


def claim(request: Request, wait: float = WAIT) -> Instance | None:
    """This process as the user's Bridge, or ``None`` once ``request`` was handed to the
    Bridge already running (this launch then exits).

    A lock whose Bridge does not answer within ``wait`` seconds (hung, or not listening):
    this one runs as well, without taking requests (each journal's own lock still keeps
    the two apart).
    """
    path, name = _where()
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)  # never stale by age: only when its process is gone
    deadline = time.monotonic() + wait
    while True:
        if lock.tryLock(0):
            return Instance(lock, name)
        if hand_over(name, request):
            return None
        if time.monotonic() > deadline:
            log.warning("the running Bridge does not answer; this one runs as well")
            return Instance(None, name)
        time.sleep(0.1)


def handed_to_running(join: tuple[str, str | None, str | None, str | None]) -> bool:
    """``bridge join`` with windows: True if a running Bridge took the join (a player's
    window alone, with no Bridge running, does not take the lock)."""
    path, name = _where()
    lock = QLockFile(str(path))
    lock.setStaleLockTime(0)
    if lock.tryLock(0):  # no Bridge runs
        lock.unlock()
        return False
    return hand_over(name, request_for(join=join[1:]))
