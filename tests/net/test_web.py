"""The web station's serving: the page on the host's own port, safely (real sockets on
loopback): content types, the security headers, no path outside the station's files, the
per-address limit on plain requests, the card's back made from the engine's tables, the
page's address with the join code, and the JavaScript itself (syntax, no HTML from text).
"""

from __future__ import annotations

import asyncio
import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bridge.engine import MOMENTUM_SPENDS, RULES_SUMMARY, Station, actions_for
from bridge.net.guard import JoinGuard
from bridge.net.protocol import PROTOCOL
from bridge.net.web import CONTENT_TYPES, page_url, web_files
from tests.net.helpers import hosting, raw_join, run

WEB = Path(__file__).resolve().parents[2] / "resources" / "web"


async def _get(
    port: int, path: str, host: str = "127.0.0.1", accept: str | None = None
) -> tuple[int, dict[str, str], bytes]:
    """One raw HTTP GET of ``path`` exactly as written (no client tidies it up);
    ``accept``: the encodings it takes (none named: plain)."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    takes = f"Accept-Encoding: {accept}\r\n" if accept is not None else ""
    try:
        writer.write(
            f"GET {path} HTTP/1.1\r\nHost: {host}\r\n{takes}Connection: close\r\n\r\n".encode()
        )
        await writer.drain()
        raw = await asyncio.wait_for(reader.read(), 10)
    finally:
        writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines[1:])}
    return status, headers, body


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1])


def test_the_page_and_its_files_are_served_with_their_types_and_headers() -> None:
    async def body() -> None:
        async with hosting() as (_, url):
            port = _port(url)
            status, headers, page = await _get(port, "/?code=TEST42", f"127.0.0.1:{port}")
            assert status == 200
            assert headers["content-type"] == "text/html; charset=utf-8"
            assert page == (WEB / "index.html").read_bytes()
            csp = headers["content-security-policy"]
            assert "default-src 'none'" in csp and "script-src 'self'" in csp
            assert f"connect-src 'self' ws://127.0.0.1:{port}" in csp
            assert "unsafe-inline" not in csp and "frame-ancestors 'none'" in csp
            assert headers["x-content-type-options"] == "nosniff"
            assert headers["referrer-policy"] == "no-referrer"  # the address holds the code
            assert headers["cache-control"] == "no-store"
            for path, kind in (
                ("/app.js", "text/javascript; charset=utf-8"),
                ("/station.css", "text/css; charset=utf-8"),
                ("/fonts/Antonio-Regular.ttf", "font/ttf"),
                ("/card-back.json", "application/json"),
            ):
                status, headers, data = await _get(port, path)
                assert (status, headers["content-type"]) == (200, kind), path
                assert int(headers["content-length"]) == len(data)
            # A Host header that is not a host name is not echoed into the policy.
            _, headers, _ = await _get(port, "/", "evil.example; script-src *")
            assert "evil" not in headers["content-security-policy"]

    run(body())


HOSTILE = (
    "/../pyproject.toml",
    "/../../../../etc/passwd",
    "/%2e%2e/%2e%2e/etc/passwd",
    "/..%2fpyproject.toml",
    "//etc/passwd",
    "/web/../index.html",
    "/fonts/../../pyproject.toml",
    "/fonts/",
    "/fonts",
    "/resources/web/app.js",
    "/..\\..\\pyproject.toml",
    "/app.js/",
    "/index.html%00.js",
    "/encounters/",
    "/schemas/net-host-message.schema.json",
    "/__init__.py",
)


def test_no_directory_listing_and_no_path_outside_the_station() -> None:
    async def body() -> None:
        async with hosting() as (_, url):
            port = _port(url)
            for path in HOSTILE:
                status, headers, data = await _get(port, path)
                assert status == 404, path
                assert data == b"Not found.", path
                assert headers["content-type"] == "text/plain; charset=utf-8"

    run(body())


def test_the_station_serves_only_its_listed_files() -> None:
    files = web_files()
    assert set(files) >= {"/", "/index.html", "/app.js", "/link.js", "/station.css"}
    # the page names its icon: a browser asks no /favicon.ico (a 404 in its console)
    assert files["/favicon.svg"].read_bytes().startswith(b"<svg")
    for path in files:
        assert path.startswith("/") and ".." not in path
        assert path == "/" or path[path.rfind(".") :] in CONTENT_TYPES


def test_the_page_stays_small_for_an_old_phone() -> None:
    """README "Join from a phone": about 140 KB in all, the fonts included (each file
    once: ``/`` is ``/index.html``); gzipped as a browser takes them, under 90 KB."""
    files = {path: item.read_bytes() for path, item in web_files().items() if path != "/"}
    total = sum(len(body) for body in files.values())
    packed = sum(len(gzip.compress(body, 9)) for body in files.values())
    assert 50_000 < total < 200_000, total
    assert packed < 90_000, packed


def test_a_browser_that_takes_gzip_gets_each_file_gzipped_and_others_get_it_plain() -> None:
    async def body() -> None:
        async with hosting() as (_, url):
            port = _port(url)
            plain = await _get(port, "/app.js")
            packed = await _get(port, "/app.js", accept="gzip, deflate, br")
            refused = await _get(port, "/app.js", accept="gzip;q=0, identity")
            original = (WEB / "app.js").read_bytes()
            assert plain[0] == 200 and plain[2] == original
            assert "content-encoding" not in plain[1] and plain[1]["vary"] == "Accept-Encoding"
            assert packed[1]["content-encoding"] == "gzip"
            assert gzip.decompress(packed[2]) == original
            assert int(packed[1]["content-length"]) == len(packed[2]) < len(original) / 2
            assert "content-encoding" not in refused[1] and refused[2] == original

    run(body())


def test_plain_requests_count_in_the_per_address_limit() -> None:
    async def body() -> None:
        async with hosting() as (host, url):
            port = _port(url)
            host.guard._http_burst = 5.0  # a small bucket, so the test is quick
            host.guard._http_rate = 0.5
            answers = [(await _get(port, "/station.css"))[:2] for _ in range(7)]
            assert [a[0] for a in answers[:5]] == [200] * 5
            status, headers = answers[5]
            assert status == 429 and int(headers["retry-after"]) >= 1
            # The WebSocket is not counted with them: the join still works.
            ws = await raw_join(url, "viewscreen")  # (it asserts the welcome and the seat)
            await ws.close()

    run(body())


def test_the_guard_counts_requests_per_address_and_forgets_the_oldest() -> None:
    now = [0.0]
    guard = JoinGuard("ABC", http_rate=1.0, http_burst=2.0, remember=2, clock=lambda: now[0])
    assert guard.http_wait("a") == 0 and guard.http_wait("a") == 0
    assert guard.http_wait("a") == pytest.approx(1.0)
    assert guard.http_wait("b") == 0  # another address has its own bucket
    now[0] = 1.0
    assert guard.http_wait("a") == 0  # one request a second comes back
    guard.http_wait("c")
    assert len(guard._requests) == 2  # the table stays bounded


def test_the_card_back_is_the_engines_own_tables() -> None:
    async def body() -> None:
        async with hosting() as (host, url):
            _, _, data = await _get(_port(url), "/card-back.json")
            back = json.loads(data)
            rules = host.session.state.house_rules
            assert back["summary"] == list(RULES_SUMMARY)
            assert [(s["name"], s["cost"], s["effect"]) for s in back["spends"]] == [
                (s.name, s.cost, s.effect) for s in MOMENTUM_SPENDS
            ]
            assert [s["marks"][:4].rstrip(" (") for s in back["spends"]] == [
                s.marks(rules)[:4] for s in MOMENTUM_SPENDS
            ]
            assert [t["name"] for t in back["tasks"]["tactical"]] == [
                a.name for a in actions_for(Station.TACTICAL, "task")
            ]

    run(body())


def test_the_page_url_holds_the_join_code() -> None:
    assert page_url("127.0.0.1", 7420, "K7PQ2X") == "http://127.0.0.1:7420/?code=K7PQ2X"
    assert page_url("::1", 7420, "K7PQ2X") == "http://[::1]:7420/?code=K7PQ2X"
    assert page_url("gm-laptop", 9000, "AB CD") == "http://gm-laptop:9000/?code=AB%20CD"


def test_a_host_without_the_station_answers_plain_requests_no_page() -> None:
    async def body() -> None:
        async with hosting(web=False) as (_, url):
            status, _, _ = await _get(_port(url), "/")
            assert status == 426  # websockets: a WebSocket upgrade is required

    run(body())


def test_every_script_is_valid_javascript() -> None:
    node = shutil.which("node")
    assert node is not None, "node (Node.js) checks the scripts' syntax: install it"
    scripts = sorted(WEB.glob("*.js"))
    assert len(scripts) >= 6
    for script in scripts:
        done = subprocess.run(
            [node, "--check", str(script)], check=False, capture_output=True, timeout=60
        )
        assert done.returncode == 0, done.stderr.decode()


def test_the_page_has_no_inline_script_and_never_writes_html_from_text() -> None:
    page = (WEB / "index.html").read_text()
    for tag in re.findall(r"<script[^>]*>", page):
        assert 'src="/' in tag and 'type="module"' in tag
    assert not re.search(r"<script[^>]*>\s*[^<\s]", page)  # no script body in the page
    assert not re.search(r"\son[a-z]+\s*=", page)  # no inline event handler
    for script in WEB.glob("*.js"):
        text = script.read_text()
        for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
            assert sink not in text, f"{script.name} uses {sink}"


def test_the_page_speaks_the_hosts_protocol() -> None:
    """The page is served by the host it joins, from the same installation: its hello
    names the protocol this Bridge speaks (a page left behind would be turned away)."""
    said = re.search(r"^export const PROTOCOL = (\d+);$", (WEB / "link.js").read_text(), re.M)
    assert said is not None and int(said.group(1)) == PROTOCOL
