"""The join code: compared in constant time; wrong guesses from one address slow it down.

The same per-address table counts the web station's plain HTTP requests (its page,
scripts and font): an address may ask ``http_rate`` a second with ``http_burst`` saved up.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections import OrderedDict
from collections.abc import Callable

__all__ = ["JoinGuard", "new_join_code"]

_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud across a table


def new_join_code(length: int = 6) -> str:
    """A short code the GM reads out or shows as a QR code."""
    return "".join(secrets.choice(_ALPHABET) for _ in range(length))


def _normal(code: str) -> bytes:
    return code.strip().upper().replace("-", "").replace(" ", "").encode()


class JoinGuard:
    """Checks join codes; after a wrong one an address must wait before its next try.

    The wait doubles with each wrong code (``base`` seconds for the first, at most
    ``ceiling``); a right code clears the address. At most ``remember`` addresses are
    tracked (the oldest are forgotten), so a flood cannot grow the table without bound.
    """

    def __init__(
        self,
        code: str,
        *,
        base: float = 0.5,
        ceiling: float = 30.0,
        remember: int = 1024,
        http_rate: float = 30.0,
        http_burst: float = 120.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._code = _normal(code)
        self._base = base
        self._ceiling = ceiling
        self._remember = remember
        self._clock = clock
        self._failures: OrderedDict[str, tuple[int, float]] = OrderedDict()
        self._http_rate = http_rate
        self._http_burst = http_burst
        self._requests: OrderedDict[str, tuple[float, float]] = OrderedDict()
        """Per address: (requests it may still make at once, when that was counted)."""

    @property
    def code(self) -> str:
        return self._code.decode()

    def wait_for(self, address: str) -> float:
        """Seconds ``address`` must still wait before a code is checked (0: go ahead)."""
        entry = self._failures.get(address)
        if entry is None:
            return 0.0
        return max(entry[1] - self._clock(), 0.0)

    def check(self, address: str, code: str) -> bool:
        """Whether ``code`` is right; a wrong one lengthens the address's wait."""
        right = hmac.compare_digest(_normal(code), self._code)
        if right:
            self._failures.pop(address, None)
            return True
        count = self._failures.get(address, (0, 0.0))[0] + 1
        delay = min(self._base * 2 ** (count - 1), self._ceiling)
        self._failures[address] = (count, self._clock() + delay)
        self._failures.move_to_end(address)
        while len(self._failures) > self._remember:
            self._failures.popitem(last=False)
        return False

    def http_wait(self, address: str) -> float:
        """Count one plain HTTP request from ``address``: 0 if it may be answered, else
        the seconds until it may ask again (its bucket of requests is empty)."""
        now = self._clock()
        tokens, at = self._requests.get(address, (self._http_burst, now))
        tokens = min(self._http_burst, tokens + (now - at) * self._http_rate)
        wait = 0.0
        if tokens >= 1.0:
            tokens -= 1.0
        else:
            wait = (1.0 - tokens) / self._http_rate
        self._requests[address] = (tokens, now)
        self._requests.move_to_end(address)
        while len(self._requests) > self._remember:
            self._requests.popitem(last=False)
        return wait
