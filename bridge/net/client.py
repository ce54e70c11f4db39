"""The client: joins a host, holds a seat, keeps the seat's view of the battle current.

It follows the host's revisions: each update patches the view it holds; an update that
is not the next one (a frame lost while reconnecting), or one that does not apply, makes
it ask for a snapshot. When the connection drops it reconnects on
its own (a bounded number of tries, a growing pause) and takes its seat back with the
token the host gave it, kept in a :class:`TokenStore` so it survives a restart.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
from collections.abc import Callable
from pathlib import Path

from pydantic import ValidationError
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from bridge import __version__
from bridge.engine import AttemptTask, Command, ConflictTask, Encounter
from bridge.net.patch import JsonObject, merge_patch, patch_state
from bridge.net.protocol import (
    MAX_HOST_FRAME,
    PROTOCOL,
    Accepted,
    Availability,
    Claim,
    Error,
    Hello,
    HostMessage,
    LogEntry,
    LogPage,
    LogPageRequest,
    Ping,
    Pong,
    PreviewTask,
    Refused,
    Resync,
    Seated,
    SeatInfo,
    Seats,
    SendCommand,
    Snapshot,
    TaskPreview,
    Update,
    Welcome,
    host_messages,
)
from bridge.storage.save import write_atomic

__all__ = ["JoinRefused", "NetClient", "TokenStore"]


class JoinRefused(Exception):
    """The host refused to let this client in (or could not be reached); ``reason`` says why."""

    def __init__(self, reason: str, code: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


class TokenStore:
    """Seat tokens kept in a JSON file, by battle and seat, so a restarted app gets its seat."""

    def __init__(self, path: Path | None) -> None:
        self.path = path

    def _read(self) -> dict[str, str]:
        if self.path is None or not self.path.exists():
            return {}
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def get(self, battle_id: str, seat: str) -> str | None:
        return self._read().get(f"{battle_id}/{seat}")

    def put(self, battle_id: str, seat: str, token: str) -> None:
        if self.path is None:
            return
        data = self._read()
        data[f"{battle_id}/{seat}"] = token
        # Atomic and fsynced, as every file Bridge writes; readable by this user only
        # (the temporary file's mode is kept by the rename).
        write_atomic(self.path, json.dumps(data, indent=1).encode("utf-8"))


class NetClient:
    """One connection to a host, as one seat (or none yet)."""

    def __init__(
        self,
        url: str,
        code: str,
        *,
        name: str = "",
        tokens: TokenStore | None = None,
        protocol: int = PROTOCOL,
        reconnect_tries: int = 40,
        record_revisions: bool = False,
    ) -> None:
        self.url = url
        self.code = code
        self.name = name
        self.tokens = tokens or TokenStore(None)
        self.protocol = protocol
        self.reconnect_tries = reconnect_tries
        self.welcome: Welcome | None = None
        self.seated: Seated | None = None
        self.seats: tuple[SeatInfo, ...] = ()
        self.state: Encounter | None = None
        self._doc: JsonObject = {}
        """``state`` as JSON: what the host's patches apply to."""
        self.log: list[LogEntry] = []
        """The newest entries of the battle log this client holds (older: ``log_page``)."""
        self.log_start = 0
        """The index in the whole log of ``log[0]``."""
        self.available = Availability()
        self._available_doc: JsonObject = {}
        self.revision = -1
        self.resyncs = 0
        self.revisions: list[int] | None = [] if record_revisions else None
        """With ``record_revisions``: every revision applied since the last snapshot."""
        self.last_error: Error | None = None
        self.closed_reason: str | None = None
        self.on_change: list[Callable[[int], None]] = []
        """Called with the Change flags (as an int; -1 for a snapshot) after each update."""
        self.on_seats: list[Callable[[], None]] = []
        self.on_connection: list[Callable[[bool], None]] = []
        self._ws: ClientConnection | None = None
        self._reader: asyncio.Task[None] | None = None
        self._ids = itertools.count(1)
        self._waiting: dict[int, asyncio.Future[Accepted | Refused]] = {}
        self._pings: dict[float, asyncio.Future[float]] = {}
        self._previews: dict[int, asyncio.Future[TaskPreview]] = {}
        self._pages: dict[int, asyncio.Future[LogPage | Refused]] = {}
        self._seated_now: asyncio.Future[Seated | Error] | None = None
        self._want_seat: str | None = None
        self._awaiting_snapshot = False
        self._closing = False
        self._revision_changed = asyncio.Event()
        self._tasks: set[asyncio.Task[None]] = set()

    # -- joining -----------------------------------------------------------------------
    async def connect(self, timeout: float = 10.0) -> Welcome:
        """Open the connection and say hello; raises :class:`JoinRefused` with the reason."""
        try:
            ws = await asyncio.wait_for(
                connect(self.url, max_size=MAX_HOST_FRAME, compression=None, open_timeout=timeout),
                timeout,
            )
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as exc:
            raise JoinRefused(f"Could not reach the host at {self.url}: {exc}.") from None
        hello = Hello(protocol=self.protocol, app=__version__, code=self.code, name=self.name)
        try:
            await ws.send(hello.model_dump_json())
            first = host_messages.validate_json(await asyncio.wait_for(ws.recv(), timeout))
        except (ConnectionClosed, TimeoutError, ValidationError) as exc:
            await ws.close()
            raise JoinRefused(f"The host did not answer the hello ({exc}).") from None
        if isinstance(first, Error):
            await ws.close()
            raise JoinRefused(first.message, first.code)
        if not isinstance(first, Welcome):
            await ws.close()
            raise JoinRefused("The host answered something other than a welcome.")
        self._ws = ws
        self.welcome = first
        self.seats = first.seats
        self._reader = asyncio.create_task(self._read(ws))
        for callback in self.on_connection:
            callback(True)
        return first

    async def claim(self, seat: str, timeout: float = 10.0) -> Seated:
        """Take ``seat`` (with its stored token, if any); raises :class:`JoinRefused`."""
        assert self._ws is not None and self.welcome is not None, "connect() first"
        token = self.tokens.get(self.welcome.battle_id, seat)
        self._seated_now = asyncio.get_running_loop().create_future()
        await self._ws.send(Claim(seat=seat, token=token).model_dump_json())
        try:
            answer = await asyncio.wait_for(self._seated_now, timeout)
        except TimeoutError:
            raise JoinRefused("The host did not answer the seat claim.") from None
        if isinstance(answer, Error):
            raise JoinRefused(answer.message, answer.code)
        self.seated = answer
        self._want_seat = seat
        self.tokens.put(self.welcome.battle_id, seat, answer.token)
        return answer

    # -- acting --------------------------------------------------------------------------
    async def submit(self, command: Command, timeout: float = 10.0) -> Accepted | Refused:
        """Send ``command``; the host's answer (its ``by`` is set by the host, not here)."""
        if self._ws is None:
            return Refused(reason="Not connected to the host.")
        cid = next(self._ids)
        future: asyncio.Future[Accepted | Refused] = asyncio.get_running_loop().create_future()
        self._waiting[cid] = future
        try:
            await self._ws.send(SendCommand(id=cid, command=command).model_dump_json())
            return await asyncio.wait_for(future, timeout)
        except (ConnectionClosed, TimeoutError):
            return Refused(id=cid, reason="The host did not answer: the connection dropped.")
        finally:
            self._waiting.pop(cid, None)

    def send_nowait(self, command: Command) -> None:
        """Send ``command`` without waiting (for a window); the answer arrives as events."""
        if self._ws is not None:
            cid = next(self._ids)
            asyncio.get_running_loop().create_task(
                self._ws.send(SendCommand(id=cid, command=command).model_dump_json())
            )

    async def preview(
        self, command: AttemptTask | ConflictTask, timeout: float = 10.0
    ) -> TaskPreview:
        """The host's Difficulty breakdown and odds for ``command``, a station Task or a
        Conflict card Task (or why it is refused)."""
        if self._ws is None:
            return TaskPreview(id=0, reason="Not connected to the host.")
        pid = next(self._ids)
        future: asyncio.Future[TaskPreview] = asyncio.get_running_loop().create_future()
        self._previews[pid] = future
        try:
            await self._ws.send(PreviewTask(id=pid, command=command).model_dump_json())
            return await asyncio.wait_for(future, timeout)
        except (ConnectionClosed, TimeoutError):
            return TaskPreview(id=pid, reason="The host did not answer.")
        finally:
            self._previews.pop(pid, None)

    async def older_log(self, count: int = 200, timeout: float = 10.0) -> int:
        """Fetch up to ``count`` entries of the log older than those held, put them in
        front of ``log``; how many came (0: none older, or no answer)."""
        if self._ws is None or self.log_start == 0:
            return 0
        pid = next(self._ids)
        future: asyncio.Future[LogPage | Refused] = asyncio.get_running_loop().create_future()
        self._pages[pid] = future
        try:
            request = LogPageRequest(id=pid, before=self.log_start, count=count)
            await self._ws.send(request.model_dump_json())
            page = await asyncio.wait_for(future, timeout)
        except (ConnectionClosed, TimeoutError):
            return 0
        finally:
            self._pages.pop(pid, None)
        if isinstance(page, Refused) or page.start + len(page.entries) != self.log_start:
            return 0  # (refused, or the log moved under it: a snapshot follows)
        self.log[:0] = page.entries
        self.log_start = page.start
        return len(page.entries)

    async def ping(self, timeout: float = 5.0) -> float:
        """Round trip to the host in seconds."""
        assert self._ws is not None
        t = asyncio.get_running_loop().time()
        future: asyncio.Future[float] = asyncio.get_running_loop().create_future()
        self._pings[t] = future
        try:
            await self._ws.send(Ping(t=t).model_dump_json())
            await asyncio.wait_for(future, timeout)
        finally:
            self._pings.pop(t, None)
        return asyncio.get_running_loop().time() - t

    async def wait_revision(self, revision: int, timeout: float = 10.0) -> bool:
        """Wait until the view reaches ``revision``; False on timeout."""
        deadline = asyncio.get_running_loop().time() + timeout
        while self.revision < revision:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                return False
            self._revision_changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._revision_changed.wait(), left)
        return True

    async def close(self) -> None:
        self._closing = True
        if self._ws is not None:
            await self._ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader

    # -- receiving -----------------------------------------------------------------------
    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for frame in ws:
                try:
                    message = host_messages.validate_json(frame)
                except ValidationError:
                    continue  # a newer host's message this client does not know
                await self._handle(message)
        except ConnectionClosed:
            pass
        self.closed_reason = ws.close_reason or "the connection dropped"
        self._ws = None
        for future in self._waiting.values():
            if not future.done():
                future.set_result(Refused(reason="The connection to the host dropped."))
        for callback in self.on_connection:
            callback(False)
        if not self._closing and self._want_seat is not None and self.last_error is None:
            asyncio.get_running_loop().create_task(self._reconnect())

    async def _reconnect(self) -> None:
        """Come back to the same seat: bounded tries with a growing pause."""
        pause = 0.1
        for _ in range(self.reconnect_tries):
            if self._closing:
                return
            await asyncio.sleep(pause)
            pause = min(pause * 2, 2.0)
            try:
                await self.connect(timeout=5.0)
                if self._want_seat is not None:
                    await self.claim(self._want_seat)
                return
            except JoinRefused as exc:
                if exc.code in ("code", "version", "seat"):
                    self.closed_reason = exc.reason
                    return
                if self._ws is not None:
                    await self._ws.close()
                    self._ws = None

    async def _handle(self, message: HostMessage) -> None:
        if isinstance(message, Update):
            self._update(message)
        elif isinstance(message, Snapshot):
            self._awaiting_snapshot = False
            self.state = message.state
            self._doc = message.state.model_dump(mode="json")
            self.log = list(message.log)
            self.log_start = message.log_start
            self.available = message.available
            self._available_doc = message.available.model_dump(mode="json")
            self._set_revision(message.revision, snapshot=True)
            for callback in self.on_change:
                callback(-1)
        elif isinstance(message, Accepted | Refused):
            future = self._waiting.get(message.id) if message.id is not None else None
            if future is not None and not future.done():
                future.set_result(message)
            page = self._pages.get(message.id) if message.id is not None else None
            if isinstance(message, Refused) and page is not None and not page.done():
                page.set_result(message)
            if (
                isinstance(message, Refused)
                and message.id is None
                and message.retry_after
                and self._awaiting_snapshot
            ):
                # A resync refused for rate: ask again once the host says it may.
                self._retry_resync(message.retry_after)
        elif isinstance(message, LogPage):
            waiting_page = self._pages.get(message.id)
            if waiting_page is not None and not waiting_page.done():
                waiting_page.set_result(message)
        elif isinstance(message, TaskPreview):
            waiting = self._previews.get(message.id)
            if waiting is not None and not waiting.done():
                waiting.set_result(message)
        elif isinstance(message, Seated):
            if self._seated_now is not None and not self._seated_now.done():
                self._seated_now.set_result(message)
        elif isinstance(message, Seats):
            self.seats = message.seats
            for listener in self.on_seats:
                listener()
        elif isinstance(message, Pong):
            ping = self._pings.get(message.t)
            if ping is not None and not ping.done():
                ping.set_result(message.t)
        elif isinstance(message, Error):
            if self._seated_now is not None and not self._seated_now.done():
                self._seated_now.set_result(message)
            elif message.code != "seat":
                self.last_error = message
        elif isinstance(message, Welcome):
            self.welcome = message

    def _update(self, update: Update) -> None:
        if self._awaiting_snapshot or update.revision <= self.revision:
            return
        if update.revision != self.revision + 1 or self.state is None:
            self._resync()
            return
        try:
            if update.patch:  # (an empty one: only the log moved)
                self.state = patch_state(self.state, self._doc, update.patch)
        except ValidationError:  # cannot happen with a well-behaved host: start again
            self._resync()
            return
        if update.available is not None:
            try:
                doc = merge_patch(self._available_doc, update.available)
                assert isinstance(doc, dict)
                self.available = Availability.model_validate(doc)
            except ValidationError:  # cannot happen with a well-behaved host
                self._resync()
                return
        keep = update.log_length - (1 if update.entry else 0) - self.log_start
        if keep < 0:  # an undo took back more than this client held
            self.log, self.log_start = [], update.log_length - (1 if update.entry else 0)
        else:
            del self.log[keep:]
        if update.entry is not None:
            self.log.append(update.entry)
        self._set_revision(update.revision, snapshot=False)
        for callback in self.on_change:
            callback(update.changes)

    def _resync(self) -> None:
        """Ignore updates until a fresh snapshot arrives."""
        self._awaiting_snapshot = True
        self.resyncs += 1
        if self._ws is not None:
            asyncio.get_running_loop().create_task(self._ws.send(Resync().model_dump_json()))

    def _retry_resync(self, after: float) -> None:
        async def later() -> None:
            await asyncio.sleep(after)
            if self._awaiting_snapshot and self._ws is not None:
                with contextlib.suppress(ConnectionClosed):
                    await self._ws.send(Resync().model_dump_json())

        self._tasks.add(task := asyncio.get_running_loop().create_task(later()))
        task.add_done_callback(self._tasks.discard)

    def _set_revision(self, revision: int, *, snapshot: bool) -> None:
        self.revision = revision
        if self.revisions is not None:
            # A snapshot starts the count again (a host resumed from its autosave numbers
            # its revisions afresh); every update after it must be the next one.
            if snapshot:
                self.revisions.clear()
            else:
                self.revisions.append(revision)
        self._revision_changed.set()
