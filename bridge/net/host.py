"""The host: owns the Session, serves WebSocket clients, sends each seat its view.

Three parts, each a module of its own: the connections (:mod:`bridge.net.connections`:
a client's hello, its frames in and out, its close), the answers to what a client asks
(:mod:`bridge.net.client_requests`) and the fan-out of every change to every seat
(:mod:`bridge.net.fanout`). Plain HTTP requests to the same port get the web station
(:mod:`bridge.net.web`).
"""

from __future__ import annotations

from collections.abc import Callable

from websockets.asyncio.server import Server, serve

from bridge import __version__
from bridge.engine import Applied, Change, Command, Session
from bridge.net.client_requests import ClientRequests
from bridge.net.connections import ClientInfo, Connection, Connections
from bridge.net.fanout import Fanout
from bridge.net.guard import JoinGuard
from bridge.net.limits import (
    ADDRESS_SHARE,
    CONNECTIONS,
    OPEN_PER_ADDRESS,
    Kind,
    LimitBook,
)
from bridge.net.protocol import MAX_CLIENT_FRAME, MAX_HOST_FRAME, PROTOCOL, Seats, Welcome
from bridge.net.seats import SeatPlan
from bridge.net.web import WebPages
from bridge.storage.logs import keep_secret

__all__ = ["ClientInfo", "Host"]


class Host:
    """Serve ``session`` to network clients; ``apply`` is the one way to change it."""

    def __init__(
        self,
        session: Session,
        code: str,
        *,
        seats: SeatPlan | None = None,
        send_limit: int = 2 * MAX_HOST_FRAME,
        hello_timeout: float = 10.0,
        max_bad_frames: int = 200,
        limits: dict[Kind, tuple[float, float]] | None = None,
        address_share: float = ADDRESS_SHARE,
        connections: tuple[float, float] = CONNECTIONS,
        open_per_address: int = OPEN_PER_ADDRESS,
        ping_interval: float = 5.0,
        ping_timeout: float = 20.0,
        web: bool = True,
    ) -> None:
        keep_secret(code)  # never in the log
        self.guard = JoinGuard(code)
        self.web = WebPages(self.guard, lambda: self.session.state) if web else None
        """The web station, served to plain HTTP requests on the same port."""
        self.seats = seats or SeatPlan()
        self.seats.sync(session.state)
        self.listeners: list[Callable[[], None]] = []
        """Called when the seat list or a client's connection changes (for the GM's panel)."""
        self.after_change: list[Callable[[], None]] = []
        """Called after every broadcast change (the windowless host's NPC autopilot)."""
        self.limits = LimitBook(
            limits,
            address_share=address_share,
            connections=connections,
            open_per_address=open_per_address,
        )
        """The rate limits of every seat and every address, kept across connections."""
        self.connections = Connections(
            self.guard,
            self._welcome,
            self._answer,
            self._release,
            self._forget,
            send_limit=send_limit,
            hello_timeout=hello_timeout,
            book=self.limits,
            ping_interval=ping_interval,
            ping_timeout=ping_timeout,
        )
        self.connections.joined.append(self._notify)
        self.fanout = Fanout(session, self.seats, self.connections)
        self.requests = ClientRequests(
            self.fanout,
            self.connections,
            self.seats,
            self.apply,
            self._seats_changed,
            self.limits,
            max_bad_frames=max_bad_frames,
        )
        self.client_applied: list[Callable[[Applied], None]] = self.requests.client_applied
        """Called with every client Command the Session applied (the GM's windows refresh)."""
        self._server: Server | None = None

    @property
    def session(self) -> Session:
        """The battle served."""
        return self.fanout.session

    @property
    def revision(self) -> int:
        """The revision the clients hold (the last update sent)."""
        return self.fanout.revision

    @revision.setter
    def revision(self, value: int) -> None:
        self.fanout.revision = value

    # -- serving -------------------------------------------------------------------------
    async def start(self, host: str | None, port: int) -> int:
        """Listen on ``host`` (``None``: every interface) and ``port`` (0: any free one)."""
        self._server = await serve(
            self.connections.serve,
            host,
            port,
            max_size=MAX_CLIENT_FRAME,
            max_queue=16,
            ping_interval=None,  # (the connections ping, and say why before they drop)
            ping_timeout=None,
            compression=None,
            process_request=self.web,
        )
        return int(next(iter(self._server.sockets)).getsockname()[1])

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
            self._server = None

    # -- changing the battle --------------------------------------------------------------
    def apply(self, command: Command) -> Applied:
        """Apply ``command`` (the GM's or a stamped client's) and send the change out."""
        applied = self.session.apply(command)
        self.publish(applied.changes)
        return applied

    def publish(self, changes: Change) -> None:
        """Send the Session's current state to every seat as the next revision.

        Call it after any change made outside :meth:`apply` (an undo, the GM's windows).
        Its cost does not grow with the journal: the log follows it by its last entries.
        """
        changes = self.fanout.publish(changes)
        if changes & (Change.SEATS | Change.CREW):
            self._seats_changed()
        for callback in self.after_change:
            callback()

    def replace_session(self, session: Session) -> None:
        """Another battle (the GM opened a file): every client gets a fresh snapshot."""
        self.fanout.replace_session(session)
        self._seats_changed()

    # -- the GM's seat controls -------------------------------------------------------------
    def clients(self) -> list[ClientInfo]:
        return [
            ClientInfo(
                id=c.id,
                name=c.name,
                address=c.address,
                seat=self.seats.seat_of(c.id),
                rtt_ms=None if c.ws.latency is None else c.ws.latency * 1000,
                since=c.since,
            )
            for c in self.connections
            if not c.dropped
        ]

    def free_seat(self, seat: str) -> None:
        """Free ``seat``: its clients are removed and its token stops working."""
        for cid in self.seats.free(seat):
            self.remove_client(cid, "The GM freed your seat.")
        self._seats_changed()

    def set_shared(self, seat: str, shared: bool) -> None:
        """Let more than one client hold ``seat`` (or stop letting them)."""
        self.seats.set_shared(seat, shared)
        self._seats_changed()

    def remove_client(
        self, client_id: int, why: str = "The GM removed you from the battle."
    ) -> None:
        client = self.connections.get(client_id)
        if client is not None:
            self.connections.drop(client, "removed", why)

    # -- the connections' callbacks ------------------------------------------------------------
    def _welcome(self) -> Welcome:
        return Welcome(
            protocol=PROTOCOL,
            app=__version__,
            battle=self.session.state.name,
            battle_id=self.seats.battle_id,
            seats=self.seats.infos(self.session.state),
        )

    def _answer(self, client: Connection, frame: str) -> None:
        self.requests.handle(client, frame)

    def _release(self, client: Connection) -> None:
        self.seats.release(client.id)

    def _forget(self, client: Connection) -> None:
        self.seats.release(client.id)
        self._seats_changed()

    def _seats_changed(self) -> None:
        infos = Seats(seats=self.seats.infos(self.session.state)).model_dump_json()
        self.connections.send_to(list(self.connections), infos)
        self._notify()

    def _notify(self) -> None:
        for callback in self.listeners:
            callback()
