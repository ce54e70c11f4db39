"""How often one connection may ask the host for work: a token bucket per kind of message.

A player's app sends a few messages a second at most; a flood from one connection (a
stuck button, a hostile client) must not slow the battle for everyone else. Each kind of
message has its own bucket: ``rate`` tokens a second, at most ``burst`` saved up. A
message over its bucket is refused with the seconds to wait, without doing its work; a
connection refused for rate many times in a short while is dropped (it can rejoin).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

__all__ = ["FLOOD_STRIKES", "LIMITS", "Kind", "RateLimits"]

Kind = Literal["command", "preview", "snapshot", "log_page", "ping", "other"]

LIMITS: dict[Kind, tuple[float, float]] = {
    "command": (25.0, 50.0),
    "preview": (25.0, 50.0),
    "snapshot": (1.0, 3.0),
    "log_page": (4.0, 8.0),
    "ping": (10.0, 20.0),
    "other": (10.0, 20.0),
}
"""Per kind: (messages a second, burst). ``snapshot`` counts claims and resyncs: each is
answered with the whole battle."""
FLOOD_STRIKES = 200.0
"""Refusals for rate a connection may pile up (each fades in 1/20 s) before it is dropped."""
_STRIKES_FADE = 20.0


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


@dataclass
class RateLimits:
    """One connection's buckets."""

    clock: Callable[[], float] = time.monotonic
    limits: dict[Kind, tuple[float, float]] = field(default_factory=lambda: dict(LIMITS))
    _buckets: dict[Kind, _Bucket] = field(default_factory=dict)
    _strikes: float = 0.0
    _struck_at: float = 0.0

    def wait(self, kind: Kind) -> float:
        """0 if a message of ``kind`` may be handled now, else the seconds to wait."""
        now = self.clock()
        bucket = self._buckets.get(kind)
        if bucket is None:
            rate, burst = self.limits[kind]
            bucket = self._buckets[kind] = _Bucket(rate, burst, burst, now)
        wait = bucket.take(now)
        if wait:
            self._strikes = max(self._strikes - (now - self._struck_at) * _STRIKES_FADE, 0.0)
            self._strikes += 1.0
            self._struck_at = now
        return wait

    @property
    def flooding(self) -> bool:
        """Refused for rate so often, so fast, that the connection is to be dropped."""
        return self._strikes > FLOOD_STRIKES
