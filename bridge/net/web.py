"""The web station: the page a phone's browser opens, served on the host's own port.

A plain HTTP GET to the host's port gets the page (``resources/web``: HTML, CSS,
JavaScript modules) and the bundled font; a WebSocket upgrade goes on to the protocol,
joined with the same hello and join code as Bridge's own client. Only the files listed
when the host starts can be fetched (no directory listing, no path outside them), each
with its content type and headers that let the page load nothing but its own files and
talk to nothing but this host. A browser that takes gzip gets each file gzipped (made
once, when the host starts: the first load is about half the bytes). Plain requests
count in the join guard's per-address table (:meth:`bridge.net.guard.JoinGuard.http_wait`).

The card's back (the rules summary, the Momentum spends with the table's house rules,
each station's Tasks) is served as data made from the engine's own tables, so the page
holds no rule.
"""

from __future__ import annotations

import gzip
import http
import importlib.resources
import ipaddress
import json
import math
import re
from collections.abc import Callable
from importlib.resources.abc import Traversable
from urllib.parse import quote, urlsplit

from websockets.asyncio.server import ServerConnection
from websockets.datastructures import Headers
from websockets.http11 import Request, Response

from bridge.engine import (
    COMBAT_ACTIONS_NOTE,
    MOMENTUM_SPENDS,
    RULES_SUMMARY,
    SPENDS_NOTE,
    Encounter,
    Station,
    actions_for,
)
from bridge.net.guard import JoinGuard

__all__ = ["CONTENT_TYPES", "WebPages", "card_back_data", "page_url", "web_files"]

CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".ttf": "font/ttf",
    ".txt": "text/plain; charset=utf-8",
}
"""The kinds of file the station serves, by ending; any other file is never served."""

_HOST = re.compile(r"^[A-Za-z0-9.\-]{1,253}(:\d{1,5})?$|^\[[0-9A-Fa-f:.]{2,45}\](:\d{1,5})?$")
"""A ``Host`` header worth echoing into the page's Content-Security-Policy."""


def page_url(address: str, port: int, code: str) -> str:
    """The web station's address with the join code, as the host panel's QR code holds
    it: a phone's camera opens the page already joined (``http://ADDRESS:PORT/?code=``)."""
    try:
        literal = ipaddress.ip_address(address)
    except ValueError:
        literal = None
    host = f"[{address}]" if literal is not None and literal.version == 6 else address
    return f"http://{host}:{port}/?code={quote(code, safe='')}"


def web_files() -> dict[str, Traversable]:
    """Every file the station serves, by its path in the URL: the page's folder
    (``/``, ``/app.js``...), the bundled fonts (``/fonts/...``) and the app's icon."""
    resources = importlib.resources.files("bridge_resources")
    files: dict[str, Traversable] = {}

    def walk(folder: Traversable, prefix: str) -> None:
        for item in folder.iterdir():
            if item.is_dir():
                walk(item, f"{prefix}{item.name}/")
            elif _ending(item.name) in CONTENT_TYPES:
                files[f"{prefix}{item.name}"] = item

    walk(resources / "web", "/")
    for item in (resources / "fonts").iterdir():
        if item.is_file() and _ending(item.name) in (".ttf", ".txt"):
            files[f"/fonts/{item.name}"] = item
    files["/"] = files["/index.html"]
    files["/favicon.svg"] = resources / "icons" / "bridge.svg"  # the app's own icon
    return files


def _takes_gzip(accepted: str) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (and does not refuse it: ``q=0``)."""
    for part in accepted.split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() in ("gzip", "x-gzip"):
            return params.replace(" ", "").lower() not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def _ending(name: str) -> str:
    dot = name.rfind(".")
    return name[dot:].lower() if dot > 0 else ""


def card_back_data(state: Encounter) -> dict[str, object]:
    """The card's back as data for the page: the rules summary, the Momentum spends with
    their marks under this battle's house rules, and each station's Tasks."""
    rules = state.house_rules
    return {
        "summary": list(RULES_SUMMARY),
        "spends_note": SPENDS_NOTE,
        "spends": [
            {
                "name": s.name,
                "cost": s.cost,
                "marks": s.marks(rules)
                + (" (house rule)" if s.house_rule and "I" in s.marks(rules) else ""),
                "effect": s.effect,
            }
            for s in MOMENTUM_SPENDS
        ],
        "tasks": {
            station.value: [
                {"name": a.name, "text": a.text, "momentum": a.momentum}
                for a in actions_for(station, "task")
            ]
            for station in Station
        },
        "combat_note": COMBAT_ACTIONS_NOTE,
    }


class WebPages:
    """The host's ``process_request``: answers plain GETs with the station's files and
    lets WebSocket upgrades through to the protocol."""

    def __init__(self, guard: JoinGuard, state: Callable[[], Encounter]) -> None:
        self.guard = guard
        self.state = state
        self.files = {path: item.read_bytes() for path, item in web_files().items()}
        self.packed = {path: gzip.compress(body, 9, mtime=0) for path, body in self.files.items()}
        """Each file gzipped, for the browsers that take it."""

    def __call__(self, connection: ServerConnection, request: Request) -> Response | None:
        if "websocket" in request.headers.get("Upgrade", "").lower():
            return None  # the protocol: the join code guards it
        remote = connection.remote_address
        address = str(remote[0]) if remote else "unknown"
        wait = self.guard.http_wait(address)
        if wait > 0:
            response = self._plain(
                http.HTTPStatus.TOO_MANY_REQUESTS, "Too many requests: wait a moment."
            )
            response.headers["Retry-After"] = str(max(1, math.ceil(wait)))
            return response
        path = urlsplit(request.path).path
        if path == "/card-back.json":
            body = json.dumps(card_back_data(self.state())).encode()
            return self._file(request, ".json", body)
        body_or_none = self.files.get(path)
        if body_or_none is None:
            return self._plain(http.HTTPStatus.NOT_FOUND, "Not found.")
        return self._file(request, _ending(path) or ".html", body_or_none, self.packed[path])

    def _file(
        self, request: Request, ending: str, body: bytes, packed: bytes | None = None
    ) -> Response:
        headers = self._security(request)
        headers["Content-Type"] = CONTENT_TYPES[ending]
        headers["Vary"] = "Accept-Encoding"
        if packed is not None and _takes_gzip(request.headers.get("Accept-Encoding", "")):
            headers["Content-Encoding"] = "gzip"
            body = packed
        # The page's address holds the join code: nothing is kept by the browser's cache.
        headers["Cache-Control"] = "no-store"
        headers["Content-Length"] = str(len(body))
        return Response(200, "OK", headers, body)

    def _plain(self, status: http.HTTPStatus, text: str) -> Response:
        body = text.encode()
        headers = self._security(None)
        headers["Content-Type"] = CONTENT_TYPES[".txt"]
        headers["Content-Length"] = str(len(body))
        headers["Cache-Control"] = "no-store"
        return Response(status.value, status.phrase, headers, body)

    @staticmethod
    def _security(request: Request | None) -> Headers:
        """Headers that keep the page to its own files and its own host."""
        host = request.headers.get("Host", "") if request is not None else ""
        socket = f" ws://{host}" if _HOST.match(host) else ""
        return Headers(
            [
                (
                    "Content-Security-Policy",
                    "default-src 'none'; script-src 'self'; style-src 'self'; "
                    f"font-src 'self'; img-src 'self'; connect-src 'self'{socket}; "
                    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
                ),
                ("X-Content-Type-Options", "nosniff"),
                ("Referrer-Policy", "no-referrer"),
                ("X-Frame-Options", "DENY"),
                ("Cross-Origin-Opener-Policy", "same-origin"),
                ("Cross-Origin-Resource-Policy", "same-origin"),
            ]
        )
