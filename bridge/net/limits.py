"""How often a seat, and an address, may ask the host for work: token buckets kept across
connections.

A player's app sends a few messages a second at most; a flood (a stuck button, a hostile
client) must not slow the battle for everyone else, and coming back on a new connection
must not refill it. Each kind of message has its own bucket: ``rate`` tokens a second,
at most ``burst`` saved up. The buckets belong to the **seat** (a player character's:
every connection holding it, shared seats too) and to the **address** the connections
come from (as much as :data:`ADDRESS_SHARE` seats: a whole table may sit behind one
address), never to one connection: a reconnect starts with what its seat and address
had left. A message is handled only if both buckets have a token (a viewscreen's, or one
sent before a claim, only the address's). Over either: refused with the seconds to wait,
its work not done; a connection refused for rate many times in a short while is dropped.

An address may also open only so many connections (:data:`CONNECTIONS`) and hold only
:data:`OPEN_PER_ADDRESS` at once: a storm of reconnects is refused with the wait.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

__all__ = [
    "ADDRESS_SHARE",
    "CONNECTIONS",
    "FLOOD_STRIKES",
    "LIMITS",
    "OPEN_PER_ADDRESS",
    "FloodMeter",
    "Kind",
    "LimitBook",
    "RateLimits",
]

Kind = Literal["command", "preview", "snapshot", "log_page", "ping", "other"]

LIMITS: dict[Kind, tuple[float, float]] = {
    "command": (25.0, 50.0),
    "preview": (25.0, 50.0),
    "snapshot": (1.0, 3.0),
    "log_page": (4.0, 8.0),
    "ping": (10.0, 20.0),
    "other": (10.0, 20.0),
}
"""Per kind, for one seat: (messages a second, burst). ``snapshot`` counts claims and
resyncs: each is answered with the whole battle."""
ADDRESS_SHARE = 8.0
"""An address may send what this many seats may (its rates and bursts are this many
times a seat's): the shared laptop, a table behind one router."""
CONNECTIONS: tuple[float, float] = (2.0, 20.0)
"""New connections an address may open: (a second, burst)."""
OPEN_PER_ADDRESS = 32
"""Connections an address may hold open at once."""
FLOOD_STRIKES = 200.0
"""Refusals for rate a connection may pile up (each fades in 1/20 s) before it is dropped."""
_STRIKES_FADE = 20.0
_REMEMBER = 1024
"""Addresses whose buckets are kept (the least recently seen are forgotten first)."""


@dataclass
class _Bucket:
    rate: float
    burst: float
    tokens: float
    at: float

    def take(self, now: float) -> float:
        """0 if a token was taken, else the seconds until there is one."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate

    def give_back(self) -> None:
        """Undo one :meth:`take` that was not used."""
        self.tokens = min(self.burst, self.tokens + 1.0)


@dataclass
class RateLimits:
    """One holder's buckets (a seat's or an address's), one per kind of message."""

    clock: Callable[[], float] = time.monotonic
    limits: dict[Kind, tuple[float, float]] = field(default_factory=lambda: dict(LIMITS))
    _buckets: dict[Kind, _Bucket] = field(default_factory=dict)

    def wait(self, kind: Kind) -> float:
        """0 if a message of ``kind`` may be handled now (its token is taken), else the
        seconds to wait."""
        bucket = self._buckets.get(kind)
        now = self.clock()
        if bucket is None:
            rate, burst = self.limits[kind]
            bucket = self._buckets[kind] = _Bucket(rate, burst, burst, now)
        return bucket.take(now)

    def give_back(self, kind: Kind) -> None:
        """The token :meth:`wait` took for ``kind`` was not used."""
        bucket = self._buckets.get(kind)
        if bucket is not None:
            bucket.give_back()


@dataclass
class FloodMeter:
    """One connection's refusals for rate: too many, too fast, and it is dropped."""

    clock: Callable[[], float] = time.monotonic
    _strikes: float = 0.0
    _struck_at: float = 0.0

    def strike(self) -> None:
        """Count one refusal for rate."""
        now = self.clock()
        self._strikes = max(self._strikes - (now - self._struck_at) * _STRIKES_FADE, 0.0)
        self._strikes += 1.0
        self._struck_at = now

    @property
    def flooding(self) -> bool:
        """Refused for rate so often, so fast, that the connection is to be dropped."""
        return self._strikes > FLOOD_STRIKES


class LimitBook:
    """The buckets of every seat and every address, kept whatever the connection."""

    def __init__(
        self,
        limits: dict[Kind, tuple[float, float]] | None = None,
        *,
        address_share: float = ADDRESS_SHARE,
        connections: tuple[float, float] = CONNECTIONS,
        open_per_address: int = OPEN_PER_ADDRESS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limits = dict(limits or LIMITS)
        """Per kind of message: (messages a second, burst) for one seat."""
        self.address_limits: dict[Kind, tuple[float, float]] = {
            kind: (rate * address_share, burst * address_share)
            for kind, (rate, burst) in self.limits.items()
        }
        """Per kind: what one address may send, whichever seats it holds."""
        self.connections = connections
        self.open_per_address = open_per_address
        self.clock = clock
        self._seats: dict[str, RateLimits] = {}
        self._addresses: OrderedDict[str, RateLimits] = OrderedDict()
        self._opened: OrderedDict[str, _Bucket] = OrderedDict()

    def _address(self, address: str) -> RateLimits:
        found = self._addresses.get(address)
        if found is None:
            found = self._addresses[address] = RateLimits(self.clock, self.address_limits)
            while len(self._addresses) > _REMEMBER:
                self._addresses.popitem(last=False)
        self._addresses.move_to_end(address)
        return found

    def wait(self, kind: Kind, address: str, seat: str | None) -> float:
        """0 if a message of ``kind`` from ``address`` for ``seat`` (a player's seat, or
        None) may be handled now (a token is taken from each bucket), else the seconds
        to wait (none is taken)."""
        holders = [self._address(address)]
        if seat is not None:
            holders.insert(0, self._seats.setdefault(seat, RateLimits(self.clock, self.limits)))
        for n, holder in enumerate(holders):
            wait = holder.wait(kind)
            if wait:
                for taken in holders[:n]:
                    taken.give_back(kind)
                return wait
        return 0.0

    def connection_wait(self, address: str) -> float:
        """Count one new connection from ``address``: 0 if it may be served, else the
        seconds until the address may open another."""
        now = self.clock()
        bucket = self._opened.get(address)
        if bucket is None:
            rate, burst = self.connections
            bucket = self._opened[address] = _Bucket(rate, burst, burst, now)
            while len(self._opened) > _REMEMBER:
                self._opened.popitem(last=False)
        self._opened.move_to_end(address)
        return bucket.take(now)
